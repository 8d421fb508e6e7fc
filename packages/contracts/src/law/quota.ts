import type { EligibilityIssue } from '../eligibility';
import type { Industry } from '../industries';
import type { VisaType } from '../visas';
import { type LawRow, type LegalBasis, rowsInForce } from './basis';

/**
 * Employer eligibility (docs/law-as-data.md#employer-permits-and-quota): an employer takes an E-9 worker only under
 * a 고용허가서 (외국인고용법 제8조) and an H-2 worker only after a 특례고용가능확인서 (제12조), and never more
 * foreign workers than the 고용허용인원 the 외국인력정책위원회 sets by sector and by the number of Korean insured
 * employees (내국인 피보험자 수). The rows give the figures; `employerQuotaIssues` applies them to a contract.
 */

const LAW = '외국인근로자의 고용 등에 관한 법률';

/** The permits an employer records (employer_permits.type). */
export const EMPLOYER_PERMIT_TYPES = ['employment_permit', 'special_employment_confirmation'] as const;
export type EmployerPermitType = (typeof EMPLOYER_PERMIT_TYPES)[number];
export const EMPLOYER_PERMIT_TYPE_LABELS: Record<EmployerPermitType, string> = {
  employment_permit: '고용허가서',
  special_employment_confirmation: '특례고용가능확인서',
};

/** The visas a permit is needed for: those of the 고용허가제 (일반 E-9, 특례 H-2). */
export const PERMIT_VISAS = ['E-9', 'H-2'] as const satisfies readonly VisaType[];
export type PermitVisa = (typeof PERMIT_VISAS)[number];
export const isPermitVisa = (visa: VisaType | null | undefined): visa is PermitVisa =>
  visa === 'E-9' || visa === 'H-2';

/** Which permit a visa needs. */
export type PermitRule = { visa: PermitVisa; permit: EmployerPermitType };

export const PERMIT_RULE_ROWS: readonly LawRow<PermitRule>[] = [
  {
    visa: 'E-9',
    permit: 'employment_permit',
    basis: {
      law: LAW,
      article: '제8조',
      effectiveFrom: '2004-08-17',
      verify:
        '고용허가제 시행일(2004-08-17)로 적었습니다. 현행 제8조(고용허가서 발급·유효기간)의 개정 시행일은 확인하지 못했습니다.',
    },
  },
  {
    visa: 'H-2',
    permit: 'special_employment_confirmation',
    basis: {
      law: LAW,
      article: '제12조',
      effectiveFrom: '2007-03-04',
      verify:
        '방문취업제(특례고용가능확인서) 도입일을 2007-03-04로 적었으나 확인하지 못했습니다. 확인서의 유효기간(3년)도 확인하세요.',
    },
  },
];

/**
 * 고용허용인원 of a sector. `measure` is what the sector's table counts: `insured` (내국인 피보험자 수, the
 * bands below), or another size (영농규모, 공사금액, 어선 척수) the product does not record, so only the
 * permits' headcount limits those employers.
 */
export type QuotaRule = {
  sector: 'manufacturing' | 'service' | 'agriculture' | 'fishery' | 'construction';
  industries: readonly Industry[];
  visas: readonly PermitVisa[];
  measure: 'insured' | 'farm_size' | 'vessels' | 'construction_amount';
  /** Ascending: up to `maxInsured` insured employees (null: any more), at most `limit` foreign workers. */
  bands?: readonly { maxInsured: number | null; limit: number }[];
};

export const QUOTA_SECTOR_LABELS: Record<QuotaRule['sector'], string> = {
  manufacturing: '제조업',
  service: '서비스업',
  agriculture: '농축산업',
  fishery: '어업',
  construction: '건설업',
};

const QUOTA_BASIS: LegalBasis = {
  law: LAW,
  article: '제8조, 시행령 제13조의4',
  notice: '외국인력정책위원회 결정 · 고용노동부 「사업장별 외국인근로자 고용허용인원」',
  effectiveFrom: '2004-08-17',
  verify:
    '고용허용인원 표는 외국인력정책위원회가 정하며 해마다 바뀔 수 있습니다. 수치와 시행일을 최신 결정·고시 원문으로 확인하지 못했습니다(2023년 이후 한도 상향·가산 인원 포함 여부 확인 필요).',
};

