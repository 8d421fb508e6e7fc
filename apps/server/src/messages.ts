/** Korean messages the server writes itself. Field rules and error-code defaults live in @ilson/contracts. */
export const messages = {
  routeNotFound: '요청한 API를 찾을 수 없습니다.',
  invalidJson: '요청 본문이 올바른 JSON이 아닙니다.',
  bodyTooDeep: '요청 본문의 중첩이 너무 깊습니다.',
  nulCharacter: '입력값에 사용할 수 없는 문자(NUL)가 있습니다.',
  invalidValue: '입력한 값을 처리할 수 없습니다. 값의 형식과 범위를 확인해 주세요.',
  unsupportedMediaType: '지원하지 않는 요청 형식입니다.',
  tokenMissing: '로그인이 필요합니다.',
  readRateLimited: (seconds: number) =>
    `짧은 시간에 조회 요청이 너무 많습니다. ${seconds}초 후 다시 시도해 주세요.`,
  tokenInvalid: '인증 정보가 올바르지 않습니다. 다시 로그인해 주세요.',
  sessionEnded: '세션이 종료되었습니다. 다시 로그인해 주세요.',
  sessionIdle: (minutes: number) =>
    `${minutes}분 동안 사용하지 않아 세션이 종료되었습니다. 다시 로그인해 주세요.`,
  idleLogoutSummary: (minutes: number) => `${minutes}분 동안 사용하지 않아 세션 종료`,
  refreshInvalid: '로그인 정보가 만료되었습니다. 다시 로그인해 주세요.',
  refreshReused:
    '이미 사용된 로그인 정보가 다시 제출되어 보안을 위해 모든 세션을 종료했습니다. 다시 로그인해 주세요.',
  accountLocked: (minutes: number) =>
    `로그인 실패가 반복되어 계정이 잠겼습니다. ${minutes}분 후 다시 시도해 주세요.`,
  idempotencyMismatch: '같은 Idempotency-Key로 다른 내용의 요청이 이미 처리되었습니다.',
  idempotencyInFlight: '같은 Idempotency-Key의 요청이 아직 처리 중입니다.',
  idempotencyKeyInvalid: 'Idempotency-Key는 1~200자의 영문, 숫자, -, _ 여야 합니다.',
  databaseUnavailable: '데이터베이스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  requestTimeout: '요청 처리 시간이 초과되었습니다.',
  shuttingDown: '서버가 재시작 중입니다. 잠시 후 다시 시도해 주세요.',
  settingsInvalid: '설정 값이 올바르지 않습니다.',
  versionConflict: '다른 사용자가 먼저 수정했습니다. 새로고침 후 다시 시도해 주세요.',
  ownProfileUpdated: '내 정보 수정',
  ownPasswordChanged: '비밀번호 변경',
  ownPasswordMismatch: (count: number | string) => `비밀번호 변경 중 현재 비밀번호 불일치 (${count}회)`,
} as const;
