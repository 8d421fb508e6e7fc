import { type Duty, dutyBelongsTo } from '../duties';
import { INDUSTRIES, type Industry } from '../industries';
import type { KoreanLevel, VisaType } from '../visas';
import type { LawRow, LegalBasis } from './basis';

/**
 * What work each visa permits, as law rows (docs/law-as-data.md#visas): the sectors and duties a holder may work
 * in, the E-8 contract length, the weekly hours of students by course and TOPIK level, D-4's stay before work, and
 * which visas bind the holder to one employer. The rule engine (eligibility.ts) reads the rows in force on the
 * contract's start date.
 */

const EMPLOYMENT_ACT = '외국인근로자의 고용 등에 관한 법률';
const IMMIGRATION_ACT = '출입국관리법';
const IMMIGRATION_DECREE = '출입국관리법 시행령';

const EPS_SECTORS: LegalBasis = {
  law: EMPLOYMENT_ACT,
  article: '제4조, 제8조',
  notice: '외국인력정책위원회 결정 · 고용노동부 공고 「외국인근로자 도입 업종 및 규모」',
  effectiveFrom: '2004-08-17',
  verify:
    '고용허가제 허용 업종은 매년 외국인력정책위원회 결정·공고로 정해집니다. 최신 공고의 업종 목록을 확인하세요.',
};

const STUDENT_WORK: LegalBasis = {
  law: IMMIGRATION_ACT,
  article: '제20조(체류자격 외 활동), 시행령 제25조',
  notice: '법무부 「외국인 유학생 시간제취업 업무처리 지침」',
  effectiveFrom: '2025-01-01',
  verify: '지침의 최신 개정일과 과정·TOPIK 등급별 허용 시간(학부 우수자 30시간 확대 여부 등)을 확인하세요.',
};

/** A visa may work in these industries (and, where `duties` is given, only in these duties of them). */
export type VisaSectorRow = LawRow<{
  visa: VisaType;
  industries: readonly Industry[] | 'all';
  /** Only these duties are permitted; absent: any duty of the industries. */
  duties?: readonly Duty[];
  /**
   * A pilot (시범 도입) the 외국인력정책위원회 opens and closes between releases: the operator keeps these rows
   * current as the `pilotSectors` setting (docs/law-as-data.md#operator-kept-rows); this row only seeds it.
   */
  pilot?: true;
}>;

/** Every industry but construction (students may not work in it), derived so a new industry is not missed. */
const ALL_BUT_CONSTRUCTION: readonly Industry[] = INDUSTRIES.filter(
  (industry) => industry !== 'construction',
);