export const QUOTA_ROWS: readonly LawRow<QuotaRule>[] = [
  {
    sector: 'manufacturing',
    industries: ['manufacturing', 'shipbuilding'],
    visas: PERMIT_VISAS,
    measure: 'insured',
    bands: [
      { maxInsured: 10, limit: 5 },
      { maxInsured: 50, limit: 10 },
      { maxInsured: 100, limit: 15 },
      { maxInsured: 150, limit: 20 },
      { maxInsured: 200, limit: 25 },
      { maxInsured: 300, limit: 30 },
      { maxInsured: null, limit: 40 },
    ],
    basis: QUOTA_BASIS,
  },
  {
    sector: 'service',
    industries: ['service', 'food_service', 'accommodation', 'logistics', 'cleaning', 'recycling'],
    visas: PERMIT_VISAS,
    measure: 'insured',
    bands: [
      { maxInsured: 5, limit: 2 },
      { maxInsured: 10, limit: 3 },
      { maxInsured: 15, limit: 4 },
      { maxInsured: 20, limit: 5 },
      { maxInsured: null, limit: 6 },
    ],
    basis: {
      ...QUOTA_BASIS,
      verify: `${QUOTA_BASIS.verify} 특례(H-2) 서비스업은 허용 업종이 넓고 한도가 다를 수 있습니다.`,
    },
  },
  {
    sector: 'agriculture',
    industries: ['agriculture', 'livestock'],
    visas: PERMIT_VISAS,
    measure: 'farm_size',
    basis: {
      ...QUOTA_BASIS,
      verify:
        '농축산업은 작물·축종별 영농규모로 한도를 정합니다. 영농규모를 기록하지 않으므로 고용허가서 인원만 검사합니다.',
    },
  },
  {
    sector: 'fishery',
    industries: ['fishery'],
    visas: PERMIT_VISAS,
    measure: 'vessels',
    basis: {
      ...QUOTA_BASIS,
      verify:
        '어업은 어선 척수·양식장 면적으로 한도를 정합니다. 이를 기록하지 않으므로 고용허가서 인원만 검사합니다.',
    },
  },
  {
    sector: 'construction',
    industries: ['construction'],
    visas: PERMIT_VISAS,
    measure: 'construction_amount',
    basis: {
      ...QUOTA_BASIS,
      verify:
        '건설업은 연평균 공사금액으로 한도를 정합니다. 공사금액을 기록하지 않으므로 고용허가서 인원만 검사합니다.',
    },
  },
];

/** The sectors whose 고용허용인원 counts insured employees: the ones the operator keeps current as a setting. */
export const QUOTA_TABLE_SECTORS = [
  'manufacturing',
  'service',
] as const satisfies readonly QuotaRule['sector'][];
export type QuotaTableSector = (typeof QUOTA_TABLE_SECTORS)[number];
export type QuotaBand = { maxInsured: number | null; limit: number };

/**
 * One version of the 고용허용인원 table as the operator keeps it (docs/law-as-data.md#operator-kept-rows): the bands
 * of each insured-counted sector from its 시행일, and where the figures come from. The setting
 * `employerQuotaTables` holds the versions; the one with the latest 시행일 not after a contract's start applies.
 */
export type QuotaTableVersion = {
  effectiveFrom: string;
  bands: Record<QuotaTableSector, QuotaBand[]>;
  /** The decision or notice the figures come from (외국인력정책위원회 결정, 고용노동부 공고 번호). */
  note: string;
};

/** The setting's first value: the table rows of this file (their 시행일 and bands). */
export function quotaTablesDefault(): QuotaTableVersion[] {
  const bandsOf = (sector: QuotaTableSector) =>
    (QUOTA_ROWS.find((row) => row.sector === sector)?.bands ?? []).map((band) => ({ ...band }));
  return [
    {
      effectiveFrom: QUOTA_BASIS.effectiveFrom ?? '2004-08-17',
      bands: { manufacturing: bandsOf('manufacturing'), service: bandsOf('service') },
      note: QUOTA_BASIS.notice ?? '',
    },
  ];
}

/** The version in force on the day: the latest 시행일 not after it, or null (every version starts later). */
export function quotaTableOn(tables: readonly QuotaTableVersion[], date: string): QuotaTableVersion | null {
  let found: QuotaTableVersion | null = null;
  for (const version of tables) {
    if (version.effectiveFrom <= date && (!found || version.effectiveFrom > found.effectiveFrom))
      found = version;
  }
  return found;
}

