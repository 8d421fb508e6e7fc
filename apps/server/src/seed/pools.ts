import { fakerKO } from '@faker-js/faker';
import type { Industry, Region } from '@ilson/contracts';

/** Per 시도: the first two digits of its 우편번호 range, its area code and a few 시군구. */
export const REGION_INFO: Record<
  Region,
  { zip: [number, number]; area: string; districts: readonly string[] }
> = {
  서울특별시: {
    zip: [1, 8],
    area: '02',
    districts: ['강남구', '구로구', '금천구', '영등포구', '성동구', '중랑구'],
  },
  부산광역시: { zip: [46, 49], area: '051', districts: ['사상구', '강서구', '사하구', '기장군'] },
  대구광역시: { zip: [41, 43], area: '053', districts: ['달서구', '북구', '달성군', '서구'] },
  인천광역시: { zip: [21, 23], area: '032', districts: ['남동구', '서구', '부평구', '계양구'] },
  광주광역시: { zip: [61, 62], area: '062', districts: ['광산구', '북구', '서구'] },
  대전광역시: { zip: [34, 35], area: '042', districts: ['대덕구', '유성구', '서구'] },
  울산광역시: { zip: [44, 45], area: '052', districts: ['울주군', '북구', '동구', '남구'] },
  세종특별자치시: { zip: [30, 30], area: '044', districts: ['조치원읍', '연서면', '전동면'] },
  경기도: {
    zip: [10, 18],
    area: '031',
    districts: ['화성시', '안산시 단원구', '시흥시', '김포시', '평택시', '포천시'],
  },
  강원특별자치도: { zip: [24, 26], area: '033', districts: ['원주시', '춘천시', '홍천군', '철원군'] },
  충청북도: { zip: [27, 29], area: '043', districts: ['청주시 흥덕구', '음성군', '진천군', '충주시'] },
  충청남도: { zip: [31, 33], area: '041', districts: ['천안시 서북구', '아산시', '당진시', '논산시'] },
  전북특별자치도: { zip: [54, 56], area: '063', districts: ['익산시', '군산시', '전주시 덕진구', '김제시'] },
  전라남도: { zip: [57, 59], area: '061', districts: ['여수시', '목포시', '영암군', '나주시'] },
  경상북도: { zip: [36, 40], area: '054', districts: ['구미시', '경산시', '포항시 남구', '칠곡군'] },
  경상남도: { zip: [50, 53], area: '055', districts: ['창원시 성산구', '김해시', '거제시', '양산시'] },
  제주특별자치도: { zip: [63, 63], area: '064', districts: ['제주시', '서귀포시'] },
};

/** Where employers are: weighted towards the industrial provinces. */
export const REGION_WEIGHTS: readonly (readonly [Region, number])[] = [
  ['경기도', 30],
  ['경상남도', 9],
  ['경상북도', 8],
  ['충청남도', 7],
  ['충청북도', 6],
  ['인천광역시', 6],
  ['서울특별시', 5],
  ['부산광역시', 4],
  ['대구광역시', 4],
  ['전라남도', 4],
  ['전북특별자치도', 3],
  ['울산광역시', 3],
  ['광주광역시', 3],
  ['강원특별자치도', 3],
  ['대전광역시', 2],
  ['세종특별자치시', 1],
  ['제주특별자치도', 2],
];

export const BRANCH_CITY: Record<Region, string> = {
  서울특별시: '서울',
  부산광역시: '부산',
  대구광역시: '대구',
  인천광역시: '인천',
  광주광역시: '광주',
  대전광역시: '대전',
  울산광역시: '울산',
  세종특별자치시: '세종',
  경기도: '경기',
  강원특별자치도: '강원',
  충청북도: '충북',
  충청남도: '충남',
  전북특별자치도: '전북',
  전라남도: '전남',
  경상북도: '경북',
  경상남도: '경남',
  제주특별자치도: '제주',
};