export const VISA_SECTOR_ROWS: readonly VisaSectorRow[] = [
  {
    visa: 'E-9',
    industries: [
      'manufacturing',
      'construction',
      'agriculture',
      'livestock',
      'fishery',
      'recycling',
      'shipbuilding',
    ],
    basis: EPS_SECTORS,
  },
  {
    visa: 'E-9',
    industries: ['forestry', 'mining'],
    basis: {
      ...EPS_SECTORS,
      notice: '외국인력정책위원회 결정(2023-11-27) · 「2024년 외국인력 도입·운용계획」',
      effectiveFrom: '2024-01-01',
      verify: '임업(산림사업법인 등)·광업(연간 생산량 기준) 사업장 요건과 시행일을 공고 원문으로 확인하세요.',
    },
  },
  {
    visa: 'E-9',
    industries: ['food_service'],
    duties: ['kitchen_assistant'],
    pilot: true,
    basis: {
      ...EPS_SECTORS,
      notice: '외국인력정책위원회 결정 · 음식점업(한식) 주방보조원 시범 도입(100개 지역)',
      effectiveFrom: '2024-04-01',
      verify:
        '한식 음식점 주방보조원에 한정되며 시범 지역(시·군·구) 사업장만 가능합니다. 지역 요건은 검사하지 않으니 확인하세요. 시행일도 확인 필요.',
    },
  },
  {
    visa: 'E-9',
    industries: ['accommodation'],
    duties: ['room_cleaning', 'kitchen_assistant'],
    pilot: true,
    basis: {
      ...EPS_SECTORS,
      notice: '외국인력정책위원회 결정 · 호텔·콘도업 청소원·주방보조원 시범 도입',
      effectiveFrom: '2024-06-01',
      verify:
        '호텔·콘도업(시범 지역: 서울·부산·강원·제주)에 한정됩니다. 지역·시행일을 공고 원문으로 확인하세요.',
    },
  },
  {
    visa: 'E-9',
    industries: ['logistics'],
    duties: ['cold_storage'],
    basis: {
      ...EPS_SECTORS,
      notice: '외국인력정책위원회 결정 · 냉장·냉동 창고업',
      effectiveFrom: '2016-01-01',
      verify: '냉장·냉동 창고업 허용 시작일을 공고 원문으로 확인하세요.',
    },
  },
  {
    visa: 'E-9',
    industries: ['logistics'],
    duties: ['parcel_loading'],
    basis: {
      ...EPS_SECTORS,
      notice: '외국인력정책위원회 결정 · 택배 상하차(물류터미널)',
      effectiveFrom: '2024-01-01',
      verify: '택배 상하차 직무의 E-9 허용 시작일과 사업장 요건(물류터미널 운영업)을 확인하세요.',
    },
  },
  {
    visa: 'H-2',
    industries: [
      'manufacturing',
      'construction',
      'agriculture',
      'livestock',
      'fishery',
      'forestry',
      'recycling',
      'shipbuilding',
      'food_service',
      'accommodation',
      'logistics',
      'cleaning',
      'service',
    ],
    basis: {
      law: IMMIGRATION_DECREE,
      article: '별표 1의2 제29호(방문취업)',
      effectiveFrom: null,
      verify:
        '방문취업(H-2) 허용 업종은 제외 업종 방식(네거티브)으로 바뀌었습니다. 제외 업종 목록과 시행일을 확인하기 전까지 기존 허용 목록을 적용합니다. 건설업은 취업인정증이 필요합니다.',
    },
  },
  {
    visa: 'E-8',
    industries: ['agriculture', 'fishery'],
    basis: {
      law: IMMIGRATION_DECREE,
      article: '별표 1의2 제19호의2(계절근로)',
      notice: '법무부 「계절근로자 프로그램 운영 지침」',
      effectiveFrom: '2019-12-24',
      verify:
        '계절근로(E-8)는 농작물 재배·어업의 계절 업무에 한정됩니다(축산업 제외). E-8 신설 시행일을 확인하세요.',
    },
  },
  {
    visa: 'E-10',
    industries: ['fishery'],
    duties: ['crew'],
    basis: {
      law: IMMIGRATION_DECREE,
      article: '별표 1의2 제20호(선원취업)',
      effectiveFrom: null,
      verify:
        '선원취업(E-10)은 선원법·수산업법상 선원 업무에 한정됩니다. 시행일과 내항·어선 구분을 확인하세요.',
    },
  },
  {
    visa: 'E-7',
    industries: [
      'manufacturing',
      'shipbuilding',
      'construction',
      'agriculture',
      'livestock',
      'fishery',
      'food_service',
      'service',
      'other',
    ],
    basis: {
      law: IMMIGRATION_DECREE,
      article: '별표 1의2 제24호(특정활동)',
      notice: '법무부 「외국인력 유치·활용을 위한 사증발급 및 체류관리 지침」(E-7 허용 직종)',
      effectiveFrom: null,
      verify:
        'E-7은 허가받은 직종(직종 코드)에서만 일할 수 있습니다. 업종만 검사하니 허가 직종을 개별 확인하세요.',
    },
  },
  ...(['F-2', 'F-5', 'F-6', 'F-4', 'G-1'] as const).map(
    (visa): VisaSectorRow => ({
      visa,
      industries: 'all',
      basis: {
        law: IMMIGRATION_DECREE,
        article: '제23조(외국인의 취업과 체류자격)',
        effectiveFrom: null,
        verify:
          '취업활동에 제한이 없는 체류자격(F-4는 단순노무 제외, G-1은 개별 허가)입니다. 조문 시행일을 확인하세요.',
      },
    }),
  ),
  ...(['D-2', 'D-4'] as const).map(
    (visa): VisaSectorRow => ({
      visa,
      industries: ALL_BUT_CONSTRUCTION,
      basis: { ...STUDENT_WORK, verify: `${STUDENT_WORK.verify} 건설업 시간제취업은 허용되지 않습니다.` },
    }),
  ),
];

