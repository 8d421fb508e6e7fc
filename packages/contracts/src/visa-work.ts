import { josa } from 'es-hangul';
import { DUTY_LABELS, type Duty } from './duties';
import { INDUSTRY_LABELS, type Industry } from './industries';
import { type LegalBasis, rowsInForce } from './law/basis';
import {
  ONE_EMPLOYER_ROWS,
  type PilotSector,
  STUDENT_HOURS_ROWS,
  type StudyCourse,
  sectorRowsWith,
  VISA_CONTRACT_MONTHS_ROWS,
  VISA_SECTOR_ROWS,
  VISA_STAY_ROWS,
} from './law/visas';
import {
  KOREAN_LEVEL_LABELS,
  KOREAN_LEVELS,
  type KoreanLevel,
  VISA_TYPE_LABELS,
  type VisaType,
} from './visas';

/**
 * The visa part of the rule engine (docs/law-as-data.md#visas): what work a visa permits on a day, read from the
 * law tables in `law/visas.ts`. `checkEligibility` calls `visaWorkIssues` and adds what it returns.
 */

/** A recorded 시간제취업허가 (체류자격 외 활동허가) of a D-2/D-4 holder. */
export type PartTimePermit = {
  number: string;
  weeklyHours: number;
  /** `YYYY-MM-DD`, inclusive. */
  validFrom: string;
  /** `YYYY-MM-DD`, inclusive; null while open-ended. */
  validTo: string | null;
};

export type VisaWorkCode =
  | 'VISA_SECTOR_NOT_PERMITTED'
  | 'VISA_DUTY_NOT_PERMITTED'
  | 'VISA_CONTRACT_TOO_LONG'
  | 'VISA_HOURS_OVER_LIMIT'
  | 'VISA_PART_TIME_PERMIT_MISSING'
  | 'VISA_STAY_TOO_SHORT';

export type VisaWorkIssue = {
  code: VisaWorkCode;
  severity: 'hard' | 'warning';
  message: string;
  basis?: LegalBasis;
};

export type VisaWorkInput = {
  visaType: VisaType;
  koreanLevel: KoreanLevel;
  /** `YYYY-MM-DD` of entry; D-4 holders work only after a stay. Absent: not known to the caller. */
  entryDate?: string | null;
  /** D-2/D-4 course of study; absent: 어학연수 for D-4, 학사 for D-2. */
  studyCourse?: StudyCourse | null;
  /** The recorded permit; null: none recorded; absent: not known to the caller (not checked). */
  partTimePermit?: PartTimePermit | null;
  industry: Industry;
  /** The post's duty; absent: not known to the caller (only the industry is checked). */
  duty?: Duty;
  employmentType: string;
  weeklyHours: number;
  contractMonths: number | null;
  /** The `pilotSectors` setting (law/visas.ts); absent: the pilot rows as released. */
  pilotSectors?: readonly PilotSector[];
};

/** How a visa stands in an industry and duty on a day, with the row that decides. */
export function visaSectorDecision(
  visa: VisaType,
  industry: Industry,
  duty: Duty | undefined,
  date: string,
  /** The `pilotSectors` setting; absent: the pilot rows as released. */
  pilots?: readonly PilotSector[],
): { industry: boolean; duty: boolean; basis?: LegalBasis } {
  const all = sectorRowsWith(pilots);
  const rows = rowsInForce(all, date).filter(
    (row) => row.visa === visa && (row.industries === 'all' || row.industries.includes(industry)),
  );
  if (rows.length === 0) {
    // A pilot of the industry that ended (or starts later) is the row to cite; else the visa's first row.
    const any =
      all.find((row) => row.visa === visa && row.industries !== 'all' && row.industries.includes(industry)) ??
      VISA_SECTOR_ROWS.find((row) => row.visa === visa);
    return { industry: false, duty: false, ...(any ? { basis: any.basis } : {}) };
  }
  const fits = rows.find((row) => duty === undefined || !row.duties || row.duties.includes(duty));
  const first = rows[0] as (typeof rows)[number];
  return { industry: true, duty: fits !== undefined, basis: (fits ?? first).basis };
}

