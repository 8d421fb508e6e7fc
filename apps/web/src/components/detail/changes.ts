import {
  ADMIN_STATUS_LABELS,
  APP_USER_STATUS_LABELS,
  APP_USER_TYPE_LABELS,
  BIZ_ENTITY_TYPE_LABELS,
  BRANCH_STATUS_LABELS,
  EMPLOYER_STATUS_LABELS,
  EMPLOYMENT_TYPE_LABELS,
  EXTENSION_STATUS_LABELS,
  FIELD_LABELS,
  GENDER_LABELS,
  INDUSTRY_LABELS,
  JOB_POST_STATUS_LABELS,
  KOREAN_LEVEL_LABELS,
  MATCHING_SOURCE_LABELS,
  MATCHING_STATUS_LABELS,
  MEAL_OPTION_LABELS,
  NOTICE_AUDIENCE_LABELS,
  NOTICE_STATUS_LABELS,
  nationalityLabel,
  PAYOUT_METHOD_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TYPE_LABELS,
  PROFICIENCY_LABELS,
  RESUME_STATUS_LABELS,
  RESUME_VISIBILITY_LABELS,
  REVIEW_STATUS_LABELS,
  REVIEWER_TYPE_LABELS,
  ROLE_LABELS,
  SALARY_TYPE_LABELS,
  snakeToCamel,
  VISA_STATUS_LABELS,
  VISA_TYPE_LABELS,
  WEEKDAY_LABELS,
  WORKER_STATUS_LABELS,
} from '@ilson/contracts';
import { formatDateTime } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';

/**
 * An access-log diff as a person reads it (docs/access-log.md#how-a-row-reads): each field by its Korean label, each
 * value as the screens show it. The drawer of /settings/logs and every 변경 이력 tab use these.
 */

export type Change = { field: string; before: unknown; after: unknown };
type Labels = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The access log's `diff` as field changes. It comes as `{before, after}` objects, or per field as
 * `{from, to}`, `{before, after}` or `[before, after]`; anything else is listed as it is.
 */
export function readChanges(diff: unknown): Change[] {
  if (!isRecord(diff)) return [];
  if (isRecord(diff.before) || isRecord(diff.after)) {
    const before = isRecord(diff.before) ? diff.before : {};
    const after = isRecord(diff.after) ? diff.after : {};
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, before: before[field], after: after[field] }));
  }
  return Object.entries(diff).map(([field, value]) => {
    if (Array.isArray(value) && value.length === 2) return { field, before: value[0], after: value[1] };
    if (isRecord(value) && ('from' in value || 'to' in value))
      return { field, before: value.from, after: value.to };
    if (isRecord(value) && ('before' in value || 'after' in value)) {
      return { field, before: value.before, after: value.after };
    }
    return { field, before: undefined, after: value };
  });
}

/**
 * A field's Korean name: the screen's own label for its record type when it has one (`상호(회사명)`), else the
 * shared one of @ilson/contracts (FIELD_LABELS); the key itself only for a key no one has named.
 */
export function changeLabel(field: string, own?: Labels): string {
  const mine = own?.[field];
  if (typeof mine === 'string') return mine;
  const camel = snakeToCamel(field);
  return Object.hasOwn(FIELD_LABELS, camel) ? FIELD_LABELS[camel]! : field;
}

