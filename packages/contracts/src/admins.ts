import { ADMIN_STATUSES, type AdminStatus, meetsPasswordPolicy } from './auth';
import { idParamSchema, idQueryField, patchOf, versionField } from './common';
import { defineEndpoints } from './endpoint';
import { isValidPhone } from './korean-ids';
import { fieldMessages } from './messages';
import { listQuerySchema, listResponseSchema } from './pagination';
import { ROLES, type Role } from './roles';
import { z } from './zod-setup';

/**
 * docs/SECURITY.md server-side password policy for admin passwords (set by a super_admin or changed by oneself):
 * 8+ characters with 3 of {letters, digits, symbols}, or 10+ with 2. The login form keeps its own "at least 6" (docs/sessions-and-logs.md#the-browsers-session).
 */
export const ADMIN_PASSWORD_MAX_LENGTH = 128;
export const adminPasswordSchema = z
  .string()
  .min(1, fieldMessages.passwordRequired)
  .max(ADMIN_PASSWORD_MAX_LENGTH, `비밀번호는 ${ADMIN_PASSWORD_MAX_LENGTH}자 이하여야 합니다.`)
  .refine(meetsPasswordPolicy, fieldMessages.passwordPolicy);

/** `GET /admins/options`: the admins a select may offer (e.g. a branch's manager). */
export const adminOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  loginId: z.string(),
  role: z.enum(ROLES),
});
export type AdminOption = z.infer<typeof adminOptionSchema>;
export const adminOptionsResponseSchema = z.object({ data: z.array(adminOptionSchema) });

export const ADMIN_STATUS_LABELS: Record<AdminStatus, string> = {
  active: '사용 중',
  locked: '잠김',
  disabled: '사용 중지',
};

/** Korean messages of the admin-account rules, shown by the server and the screens alike. */
export const adminMessages = {
  loginIdFormat: '아이디는 영문 소문자로 시작하는 영문 소문자·숫자·마침표·밑줄·하이픈 3~30자입니다.',
  duplicateLoginId: '이미 사용 중인 아이디입니다.',
  duplicateEmail: '이미 사용 중인 이메일입니다.',
  branchRequired: '지점 관리자는 담당 지점을 지정해야 합니다.',
  passwordOrInvite: '비밀번호를 입력하거나 초대(임시 비밀번호 발급)를 선택해 주세요.',
  passwordWithInvite: '초대 방식에서는 비밀번호를 입력하지 않습니다. 임시 비밀번호가 발급됩니다.',
  lastSuperAdmin:
    '마지막 최고 관리자입니다. 다른 최고 관리자를 먼저 지정해야 역할을 바꾸거나 사용 중지할 수 있습니다.',
  selfDemotion: '자신의 역할은 낮출 수 없습니다. 다른 최고 관리자에게 요청해 주세요.',
  selfDisable: '자신의 계정은 사용 중지할 수 없습니다.',
  selfReset: '자신의 비밀번호는 내 정보에서 변경해 주세요.',
  alreadyDisabled: '이미 사용 중지된 계정입니다.',
  notDisabled: '사용 중지된 계정이 아닙니다.',
  unlockDisabled: '사용 중지된 계정은 잠금 해제할 수 없습니다. 사용 재개를 먼저 해 주세요.',
  notLocked: '잠기지 않은 계정입니다.',
  resetDisabled: '사용 중지된 계정의 비밀번호는 초기화할 수 없습니다. 사용 재개를 먼저 해 주세요.',
} as const;

/** Login ids never hold `@`, so one can never be mistaken for another admin's email at login. */
export const adminLoginIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9._-]{2,29}$/, adminMessages.loginIdFormat);

const adminPhoneSchema = z
  .string()
  .trim()
  .max(20)
  .refine((value) => value === '' || isValidPhone(value), fieldMessages.phone)
  .transform((value) => value.replace(/\D/g, ''));

/** The fields a super_admin edits; a branch manager needs a branch (checked on the merged record too). */
export const adminInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email(fieldMessages.email)),
  name: z.string().trim().min(1, fieldMessages.required).max(50),
  phone: adminPhoneSchema.default(''),
  role: z.enum(ROLES, { error: '역할을 선택해 주세요.' }),
  branchId: z.number().int().positive().nullable().default(null),
});

function requireBranchForManager(
  value: { role?: Role; branchId?: number | null },
  ctx: z.RefinementCtx,
  patch: boolean,
) {
  const missing = patch ? value.branchId === null : value.branchId == null;
  if (value.role === 'branch_manager' && missing) {
    ctx.addIssue({ code: 'custom', path: ['branchId'], message: adminMessages.branchRequired });
  }
}

