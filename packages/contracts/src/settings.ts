import { ACCESS_REVIEW_DEFAULTS, accessReviewSettingsSchema } from './audit';
import { versionField } from './common';
import { DUTIES, dutyBelongsTo } from './duties';
import { defineEndpoints } from './endpoint';
import { INDUSTRIES } from './industries';
import { QUOTA_TABLE_SECTORS, quotaTablesDefault } from './law/quota';
import { pilotSectorsDefault } from './law/visas';
import { minimumWageSettingDefault } from './law/wages';
import { fieldMessages } from './messages';
import { RETENTION_DEFAULTS, retentionRulesSchema } from './privacy';
import { SECOND_FACTOR_POLICY_DEFAULT, secondFactorPolicySchema } from './second-factor';
import { VISA_TYPES } from './visas';
import { z } from './zod-setup';

/** A whole number within a range, with one Korean message for every way it can be wrong. */
function wholeNumber(min: number, max: number, unit: string) {
  const message = `${min.toLocaleString('ko-KR')}~${max.toLocaleString('ko-KR')}${unit} 사이의 정수로 입력해 주세요.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

export const settingsMessages = {
  serviceNameRequired: '서비스 이름을 입력해 주세요.',
  wageChangeReasonRequired: '연도별 최저시급을 바꾸는 사유를 입력해 주세요. (예: 2027년 최저임금 고시 반영)',
  quotaChangeReasonRequired:
    '고용허용인원 표를 바꾸는 사유를 입력해 주세요. (예: 2027년 외국인력정책위원회 결정 반영)',
  quotaDate: '시행일은 YYYY-MM-DD 형식의 날짜로 입력해 주세요.',
  quotaDatesUnique: '시행일이 같은 버전이 두 개 있습니다. 시행일마다 하나만 입력해 주세요.',
  quotaVersionsRequired: '고용허용인원 표를 한 버전 이상 입력해 주세요.',
  quotaBandsRequired: '구간을 한 개 이상 입력해 주세요.',
  quotaBandsOrder: '구간은 피보험자 수가 작은 것부터, 중복 없이 입력해 주세요.',
  quotaBandsOpenEnd: '마지막 구간은 상한 없이(그 이상) 두고, 그 앞의 구간에는 상한을 입력해 주세요.',
  quotaLimitsOrder: '피보험자 수가 많은 구간의 고용허용인원이 더 적을 수 없습니다.',
  pilotChangeReasonRequired:
    '시범 도입 업종을 바꾸는 사유를 입력해 주세요. (예: 외국인력정책위원회 결정으로 시범 종료)',
  pilotVisa: '체류자격을 선택해 주세요.',
  pilotIndustry: '업종을 선택해 주세요.',
  pilotDutiesRequired: '허용 직무를 한 개 이상 선택해 주세요.',
  pilotDutyOfIndustry: '선택한 업종의 직무가 아닙니다.',
  pilotDutiesUnique: '같은 직무를 두 번 선택했습니다.',
  pilotDate: '날짜는 YYYY-MM-DD 형식으로 입력해 주세요.',
  pilotEndAfterStart: '종료일은 시행일보다 뒤여야 합니다.',
  pilotOverlap: '같은 체류자격·업종의 시범 기간이 겹칩니다. 기간이 겹치지 않게 입력해 주세요.',
  textTooLong: (max: number) => `${max}자 이하로 입력해 주세요.`,
  visaAlertDaysCount: '알림 구간은 1~6개로 입력해 주세요.',
  visaAlertDaysOrder: '알림 구간은 작은 값부터 중복 없이 입력해 주세요.',
  wageYear: '연도는 2000~2100 사이의 4자리 숫자로 입력해 주세요.',
  wageYearsRequired: '최저시급을 한 해 이상 입력해 주세요.',
} as const;

/** One band: up to `maxInsured` insured employees (null: any more), at most `limit` 고용허가제 workers. */
const quotaBandSchema = z.object({
  maxInsured: wholeNumber(1, 100_000, '명').nullable(),
  limit: wholeNumber(1, 10_000, '명'),
});

const quotaBandsSchema = z
  .array(quotaBandSchema)
  .min(1, settingsMessages.quotaBandsRequired)
  .max(20)
  .superRefine((bands, ctx) => {
    bands.forEach((band, i) => {
      const last = i === bands.length - 1;
      if ((band.maxInsured === null) !== last) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'maxInsured'],
          message: settingsMessages.quotaBandsOpenEnd,
        });
      }
      const before = bands[i - 1];
      if (!before) return;
      if (band.maxInsured !== null && before.maxInsured !== null && band.maxInsured <= before.maxInsured) {
        ctx.addIssue({ code: 'custom', path: [i, 'maxInsured'], message: settingsMessages.quotaBandsOrder });
      }
      if (band.limit < before.limit) {
        ctx.addIssue({ code: 'custom', path: [i, 'limit'], message: settingsMessages.quotaLimitsOrder });
      }
    });
  });

/** The 고용허용인원 table's versions (law/quota.ts `QuotaTableVersion`; docs/law-as-data.md#operator-kept-rows). */
export const quotaTablesSchema = z
  .array(
    z.object({
      effectiveFrom: z.iso.date({ error: settingsMessages.quotaDate }),
      bands: z.object(
        Object.fromEntries(QUOTA_TABLE_SECTORS.map((sector) => [sector, quotaBandsSchema])) as Record<
          (typeof QUOTA_TABLE_SECTORS)[number],
          typeof quotaBandsSchema
        >,
      ),
      note: z.string().trim().max(200, settingsMessages.textTooLong(200)),
    }),
  )
  .min(1, settingsMessages.quotaVersionsRequired)
  .max(50)
  .superRefine((versions, ctx) => {
    const seen = new Set<string>();
    versions.forEach((version, i) => {
      if (seen.has(version.effectiveFrom)) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'effectiveFrom'],
          message: settingsMessages.quotaDatesUnique,
        });
      }
      seen.add(version.effectiveFrom);
    });
  });

/** The pilot sectors' entries (law/visas.ts `PilotSector`; docs/law-as-data.md#operator-kept-rows). */
export const pilotSectorsSchema = z
  .array(
    z
      .object({
        visa: z.enum(VISA_TYPES, { error: settingsMessages.pilotVisa }),
        industry: z.enum(INDUSTRIES, { error: settingsMessages.pilotIndustry }),
        duties: z
          .array(z.enum(DUTIES, { error: settingsMessages.pilotDutyOfIndustry }))
          .min(1, settingsMessages.pilotDutiesRequired)
          .max(DUTIES.length)
          .refine((duties) => new Set(duties).size === duties.length, settingsMessages.pilotDutiesUnique),
        effectiveFrom: z.iso.date({ error: settingsMessages.pilotDate }),
        /** The first day the pilot no longer applies (as a law row's end); null while it runs. */
        effectiveTo: z.iso.date({ error: settingsMessages.pilotDate }).nullable(),
        note: z.string().trim().max(200, settingsMessages.textTooLong(200)),
      })
      .superRefine((pilot, ctx) => {
        pilot.duties.forEach((duty, i) => {
          if (!dutyBelongsTo(pilot.industry, duty)) {
            ctx.addIssue({
              code: 'custom',
              path: ['duties', i],
              message: settingsMessages.pilotDutyOfIndustry,
            });
          }
        });
        if (pilot.effectiveTo !== null && pilot.effectiveTo <= pilot.effectiveFrom) {
          ctx.addIssue({
            code: 'custom',
            path: ['effectiveTo'],
            message: settingsMessages.pilotEndAfterStart,
          });
        }
      }),
  )
  .max(100)
  .superRefine((pilots, ctx) => {
    pilots.forEach((pilot, i) => {
      const overlaps = pilots.some(
        (other, j) =>
          j < i &&
          other.visa === pilot.visa &&
          other.industry === pilot.industry &&
          (other.effectiveTo === null || pilot.effectiveFrom < other.effectiveTo) &&
          (pilot.effectiveTo === null || other.effectiveFrom < pilot.effectiveTo),
      );
      if (overlaps)
        ctx.addIssue({ code: 'custom', path: [i, 'effectiveFrom'], message: settingsMessages.pilotOverlap });
    });
  });

/** docs/DOMAIN.md system settings. Every module reads them through the server's settings store. */
export const settingsSchema = z.object({
  serviceName: z
    .string()
    .trim()
    .min(1, settingsMessages.serviceNameRequired)
    .max(50, settingsMessages.textTooLong(50)),
  contactName: z.string().trim().max(50, settingsMessages.textTooLong(50)),
  contactEmail: z.union([z.email(fieldMessages.email), z.literal('')], { error: fieldMessages.email }),
  contactPhone: z.string().trim().max(20, settingsMessages.textTooLong(20)),
  visaAlertDays: z
    .array(wholeNumber(1, 365, '일'))
    .min(1, settingsMessages.visaAlertDaysCount)
    .max(6, settingsMessages.visaAlertDaysCount)
    .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), settingsMessages.visaAlertDaysOrder),
  sessionTimeoutMinutes: wholeNumber(5, 480, '분'),
  maxLoginFailures: wholeNumber(3, 20, '회'),
  lockoutMinutes: wholeNumber(1, 1440, '분'),
  loginRateLimitPerMinute: wholeNumber(5, 1000, '회'),
  /** E-9 pilot sectors (시범 도입), opened and ended by the 외국인력정책위원회, kept current with a reason. */
  pilotSectors: pilotSectorsSchema,
  minimumWageByYear: z.record(z.string(), wholeNumber(1, 1_000_000, '원')).superRefine((byYear, ctx) => {
    const years = Object.keys(byYear);
    if (years.length === 0) ctx.addIssue({ code: 'custom', message: settingsMessages.wageYearsRequired });
    for (const year of years.filter((y) => !/^(20\d{2}|2100)$/.test(y))) {
      ctx.addIssue({ code: 'custom', path: [year], message: settingsMessages.wageYear });
    }
  }),
  /** 고용허용인원 by sector and insured employees, kept current by a super admin with a reason. */
  employerQuotaTables: quotaTablesSchema,
  defaultMatchingFee: wholeNumber(0, 100_000_000, '원'),
  exportReasonRequired: z.boolean(),
  dormantAfterDays: wholeNumber(30, 3650, '일'),
  /** Forms offer the online postcode service's address search (docs/web-app.md#forms); off by default. */
  addressSearchEnabled: z.boolean(),
  /** How long each kind of record keeps its personal data after its purpose ends (docs/privacy-lifecycle.md). */
  retention: retentionRulesSchema,
  /** The thresholds of the monthly access review's automatic findings (docs/privacy-lifecycle.md#access-review). */
  accessReview: accessReviewSettingsSchema,
  /** Who must use a second factor, from where, and how long a step-up lasts (docs/second-factor.md#policy). */
  secondFactor: secondFactorPolicySchema,
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
  /** Seeded from the law rows (docs/law-as-data.md#wages); a super admin adds a new year with a reason. */
  minimumWageByYear: minimumWageSettingDefault(),
  /** Seeded from the law rows (docs/law-as-data.md#operator-kept-rows); a super admin adds a version with a reason. */
  employerQuotaTables: quotaTablesDefault(),
  /** Seeded from the pilot rows (docs/law-as-data.md#operator-kept-rows); ended or added with a reason. */
  pilotSectors: pilotSectorsDefault(),
  defaultMatchingFee: 300_000,
  exportReasonRequired: true,
  dormantAfterDays: 365,
  addressSearchEnabled: false,
  retention: RETENTION_DEFAULTS,
  accessReview: ACCESS_REVIEW_DEFAULTS,
  secondFactor: SECOND_FACTOR_POLICY_DEFAULT,
};

/** GET/PATCH /settings: the settings and the version they were read at (two admins do not overwrite each other). */
export const settingsRecordSchema = settingsSchema.extend({ version: versionField });
export type SettingsRecord = z.infer<typeof settingsRecordSchema>;

/** Only the settings sent change; `version` is the one read (409 when another admin saved meanwhile). */
export const settingsPatchSchema = settingsSchema.partial().extend({
  version: versionField,
  /**
   * Why the law's operator-kept rows change: required when `minimumWageByYear`, `employerQuotaTables` or
   * `pilotSectors` does (they decide
   * which contracts are lawful, docs/law-as-data.md#operator-kept-rows); kept with the change in the access log.
   */
  lawChangeReason: z.string().trim().max(500, settingsMessages.textTooLong(500)).optional(),
  /** The older name of `lawChangeReason`, still read: a client sending either is heard. */
  wageChangeReason: z.string().trim().max(500, settingsMessages.textTooLong(500)).optional(),
});
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
  employerQuotaTables: '고용허용인원 표',
  pilotSectors: '시범 도입 업종',
  defaultMatchingFee: '기본 매칭 수수료(원)',
  exportReasonRequired: '다운로드 사유 필수',
  dormantAfterDays: '휴면 전환 기준(일)',
  addressSearchEnabled: '주소 검색 (우편번호 서비스)',
  retention: '개인정보 보존 기간',
  accessReview: '접속기록 자동 점검 기준',
  secondFactor: '2단계 인증 정책',
};

export const publicSettingsSchema = settingsSchema.pick({
  serviceName: true,
  contactName: true,
  contactEmail: true,
  contactPhone: true,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/**
 * What every signed-in screen needs to know of the settings (export purpose, idle timeout, visa alerts, whether
 * forms offer the address search). A reply without `addressSearchEnabled` means off.
 */
export const clientSettingsSchema = settingsSchema
  .pick({
    exportReasonRequired: true,
    sessionTimeoutMinutes: true,
    visaAlertDays: true,
  })
  .extend({ addressSearchEnabled: settingsSchema.shape.addressSearchEnabled.default(false) });
export type ClientSettings = z.infer<typeof clientSettingsSchema>;

/**
 * The online postcode service behind the forms' address search (docs/web-app.md#forms): the script the web app
 * loads on first use, and the origins the page's Content-Security-Policy admits while the setting is on.
 */
export const POSTCODE_SERVICE = {
  scriptUrl: 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js',
  scriptOrigins: ['https://t1.daumcdn.net', 'https://t1.kakaocdn.net'],
  frameOrigins: ['https://postcode.map.daum.net', 'https://postcode.map.kakao.com'],
} as const;

export const settingsApi = defineEndpoints('settings', {
  get: {
    method: 'GET',
    path: '/settings',
    access: 'settings:read',
    summary: '시스템 설정',
    response: settingsRecordSchema,
  },
  update: {
    method: 'PATCH',
    path: '/settings',
    access: 'settings:write',
    summary: '시스템 설정 변경 (변경 전후가 접속기록에 남음)',
    body: settingsPatchSchema,
    response: settingsRecordSchema,
  },
  client: {
    method: 'GET',
    path: '/settings/client',
    access: 'authenticated',
    summary:
      '로그인한 화면이 쓰는 설정 (다운로드 사유 필수 여부, 유휴 시간, 비자 알림 구간, 주소 검색 사용 여부)',
    response: clientSettingsSchema,
    duringPasswordChange: true,
    duringSecondFactorEnrolment: true,
  },
  public: {
    method: 'GET',
    path: '/settings/public',
    access: 'public',
    summary: '로그인 전에 보여 주는 서비스 이름과 연락처',
    response: publicSettingsSchema,
  },
});
