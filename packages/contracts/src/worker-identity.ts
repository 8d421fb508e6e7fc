import { rowsInForce } from './law/basis';
import { ARC_GENDER_DIGITS, type ArcDigitRow, EXTENSION_TIMING, VISA_STAY_LIMITS } from './law/identity';
import { VISA_TYPE_LABELS, type VisaType } from './visas';

/**
 * Identity checks on a worker (docs/DOMAIN.md#identity, the rows of law/identity.ts): the 외국인등록번호 agrees with
 * the date of birth and gender, a visa with a stay limit has its 체류 만료일, an extension is filed by the expiry
 * date and not ahead of today. The form, the server's create, edit and import, `npm run check:data` and the worker
 * page's warnings all ask these functions, so they answer alike.
 */

type Gender = 'male' | 'female';
const GENDER_WORDS: Record<Gender, string> = { male: '남성', female: '여성' };

export const identityMessages = {
  arcBirthMismatch: '외국인등록번호의 생년월일이 생년월일과 다릅니다.',
  storedArcBirthMismatch: (masked: string) =>
    `생년월일이 등록된 외국인등록번호(${masked})의 생년월일과 다릅니다.`,
  /** The digit, what it says (남성·여성) and the century of birth it says. */
  arcGenderMismatch: (digit: number, genderWord: string, century: number) =>
    `외국인등록번호 7번째 자리(${digit})는 ${century}년대 출생 ${genderWord}을 뜻해 성별과 다릅니다.`,
  storedArcGenderMismatch: (masked: string, genderWord: string) =>
    `성별이 등록된 외국인등록번호(${masked})의 7번째 자리(${genderWord})와 다릅니다.`,
  /** The visa's label (E-9 비전문취업). */
  visaExpiryRequired: (visaLabel: string) =>
    `${visaLabel} 체류자격은 체류기간이 정해져 있어 체류 만료일을 입력해야 합니다.`,
  extensionAfterExpiry: (expiry: string) =>
    `체류기간 연장은 체류 만료일(${expiry}) 전에 신청해야 합니다. 신청일이 만료일보다 늦습니다. (출입국관리법 제25조)`,
  extensionAppliedInFuture: '연장 신청일은 오늘보다 뒤일 수 없습니다.',
  extensionApprovedInFuture: '연장 승인일은 오늘보다 뒤일 수 없습니다.',
} as const;

export type IdentityIssue = { field: string; message: string };

/** Today in Asia/Seoul, `YYYY-MM-DD`. */
export function seoulDay(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(now);
}

/** The first seven digits of a 외국인등록번호, plain (`9001015123456`) or masked (`900101-5******`). */
function arcHead(arc: string | null | undefined): string | null {
  if (!arc) return null;
  const head = arc.replace(/[\s-]/g, '').slice(0, 7);
  return /^\d{7}$/.test(head) ? head : null;
}

/** The row of the ARC's 7th digit in force on the day, if the digit is one the table knows. */
export function arcDigitRow(arc: string | null | undefined, today = seoulDay()): ArcDigitRow | null {
  const head = arcHead(arc);
  if (!head) return null;
  return rowsInForce(ARC_GENDER_DIGITS, today).find((row) => row.digit === Number(head[6])) ?? null;
}

/** Whether `YYYY-MM-DD` names a day of the calendar. */
function isRealDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date of birth a 외국인등록번호 states: its six digits in the century of its 7th digit (null if no real day). */
export function arcBirthDate(arc: string | null | undefined, today = seoulDay()): string | null {
  const head = arcHead(arc);
  const row = arcDigitRow(arc, today);
  if (!head || !row) return null;
  const born = `${row.century + Number(head.slice(0, 2))}-${head.slice(2, 4)}-${head.slice(4, 6)}`;
  return isRealDay(born) ? born : null;
}

/**
 * Whether the 외국인등록번호 agrees with the date of birth and gender. `stored` is the masked number already on
 * the record (an edit that sends none): the messages then name the field that changed.
 */