/**
 * A pilot sector as the operator keeps it (the `pilotSectors` setting, docs/law-as-data.md#operator-kept-rows): the
 * visa may work in the industry's listed duties from `effectiveFrom` until the day before `effectiveTo` (null: no
 * end yet). `note` names the decision or notice.
 */
export type PilotSector = {
  visa: VisaType;
  industry: Industry;
  duties: Duty[];
  effectiveFrom: string;
  effectiveTo: string | null;
  note: string;
};

/** The sector rows that are not pilots: fixed with the release. */
export const FIXED_SECTOR_ROWS: readonly VisaSectorRow[] = VISA_SECTOR_ROWS.filter((row) => !row.pilot);

/**
 * The setting's first value: the pilot rows of the table above, one entry per industry, with the duties a post of
 * that industry can name (a post of 숙박업 names no 주방보조, duties.ts).
 */
export function pilotSectorsDefault(): PilotSector[] {
  return VISA_SECTOR_ROWS.filter((row) => row.pilot).flatMap((row) =>
    (row.industries === 'all' ? [] : row.industries).map((industry) => ({
      visa: row.visa,
      industry,
      duties: (row.duties ?? []).filter((duty) => dutyBelongsTo(industry, duty)),
      effectiveFrom: row.basis.effectiveFrom ?? '2004-08-17',
      effectiveTo: row.basis.effectiveTo ?? null,
      note: row.basis.notice ?? '',
    })),
  );
}

/** The pilot setting's entries as sector rows; their basis is the table's, dated and named by the operator. */
export function pilotSectorRows(pilots: readonly PilotSector[]): VisaSectorRow[] {
  return pilots.map((pilot) => {
    const seed = VISA_SECTOR_ROWS.find(
      (row) =>
        row.pilot &&
        row.visa === pilot.visa &&
        row.industries !== 'all' &&
        row.industries.includes(pilot.industry),
    );
    return {
      visa: pilot.visa,
      industries: [pilot.industry],
      ...(pilot.duties.length > 0 ? { duties: pilot.duties } : {}),
      pilot: true,
      basis: {
        ...(seed?.basis ?? EPS_SECTORS),
        notice: `설정값(${pilot.effectiveFrom} 시행)${pilot.note ? ` · ${pilot.note}` : ''}`,
        effectiveFrom: pilot.effectiveFrom,
        effectiveTo: pilot.effectiveTo,
      },
    };
  });
}

/**
 * The sector rows the engine reads: the fixed rows and the operator's pilots (the `pilotSectors` setting); without
 * the setting, the table above as released.
 */
export function sectorRowsWith(pilots?: readonly PilotSector[]): readonly VisaSectorRow[] {
  return pilots ? [...FIXED_SECTOR_ROWS, ...pilotSectorRows(pilots)] : VISA_SECTOR_ROWS;
}

/** The longest contract a visa allows, in months, and the longest with an extension of stay. */
export type VisaContractMonthsRow = LawRow<{ visa: VisaType; months: number; extendedMonths: number }>;

