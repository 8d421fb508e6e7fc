import {
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  optionalText,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { feeIssueSchema } from './fees';
import { listMetaSchema, listQuerySchema } from './pagination';
import type { Permission } from './roles';
import { z } from './zod-setup';

export const PAYOUT_STATUSES = ['pending', 'approved', 'paid', 'cancelled', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: '승인 대기',
  approved: '지급 승인',
  paid: '지급 완료',
  cancelled: '취소',
  failed: '지급 실패',
};

/** A paid or cancelled payout is final: it cannot be edited (409). */
export const PAYOUT_LOCKED_STATUSES = ['paid', 'cancelled'] as const satisfies readonly PayoutStatus[];

/**
 * Fields of a payout that decide who gets how much (docs/SECURITY.md "Money"): changing one makes the editor its
 * maker, who may not approve it, and sends an approved (or failed) payout back to pending.
 */
export const PAYOUT_MONEY_FIELDS = [
  'employerId',
  'matchingId',
  'workerId',
  'type',
  'amount',
  'vat',
  'method',
  'bankName',
  'accountNo',
  'accountHolder',
] as const;

/** Statuses that lead to paying out: approving into them needs a checker other than the maker. */
export const PAYOUT_APPROVED_STATUSES = ['approved'] as const satisfies readonly PayoutStatus[];

/** docs/DOMAIN.md: pending → approved → paid, pending|approved → cancelled, approved → failed → approved. */
export const PAYOUT_TRANSITIONS: readonly Transition<PayoutStatus, Permission>[] = [
  {
    from: 'pending',
    to: 'approved',
    action: 'approve',
    label: '지급 승인',
    reasonRequired: false,
    permission: 'payouts:approve',
  },
  {
    from: 'approved',
    to: 'paid',
    action: 'pay',
    label: '지급 완료 처리',
    reasonRequired: false,
    permission: 'payouts:approve',
  },
  {
    from: 'pending',
    to: 'cancelled',
    action: 'cancel',
    label: '취소',
    reasonRequired: true,
    permission: 'payouts:write',
  },
  {
    from: 'approved',
    to: 'cancelled',
    action: 'cancel',
    label: '취소',
    reasonRequired: true,
    permission: 'payouts:approve',
  },
  {
    from: 'approved',
    to: 'failed',
    action: 'fail',
    label: '지급 실패 처리',
    reasonRequired: true,
    permission: 'payouts:approve',
  },
  {
    from: 'failed',
    to: 'approved',
    action: 'retry',
    label: '재지급 승인',
    reasonRequired: false,
    permission: 'payouts:approve',
  },
];

export const PAYOUT_TYPES = ['matching_fee', 'wage', 'refund'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const PAYOUT_TYPE_LABELS: Record<PayoutType, string> = {
  matching_fee: '매칭 수수료',
  wage: '임금 지급 대행',
  refund: '환불',
};

export const PAYOUT_METHODS = ['bank_transfer', 'virtual_account', 'card', 'cash'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank_transfer: '계좌이체',
  virtual_account: '가상계좌',
  card: '카드',
  cash: '현금',
};

/** VAT (부가가치세) by default: 10% (rounded down) on a matching fee, none on wages passed through and refunds. */
export function defaultPayoutVat(type: PayoutType | undefined, amount: number | null | undefined): number {
  return type === 'matching_fee' && amount ? Math.floor(amount / 10) : 0;
}

export const payoutInputSchema = z.object({
  matchingId: z.number().int().positive().nullable().default(null),
  employerId: z.number({ error: '사업주를 선택해 주세요.' }).int().positive(),
  workerId: z.number().int().positive().nullable().default(null),
  type: z.enum(PAYOUT_TYPES),
  /** Supply amount in won, before VAT. */
  amount: z.number().int().min(1, '금액을 입력해 주세요.').max(10_000_000_000),
  /** VAT in won; by default 10% of the amount for fees, 0 for wages. */
  vat: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
  method: z.enum(PAYOUT_METHODS).default('bank_transfer'),
  bankName: optionalText(50),
  /** Plain text on the way in only; replies carry the masked form. Omit on update to keep it. */
  accountNo: z
    .string()
    .trim()
    .regex(/^[\d-]{6,30}$/, '계좌번호는 숫자와 하이픈 6~30자입니다.')
    .transform((value) => value.replace(/\D/g, ''))
    .nullable()
    .optional(),
  accountHolder: optionalText(50),
  scheduledDate: dateString.nullable().default(null),
  memo: optionalText(2000),
  /**
   * The legal basis on which a fee for an E-9 or E-8 worker is charged (docs/law-as-data.md#fees): a super admin's
   * only (403 otherwise); null clears it. Omit to keep it.
   */
  legalBasisNote: z.string().trim().max(1000).nullable().optional(),
});
export const payoutCreateSchema = payoutInputSchema;
export const payoutUpdateSchema = patchOf(payoutInputSchema).extend({ version: versionField });

export const payoutSchema = z.object({
  id: z.number().int(),
  matchingId: z.number().int().nullable(),
  employerId: z.number().int(),
  employerName: z.string(),
  workerId: z.number().int().nullable(),
  workerName: z.string().nullable(),
  branchId: z.number().int(),
  type: z.enum(PAYOUT_TYPES),
  amount: z.number().int(),
  vat: z.number().int(),
  total: z.number().int(),
  /** The maker: who registered it or last changed its amount, account or payee (may not approve it). */
  lastEditedBy: z.number().int().nullable(),
  lastEditorName: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS),
  bankName: z.string(),
  /** Masked: only the last four digits. */
  accountNo: z.string().nullable(),
  accountHolder: z.string(),
  scheduledDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  memo: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  statusReason: z.string().nullable(),
  /** The super admin's legal basis for a fee the law gives to the public service, who recorded it and when. */
  legalBasisNote: z.string().nullable(),
  legalBasisBy: z.number().int().nullable(),
  legalBasisByName: z.string().nullable(),
  legalBasisAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const PAYOUT_SORTS = ['created_at', 'scheduled_date', 'paid_at', 'amount'] as const;
export const payoutListQuerySchema = listQuerySchema.extend({
  sort: z.enum(PAYOUT_SORTS).default('created_at'),
  status: z.enum(PAYOUT_STATUSES).optional(),
  type: z.enum(PAYOUT_TYPES).optional(),
  employerId: idQueryField.optional(),
  branchId: idQueryField.optional(),
  dateFrom: dateString.optional(),
  dateTo: dateString.optional(),
});
/** Totals by status over the current filter (the list's summary row). */
export const payoutTotalsSchema = z.array(
  z.object({
    status: z.enum(PAYOUT_STATUSES),
    count: z.number().int(),
    amount: z.number().int(),
    vat: z.number().int(),
    total: z.number().int(),
  }),
);
export const payoutListResponseSchema = z.object({
  data: z.array(payoutSchema),
  meta: listMetaSchema,
  totals: payoutTotalsSchema,
  /** When the totals were summed, when they were reused (over EXACT_TOTAL_LIMIT payouts); null when live. */
  totalsAsOf: z.string().nullable().optional(),
});
export const payoutStatusChangeSchema = statusChangeSchema(PAYOUT_STATUSES).extend({
  /** With `paid`: when the money left (defaults to now). */
  paidAt: z.iso.datetime({ offset: true }).optional(),
});
/** The fee rules a payout would meet (the form's preview; the detail's panel): what refuses it and on which basis. */
export const payoutFeeRuleQuerySchema = z.object({
  matchingId: idQueryField.optional(),
  workerId: idQueryField.optional(),
  amount: z.coerce.number().int().min(0).max(10_000_000_000).default(0),
});
export const payoutFeeRuleResponseSchema = z.object({
  issues: z.array(feeIssueSchema),
  /** The month's wage and months the cap was computed from, when the matching's pay is known. */
  cap: z
    .object({ cap: z.number().int(), monthly: z.number().int(), months: z.number(), share: z.number() })
    .nullable(),
});
export const payoutRevealSchema = z.object({
  reason: z.string().trim().min(2, '열람 사유를 2자 이상 입력해 주세요.').max(200),
});
export const payoutRevealResponseSchema = z.object({ value: z.string() });

export const payoutsApi = defineEndpoints('payouts', {
  list: {
    method: 'GET',
    path: '/payouts',
    access: 'payouts:read',
    summary: '정산 목록 (상태·유형·사업주·지점·정산일(예정일, 없으면 등록일)·검색어; 상태별 합계)',
    query: payoutListQuerySchema,
    response: payoutListResponseSchema,
  },
  feeRule: {
    method: 'GET',
    path: '/payouts/fee-rule',
    access: 'payouts:read',
    summary: '매칭 수수료 규칙 확인 (E-9·E-8 민간 알선 금지, 직업안정법 상한)',
    query: payoutFeeRuleQuerySchema,
    response: payoutFeeRuleResponseSchema,
  },
  get: {
    method: 'GET',
    path: '/payouts/:id',
    access: 'payouts:read',
    summary: '정산 상세 (계좌번호 마스킹)',
    params: idParamSchema,
    response: payoutSchema,
  },
  create: {
    method: 'POST',
    path: '/payouts',
    access: 'payouts:write',
    summary: '정산 등록 (부가세 미입력 시 매칭 수수료 10%, 그 외 0)',
    body: payoutCreateSchema,
    response: payoutSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/payouts/:id',
    access: 'payouts:write',
    summary: '정산 수정 (지급 완료·취소된 정산은 409; version이 다르면 409)',
    params: idParamSchema,
    body: payoutUpdateSchema,
    response: payoutSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/payouts/:id/status',
    access: 'payouts:write',
    summary: '정산 상태 변경 (승인·지급 완료·취소·지급 실패·재지급 승인)',
    params: idParamSchema,
    body: payoutStatusChangeSchema,
    response: payoutSchema,
  },
  reveal: {
    method: 'POST',
    path: '/payouts/:id/reveal',
    access: 'payouts:reveal',
    summary: '계좌번호 열람 (사유 필수, 접속기록에 남음)',
    params: idParamSchema,
    body: payoutRevealSchema,
    response: payoutRevealResponseSchema,
  },
  history: {
    method: 'GET',
    path: '/payouts/:id/history',
    access: 'payouts:read',
    summary: '정산 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});
