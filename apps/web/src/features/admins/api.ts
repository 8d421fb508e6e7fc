import {
  ADMIN_SORTS,
  type Admin,
  type AdminWithPassword,
  type adminCreateSchema,
  adminsApi,
  type adminUpdateSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const ADMIN_FILTERS = ['role', 'status', 'branchId'] as const;
export { ADMIN_SORTS };
export type AdminListQuery = ListQuery<(typeof ADMIN_FILTERS)[number], (typeof ADMIN_SORTS)[number]>;

export type AdminCreateBody = z.output<typeof adminCreateSchema>;
export type AdminUpdateBody = z.output<typeof adminUpdateSchema>;

export const adminKeys = {
  all: [adminsApi.list.tag] as const,
};

export const useAdminList = (query: AdminListQuery) =>
  useQuery({
    ...endpointQuery(adminsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

function useInvalidateAdmins() {
  const queryClient = useQueryClient();
  // Under the same key: the branch form's manager select (GET /admins/options) lists admins too.
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/**
 * Create. No automatic retry and no idempotency key: the reply carries the one-time temporary password,
 * which the server does not keep for a replay; a repeated create would only meet the unique login id (409).
 */
export function useCreateAdmin() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: async (body: AdminCreateBody): Promise<AdminWithPassword> => {
      return call(adminsApi.create, { body });
    },
    retry: false,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateAdmin(id: number) {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: async (body: AdminUpdateBody): Promise<Admin> => {
      return call(adminsApi.update, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export type AdminAction = 'disable' | 'enable' | 'unlock';

/** Disable, enable, unlock: the version read goes along; a refused one is toasted by the caller. */
export function useAdminAction() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: async ({ admin, action }: { admin: Admin; action: AdminAction }): Promise<Admin> => {
      return call(adminsApi[action], { params: { id: admin.id }, body: { version: admin.version } });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

/** Reset password: not retried, for the same reason as create (the reply is the only copy of the password). */
export function useResetAdminPassword() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: async (admin: Admin): Promise<AdminWithPassword> => {
      return call(adminsApi.resetPassword, { params: { id: admin.id }, body: { version: admin.version } });
    },
    retry: false,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

export async function fetchAdmin(id: number, signal?: AbortSignal): Promise<Admin> {
  return call(adminsApi.get, { params: { id } }, { signal });
}
