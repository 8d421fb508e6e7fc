import {
  type APP_USER_SORTS,
  type AppUser,
  type AppUserStatus,
  appUserSchema,
  historyResponseSchema,
  listResponseSchema,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
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

const appUserPageSchema = listResponseSchema(appUserSchema);

export const appUserKeys = {
  all: ['users'] as const,
  list: (query: AppUserListQuery) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  history: (id: number) => ['users', 'history', id] as const,
};

export const useAppUserList = (query: AppUserListQuery) =>
  useQuery({
    queryKey: appUserKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('users', { params: query, signal });
      return parseReply(appUserPageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

/** The server logs every call of this as a view of the member's personal data. */
export const useAppUser = (id: number | null) =>
  useQuery({
    queryKey: appUserKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<AppUser> => {
      const response = await api.get(`users/${id}`, { signal });
      return parseRecord(appUserSchema, response.data);
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useAppUserHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: appUserKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`users/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
    enabled,
  });

export type AppUserStatusBody = { status: AppUserStatus; reason?: string; version: number };

export function useChangeAppUserStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AppUserStatusBody) => {
      const response = await api.post(`users/${id}/status`, body);
      return parseRecord(appUserSchema, response.data);
    },
    retry: retryMutation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUserKeys.all }),
  });
}
