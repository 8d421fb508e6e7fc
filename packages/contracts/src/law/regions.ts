import type { EligibilityIssue } from '../eligibility';
import type { Region } from '../regions';
import type { VisaType } from '../visas';
import { type LawRow, rowsInForce } from './basis';

/**
 * 사업장 변경 권역 (docs/law-as-data.md#workplace-change-regions): an E-9 worker who changes workplace is placed by
 * the 고용센터 only within the 권역 of the workplace of the worker's first 고용허가 (신규 입국·재입국), and since the
 * 2025 easing only a move from outside 수도권 into it is held back. The rule is a 고용노동부 지침 the 고용센터
 * applies when it approves a change, so the product warns (WORKPLACE_CHANGE_REGION) and never refuses. Rows, so
 * the map and the rule can change on a date.
 */

/** The five 권역, named as the 지침 and the press name them. */
export const REGION_GROUPS = ['수도권', '충청권', '전라·제주권', '경북·강원권', '경남권'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

/** A 시도 (the employer's `region`) and the 권역 it belongs to. */
export type RegionGroupRule = { region: Region; group: RegionGroup };

const LAW = '외국인근로자의 고용 등에 관한 법률';
const ARTICLE = '제25조 (사업장 변경)';
const NOTICE = '고용노동부 사업장 변경 지침(권역 내 사업장 변경)';
/** 2023-07-05 외국인력정책위원회 의결, applied by the 고용센터 from September 2023. */
const REGIONS_FROM = '2023-09-19';
/** The 2025 easing (2025-04-10 민생 규제 개선안, "상반기 내" 시행): the last day its announcement allows. */
const EASED_FROM = '2025-07-01';

const DATE_VERIFY =
  '2023-07-05 외국인력정책위원회 의결, 2023년 9월 시행(중소기업뉴스 “지난 19일 시행”)으로 보도되었으나 지침 원문과 정확한 시행일을 확인하지 못했습니다.';
const groupRow = (region: Region, group: RegionGroup, named: boolean): LawRow<RegionGroupRule> => ({
  region,
  group,
  basis: {
    law: LAW,
    article: ARTICLE,
    notice: NOTICE,
    effectiveFrom: REGIONS_FROM,
    verify: named
      ? `${DATE_VERIFY} 5개 권역(수도권·경남권·경북·강원권·전라·제주권·충청권)은 여러 보도로 확인했습니다.`
      : `${DATE_VERIFY} 5개 권역은 보도로 확인했으나 광역시·특별자치시(${region})가 어느 권역에 속하는지는 원문으로 확인하지 못했습니다(인접 도의 권역으로 둠).`,
  },
});

/** Every 시도 of REGIONS, in its order, with its 권역; `regions.test.ts` checks none is missing. */
export const REGION_GROUP_ROWS: readonly LawRow<RegionGroupRule>[] = [
  groupRow('서울특별시', '수도권', true),
  groupRow('부산광역시', '경남권', false),
  groupRow('대구광역시', '경북·강원권', false),
  groupRow('인천광역시', '수도권', true),
  groupRow('광주광역시', '전라·제주권', false),
  groupRow('대전광역시', '충청권', false),
  groupRow('울산광역시', '경남권', false),
  groupRow('세종특별자치시', '충청권', false),
  groupRow('경기도', '수도권', true),
  groupRow('강원특별자치도', '경북·강원권', true),
  groupRow('충청북도', '충청권', true),
  groupRow('충청남도', '충청권', true),
  groupRow('전북특별자치도', '전라·제주권', true),
  groupRow('전라남도', '전라·제주권', true),
  groupRow('경상북도', '경북·강원권', true),
  groupRow('경상남도', '경남권', true),
  groupRow('제주특별자치도', '전라·제주권', true),
];

/**
 * How far a change may go. `within_group`: only within the 권역 of the first workplace. `not_into_capital`: anywhere
 * but into 수도권 from outside it.
 */
export type RegionMoveRule = {
  rule: 'within_group' | 'not_into_capital';
  visas: readonly VisaType[];
  /** Workers who entered (신규 입국·재입국) before this day are not held to the 권역. */
  entriesFrom: string;
  /** Changes the employer caused (폭행·성희롱·휴업·폐업 등) are not held to the 권역. */
  excludesEmployerCaused: boolean;
};

const EXEMPT_VERIFY =
  '예외(사용자의 폭행·성희롱 등 외국인근로자의 책임이 아닌 사유, 고용센터가 인정한 권역 밖 변경)의 범위를 원문으로 확인하지 못해, 사용자 귀책으로 기록된 변경은 모두 경고에서 뺍니다.';
const ENTRY_VERIFY =
  '“2023년 9월 이후 입국(신규·재입국)한 근로자부터 적용”은 보도로만 확인했습니다. 입국일이 없는 근로자는 적용 대상으로 봅니다.';

export const REGION_MOVE_ROWS: readonly LawRow<RegionMoveRule>[] = [
  {
    rule: 'within_group',
    visas: ['E-9'],
    entriesFrom: REGIONS_FROM,
    excludesEmployerCaused: true,
    basis: {
      law: LAW,
      article: ARTICLE,
      notice: NOTICE,
      effectiveFrom: REGIONS_FROM,
      effectiveTo: EASED_FROM,
      verify: `${DATE_VERIFY} 기준 권역은 최초(신규·재입국) 고용허가 사업장의 권역입니다. ${ENTRY_VERIFY} ${EXEMPT_VERIFY}`,
    },
  },
  {
    rule: 'not_into_capital',
    visas: ['E-9'],
    entriesFrom: REGIONS_FROM,
    excludesEmployerCaused: true,
    basis: {
      law: LAW,
      article: ARTICLE,
      notice: NOTICE,
      effectiveFrom: EASED_FROM,
      verify: `2025-04-10 국정현안관계장관회의 「중소기업·소상공인 민생 규제 개선안」은 수도권→비수도권, 비수도권 간 이동을 허용하고 수도권으로의 이동만 계속 제한하며 “상반기 내” 시행한다고 발표했습니다. 실제 지침 개정일을 확인하지 못해 상반기의 다음 날(2025-07-01)을 시행일로 둡니다(그 전에는 권역 내 변경만 허용으로 경고). 2025년 9월 고용노동부가 권역 제한 추가 완화를 논의했다는 보도가 있으나 결과를 확인하지 못했습니다. ${ENTRY_VERIFY} ${EXEMPT_VERIFY}`,
    },
  },
];

/** The 권역 row of the 시도 on the day, or null (an unknown region, a day before the 시행일). */
export function regionGroupOf(region: string | null, onDate: string): LawRow<RegionGroupRule> | null {
  if (region === null) return null;
  return rowsInForce(REGION_GROUP_ROWS, onDate).find((row) => row.region === region) ?? null;
}

/** An earlier employment of the worker: its employer's 시도 and its start (or contract) date. */
export type EarlierWorkplace = { region: string; date: string | null };

/**
 * The workplace the 권역 is counted from: the first employment that began on or after the worker's entry (신규 입국·
 * 재입국); without an entry date, the first of all. Undated employments come last. Null: no earlier employment
 * since the entry, so this one is the first workplace and no change.
 */
export function originWorkplace(
  earlier: readonly EarlierWorkplace[],
  entryDate: string | null | undefined,
): EarlierWorkplace | null {
  const since = earlier.filter((w) => !entryDate || w.date === null || w.date >= entryDate);
  const dated = since.filter((w) => w.date !== null).sort((a, b) => (a.date! < b.date! ? -1 : 1));
  return dated[0] ?? since[0] ?? null;
}

export type RegionMove = {
  visa: VisaType | null;
  entryDate?: string | null;
  /** The worker's earlier employments (contracted or later), any order. */
  earlier: readonly EarlierWorkplace[];
  /** The new employer's 시도. */
  to: string | null;
  /** The change recorded for this move was caused by the employer. */
  employerCaused: boolean;
  /** `YYYY-MM-DD`: the new contract's start (or today). */
  onDate: string;
};

/**
 * A warning (WORKPLACE_CHANGE_REGION) when a move to a new employer leaves what the 권역 rule in force on `onDate`
 * allows, naming both 권역 and the rule's basis; none for other visas, before the 시행일, for a worker who entered
 * before the 권역 applied, for an employer-caused change, or when a 시도 is unknown. The caller asks only for a move
 * to a new employer.
 */
export function workplaceRegionIssues(move: RegionMove): EligibilityIssue[] {
  const visa = move.visa;
  if (!visa) return [];
  const row = rowsInForce(REGION_MOVE_ROWS, move.onDate).find((r) => r.visas.includes(visa));
  if (!row) return [];
  if (move.entryDate && move.entryDate < row.entriesFrom) return [];
  if (row.excludesEmployerCaused && move.employerCaused) return [];
  const origin = originWorkplace(move.earlier, move.entryDate);
  const from = origin && regionGroupOf(origin.region, move.onDate);
  const to = regionGroupOf(move.to, move.onDate);
  if (!origin || !from || !to || from.group === to.group) return [];
  const capital: RegionGroup = '수도권';
  if (row.rule === 'not_into_capital' && to.group !== capital) return [];
  const message =
    row.rule === 'within_group'
      ? `최초 고용허가 사업장의 권역(${from.group}, ${from.region}) 밖인 ${to.group}(${to.region})으로의 사업장 변경입니다. 권역 내 변경만 허용되어 고용센터가 승인하지 않을 수 있습니다.`
      : `최초 고용허가 사업장이 ${from.group}(${from.region})인 근로자의 수도권(${to.region}) 사업장으로의 변경입니다. 비수도권에서 수도권으로의 변경은 제한되어 고용센터가 승인하지 않을 수 있습니다.`;
  return [{ code: 'WORKPLACE_CHANGE_REGION', severity: 'warning', message, basis: row.basis }];
}