export const VISA_CONTRACT_MONTHS_ROWS: readonly VisaContractMonthsRow[] = [
  {
    visa: 'E-8',
    months: 5,
    extendedMonths: 8,
    basis: {
      law: IMMIGRATION_ACT,
      article: '시행규칙 제18조의2 별표 1(체류기간 상한)',
      notice: '법무부 「계절근로자 프로그램 운영 지침」',
      effectiveFrom: '2023-01-01',
      verify: '계절근로 체류기간 5개월, 연장 시 최대 8개월로 바뀐 시행일을 확인하세요.',
    },
  },
];

/** The course of study of a D-2/D-4 holder; the part-time hours depend on it. */
export const STUDY_COURSES = ['language', 'associate', 'bachelor', 'graduate'] as const;
export type StudyCourse = (typeof STUDY_COURSES)[number];
export const STUDY_COURSE_LABELS: Record<StudyCourse, string> = {
  language: '어학연수',
  associate: '전문학사',
  bachelor: '학사',
  graduate: '석사·박사',
};

/** Weekly part-time hours a student of the course holding at least `minKoreanLevel` may work (학기 중). */
export type StudentHoursRow = LawRow<{
  visa: 'D-2' | 'D-4';
  course: StudyCourse;
  minKoreanLevel: KoreanLevel;
  weeklyHours: number;
}>;

const hoursRow = (
  visa: 'D-2' | 'D-4',
  course: StudyCourse,
  minKoreanLevel: KoreanLevel,
  weeklyHours: number,
): StudentHoursRow => ({ visa, course, minKoreanLevel, weeklyHours, basis: STUDENT_WORK });

export const STUDENT_HOURS_ROWS: readonly StudentHoursRow[] = [
  hoursRow('D-4', 'language', 'none', 10),
  hoursRow('D-4', 'language', 'topik2', 20),
  hoursRow('D-2', 'associate', 'none', 10),
  hoursRow('D-2', 'associate', 'topik3', 25),
  hoursRow('D-2', 'bachelor', 'none', 10),
  hoursRow('D-2', 'bachelor', 'topik3', 25),
  hoursRow('D-2', 'graduate', 'none', 15),
  hoursRow('D-2', 'graduate', 'topik4', 35),
];

/** A visa whose holder may work only after staying this many months. */
export type VisaStayRow = LawRow<{ visa: VisaType; minStayMonths: number }>;

export const VISA_STAY_ROWS: readonly VisaStayRow[] = [
  {
    visa: 'D-4',
    minStayMonths: 6,
    basis: {
      ...STUDENT_WORK,
      verify: `${STUDENT_WORK.verify} 어학연수생은 입국 후 6개월이 지나야 시간제취업을 할 수 있습니다.`,
    },
  },
];

/** Visas whose holder works only for the employer the permit names (a second job needs 근무처 변경·추가 허가). */
export type OneEmployerRow = LawRow<{ visa: VisaType }>;

const WORKPLACE_CHANGE: LegalBasis = {
  law: IMMIGRATION_ACT,
  article: '제21조(근무처의 변경·추가)',
  effectiveFrom: null,
  verify:
    '조문 시행일을 확인하세요. F-2·F-5·F-6은 취업활동 제한이 없고, D-2·D-4는 허가 시간 안에서 여러 곳 근무가 가능합니다.',
};

export const ONE_EMPLOYER_ROWS: readonly OneEmployerRow[] = (
  ['E-9', 'E-8', 'E-10', 'H-2', 'E-7'] as const
).map((visa) => ({
  visa,
  basis:
    visa === 'E-9'
      ? {
          law: EMPLOYMENT_ACT,
          article: '제25조(사업 또는 사업장 변경의 허용)',
          effectiveFrom: '2004-08-17',
        }
      : WORKPLACE_CHANGE,
}));

/**
 * Every visa some one-employer row binds, whatever its dates: the database's one-job index
 * (`matchings_worker_engaged_key`) covers matchings of these visas, built from this list (docs/law-as-data.md#visas).
 */
export const ONE_EMPLOYER_VISAS: readonly VisaType[] = [...new Set(ONE_EMPLOYER_ROWS.map((row) => row.visa))];
