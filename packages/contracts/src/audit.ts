/** DESIGN §4 access-log (접속기록) actions. */
export const AUDIT_ACTIONS = [
  'LOGIN',
  'LOGOUT',
  'LOGIN_FAILED',
  'VIEW_PII',
  'CREATE',
  'UPDATE',
  'DELETE',
  'EXPORT',
  'REVEAL',
  'PERMISSION_CHANGE',
  'SETTINGS_CHANGE',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  LOGIN: '로그인',
  LOGOUT: '로그아웃',
  LOGIN_FAILED: '로그인 실패',
  VIEW_PII: '개인정보 조회',
  CREATE: '등록',
  UPDATE: '수정',
  DELETE: '삭제',
  EXPORT: '다운로드',
  REVEAL: '개인정보 열람',
  PERMISSION_CHANGE: '권한 변경',
  SETTINGS_CHANGE: '설정 변경',
};