export function arcAgreementIssues(
  worker: { alienRegNo?: string | null; dateOfBirth?: string | null; gender?: Gender | null },
  options: { stored?: boolean; today?: string } = {},
): IdentityIssue[] {
  const today = options.today ?? seoulDay();
  const row = arcDigitRow(worker.alienRegNo, today);
  // A number or a date that is not well formed is the format check's to refuse, not this one's.
  const stated = arcBirthDate(worker.alienRegNo, today);
  if (!row || !stated) return [];
  const masked = `${arcHead(worker.alienRegNo)!.slice(0, 6)}-${row.digit}`;
  const issues: IdentityIssue[] = [];
  if (isRealDay(worker.dateOfBirth) && stated !== worker.dateOfBirth) {
    issues.push(
      options.stored
        ? { field: 'dateOfBirth', message: identityMessages.storedArcBirthMismatch(masked) }
        : { field: 'alienRegNo', message: identityMessages.arcBirthMismatch },
    );
  }
  if ((worker.gender === 'male' || worker.gender === 'female') && row.gender !== worker.gender) {
    issues.push(
      options.stored
        ? {
            field: 'gender',
            message: identityMessages.storedArcGenderMismatch(masked, GENDER_WORDS[row.gender]),
          }
        : {
            field: 'alienRegNo',
            message: identityMessages.arcGenderMismatch(row.digit, GENDER_WORDS[row.gender], row.century),
          },
    );
  }
  return issues;
}

/** Whether the visa has a stay limit on the day; a visa the table does not name is taken to have one. */
export function visaExpires(visaType: VisaType, today = seoulDay()): boolean {
  return rowsInForce(VISA_STAY_LIMITS, today).find((row) => row.visaType === visaType)?.expires ?? true;
}

/** The visa types that have a stay limit on the day (for SQL and lists). */
export function expiringVisaTypes(today = seoulDay()): VisaType[] {
  return rowsInForce(VISA_STAY_LIMITS, today)
    .filter((row) => row.expires)
    .map((row) => row.visaType);
}

export function visaExpiryIssues(
  worker: { visaType?: VisaType | null; visaExpiryDate?: string | null },
  today = seoulDay(),
): IdentityIssue[] {
  if (!worker.visaType || !(worker.visaType in VISA_TYPE_LABELS)) return [];
  if (worker.visaExpiryDate || !visaExpires(worker.visaType, today)) return [];
  return [
    {
      field: 'visaExpiryDate',
      message: identityMessages.visaExpiryRequired(VISA_TYPE_LABELS[worker.visaType]),
    },
  ];
}

/**
 * An extension's dates: filed on or before the expiry date it extends (`expiry`, the date before any approval),
 * and neither filed nor approved after today.
 */
export function extensionDateIssues(
  extension: { appliedAt?: string | null; approvedAt?: string | null; expiry?: string | null },
  today = seoulDay(),
): IdentityIssue[] {
  if (rowsInForce(EXTENSION_TIMING, today).length === 0) return [];
  const issues: IdentityIssue[] = [];
  const { appliedAt, approvedAt, expiry } = extension;
  if (appliedAt && appliedAt > today) {
    issues.push({ field: 'extensionAppliedAt', message: identityMessages.extensionAppliedInFuture });
  } else if (appliedAt && expiry && appliedAt > expiry) {
    issues.push({ field: 'extensionAppliedAt', message: identityMessages.extensionAfterExpiry(expiry) });
  }
  if (approvedAt && approvedAt > today) {
    issues.push({ field: 'extensionApprovedAt', message: identityMessages.extensionApprovedInFuture });
  }
  return issues;
}

/** A new worker's (or a whole form's) checks: the ARC typed agrees, the expiry is there when the visa has one. */
export function workerIdentityIssues(
  worker: {
    alienRegNo?: string | null;
    dateOfBirth?: string | null;
    gender?: Gender | null;
    visaType?: VisaType | null;
    visaExpiryDate?: string | null;
  },
  today = seoulDay(),
): IdentityIssue[] {
  return [...arcAgreementIssues(worker, { today }), ...visaExpiryIssues(worker, today)];
}

/**
 * What a stored worker breaks of these rules (rows kept from before them, never rewritten): the worker page shows
 * them as warnings, as `npm run check:data` lists them.
 */
export function workerIdentityWarnings(
  worker: {
    alienRegNo: string | null;
    dateOfBirth: string;
    gender: Gender;
    visaType: VisaType;
    visaExpiryDate: string | null;
    extensionStatus: string;
    extensionAppliedAt: string | null;
    extensionApprovedAt: string | null;
  },
  today = seoulDay(),
): string[] {
  const issues = [
    ...arcAgreementIssues(worker, { today }),
    ...visaExpiryIssues(worker, today),
    ...extensionDateIssues(
      {
        appliedAt: worker.extensionAppliedAt,
        approvedAt: worker.extensionApprovedAt,
        // Once approved, the expiry on the record is the new one: the date filed is no longer comparable.
        expiry: worker.extensionStatus === 'applied' ? worker.visaExpiryDate : null,
      },
      today,
    ),
  ];
  return [...new Set(issues.map((issue) => issue.message))];
}
