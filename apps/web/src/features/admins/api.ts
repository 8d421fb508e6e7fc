import {
  ADMIN_SORTS,
  type Admin,
  type AdminWithPassword,
  type adminCreateSchema,
  adminSchema,
  type adminUpdateSchema,
  adminWithPasswordSchema,
  listResponseSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const ADMIN_FILTERS = ['role', 'status', 'branchId'] as const;
export { ADMIN_SORTS };
export type AdminListQuery = ListQuery<(typeof ADMIN_FILTERS)[number], (typeof ADMIN_SORTS)[number]>;

export type AdminCreateBody = z.output<typeof adminCreateSchema>;
export type AdminUpdateBody = z.output<typeof adminUpdateSchema>;

const adminPageSchema = listResponseSchema(adminSchema);

export const adminKeys = {
  all: ['admins'] as const,
  list: (query: AdminListQuery) => ['admins', 'list', query] as const,
};

export const useAdminList = (query: AdminListQuery) =>
  useQuery({
    queryKey: adminKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('admins', { params: query, signal });
      return parseReply(adminPageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

function useInvalidateAdmins() {
  const queryClient = useQueryClient();
  // The branch form's manager select lists admins too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['branches', 'manager-options'] }),
    ]);
}

/**
 * Create. No automatic retry and no idempotency key: the reply carries the one-time temporary password,
 * which the server does not keep for a replay; a repeated create would only meet the unique login id (409).
 */
export function useCreateAdmin() {
  const invalidate = useInvalidateAdmins();
  return useMutation({
    mutationFn: async (body: AdminCreateBody): Promise<AdminWithPassword> => {
      const response = await api.post('admins', body);
      return parseReply(adminWithPasswordSchema, response.data);
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
      const response = await api.patch(`admins/${id}`, body);
      return parseRecord(adminSchema, response.data);
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
      const response = await api.post(`admins/${admin.id}/${action}`, { version: admin.version });
      return parseRecord(adminSchema, response.data);
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
      const response = await api.post(`admins/${admin.id}/reset-password`, { version: admin.version });
      return parseReply(adminWithPasswordSchema, response.data);
    },
    retry: false,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

export async function fetchAdmin(id: number, signal?: AbortSignal): Promise<Admin> {
  const response = await api.get(`admins/${id}`, { signal });
  return parseRecord(adminSchema, response.data);
}