/** Which permit the visa needs on the day, with its row, or null (another visa, a day before the 시행일). */
export function permitRuleFor(visa: VisaType | null | undefined, date: string): LawRow<PermitRule> | null {
  if (!isPermitVisa(visa)) return null;
  return rowsInForce(PERMIT_RULE_ROWS, date).find((row) => row.visa === visa) ?? null;
}

/**
 * The 고용허용인원 of an employer of the industry with so many insured employees, on the day, for the visa; null
 * when no row in force counts insured employees for it (the permits' headcount alone limits the employer then).
 */
export function quotaFor(
  industry: Industry,
  insuredEmployees: number,
  visa: VisaType,
  date: string,
  /** The operator's versions (the `employerQuotaTables` setting); without them, the rows of this file. */
  tables?: readonly QuotaTableVersion[],
): { limit: number; basis: LegalBasis; sector: QuotaRule['sector'] } | null {
  if (!isPermitVisa(visa)) return null;
  const row = rowsInForce(QUOTA_ROWS, date).find(
    (r) => r.industries.includes(industry) && r.visas.includes(visa),
  );
  if (row?.measure !== 'insured' || !row.bands) return null;
  const sector = row.sector as QuotaTableSector;
  const version = tables ? quotaTableOn(tables, date) : null;
  const bands = version ? version.bands[sector] : row.bands;
  const band = bands.find((b) => b.maxInsured === null || insuredEmployees <= b.maxInsured);
  if (!band) return null;
  // The setting's figures name their version: its 시행일 and the notice the operator entered.
  const basis: LegalBasis = version
    ? {
        ...row.basis,
        effectiveFrom: version.effectiveFrom,
        notice: `설정값(${version.effectiveFrom} 시행)${version.note ? ` · ${version.note}` : ''}`,
      }
    : row.basis;
  return { limit: band.limit, basis, sector: row.sector };
}

/** A permit as the check reads it. */
export type EmployerPermitRecord = {
  type: EmployerPermitType;
  validFrom: string;
  validTo: string;
  headcount: number;
};

/** Another contracted or working matching at the employer, of a worker holding E-9 or H-2. */
export type HeldEpsContract = { visa: PermitVisa; startDate: string; endDate: string | null };

/** What the check needs of the employer (its industry, 상시 근로자 수 as the insured count, permits, contracts). */
export type EmployerQuotaInput = {
  industry: Industry;
  /** The employer's `employeeCount` (상시 근로자 수), read as 내국인 피보험자 수. */
  employeeCount: number;
  permits: readonly EmployerPermitRecord[];
  /** The employer's other contracted or working E-9/H-2 matchings (this one left out). */
  held: readonly HeldEpsContract[];
  /** The `employerQuotaTables` setting; without it, the rows of this file. */
  quotaTables?: readonly QuotaTableVersion[];
};

function addDays(date: string, days: number): string {
  const target = new Date(`${date}T00:00:00Z`);
  target.setUTCDate(target.getUTCDate() + days);
  return target.toISOString().slice(0, 10);
}

function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** The last day of a contract of `months` from `start` (null: open-ended). */
export function contractEndDate(start: string, months: number | null): string | null {
  return months ? addDays(addMonths(start, months), -1) : null;
}

/** The permits of the type valid on the day, and their headcount together. */
export function permitsValidOn(
  permits: readonly EmployerPermitRecord[],
  type: EmployerPermitType,
  date: string,
): { permits: EmployerPermitRecord[]; headcount: number } {
  const valid = permits.filter((p) => p.type === type && p.validFrom <= date && date <= p.validTo);
  return { permits: valid, headcount: valid.reduce((sum, p) => sum + p.headcount, 0) };
}

/** How many of `held` (matching `which`) work on the day. */
function workingOn(held: readonly HeldEpsContract[], date: string, which: (h: HeldEpsContract) => boolean) {
  return held.filter((h) => which(h) && h.startDate <= date && (h.endDate === null || h.endDate >= date))
    .length;
}

/**
 * The most of `held` (matching `which`) working on one day of the new contract's term — its start, or a later
 * start of another inside the term (the count only grows on a start) — and that day.
 */
function peak(
  held: readonly HeldEpsContract[],
  start: string,
  end: string | null,
  which: (h: HeldEpsContract) => boolean,
): { count: number; on: string } {
  const days = [
    start,
    ...held
      .filter((h) => which(h) && h.startDate > start && (end === null || h.startDate <= end))
      .map((h) => h.startDate),
  ];
  let best = { count: -1, on: start };
  for (const day of days) {
    const count = workingOn(held, day, which);
    if (count > best.count) best = { count, on: day };
  }
  return best;
}

