import { idQueryField } from './common';
import { z } from './zod-setup';

/**
 * 동의 기록 (docs/privacy-lifecycle.md#consent-records): what an app user agreed to in the app, which version of
 * the text, when and through which channel, and a withdrawal. The back office only reads them, except for
 * recording a withdrawal an operator took by phone.
 */
export const CONSENT_ITEMS = [
  'terms',
  'privacy_collection',
  'privacy_third_party',
  'marketing_sms',
  'marketing_push',
] as const;
export type ConsentItem = (typeof CONSENT_ITEMS)[number];

export const CONSENT_ITEM_LABELS: Record<ConsentItem, string> = {
  terms: '서비스 이용약관',
  privacy_collection: '개인정보 수집·이용',
  privacy_third_party: '개인정보 제3자 제공 (매칭 상대방)',
  marketing_sms: '마케팅 정보 수신 (문자·이메일)',
  marketing_push: '앱 푸시 알림 수신',
};

/** Agreed to at sign-up and not withdrawable while a member: withdrawing them is leaving the service (탈퇴). */
export const CONSENT_REQUIRED_ITEMS = [
  'terms',
  'privacy_collection',
] as const satisfies readonly ConsentItem[];

export const isRequiredConsent = (item: ConsentItem) =>
  (CONSENT_REQUIRED_ITEMS as readonly ConsentItem[]).includes(item);

export const CONSENT_CHANNELS = ['app', 'web', 'paper', 'phone'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  app: '앱',
  web: '웹',
  paper: '서면',
  phone: '전화',
};

export const consentMessages = {
  noteRequired: '통화 내용(본인 확인 방법, 철회 의사)을 입력해 주세요.',
  required: '필수 동의 항목은 철회할 수 없습니다. 회원 탈퇴로 처리해 주세요.',
  alreadyWithdrawn: '이미 철회된 동의입니다.',
} as const;

export const consentSchema = z.object({
  id: z.number().int(),
  appUserId: z.number().int(),
  item: z.enum(CONSENT_ITEMS),
  required: z.boolean(),
  /** The version of the consent text shown, e.g. `2025.03`. */
  textVersion: z.string(),
  consentedAt: z.string(),
  channel: z.enum(CONSENT_CHANNELS),
  withdrawnAt: z.string().nullable(),
  withdrawalChannel: z.enum(CONSENT_CHANNELS).nullable(),
  withdrawalNote: z.string(),
  /** The admin who recorded a withdrawal taken by phone; null when the member withdrew in the app. */
  withdrawnByName: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

export const consentListResponseSchema = z.object({ data: z.array(consentSchema) });

export const consentWithdrawalSchema = z.object({
  note: z.string().trim().min(1, consentMessages.noteRequired).max(500),
});
export type ConsentWithdrawal = z.input<typeof consentWithdrawalSchema>;

export const consentParamsSchema = z.object({ id: idQueryField, consentId: idQueryField });
