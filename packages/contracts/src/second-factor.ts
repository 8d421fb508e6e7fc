import { currentUserSchema, loginResponseSchema, okResponseSchema } from './auth';
import { defineEndpoints } from './endpoint';
import { cidrSchema, LOOPBACK_NETWORKS } from './networks';
import { can, ROLES, type Role } from './roles';
import { z } from './zod-setup';

/**
 * The second factor (docs/second-factor.md; 개인정보의 안전성 확보조치 기준 제6조②): an authenticator app (TOTP,
 * RFC 6238) with ten recovery codes, the policy of who must use one and from where, the second step of a login
 * and the step-up before the gravest actions.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the token of a login waiting for its second step lives. */
export const MFA_CHALLENGE_MINUTES = 5;

export const secondFactorMessages = {
  codeRequired: '인증 앱의 6자리 코드를 입력해 주세요.',
  passkeyFailed: '패스키를 확인하지 못했습니다. 다시 시도하거나 다른 방법으로 인증해 주세요.',
  passkeyNameRequired: '패스키 이름을 입력해 주세요. (예: 사무실 컴퓨터)',
  passkeyNotFound: '등록된 패스키를 찾을 수 없습니다.',
  codeFormat: '인증 코드는 숫자 6자리입니다.',
  recoveryFormat: '복구 코드는 영문 대문자와 숫자 10자리입니다. 받은 그대로 입력해 주세요.',
  codeWrong: '인증 코드가 올바르지 않습니다. 인증 앱의 현재 코드를 입력해 주세요.',
  codeUsed: '이미 사용한 인증 코드입니다. 다음 코드가 나오면 입력해 주세요.',
  recoveryWrong: '복구 코드가 올바르지 않거나 이미 사용되었습니다.',
  challengeExpired: '로그인 확인 시간이 지났습니다. 처음부터 다시 로그인해 주세요.',
  notSetUp: '먼저 인증 앱 등록을 시작해 주세요.',
  alreadyActive: '이미 인증 앱이 등록되어 있습니다. 바꾸려면 먼저 해제해 주세요.',
  noFactor: '등록된 2단계 인증 수단이 없습니다.',
  passwordWrong: '비밀번호가 올바르지 않습니다.',
  resetReasonRequired: '초기화 사유를 입력해 주세요.',
  resetSelf:
    '본인의 2단계 인증은 여기서 초기화할 수 없습니다. 내 정보에서 비밀번호와 인증 코드로 해제해 주세요.',
  requiredRolesUnique: '같은 역할을 두 번 선택했습니다.',
  loosenSelf:
    '본인에게 적용되는 2단계 인증 정책은 직접 완화할 수 없습니다. 다른 최고 관리자에게 변경을 요청해 주세요.',
  enrolmentRequired:
    '개인정보를 열람·다운로드할 수 있는 계정은 2단계 인증을 등록해야 합니다. 인증 앱을 등록한 뒤 이용해 주세요.',
  stepUpRequired: '보안을 위해 2단계 인증을 다시 확인해 주세요.',
} as const;

const codeField = z
  .string({ error: secondFactorMessages.codeRequired })
  .trim()
  .regex(/^\d{6}$/, secondFactorMessages.codeFormat);
const recoveryField = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, secondFactorMessages.recoveryFormat));

/**
 * A passkey's answer, as the browser's WebAuthn JSON in one string: its keys (`clientDataJSON`…) must not pass through
 * the wire's case conversion (docs/second-factor.md#passkeys).
 */
const webauthnJson = z.string().min(2).max(20_000);

/** A code from the app, one recovery code, or a passkey's answer: exactly one of them. */
const proofSchema = z
  .object({
    code: codeField.optional(),
    recoveryCode: recoveryField.optional(),
    passkeyJson: webauthnJson.optional(),
  })
  .refine(
    (value) =>
      [value.code, value.recoveryCode, value.passkeyJson].filter((v) => v !== undefined).length === 1,
    { path: ['code'], message: secondFactorMessages.codeRequired },
  );
export type SecondFactorProof = z.input<typeof proofSchema>;

/** The roles that can reveal or export unmasked personal data: the policy's default (제6조②). */
export const PII_ROLES: readonly Role[] = ROLES.filter(
  (role) => can(role, 'exports:unmasked') || can(role, 'payouts:reveal'),
);

/**
 * Who must use a second factor and from where (a setting). `outside`: when the client's address is not in
 * `internalNetworks`; `everywhere`: always. An admin who has enrolled a factor is always asked for it.
 */
export const secondFactorPolicySchema = z.object({
  requiredRoles: z
    .array(z.enum(ROLES))
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, secondFactorMessages.requiredRolesUnique),
  where: z.enum(['outside', 'everywhere']),
  internalNetworks: z.array(cidrSchema).max(50),
  /** How long a proven second factor covers the gravest actions (reveal, unmasked export, roles, this policy). */
  stepUpMinutes: z
    .number({ error: '1~120분 사이의 정수로 입력해 주세요.' })
    .int('1~120분 사이의 정수로 입력해 주세요.')
    .min(1, '1~120분 사이의 정수로 입력해 주세요.')
    .max(120, '1~120분 사이의 정수로 입력해 주세요.'),
});
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;

export const SECOND_FACTOR_POLICY_DEFAULT: SecondFactorPolicy = {
  requiredRoles: [...PII_ROLES],
  where: 'outside',
  internalNetworks: [...LOOPBACK_NETWORKS],
  stepUpMinutes: 15,
};

export const mfaVerifySchema = z.object({ mfaToken: z.string().min(1).max(200) }).and(proofSchema);