/** Values a field of this name holds on every record type. */
const VALUE_LABELS: Readonly<Record<string, Labels>> = {
  bizEntityType: BIZ_ENTITY_TYPE_LABELS,
  industry: INDUSTRY_LABELS,
  desiredIndustries: INDUSTRY_LABELS,
  gender: GENDER_LABELS,
  visaType: VISA_TYPE_LABELS,
  workerVisaType: VISA_TYPE_LABELS,
  allowedVisaTypes: VISA_TYPE_LABELS,
  visaStatus: VISA_STATUS_LABELS,
  extensionStatus: EXTENSION_STATUS_LABELS,
  koreanLevel: KOREAN_LEVEL_LABELS,
  requiredKoreanLevel: KOREAN_LEVEL_LABELS,
  employmentType: EMPLOYMENT_TYPE_LABELS,
  salaryType: SALARY_TYPE_LABELS,
  agreedSalaryType: SALARY_TYPE_LABELS,
  workDays: WEEKDAY_LABELS,
  mealProvided: MEAL_OPTION_LABELS,
  source: MATCHING_SOURCE_LABELS,
  fromStatus: MATCHING_STATUS_LABELS,
  toStatus: MATCHING_STATUS_LABELS,
  method: PAYOUT_METHOD_LABELS,
  audience: NOTICE_AUDIENCE_LABELS,
  visibility: RESUME_VISIBILITY_LABELS,
  proficiencyLevel: PROFICIENCY_LABELS,
  speaking: PROFICIENCY_LABELS,
  reading: PROFICIENCY_LABELS,
  writing: PROFICIENCY_LABELS,
  reviewerType: REVIEWER_TYPE_LABELS,
  userType: APP_USER_TYPE_LABELS,
  role: ROLE_LABELS,
  // A view of one identifier names it by its key.
  field: FIELD_LABELS,
};

/** `status` (and a payout's `type`) mean something else on each record type. */
const TYPE_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, Labels>>>> = {
  employer: { status: EMPLOYER_STATUS_LABELS },
  worker: { status: WORKER_STATUS_LABELS },
  job_post: { status: JOB_POST_STATUS_LABELS },
  resume: { status: RESUME_STATUS_LABELS },
  matching: { status: MATCHING_STATUS_LABELS },
  payout: { status: PAYOUT_STATUS_LABELS, type: PAYOUT_TYPE_LABELS },
  review: { status: REVIEW_STATUS_LABELS },
  app_user: { status: APP_USER_STATUS_LABELS },
  branch: { status: BRANCH_STATUS_LABELS },
  notice: { status: NOTICE_STATUS_LABELS },
  admin: { status: ADMIN_STATUS_LABELS },
};

const NATIONALITY_FIELDS = new Set(['nationality', 'workerNationality']);
/** A record's id (`branchId`, `createdBy`): shown as `#12`, never as a quantity. */
const ID_FIELD = /(^id|Id|By)$/;
const ID_LIST_FIELD = /(^ids|Ids)$/;
/** A moment as the server writes it (`2025-03-01T14:59:59.000Z`, `…+09:00`); a bare date stays as it is. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const none = koKit.common.none;

/**
 * One value of a change as the screens show it: an enum by its Korean label, a moment in Korean time, 예/아니요,
 * amounts with separators, ids as `#12`, lists joined, nested fields as `label: value`; nothing as `-`.
 */
export function changeValue(value: unknown, field: string, targetType?: string | null): string {
  if (value === undefined || value === null || value === '') return none;
  const key = snakeToCamel(field);
  if (typeof value === 'boolean') return value ? koKit.common.yes : koKit.common.no;
  if (Array.isArray(value)) {
    if (value.length === 0) return none;
    const items = value.map((item) => changeValue(item, ID_LIST_FIELD.test(key) ? 'id' : key, targetType));
    return items.join(value.some(isRecord) ? ' / ' : ', ');
  }
  if (isRecord(value)) {
    const entries = Object.entries(value).map(
      ([inner, innerValue]) => `${changeLabel(inner)}: ${changeValue(innerValue, inner, targetType)}`,
    );
    return entries.length ? entries.join(', ') : none;
  }
  if (typeof value === 'number') return ID_FIELD.test(key) ? `#${value}` : value.toLocaleString('ko-KR');
  const text = String(value);
  const labels = (targetType ? TYPE_VALUE_LABELS[targetType]?.[key] : undefined) ?? VALUE_LABELS[key];
  const label = labels && Object.hasOwn(labels, text) ? labels[text] : undefined;
  if (typeof label === 'string') return label;
  if (NATIONALITY_FIELDS.has(key)) return nationalityLabel(text);
  if (DATE_TIME.test(text)) return formatDateTime(text) || text;
  return text;
}
