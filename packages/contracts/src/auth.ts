import { LOGIN_PASSWORD_MIN_LENGTH } from './constants';
import { defineEndpoints } from './endpoint';
import { fieldMessages } from './messages';
import { ROLES } from './roles';
import { z } from './zod-setup';

export const loginRequestSchema = z.object({
  /** docs/sessions-and-logs.md#the-browsers-session: the field is named email but takes a login id or an email. */
  email: z.string().trim().min(1, fieldMessages.loginIdRequired).max(254),
  password: z
    .string()
    .min(1, fieldMessages.passwordRequired)
    .min(LOGIN_PASSWORD_MIN_LENGTH, fieldMessages.passwordMin)
    .max(200),
  /** Unchecked "remember me": the refresh token ends with the browser session. */
  remember: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const ADMIN_STATUSES = ['active', 'locked', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const currentUserSchema = z.object({
  id: z.number().int(),
  loginId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  branchId: z.number().int().nullable(),
  permissions: z.array(z.string()),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /**
   * The policy asks this admin for a second factor they have not enrolled: until they do, the session reaches only
   * the enrolment (docs/second-factor.md#policy).
   */
  secondFactorEnrolmentRequired: z.boolean().default(false),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  user: currentUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The reply of a login whose password was right and that now needs its second step. */
export const mfaChallengeSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string().min(1),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** `POST /auth/login`: the signed-in reply, or the challenge of docs/second-factor.md#the-login-on-the-wire. */
export const loginReplySchema = z.union([loginResponseSchema, mfaChallengeSchema]);
export type LoginReply = z.infer<typeof loginReplySchema>;

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export const refreshResponseSchema = z.object({ token: z.string().min(1), refreshToken: z.string().min(1) });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const meResponseSchema = z.object({ user: currentUserSchema });

export const logoutRequestSchema = z.object({ refreshToken: z.string().max(200).optional() }).default({});
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** docs/SECURITY.md server-side password policy: 8+ with 3 of {letters, digits, symbols}, or 10+ with 2. */
export function meetsPasswordPolicy(password: string): boolean {
  const kinds = [/[A-Za-z]/, /\d/, /[^A-Za-z\d\s]/].filter((re) => re.test(password)).length;
  return (password.length >= 8 && kinds >= 3) || (password.length >= 10 && kinds >= 2);
}

export const authApi = defineEndpoints('auth', {
  login: {
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary: '로그인 (아이디 또는 이메일)',
    body: loginRequestSchema,
    response: loginReplySchema,
  },
  refresh: {
    method: 'POST',
    path: '/auth/refresh',
    access: 'public',
    summary: '토큰 갱신 (갱신 토큰은 매번 교체됨)',
    body: refreshRequestSchema,
    response: refreshResponseSchema,
  },
  me: {
    method: 'GET',
    path: '/auth/me',
    access: 'authenticated',
    summary: '현재 로그인한 관리자',
    response: meResponseSchema,
    duringPasswordChange: true,
    duringSecondFactorEnrolment: true,
  },
  logout: {
    method: 'POST',
    path: '/auth/logout',
    access: 'authenticated',
    summary: '로그아웃 (세션 폐기)',
    body: logoutRequestSchema,
    response: okResponseSchema,
    duringPasswordChange: true,
    duringSecondFactorEnrolment: true,
  },
});