/**
 * `POST /admins`: a password that meets the policy, or `invite: true` — the server then issues a one-time
 * temporary password, answers it once and makes the admin change it at first login.
 */
export const adminCreateSchema = adminInputSchema
  .extend({
    loginId: adminLoginIdSchema,
    invite: z.boolean().default(false),
    password: adminPasswordSchema.optional(),
  })
  .superRefine((value, ctx) => {
    requireBranchForManager(value, ctx, false);
    if (!value.invite && value.password === undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: adminMessages.passwordOrInvite });
    }
    if (value.invite && value.password !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: adminMessages.passwordWithInvite });
    }
  });
export type AdminCreate = z.input<typeof adminCreateSchema>;

/** `PATCH /admins/{id}`: the login id stays; the version read is sent back (409 when stale). */
export const adminUpdateSchema = patchOf(adminInputSchema)
  .extend({ version: versionField })
  .superRefine((value, ctx) => requireBranchForManager(value, ctx, true));
export type AdminUpdate = z.input<typeof adminUpdateSchema>;

/** disable / enable / unlock / reset-password: the version read. */
export const adminActionSchema = z.object({ version: versionField });
export type AdminAction = z.input<typeof adminActionSchema>;

export const adminSchema = z.object({
  id: z.number().int(),
  loginId: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  /** `locked` only while the lock lasts; an expired lock reads as `active`. */
  status: z.enum(ADMIN_STATUSES),
  failedLoginCount: z.number().int(),
  lockedUntil: z.string().nullable(),
  mustChangePassword: z.boolean(),
  passwordChangedAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Admin = z.infer<typeof adminSchema>;

/** Create and reset-password answer the temporary password exactly once; it is stored only as a hash. */
export const adminWithPasswordSchema = z.object({
  admin: adminSchema,
  temporaryPassword: z.string().nullable(),
});
export type AdminWithPassword = z.infer<typeof adminWithPasswordSchema>;

export const ADMIN_SORTS = ['created_at', 'name', 'login_id', 'last_login_at'] as const;
export const adminListQuerySchema = listQuerySchema.extend({
  sort: z.enum(ADMIN_SORTS).default('created_at'),
  role: z.enum(ROLES).optional(),
  status: z.enum(ADMIN_STATUSES).optional(),
  branchId: idQueryField.optional(),
});
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

const adminAction = (path: `/admins/:id/${string}`, summary: string) =>
  ({
    method: 'POST',
    path,
    access: 'admins:manage',
    summary,
    params: idParamSchema,
    body: adminActionSchema,
    response: adminSchema,
  }) as const;

export const adminsApi = defineEndpoints('admins', {
  options: {
    method: 'GET',
    path: '/admins/options',
    access: 'branches:write',
    summary: '선택 목록용 관리자 (지점장 지정 등, 사용 중지 제외)',
    response: adminOptionsResponseSchema,
  },
  list: {
    method: 'GET',
    path: '/admins',
    access: 'admins:manage',
    summary: '관리자 계정 목록 (검색: 이름·아이디·이메일, 역할·상태·지점 필터)',
    query: adminListQuerySchema,
    response: listResponseSchema(adminSchema),
  },
  get: {
    method: 'GET',
    path: '/admins/:id',
    access: 'admins:manage',
    summary: '관리자 계정 상세',
    params: idParamSchema,
    response: adminSchema,
  },
  // Not `idempotent`: the stored replay would keep the temporary password. A retried create cannot duplicate
  // anyway — the login id and email are unique (409).
  create: {
    method: 'POST',
    path: '/admins',
    access: 'admins:manage',
    summary: '관리자 등록 (비밀번호 지정 또는 초대: 임시 비밀번호를 이 응답에서 한 번만 알려 줌)',
    body: adminCreateSchema,
    response: adminWithPasswordSchema,
    status: 201,
  },
  update: {
    method: 'PATCH',
    path: '/admins/:id',
    access: 'admins:manage',
    summary: '관리자 정보·역할·지점 변경 (version이 다르면 409, 마지막 최고 관리자는 강등 불가)',
    params: idParamSchema,
    body: adminUpdateSchema,
    response: adminSchema,
  },
  disable: adminAction('/admins/:id/disable', '관리자 사용 중지 (모든 로그인 세션 종료)'),
  enable: adminAction('/admins/:id/enable', '관리자 사용 재개'),
  unlock: adminAction('/admins/:id/unlock', '로그인 실패 잠금 해제'),
  resetPassword: {
    method: 'POST',
    path: '/admins/:id/reset-password',
    access: 'admins:manage',
    summary: '비밀번호 초기화 (임시 비밀번호를 한 번만 알려 주고 모든 로그인 세션 종료)',
    params: idParamSchema,
    body: adminActionSchema,
    response: adminWithPasswordSchema,
  },
});
