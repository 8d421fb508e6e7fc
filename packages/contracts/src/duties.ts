import type { Industry } from './industries';

/**
 * The duty (직무) a job post names besides its industry (docs/DOMAIN.md): some visas are permitted only in named
 * duties of an industry (E-9 in 음식점업 only as 한식 주방보조), so a post must say which. Industries without a
 * narrower rule offer only 'general'.
 */
export const DUTIES = [
  'general',
  'kitchen_assistant',
  'hall_service',
  'room_cleaning',
  'front_desk',
  'parcel_loading',
  'cold_storage',
  'driving',
  'crew',
] as const;
export type Duty = (typeof DUTIES)[number];

export const DUTY_LABELS: Record<Duty, string> = {
  general: '일반 업무',
  kitchen_assistant: '한식 주방보조',
  hall_service: '홀서빙',
  room_cleaning: '객실 청소',
  front_desk: '프런트',
  parcel_loading: '택배 상하차',
  cold_storage: '냉장·냉동창고',
  driving: '운전',
  crew: '선원(어선원)',
};

/** The duties a post of the industry may name; the first is the default of existing posts. */
export const DUTIES_BY_INDUSTRY: Record<Industry, readonly Duty[]> = {
  manufacturing: ['general'],
  construction: ['general'],
  agriculture: ['general'],
  livestock: ['general'],
  fishery: ['general', 'crew'],
  forestry: ['general'],
  mining: ['general'],
  food_service: ['general', 'kitchen_assistant', 'hall_service'],
  accommodation: ['general', 'room_cleaning', 'front_desk'],
  logistics: ['general', 'parcel_loading', 'cold_storage', 'driving'],
  cleaning: ['general'],
  recycling: ['general'],
  shipbuilding: ['general'],
  service: ['general'],
  other: ['general'],
};

export function dutyBelongsTo(industry: Industry, duty: Duty): boolean {
  return DUTIES_BY_INDUSTRY[industry].includes(duty);
}