export const stepUpSchema = proofSchema;
export const stepUpReplySchema = z.object({ validUntil: z.string() });

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const mySecondFactorSchema = z.object({
  totp: z.object({ confirmedAt: z.string() }).nullable(),
  passkeys: z.array(passkeySchema).default([]),
  recoveryCodesLeft: z.number().int(),
  /** The policy asks this admin, where they are now, for a second factor. */
  required: z.boolean(),
  /** Until when this session's last proof covers the gravest actions; null: it does not. */
  stepUpUntil: z.string().nullable(),
  stepUpMinutes: z.number().int(),
});
export type MySecondFactor = z.infer<typeof mySecondFactorSchema>;

export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code, an SVG document (made by the server: the page loads no QR library). */
  qrSvg: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const totpConfirmSchema = z.object({ code: codeField });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Removing the app or drawing new recovery codes: the password and a current code (or a recovery code). */
export const secondFactorGuardSchema = z
  .object({ password: z.string().min(1, '비밀번호를 입력해 주세요.').max(200) })
  .and(proofSchema);

export const secondFactorResetSchema = z.object({
  reason: z.string().trim().min(1, secondFactorMessages.resetReasonRequired).max(500),
});

const withUser = z.object({ user: currentUserSchema });

/** WebAuthn options for the browser, as one JSON string (see `webauthnJson`). */
export const webauthnOptionsSchema = z.object({ optionsJson: z.string() });
export const passkeyRegisterSchema = z.object({
  name: z.string().trim().min(1, secondFactorMessages.passkeyNameRequired).max(50),
  responseJson: webauthnJson,
});

export const secondFactorApi = defineEndpoints('second-factor', {
  verifyLogin: {
    method: 'POST',
    path: '/auth/mfa/verify',
    access: 'public',
    summary: '로그인 2단계 인증 (인증 앱 코드 또는 복구 코드)',
    body: mfaVerifySchema,
    response: loginResponseSchema,
  },
  stepUp: {
    method: 'POST',
    path: '/auth/step-up',
    access: 'authenticated',
    summary: '2단계 인증 재확인 (개인정보 열람·원본 다운로드·권한 변경 전)',
    body: stepUpSchema,
    response: stepUpReplySchema,
    duringSecondFactorEnrolment: true,
  },
  mine: {
    method: 'GET',
    path: '/me/second-factor',
    access: 'authenticated',
    summary: '내 2단계 인증 상태',
    response: mySecondFactorSchema,
    duringSecondFactorEnrolment: true,
  },
  setupTotp: {
    method: 'POST',
    path: '/me/second-factor/totp',
    access: 'authenticated',
    summary: '인증 앱 등록 시작 (비밀키와 QR 코드; 첫 코드를 확인해야 사용됨)',
    response: totpSetupSchema,
    duringSecondFactorEnrolment: true,
  },
  confirmTotp: {
    method: 'POST',
    path: '/me/second-factor/totp/confirm',
    access: 'authenticated',
    summary: '인증 앱 등록 확인 (복구 코드 10개를 한 번만 보여 줌)',
    body: totpConfirmSchema,
    response: recoveryCodesSchema.merge(withUser),
    duringSecondFactorEnrolment: true,
  },
  passkeyLoginOptions: {
    method: 'POST',
    path: '/auth/mfa/passkey-options',
    access: 'public',
    summary: '로그인 2단계 인증의 패스키 요청 (WebAuthn)',
    body: z.object({ mfaToken: z.string().min(1).max(200) }),
    response: webauthnOptionsSchema,
  },
  passkeyStepUpOptions: {
    method: 'POST',
    path: '/auth/step-up/passkey-options',
    access: 'authenticated',
    summary: '2단계 인증 재확인의 패스키 요청 (WebAuthn)',
    response: webauthnOptionsSchema,
    duringSecondFactorEnrolment: true,
  },
  passkeyRegisterOptions: {
    method: 'POST',
    path: '/me/second-factor/passkeys/options',
    access: 'authenticated',
    summary: '패스키 등록 요청 (WebAuthn)',
    response: webauthnOptionsSchema,
    duringSecondFactorEnrolment: true,
  },
  registerPasskey: {
    method: 'POST',
    path: '/me/second-factor/passkeys',
    access: 'authenticated',
    summary: '패스키 등록 (첫 2단계 인증 수단이면 복구 코드 10개를 한 번만 보여 줌)',
    body: passkeyRegisterSchema,
    response: recoveryCodesSchema.merge(withUser),
    duringSecondFactorEnrolment: true,
  },
  removePasskey: {
    method: 'POST',
    path: '/me/second-factor/passkeys/:id/remove',
    access: 'authenticated',
    summary: '패스키 삭제 (비밀번호와 현재 인증)',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: secondFactorGuardSchema,
    response: okResponseSchema,
  },
  removeTotp: {
    method: 'POST',
    path: '/me/second-factor/totp/remove',
    access: 'authenticated',
    summary: '인증 앱 해제 (비밀번호와 현재 코드)',
    body: secondFactorGuardSchema,
    response: okResponseSchema,
  },
  newRecoveryCodes: {
    method: 'POST',
    path: '/me/second-factor/recovery-codes',
    access: 'authenticated',
    summary: '복구 코드 새로 받기 (이전 코드는 모두 무효)',
    body: secondFactorGuardSchema,
    response: recoveryCodesSchema,
  },
  reset: {
    method: 'POST',
    path: '/admins/:id/second-factor/reset',
    access: 'admins:manage',
    summary: '다른 관리자의 2단계 인증 초기화 (사유가 접속기록에 남음)',
    params: z.object({ id: z.coerce.number().int().positive() }),
    body: secondFactorResetSchema,
    response: okResponseSchema,
  },
});
