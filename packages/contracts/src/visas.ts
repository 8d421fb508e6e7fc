/** Visa (체류자격) types the service deals with. Sector rules for matchings: docs/law-as-data.md#visas. */
export const VISA_TYPES = [
  'E-9',
  'H-2',
  'E-8',
  'E-7',
  'E-10',
  'F-2',
  'F-4',
  'F-5',
  'F-6',
  'D-2',
  'D-4',
  'D-10',
  'G-1',
] as const;
export type VisaType = (typeof VISA_TYPES)[number];

export const VISA_TYPE_LABELS: Record<VisaType, string> = {
  'E-9': 'E-9 비전문취업',
  'H-2': 'H-2 방문취업',
  'E-8': 'E-8 계절근로',
  'E-7': 'E-7 특정활동',
  'E-10': 'E-10 선원취업',
  'F-2': 'F-2 거주',
  'F-4': 'F-4 재외동포',
  'F-5': 'F-5 영주',
  'F-6': 'F-6 결혼이민',
  'D-2': 'D-2 유학',
  'D-4': 'D-4 일반연수',
  'D-10': 'D-10 구직',
  'G-1': 'G-1 기타',
};

/** The state of the worker's current visa. */
export const VISA_STATUSES = ['valid', 'pending', 'expired', 'cancelled'] as const;
export type VisaStatus = (typeof VISA_STATUSES)[number];
export const VISA_STATUS_LABELS: Record<VisaStatus, string> = {
  valid: '유효',
  pending: '심사 중',
  expired: '만료',
  cancelled: '취소',
};

/** 체류기간 연장 신청 상태. */
export const EXTENSION_STATUSES = ['none', 'applied', 'approved'] as const;
export type ExtensionStatus = (typeof EXTENSION_STATUSES)[number];
export const EXTENSION_STATUS_LABELS: Record<ExtensionStatus, string> = {
  none: '미신청',
  applied: '연장 신청',
  approved: '연장 승인',
};

export const KOREAN_LEVELS = ['none', 'topik1', 'topik2', 'topik3', 'topik4', 'topik5', 'topik6'] as const;
export type KoreanLevel = (typeof KOREAN_LEVELS)[number];
export const KOREAN_LEVEL_LABELS: Record<KoreanLevel, string> = {
  none: '없음',
  topik1: 'TOPIK 1급',
  topik2: 'TOPIK 2급',
  topik3: 'TOPIK 3급',
  topik4: 'TOPIK 4급',
  topik5: 'TOPIK 5급',
  topik6: 'TOPIK 6급',
};