/**
 * The issues of a contract of a worker holding `visa` at the employer (all `hard`; the engine makes them warnings
 * before the contract step): no permit of the needed type valid on the start (EMPLOYER_PERMIT_MISSING), or one
 * more worker than the permits' headcount or the 고용허용인원 allows on some day of the contract's term
 * (EMPLOYER_QUOTA_EXCEEDED). The permits' headcount counts the workers of the same visa; the 고용허용인원 counts
 * E-9 and H-2 together (both are 고용허가제 workers of the one workplace).
 */
export function employerQuotaIssues(args: {
  visa: VisaType | null;
  startDate: string | null;
  contractMonths: number | null;
  today: string;
  employer: EmployerQuotaInput;
}): EligibilityIssue[] {
  const { visa, employer } = args;
  const on = args.startDate ?? args.today;
  const rule = permitRuleFor(visa, on);
  if (!rule || !isPermitVisa(visa)) return [];
  const label = EMPLOYER_PERMIT_TYPE_LABELS[rule.permit];
  const valid = permitsValidOn(employer.permits, rule.permit, on);
  if (valid.permits.length === 0) {
    return [
      {
        code: 'EMPLOYER_PERMIT_MISSING',
        severity: 'hard',
        message: `${visa} 근로자를 고용하려면 근무 시작일(${on})에 유효한 ${label}가 있어야 합니다. 사업주 상세의 고용허가에서 ${label}를 등록해 주세요.`,
        basis: rule.basis,
      },
    ];
  }
  const end = args.startDate ? contractEndDate(args.startDate, args.contractMonths) : null;
  const issues: EligibilityIssue[] = [];
  const sameVisa = peak(employer.held, on, end, (h) => h.visa === visa);
  if (sameVisa.count + 1 > valid.headcount) {
    issues.push({
      code: 'EMPLOYER_QUOTA_EXCEEDED',
      severity: 'hard',
      message: `${label} 허가인원 ${valid.headcount}명 중 ${sameVisa.count}명이 계약·근무 중입니다(${sameVisa.on} 기준). 더 고용할 수 없습니다.`,
      basis: rule.basis,
    });
  }
  const quota = quotaFor(employer.industry, employer.employeeCount, visa, on, employer.quotaTables);
  if (quota) {
    const all = peak(employer.held, on, end, () => true);
    if (all.count + 1 > quota.limit) {
      issues.push({
        code: 'EMPLOYER_QUOTA_EXCEEDED',
        severity: 'hard',
        message: `고용허용인원 ${quota.limit}명 중 ${all.count}명이 계약·근무 중입니다(${all.on} 기준, ${QUOTA_SECTOR_LABELS[quota.sector]} 내국인 피보험자 ${employer.employeeCount}명). 더 고용할 수 없습니다.`,
        basis: quota.basis,
      });
    }
  }
  return issues;
}

/** The employer's use of its 고용허용인원 on the day (the detail page's 고용허가 section). */
export function employerQuotaUsage(args: { employer: EmployerQuotaInput; date: string }): {
  visa: PermitVisa;
  permit: EmployerPermitType;
  used: number;
  /** E-9 and H-2 together, as the 고용허용인원 counts them. */
  usedAllEps: number;
  permitHeadcount: number;
  quota: number | null;
  limit: number;
  basis: LegalBasis | null;
  quotaBasis: LegalBasis | null;
}[] {
  const { employer, date } = args;
  return PERMIT_VISAS.flatMap((visa) => {
    const rule = permitRuleFor(visa, date);
    if (!rule) return [];
    const valid = permitsValidOn(employer.permits, rule.permit, date);
    const quota = quotaFor(employer.industry, employer.employeeCount, visa, date, employer.quotaTables);
    const limit = quota ? Math.min(valid.headcount, quota.limit) : valid.headcount;
    return [
      {
        visa,
        permit: rule.permit,
        used: workingOn(employer.held, date, (h) => h.visa === visa),
        usedAllEps: workingOn(employer.held, date, () => true),
        permitHeadcount: valid.headcount,
        quota: quota?.limit ?? null,
        limit,
        basis: rule.basis,
        quotaBasis: quota?.basis ?? null,
      },
    ];
  });
}