export const COMPANY_PREFIXES = [
  '대성',
  '한빛',
  '동양',
  '세진',
  '삼화',
  '태광',
  '신흥',
  '우진',
  '대한',
  '서해',
  '동일',
  '금강',
  '한울',
  '성원',
  '진영',
  '대림',
  '새한',
  '영진',
  '한결',
  '미래',
  '청솔',
  '보성',
  '정우',
  '일신',
  '대영',
  '현성',
  '동아',
  '한성',
  '유성',
  '삼원',
  '제일',
  '태성',
  '화신',
  '경원',
  '상신',
  '명성',
  '해동',
  '백제',
  '가야',
  '푸른',
] as const;

export const INDUSTRY_NOUNS: Record<Industry, readonly string[]> = {
  manufacturing: ['정밀', '산업', '금속', '테크', '화학', '플라스틱', '전자', '기계', '섬유', '부품'],
  construction: ['건설', '토건', '건업', '개발', '종합건설'],
  agriculture: ['농산', '영농조합', '농장', '원예', '팜'],
  livestock: ['축산', '목장', '농장', '양돈'],
  fishery: ['수산', '어업', '양식'],
  forestry: ['임업', '조림'],
  mining: ['광업', '석재', '자원'],
  food_service: ['식당', '푸드', '외식', '식품'],
  accommodation: ['호텔', '리조트', '관광'],
  logistics: ['물류', '운수', '로지스'],
  cleaning: ['환경', '클린', '시설관리'],
  recycling: ['자원', '리사이클', '환경'],
  shipbuilding: ['조선', '중공업', '해양'],
  service: ['서비스', '상사', '세탁'],
  other: ['상사', '유통', '기업'],
};

export const INDUSTRY_WEIGHTS: readonly (readonly [Industry, number])[] = [
  ['manufacturing', 45],
  ['agriculture', 9],
  ['construction', 9],
  ['livestock', 5],
  ['fishery', 4],
  ['food_service', 6],
  ['service', 4],
  ['logistics', 4],
  ['shipbuilding', 3],
  ['recycling', 2],
  ['cleaning', 2],
  ['accommodation', 2],
  ['forestry', 1],
  ['mining', 1],
  ['other', 3],
];

/** Latin given name / family name with their usual Korean spelling, per nationality. */
type NamePool = {
  first: readonly (readonly [string, string])[];
  last: readonly (readonly [string, string])[];
};

