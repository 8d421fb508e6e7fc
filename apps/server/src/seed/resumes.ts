import type {
  Certification,
  Education,
  Industry,
  LanguageSkill,
  ProficiencyLevel,
  Reference,
  ResumeStatus,
  ResumeVisibility,
  WorkExperience,
} from '@ilson/contracts';
import { addDays, addYears, instantOn, minDate, seoulDateOf } from './dates';
import { createRng, type Weighted } from './random';
import type { SeedWorker } from './workers';

export type SeedResume = {
  id: number;
  workerId: number;
  workExperience: WorkExperience[];
  educationHistory: Education[];
  languageSkills: LanguageSkill[];
  certifications: Certification[];
  skills: string[];
  references: Reference[];
  viewsCount: number;
  lastViewedAt: Date | null;
  status: ResumeStatus;
  statusReason: string | null;
  visibility: ResumeVisibility;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const HOME_LANGUAGE: Record<string, string> = {
  VN: '베트남어',
  NP: '네팔어',
  KH: '크메르어',
  ID: '인도네시아어',
  PH: '필리핀어',
  MM: '미얀마어',
  TH: '태국어',
  UZ: '우즈베크어',
  LK: '싱할라어',
  BD: '벵골어',
  MN: '몽골어',
  PK: '우르두어',
  KG: '키르기스어',
  CN: '중국어',
  TL: '테툼어',
  LA: '라오어',
  TJ: '타지크어',
  KZ: '러시아어',
  RU: '러시아어',
  UA: '우크라이나어',
};
const KOREAN_PROFICIENCY: Record<string, ProficiencyLevel> = {
  none: 'beginner',
  topik1: 'elementary',
  topik2: 'elementary',
  topik3: 'intermediate',
  topik4: 'intermediate',
  topik5: 'advanced',
  topik6: 'advanced',
};
const SKILLS: Partial<Record<Industry, readonly string[]>> = {
  manufacturing: ['용접', '사출 성형', 'CNC 보조', '포장', '품질 검사'],
  construction: ['형틀 작업', '철근 결속', '타일 시공'],
  agriculture: ['시설 재배', '수확', '농기계 보조'],
  livestock: ['사료 급여', '축사 청소'],
  fishery: ['그물 손질', '양식장 관리'],
  shipbuilding: ['선박 용접', '도장'],
  logistics: ['지게차 보조', '상하차', '분류'],
  food_service: ['조리 보조', '설거지', '홀 서빙'],
};
const CERTIFICATES = ['지게차운전기능사', '용접기능사', '한식조리기능사', '굴착기운전기능사'];
const STATUS: Weighted<ResumeStatus> = [
  ['active', 70],
  ['draft', 20],
  ['hidden', 10],
];

/** What a resume is made from: a worker's entry, age, origin, Korean, wishes and registration. */
export type ResumeWorker = Pick<
  SeedWorker,
  'id' | 'entryDate' | 'dateOfBirth' | 'nationality' | 'koreanLevel' | 'desiredIndustries' | 'createdAt'
>;

/** A resume for most workers: work and schooling at home before entry, Korean level as their TOPIK grade. */
export function* generateResumes(
  seed: number,
  workers: Iterable<ResumeWorker>,
  today: string,
): Generator<SeedResume> {
  const rng = createRng(seed, 'resumes');
  let id = 0;
  for (const w of workers) {
    if (!rng.chance(0.7)) continue;
    id++;
    const jobs: WorkExperience[] = [];
    let end = addDays(w.entryDate, -rng.int(30, 300));
    for (let i = rng.int(0, 2); i > 0; i--) {
      const start = addDays(end, -rng.int(300, 1200));
      if (start <= addYears(w.dateOfBirth, 18)) break;
      jobs.push({
        companyName: `${w.nationality} ${rng.pick(['Garment', 'Electronics', 'Food', 'Construction', 'Farm'])} Co.`,
        jobTitle: rng.pick(['생산직', '작업자', '보조 기사', '판매원']),
        startDate: start,
        endDate: end,
        jobDescription: '',
        achievements: '',
      });
      end = addDays(start, -rng.int(30, 200));
    }
    const graduation = addYears(w.dateOfBirth, 18);
    const skills = new Set<string>();
    for (const industry of w.desiredIndustries) {
      const pool = SKILLS[industry];
      if (pool) skills.add(rng.pick(pool));
    }
    const status = rng.weighted(STATUS);
    const createdDate = minDate(addDays(seoulDateOf(w.createdAt), rng.int(0, 20)), addDays(today, -1));
    const createdAt = instantOn(createdDate, rng.int(32_400, 64_800));
    const viewsCount = status === 'active' ? rng.int(0, 120) : 0;
    const lastViewedAt =
      viewsCount > 0
        ? instantOn(minDate(addDays(createdDate, rng.int(1, 200)), addDays(today, -1)), 70_000)
        : null;
    const changedAt =
      status === 'draft' ? createdAt : new Date(createdAt.getTime() + rng.int(60, 3_600) * 1000);
    yield {
      id,
      workerId: w.id,
      workExperience: jobs,
      educationHistory: [
        {
          schoolName: `${w.nationality} High School`,
          degree: '고등학교 졸업',
          fieldOfStudy: '',
          graduationDate: graduation,
          gpa: '',
        },
      ],
      languageSkills: [
        ...(HOME_LANGUAGE[w.nationality]
          ? [
              {
                language: HOME_LANGUAGE[w.nationality]!,
                proficiencyLevel: 'native',
                speaking: 'native',
                reading: 'native',
                writing: 'native',
              } as const,
            ]
          : []),
        {
          language: '한국어',
          proficiencyLevel: KOREAN_PROFICIENCY[w.koreanLevel]!,
          speaking: KOREAN_PROFICIENCY[w.koreanLevel]!,
          reading: KOREAN_PROFICIENCY[w.koreanLevel]!,
          writing: w.koreanLevel === 'none' ? 'beginner' : KOREAN_PROFICIENCY[w.koreanLevel]!,
        },
      ],
      certifications: rng.chance(0.15)
        ? [{ name: rng.pick(CERTIFICATES), issuer: '한국산업인력공단', acquiredDate: null, expiryDate: null }]
        : [],
      skills: [...skills],
      references: [],
      viewsCount,
      lastViewedAt: lastViewedAt && lastViewedAt > changedAt ? lastViewedAt : null,
      status,
      statusReason: status === 'hidden' ? rng.pick(['연락처 오기재', '근로자 요청으로 숨김']) : null,
      visibility: rng.weighted<ResumeVisibility>([
        ['employers', 70],
        ['public', 20],
        ['private', 10],
      ]),
      createdAt,
      updatedAt: changedAt,
      version: status === 'draft' ? 1 : status === 'active' ? 2 : 3,
    };
  }
}
