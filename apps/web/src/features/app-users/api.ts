import { type APP_USER_SORTS, type AppUserStatus, type ConsentWithdrawal, usersApi } from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const APP_USER_FILTERS = [
  'userType',
  'status',
  'branchId',
  'joinedFrom',
  'joinedTo',
  'lastLoginFrom',
  'lastLoginTo',
] as const;
export type AppUserListQuery = ListQuery<(typeof APP_USER_FILTERS)[number], (typeof APP_USER_SORTS)[number]>;

export const appUserKeys = {
  all: [usersApi.list.tag] as const,
};

export const useAppUserList = (query: AppUserListQuery) =>
  useQuery({
    ...endpointQuery(usersApi.list, { query }),
    placeholderData: keepPreviousData,
  });

/** The server logs every call of this as a view of the member's personal data. */
export const useAppUser = (id: number | null) =>
  useQuery({
    ...endpointQuery(usersApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useAppUserHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(usersApi.history, { params: { id } }),
    select: (reply) => reply.data,
    enabled,
  });

export type AppUserStatusBody = { status: AppUserStatus; reason?: string; version: number };

export function useChangeAppUserStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AppUserStatusBody) => {
      return call(usersApi.changeStatus, { params: { id }, body });
    },
    retry: retryMutation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
  });
}

export const useAppUserConsents = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(usersApi.consents, { params: { id } }),
    select: (reply) => reply.data,
    enabled,
  });

/** A withdrawal taken by phone; the member's history gains a row, so the whole `users` prefix is refreshed. */
export function useWithdrawConsent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ consentId, body }: { consentId: number; body: ConsentWithdrawal }) =>
      call(usersApi.withdrawConsent, { params: { id, consentId }, body }),
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
  });
}
