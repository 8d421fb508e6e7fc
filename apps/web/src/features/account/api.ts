import { meApi, type myProfileInputSchema, type PasswordChange, type z } from '@ilson/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';

export type ProfileBody = z.output<typeof myProfileInputSchema>;

export const accountKeys = {
  all: [meApi.get.tag] as const,
};

// Own data is cheap and changes under the user's hands (a new login elsewhere): always ask again on open.
export const profileQuery = queryOptions({
  ...endpointQuery(meApi.get, {}),
  staleTime: 0,
  meta: { errorToast: false },
});

export const loginsQuery = queryOptions({
  ...endpointQuery(meApi.logins, {}),
  select: (reply) => reply.data,
  staleTime: 0,
});

export const useProfile = () => useQuery(profileQuery);
export const useLogins = (enabled = true) => useQuery({ ...loginsQuery, enabled });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileBody & { version: number }) => {
      return call(meApi.update, { body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: (profile) => queryClient.setQueryData(endpointKey(meApi.get, {}), profile),
  });
}

/** Not retried: a second try of a password that just changed would fail as a wrong current password. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChange) => {
      return call(meApi.changePassword, { body });
    },
    retry: false,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
