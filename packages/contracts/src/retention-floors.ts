/**
 * The least each kind of record must be kept after its purpose ends, and the law that says so
 * (docs/privacy-lifecycle.md#floors). This is data: a period under its kind's floor is refused by the settings
 * contract, and the settings screen shows the floor with its basis. A row whose current text or 시행일 could not be
 * confirmed says so (`verify: true` with a note) rather than guess; its floor is then the least the product is
 * sure of.
 */
export type RetentionFloor = {
  /** The least number of months the kind's period may be. */
  minMonths: number;
  /** The law, its article and what it asks, in Korean, as the screen and the refusal show it. */
  basis: string;
  /** The law or notice the floor comes from. */
  law: string;
  article: string;
  /** The day the text read took effect, when confirmed. */
  effectiveFrom: string | null;
  /** Where the period counts from under that law. */
  countsFrom: string;
  verify: boolean;
  note?: string;
};

export const RETENTION_FLOORS = {
  appUsers: {
    minMonths: 0,
    basis: '개인정보 보호법 제21조 (목적 달성 후 지체 없이 파기, 법정 최소 보존 기간 없음)',
    law: '개인정보 보호법',
    article: '제21조 제1항',
    effectiveFrom: null,
    countsFrom: '탈퇴일',
    verify: false,
  },
  workers: {
    minMonths: 36,
    basis: '근로기준법 제42조·시행령 제22조 (근로자 명부·근로계약 서류 3년, 근로관계가 끝난 날부터)',
    law: '근로기준법',
    article: '제42조, 시행령 제22조 제2항',
    effectiveFrom: null,
    countsFrom: '출국·삭제일과 근로계약이 끝난 날 중 늦은 날',
    verify: true,
    note: '제42조는 사용자(사업주)의 의무이며, 직업소개사업자의 구직 기록 보존 기간(직업안정법 시행규칙)은 현행 조문을 확인하지 못했습니다. 3년은 둘 중 긴 쪽으로 둔 값입니다.',
  },
  employers: {
    minMonths: 24,
    basis: '직업안정법 시행규칙 (유료직업소개사업자의 구인 관련 장부·서류 2년 보존)',
    law: '직업안정법 시행규칙',
    article: '제26조',
    effectiveFrom: null,
    countsFrom: '반려·탈퇴·삭제일',
    verify: true,
    note: '조문 번호와 보존 기간(2년)을 현행 법령에서 확인하지 못했습니다. 매칭·계약 기록은 매칭 보존 기간이 따로 지킵니다.',
  },
  resumes: {
    minMonths: 0,
    basis:
      '개인정보 보호법 제21조 (삭제된 이력서의 법정 최소 보존 기간 없음; 구직자 기록은 근로자 보존 기간이 지킴)',
    law: '개인정보 보호법',
    article: '제21조 제1항',
    effectiveFrom: null,
    countsFrom: '삭제일',
    verify: true,
    note: '직업안정법 시행규칙의 구직신청서 보존 기간이 삭제된 이력서에도 미치는지 확인하지 못했습니다.',
  },
  matchings: {
    minMonths: 36,
    basis: '근로기준법 제42조·시행령 제22조 (근로계약서 3년, 근로관계가 끝난 날부터)',
    law: '근로기준법',
    article: '제42조, 시행령 제22조 제2항',
    effectiveFrom: null,
    countsFrom: '종료·취소일과 계약 종료일 중 늦은 날',
    verify: false,
    note: '조문은 2014-07-01 시행본에서 읽었고, 이후 보존 기간이 바뀐 개정은 찾지 못했습니다.',
  },
  payouts: {
    minMonths: 60,
    basis: '전자상거래법 제6조·시행령 제6조 (대금 결제 및 재화 등의 공급 기록 5년)',
    law: '전자상거래 등에서의 소비자보호에 관한 법률',
    article: '제6조, 시행령 제6조 제1항',
    effectiveFrom: null,
    countsFrom: '지급·취소일',
    verify: true,
    note: '소개 수수료 정산에 전자상거래법이 적용되는지, 국세기본법 제85조의3(장부 5년)으로 볼지 확인하지 못했습니다. 어느 쪽이든 5년입니다.',
  },
  auditLogs: {
    minMonths: 24,
    basis: '개인정보의 안전성 확보조치 기준 제8조 제1항 (고유식별정보를 처리하는 시스템의 접속기록 2년 이상)',
    law: '개인정보의 안전성 확보조치 기준 (개인정보보호위원회 고시)',
    article: '제8조 제1항 제2호',
    effectiveFrom: null,
    countsFrom: '기록된 날',
    verify: true,
    note: '조문은 확인했으나 현행 고시 번호와 시행일을 확인하지 못했습니다.',
  },
} as const satisfies Record<
  'appUsers' | 'workers' | 'employers' | 'resumes' | 'matchings' | 'payouts' | 'auditLogs',
  RetentionFloor
>;

/**
 * The access log's entries of permission changes (roles, accounts) and security changes (second factors, their
 * resets, network rules) are kept longer than the rest of the log: the log is deleted as a prefix of its chain
 * (docs/access-log.md#retention), so the prefix stops at the oldest such entry younger than this floor.
 */
export const ACCESS_CHANGE_LOG_FLOOR = {
  minMonths: 36,
  actions: ['PERMISSION_CHANGE', 'SECURITY_CHANGE'],
  basis:
    '개인정보의 안전성 확보조치 기준 제5조 제3항 (접근 권한의 부여·변경·말소 내역을 기록하고 최소 3년 보관)',
  law: '개인정보의 안전성 확보조치 기준 (개인정보보호위원회 고시)',
  article: '제5조 제3항',
  effectiveFrom: null,
  countsFrom: '기록된 날',
  verify: true,
  note: '조문은 확인했으나 현행 고시 번호와 시행일을 확인하지 못했습니다. 2단계 인증과 허용 네트워크의 변경도 접근 권한의 변경으로 보아 같은 기간을 둡니다.',
} as const satisfies RetentionFloor & { actions: readonly string[] };

/**
 * Staged import rows (an uploaded file's cells, encrypted) are kept this many days after the batch was uploaded,
 * or after it was committed for the rows it refused: long enough to fix a file and commit it or read the error
 * report, short enough that a file nobody committed does not become a second register of people.
 */
export const STAGED_IMPORT_RETENTION_DAYS = 30;
