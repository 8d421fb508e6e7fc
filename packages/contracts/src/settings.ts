import { z } from './zod-setup';

/** DESIGN §4 system settings. Every module reads them through the server's settings store. */
export const settingsSchema = z.object({
  serviceName: z.string().trim().min(1).max(50),
  contactName: z.string().trim().max(50),
  contactEmail: z.union([z.email(), z.literal('')]),
  contactPhone: z.string().trim().max(20),
  visaAlertDays: z
    .array(z.number().int().min(1).max(365))
    .min(1)
    .max(6)
    .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), '오름차순으로 입력해 주세요.'),
  sessionTimeoutMinutes: z.number().int().min(5).max(480),
  maxLoginFailures: z.number().int().min(3).max(20),
  lockoutMinutes: z.number().int().min(1).max(1440),
  loginRateLimitPerMinute: z.number().int().min(5).max(1000),
  minimumWageByYear: z.record(z.string().regex(/^\d{4}$/), z.number().int().min(1).max(1_000_000)),
  defaultMatchingFee: z.number().int().min(0).max(100_000_000),
  exportReasonRequired: z.boolean(),
  dormantAfterDays: z.number().int().min(30).max(3650),
});
export type Settings = z.infer<typeof settingsSchema>;

export const SETTINGS_DEFAULTS: Settings = {
  serviceName: '일손',
  contactName: '시스템 관리자',
  contactEmail: 'admin@ilson.local',
  contactPhone: '',
  visaAlertDays: [30, 60, 90, 120],
  sessionTimeoutMinutes: 30,
  maxLoginFailures: 5,
  lockoutMinutes: 15,
  loginRateLimitPerMinute: 20,
  minimumWageByYear: { '2025': 10_030, '2026': 10_320 },
  defaultMatchingFee: 300_000,
  exportReasonRequired: true,
  dormantAfterDays: 365,
};

export const settingsPatchSchema = settingsSchema.partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const SETTINGS_LABELS: Record<keyof Settings, string> = {
  serviceName: '서비스 이름',
  contactName: '담당자 이름',
  contactEmail: '담당자 이메일',
  contactPhone: '담당자 연락처',
  visaAlertDays: '비자 만료 알림 구간(일)',
  sessionTimeoutMinutes: '세션 유휴 시간(분)',
  maxLoginFailures: '로그인 실패 허용 횟수',
  lockoutMinutes: '계정 잠금 시간(분)',
  loginRateLimitPerMinute: 'IP당 분당 로그인 시도 한도',
  minimumWageByYear: '연도별 최저시급(원)',
  defaultMatchingFee: '기본 매칭 수수료(원)',
  exportReasonRequired: '다운로드 사유 필수',
  dormantAfterDays: '휴면 전환 기준(일)',
};

export const publicSettingsSchema = settingsSchema.pick({
  serviceName: true,
  contactName: true,
  contactEmail: true,
  contactPhone: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** What every signed-in screen needs to know of the settings (export purpose, idle timeout, visa alerts). */
export const clientSettingsSchema = settingsSchema.pick({
  exportReasonRequired: true,
  sessionTimeoutMinutes: true,
  visaAlertDays: true,
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;
