import {
  type MyProfile,
  myLoginsResponseSchema,
  type myProfileInputSchema,
  myProfileSchema,
  okResponseSchema,
  type PasswordChange,
  type z,
} from '@ilson/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { parseRecord, parseReply, retryMutation } from '../../api/records';

export type ProfileBody = z.output<typeof myProfileInputSchema>;

export const accountKeys = {
  all: ['me'] as const,
  profile: ['me', 'profile'] as const,
  logins: ['me', 'logins'] as const,
};

export async function fetchProfile(signal?: AbortSignal): Promise<MyProfile> {
  const response = await api.get('me', { signal });
  return parseRecord(myProfileSchema, response.data);
}

export async function fetchLogins(signal?: AbortSignal) {
  const response = await api.get('me/logins', { signal });
  return parseReply(myLoginsResponseSchema, response.data).data;
}

// Own data is cheap and changes under the user's hands (a new login elsewhere): always ask again on open.
export const profileQuery = queryOptions({
  queryKey: accountKeys.profile,
  queryFn: ({ signal }) => fetchProfile(signal),
  staleTime: 0,
  meta: { errorToast: false },
});

export const loginsQuery = queryOptions({
  queryKey: accountKeys.logins,
  queryFn: ({ signal }) => fetchLogins(signal),
  staleTime: 0,
});

export const useProfile = () => useQuery(profileQuery);
export const useLogins = (enabled = true) => useQuery({ ...loginsQuery, enabled });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileBody & { version: number }) => {
      const response = await api.patch('me', body);
      return parseRecord(myProfileSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile, profile),
  });
}

/** Not retried: a second try of a password that just changed would fail as a wrong current password. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PasswordChange) => {
      const response = await api.post('me/password', body);
      return parseReply(okResponseSchema, response.data);
    },
    retry: false,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
