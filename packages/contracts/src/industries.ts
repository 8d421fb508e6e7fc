/** Industries of employers and job posts (and workers' wishes). Sector rules for visas refer to these keys. */
export const INDUSTRIES = [
  'manufacturing',
  'construction',
  'agriculture',
  'livestock',
  'fishery',
  'forestry',
  'mining',
  'food_service',
  'accommodation',
  'logistics',
  'cleaning',
  'recycling',
  'shipbuilding',
  'service',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const INDUSTRY_LABELS: Record<Industry, string> = {
  manufacturing: '제조업',
  construction: '건설업',
  agriculture: '농업(작물재배)',
  livestock: '축산업',
  fishery: '어업',
  forestry: '임업',
  mining: '광업',
  food_service: '음식점업',
  accommodation: '숙박업',
  logistics: '물류·운송업',
  cleaning: '청소·시설관리업',
  recycling: '재활용업',
  shipbuilding: '조선업',
  service: '기타 서비스업',
  other: '기타',
};