/** The duties of the industry the visa may take on the day ('all' when the industry has no narrower rule). */
export function dutiesPermitted(
  visa: VisaType,
  industry: Industry,
  date: string,
  pilots?: readonly PilotSector[],
): readonly Duty[] | 'all' {
  const rows = rowsInForce(sectorRowsWith(pilots), date).filter(
    (row) => row.visa === visa && (row.industries === 'all' || row.industries.includes(industry)),
  );
  if (rows.some((row) => !row.duties)) return 'all';
  return [...new Set(rows.flatMap((row) => row.duties ?? []))];
}

/** The industries a visa may work in on any current row (the rows without an end), in table order. */
export function currentVisaIndustries(visa: VisaType, all: readonly Industry[]): readonly Industry[] | 'all' {
  const rows = VISA_SECTOR_ROWS.filter((row) => row.visa === visa && !row.basis.effectiveTo);
  if (rows.some((row) => row.industries === 'all')) return 'all';
  const set = new Set(rows.flatMap((row) => row.industries as readonly Industry[]));
  return all.filter((industry) => set.has(industry));
}

/** Whether the visa binds its holder to one employer on the day, with the row that says so. */
export function oneEmployerRule(visa: VisaType, date: string): LegalBasis | null {
  return rowsInForce(ONE_EMPLOYER_ROWS, date).find((row) => row.visa === visa)?.basis ?? null;
}

/** The weekly hours a D-2/D-4 holder may work on the day by the table (null: no row, or not a student visa). */
export function studentHoursLimit(
  visa: VisaType,
  course: StudyCourse | null | undefined,
  level: KoreanLevel,
  date: string,
): { weeklyHours: number; minKoreanLevel: KoreanLevel; basis: LegalBasis } | null {
  if (visa !== 'D-2' && visa !== 'D-4') return null;
  const studyCourse = course ?? (visa === 'D-4' ? 'language' : 'bachelor');
  const rank = KOREAN_LEVELS.indexOf(level);
  const rows = rowsInForce(STUDENT_HOURS_ROWS, date)
    .filter(
      (row) =>
        row.visa === visa && row.course === studyCourse && KOREAN_LEVELS.indexOf(row.minKoreanLevel) <= rank,
    )
    .sort((a, b) => KOREAN_LEVELS.indexOf(b.minKoreanLevel) - KOREAN_LEVELS.indexOf(a.minKoreanLevel));
  const row = rows[0];
  return row ? { weeklyHours: row.weeklyHours, minKoreanLevel: row.minKoreanLevel, basis: row.basis } : null;
}

