import { adminInputSchema, adminPasswordSchema, adminSchema } from './admins';
import { okResponseSchema } from './auth';
import { patchOf, versionField } from './common';
import { defineEndpoints } from './endpoint';
import { fieldMessages } from './messages';
import { z } from './zod-setup';

/** The signed-in admin's own account (내 정보): `/me`, beside the session's `/auth/me`, which stays as it is. */

/** Korean messages of the own-account rules, shown by the server and the screens alike. */
export const meMessages = {
  currentPasswordWrong: '현재 비밀번호가 올바르지 않습니다.',
  currentPasswordLocked: (minutes: number) =>
    `비밀번호 확인에 여러 번 실패해 계정이 잠겼습니다. ${minutes}분 후 다시 시도해 주세요.`,
  samePassword: '새 비밀번호는 현재 비밀번호와 달라야 합니다.',
  confirmMismatch: '새 비밀번호가 일치하지 않습니다.',
  currentPasswordForEmail: '로그인 이메일을 바꾸려면 현재 비밀번호를 입력해 주세요.',
} as const;

/** `GET /me`: what an admin may see of their own account. Role and branch are read-only here. */
export const myProfileSchema = adminSchema.pick({
  id: true,
  loginId: true,
  email: true,
  name: true,
  phone: true,
  role: true,
  branchId: true,
  branchName: true,
  mustChangePassword: true,
  passwordChangedAt: true,
  lastLoginAt: true,
  lastLoginIp: true,
  version: true,
});
export type MyProfile = z.infer<typeof myProfileSchema>;

/** The fields an admin edits of their own account. */
export const myProfileInputSchema = adminInputSchema.pick({ name: true, email: true, phone: true });

/**
 * `PATCH /me`: name, email and phone only, with the version read (409 when stale). The email signs in, so changing it
 * asks for the current password as a password change does (docs/SECURITY.md#accounts-and-sessions).
 */
export const myProfileUpdateSchema = patchOf(myProfileInputSchema).extend({
  version: versionField,
  currentPassword: z.string().max(200).optional(),
});
export type MyProfileUpdate = z.input<typeof myProfileUpdateSchema>;

/** `POST /me/password`: the current password, and a new one that meets docs/SECURITY.md's policy. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, fieldMessages.passwordRequired).max(200),
    newPassword: adminPasswordSchema,
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: meMessages.samePassword,
  });
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** How many of one's own sign-ins `GET /me/logins` lists. */
export const MY_LOGINS_LIMIT = 20;

/** One of one's own sign-ins (LOGIN) or failed attempts (LOGIN_FAILED), from the access log. */
export const myLoginSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  success: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  summary: z.string(),
});
export type MyLogin = z.infer<typeof myLoginSchema>;
export const myLoginsResponseSchema = z.object({ data: z.array(myLoginSchema) });

export const meApi = defineEndpoints('me', {
  get: {
    method: 'GET',
    path: '/me',
    access: 'authenticated',
    summary: '내 정보 (연락처, 역할, 지점, 비밀번호 변경일)',
    response: myProfileSchema,
  },
  update: {
    method: 'PATCH',
    path: '/me',
    access: 'authenticated',
    summary: '내 정보 수정 (이름, 이메일, 연락처만; version이 다르면 409)',
    body: myProfileUpdateSchema,
    response: myProfileSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/me/password',
    access: 'authenticated',
    summary: '비밀번호 변경 (현재 비밀번호 확인, 이 세션 외의 로그인은 모두 종료)',
    body: passwordChangeSchema,
    response: okResponseSchema,
    duringPasswordChange: true,
  },
  logins: {
    method: 'GET',
    path: '/me/logins',
    access: 'authenticated',
    summary: '나의 최근 로그인 기록 (성공·실패, 최근 20건)',
    response: myLoginsResponseSchema,
  },
});
