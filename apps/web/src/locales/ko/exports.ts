import type { ExportResource } from '@ilson/contracts';

/** Korean strings of the list exports (docs/exports.md#endpoints-and-file-names). Apart from `common.ts` (the login bundle), like the other screens'. */
const resources: Record<ExportResource, string> = {
  employers: '사업주',
  workers: '근로자',
  matchings: '매칭',
  payments: '결제',
};

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const koExports = {
  resources,
  size,
  button: '내보내기',
  title: '목록 내보내기',
  scope: (resource: ExportResource) =>
    `지금 목록의 검색·필터 조건과 정렬 그대로 ${resources[resource]} 데이터 전체를 파일로 내려받습니다.`,
  masked: '외국인등록번호, 여권번호, 계좌번호는 가려진(마스킹) 채로 저장됩니다.',
  logged: '다운로드한 사람, 일시, 조건, 건수와 사유는 접속기록에 남습니다.',
  format: '파일 형식',
  formats: { excel: 'Excel (.xlsx)', csv: 'CSV (.csv)' },
  reason: '다운로드 사유',
  reasonPlaceholder: '예: 월간 매칭 현황 보고',
  reasonRequired: '다운로드 사유를 입력해 주세요.',
  unmasked: '개인식별정보 포함 (마스킹 해제)',
  unmaskedWarning:
    '외국인등록번호, 여권번호, 계좌번호가 그대로 저장됩니다. 파일을 안전하게 보관하고 목적을 다하면 바로 삭제해 주세요.',
  submit: '다운로드',
  close: '취소',
  cancel: '다운로드 취소',
  preparing: '파일을 준비하는 중…',
  receiving: (loaded: number) => `${size(loaded)} 받는 중`,
  receivingOf: (loaded: number, total: number) => `${size(loaded)} / ${size(total)} 받는 중`,
  success: (resource: ExportResource) => `${resources[resource]} 데이터를 성공적으로 내보냈습니다.`,
  failure: (resource: ExportResource) => `${resources[resource]} 데이터 내보내기에 실패했습니다.`,
  canceled: '다운로드를 취소했습니다.',
} as const;