export function permitValidOn(permit: PartTimePermit, date: string): boolean {
  return permit.validFrom <= date && (permit.validTo === null || date <= permit.validTo);
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

/**
 * The issues of the visa's work rules for a post, on `date` (the contract's start date, or today). `hold` counts
 * only what makes a held matching unlawful; a missing permit is a warning before the contract, hard from it.
 */
export function visaWorkIssues(
  input: VisaWorkInput,
  stage: 'propose' | 'accept' | 'contract' | 'start' | 'hold',
  date: string,
): VisaWorkIssue[] {
  const issues: VisaWorkIssue[] = [];
  const visaLabel = VISA_TYPE_LABELS[input.visaType];
  const push = (code: VisaWorkCode, severity: 'hard' | 'warning', message: string, basis?: LegalBasis) =>
    issues.push({ code, severity, message, ...(basis ? { basis } : {}) });

  const sector = visaSectorDecision(input.visaType, input.industry, input.duty, date, input.pilotSectors);
  if (!sector.industry) {
    push(
      'VISA_SECTOR_NOT_PERMITTED',
      'hard',
      `${josa(visaLabel, '은/는')} ${INDUSTRY_LABELS[input.industry]}에서 일할 수 없습니다.`,
      sector.basis,
    );
  } else if (!sector.duty && input.duty !== undefined) {
    const permitted = dutiesPermitted(input.visaType, input.industry, date, input.pilotSectors);
    const list =
      permitted === 'all' ? '' : ` (허용 직무: ${permitted.map((d) => DUTY_LABELS[d]).join(', ')})`;
    push(
      'VISA_DUTY_NOT_PERMITTED',
      'hard',
      `${josa(visaLabel, '은/는')} ${INDUSTRY_LABELS[input.industry]}의 ${DUTY_LABELS[input.duty]} 직무에서 일할 수 없습니다${list}.`,
      sector.basis,
    );
  }

  const months = rowsInForce(VISA_CONTRACT_MONTHS_ROWS, date).find((row) => row.visa === input.visaType);
  if (months && input.contractMonths !== null) {
    if (input.contractMonths > months.extendedMonths) {
      push(
        'VISA_CONTRACT_TOO_LONG',
        'hard',
        `${visaLabel}의 계약 기간은 최대 ${months.extendedMonths}개월(연장 포함)입니다. 이 공고는 ${input.contractMonths}개월입니다.`,
        months.basis,
      );
    } else if (input.contractMonths > months.months && stage !== 'hold') {
      push(
        'VISA_CONTRACT_TOO_LONG',
        'warning',
        `${visaLabel}의 기본 체류기간은 ${months.months}개월입니다. ${input.contractMonths}개월 계약은 체류기간 연장 허가가 필요합니다.`,
        months.basis,
      );
    }
  }

  const hours = studentHoursLimit(input.visaType, input.studyCourse, input.koreanLevel, date);
  if (hours && input.employmentType === 'part_time') {
    const permit = input.partTimePermit;
    const validPermit = permit && permitValidOn(permit, date) ? permit : null;
    if (permit !== undefined && !validPermit && stage !== 'hold') {
      push(
        'VISA_PART_TIME_PERMIT_MISSING',
        stage === 'propose' || stage === 'accept' ? 'warning' : 'hard',
        permit
          ? `시간제취업허가(${permit.number})의 유효기간(${permit.validFrom}~${permit.validTo ?? ''})이 근무 시작일(${date})을 포함하지 않습니다.`
          : `${josa(visaLabel, '은/는')} 시간제취업허가를 받아야 일할 수 있습니다. 허가가 등록되어 있지 않습니다.`,
        hours.basis,
      );
    }
    const limit = validPermit ? Math.min(validPermit.weeklyHours, hours.weeklyHours) : hours.weeklyHours;
    if (input.weeklyHours > limit) {
      const why =
        validPermit && validPermit.weeklyHours < hours.weeklyHours
          ? `시간제취업허가(${validPermit.number})의 허용 시간`
          : `${visaLabel}${hours.minKoreanLevel === 'none' ? '' : `(${KOREAN_LEVEL_LABELS[hours.minKoreanLevel]} 이상)`}의 주당 허용 시간`;
      push(
        'VISA_HOURS_OVER_LIMIT',
        'hard',
        `주 ${input.weeklyHours}시간 근무는 ${why}(주 ${limit}시간)을 넘습니다.`,
        hours.basis,
      );
    }
  }

  const stay = rowsInForce(VISA_STAY_ROWS, date).find((row) => row.visa === input.visaType);
  if (stay && input.entryDate && stage !== 'hold') {
    const from = addMonths(input.entryDate, stay.minStayMonths);
    if (date < from) {
      push(
        'VISA_STAY_TOO_SHORT',
        'hard',
        `${josa(visaLabel, '은/는')} 입국 후 ${stay.minStayMonths}개월이 지나야 일할 수 있습니다(입국 ${input.entryDate}, ${from}부터 가능).`,
        stay.basis,
      );
    }
  }
  return issues;
}