export const NAME_POOLS: Record<string, NamePool> = {
  VN: {
    last: [
      ['Nguyen', '응우옌'],
      ['Tran', '쩐'],
      ['Le', '레'],
      ['Pham', '팜'],
      ['Hoang', '호앙'],
      ['Vu', '부'],
      ['Dang', '당'],
    ],
    first: [
      ['Van Minh', '반민'],
      ['Thi Lan', '티란'],
      ['Duc Anh', '득안'],
      ['Quang Huy', '꽝후이'],
      ['Thi Hoa', '티호아'],
      ['Van Nam', '반남'],
      ['Thanh Tung', '타인뚱'],
    ],
  },
  PH: {
    last: [
      ['Santos', '산토스'],
      ['Reyes', '레예스'],
      ['Cruz', '크루스'],
      ['Bautista', '바우티스타'],
      ['Garcia', '가르시아'],
      ['Mendoza', '멘도사'],
    ],
    first: [
      ['Jose', '호세'],
      ['Mark', '마크'],
      ['Maria', '마리아'],
      ['John Paul', '존폴'],
      ['Angelica', '안젤리카'],
      ['Ramon', '라몬'],
    ],
  },
  ID: {
    last: [
      ['Saputra', '사푸트라'],
      ['Wijaya', '위자야'],
      ['Pratama', '프라타마'],
      ['Hidayat', '히다얏'],
      ['Santoso', '산토소'],
    ],
    first: [
      ['Agus', '아구스'],
      ['Budi', '부디'],
      ['Dewi', '데위'],
      ['Rizky', '리즈키'],
      ['Siti', '시티'],
      ['Eko', '에코'],
    ],
  },
  TH: {
    last: [
      ['Srisuk', '스리숙'],
      ['Chaiyaporn', '차이야폰'],
      ['Wongsa', '웡사'],
      ['Boonmee', '분미'],
      ['Saetang', '새땅'],
    ],
    first: [
      ['Somchai', '솜차이'],
      ['Anan', '아난'],
      ['Malee', '말리'],
      ['Niran', '니란'],
      ['Kanya', '깐야'],
    ],
  },
  NP: {
    last: [
      ['Shrestha', '쉬레스타'],
      ['Gurung', '구룽'],
      ['Tamang', '타망'],
      ['Rai', '라이'],
      ['Magar', '마가르'],
      ['Thapa', '타파'],
    ],
    first: [
      ['Ram', '람'],
      ['Bikash', '비카스'],
      ['Suman', '수만'],
      ['Anil', '아닐'],
      ['Sita', '시타'],
      ['Prakash', '프라카시'],
    ],
  },
  KH: {
    last: [
      ['Sok', '속'],
      ['Chan', '찬'],
      ['Heng', '헹'],
      ['Kim', '킴'],
      ['Chea', '찌어'],
    ],
    first: [
      ['Dara', '다라'],
      ['Sophea', '소피어'],
      ['Vannak', '반낙'],
      ['Sreymom', '스레이몸'],
      ['Rithy', '리티'],
    ],
  },
  MM: {
    last: [
      ['Aung', '아웅'],
      ['Kyaw', '쪼'],
      ['Htun', '툰'],
      ['Win', '윈'],
      ['Naing', '나잉'],
    ],
    first: [
      ['Min Thu', '민투'],
      ['Zaw', '조'],
      ['Thiri', '띠리'],
      ['Ko Ko', '꼬꼬'],
      ['Hla', '흘라'],
    ],
  },
  UZ: {
    last: [
      ['Karimov', '카리모프'],
      ['Rakhimov', '라히모프'],
      ['Tashkentov', '타슈켄토프'],
      ['Yusupov', '유수포프'],
      ['Aliyev', '알리예프'],
    ],
    first: [
      ['Aziz', '아지즈'],
      ['Bekzod', '베크조드'],
      ['Dilshod', '딜쇼드'],
      ['Jasur', '자수르'],
      ['Malika', '말리카'],
    ],
  },
  CN: {
    last: [
      ['Wang', '왕'],
      ['Li', '리'],
      ['Zhang', '장'],
      ['Liu', '류'],
      ['Chen', '천'],
      ['Jin', '진'],
      ['Piao', '퍄오'],
    ],
    first: [
      ['Wei', '웨이'],
      ['Fang', '팡'],
      ['Lei', '레이'],
      ['Jun', '쥔'],
      ['Min', '민'],
      ['Hua', '화'],
    ],
  },
  MN: {
    last: [
      ['Batbayar', '바트바야르'],
      ['Gantulga', '간툴가'],
      ['Erdene', '에르덴'],
      ['Bold', '볼드'],
    ],
    first: [
      ['Tuvshin', '투브신'],
      ['Enkhjin', '엥흐진'],
      ['Bilguun', '빌궁'],
      ['Nomin', '노민'],
      ['Temuulen', '테믈렌'],
    ],
  },
  LK: {
    last: [
      ['Perera', '페레라'],
      ['Fernando', '페르난도'],
      ['Silva', '실바'],
      ['Jayasinghe', '자야싱헤'],
    ],
    first: [
      ['Nuwan', '누완'],
      ['Kasun', '카순'],
      ['Chamari', '차마리'],
      ['Ruwan', '루완'],
    ],
  },
  BD: {
    last: [
      ['Hossain', '호사인'],
      ['Rahman', '라만'],
      ['Islam', '이슬람'],
      ['Ahmed', '아메드'],
    ],
    first: [
      ['Rafiq', '라피크'],
      ['Karim', '카림'],
      ['Nasrin', '나스린'],
      ['Sohel', '소헬'],
    ],
  },
  KZ: {
    last: [
      ['Nurlanov', '누를라노프'],
      ['Seitkali', '세이트칼리'],
      ['Kim', '김'],
      ['Tsoi', '최'],
    ],
    first: [
      ['Arman', '아르만'],
      ['Daniyar', '다니야르'],
      ['Aigerim', '아이게림'],
      ['Sergei', '세르게이'],
    ],
  },
  KG: {
    last: [
      ['Akmatov', '아크마토프'],
      ['Asanov', '아사노프'],
      ['Toktogulov', '토크토굴로프'],
      ['Sadykova', '사디코바'],
    ],
    first: [
      ['Nurbek', '누르벡'],
      ['Aibek', '아이벡'],
      ['Bakyt', '바키트'],
      ['Aizhan', '아이잔'],
    ],
  },
  TJ: {
    last: [
      ['Rahimov', '라히모프'],
      ['Nazarov', '나자로프'],
      ['Sharipov', '샤리포프'],
      ['Saidova', '사이도바'],
    ],
    first: [
      ['Firdavs', '피르다우스'],
      ['Jamshed', '잠셰드'],
      ['Rustam', '루스탐'],
      ['Nilufar', '닐루파르'],
    ],
  },
  PK: {
    last: [
      ['Khan', '칸'],
      ['Ahmed', '아흐메드'],
      ['Hussain', '후세인'],
      ['Malik', '말리크'],
    ],
    first: [
      ['Ali', '알리'],
      ['Bilal', '빌랄'],
      ['Usman', '우스만'],
      ['Ayesha', '아이샤'],
    ],
  },
  LA: {
    last: [
      ['Phommachanh', '폼마찬'],
      ['Vongsa', '웡사'],
      ['Keomany', '께오마니'],
      ['Sisavath', '시사왓'],
    ],
    first: [
      ['Somphone', '솜폰'],
      ['Khamla', '캄라'],
      ['Bounmy', '분미'],
      ['Noy', '노이'],
    ],
  },
  TL: {
    last: [
      ['Soares', '소아레스'],
      ['Guterres', '구테흐스'],
      ['Pereira', '페레이라'],
      ['Ximenes', '시메네스'],
    ],
    first: [
      ['Joao', '주앙'],
      ['Jose', '조제'],
      ['Maria', '마리아'],
      ['Antonio', '안토니우'],
    ],
  },
  RU: {
    last: [
      ['Ivanov', '이바노프'],
      ['Petrov', '페트로프'],
      ['Kim', '김'],
      ['Smirnova', '스미르노바'],
    ],
    first: [
      ['Sergei', '세르게이'],
      ['Dmitry', '드미트리'],
      ['Olga', '올가'],
      ['Anna', '안나'],
    ],
  },
  UA: {
    last: [
      ['Shevchenko', '셰우첸코'],
      ['Kovalenko', '코발렌코'],
      ['Bondarenko', '본다렌코'],
      ['Melnyk', '멜니크'],
    ],
    first: [
      ['Oleksandr', '올렉산드르'],
      ['Andriy', '안드리'],
      ['Olena', '올레나'],
      ['Iryna', '이리나'],
    ],
  },
};

/** A pool for a country without one of its own (none of the seeded nationalities needs it). */
export const GENERIC_NAMES: NamePool = {
  last: [
    ['Akmatov', '아크마토프'],
    ['Khan', '칸'],
    ['Sharipov', '샤리포프'],
    ['Phommachanh', '폼마찬'],
    ['Soares', '소아레스'],
    ['Ivanov', '이바노프'],
  ],
  first: [
    ['Ali', '알리'],
    ['Nurbek', '누르벡'],
    ['Somphone', '솜폰'],
    ['Joao', '주앙'],
    ['Bakhtiyor', '바흐티요르'],
    ['Olga', '올가'],
  ],
};

export type FakerPools = { koreanNames: string[]; streets: string[] };

/** faker (Korean locale) is seeded once and asked for small pools; rows then pick from them by the PRNG. */
export function fakerPools(seed: number): FakerPools {
  fakerKO.seed(seed);
  const koreanNames = Array.from({ length: 500 }, () => fakerKO.person.fullName());
  const streets = Array.from({ length: 400 }, () => fakerKO.location.street());
  return { koreanNames, streets };
}
