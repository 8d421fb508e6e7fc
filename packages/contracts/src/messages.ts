import { LOGIN_PASSWORD_MIN_LENGTH } from './constants';
import type { ErrorCode } from './errors';

/** Korean messages both sides show: field rules and the default message of each error code. */
export const fieldMessages = {
  required: '필수 입력 항목입니다.',
  loginIdRequired: '아이디 또는 이메일을 입력해 주세요.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordMin: `비밀번호는 ${LOGIN_PASSWORD_MIN_LENGTH}자 이상이어야 합니다.`,
  passwordPolicy:
    '비밀번호는 영문·숫자·특수문자 중 3종류 이상으로 8자 이상, 또는 2종류 이상으로 10자 이상이어야 합니다.',
  businessRegNo: '올바른 사업자등록번호가 아닙니다. (10자리, 검증번호 확인)',
  alienRegNo: '올바른 외국인등록번호가 아닙니다. (13자리, 생년월일 6자리 + 성별 5~8)',
  mobilePhone: '휴대전화 번호는 010으로 시작하는 11자리여야 합니다.',
  phone: '올바른 전화번호가 아닙니다.',
  postalCode: '우편번호는 5자리 숫자입니다.',
  email: '올바른 이메일 주소가 아닙니다.',
  date: '올바른 날짜가 아닙니다. (YYYY-MM-DD)',
} as const;

export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: '입력한 정보를 확인해 주세요.',
  UNAUTHORIZED: '인증이 필요합니다. 다시 로그인해 주세요.',
  FORBIDDEN: '접근 권한이 없습니다.',
  NOT_FOUND: '요청한 데이터를 찾을 수 없습니다.',
  CONFLICT: '다른 사용자가 먼저 변경했거나 이미 존재하는 데이터입니다.',
  RATE_LIMIT: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  SERVER_ERROR: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  SERVICE_UNAVAILABLE: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  PAYLOAD_TOO_LARGE: '요청 본문이 너무 큽니다.',
  ACCOUNT_LOCKED: '로그인 실패가 반복되어 계정이 잠겼습니다. 잠시 후 다시 시도해 주세요.',
  ACCOUNT_DISABLED: '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.',
  INVALID_CREDENTIALS: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.',
  TOKEN_EXPIRED: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  XSRF_MISMATCH: '보안 토큰이 일치하지 않습니다. 페이지를 새로고침해 주세요.',
  IDEMPOTENCY_CONFLICT: '같은 요청 키로 다른 요청이 이미 처리되었거나 처리 중입니다.',
  INVALID_TRANSITION: '현재 상태에서는 이 변경을 할 수 없습니다.',
  VISA_NOT_ELIGIBLE: '비자 조건이 맞지 않습니다.',
};

/** Korean messages of the record rules, shown by the server and the forms alike. */
export const recordMessages = {
  duplicateBusinessRegNo: '이미 등록된 사업자등록번호입니다.',
  duplicateBranchCode: '이미 사용 중인 지점 코드입니다.',
  duplicateAlienRegNo: '이미 등록된 외국인등록번호입니다.',
  reasonRequired: '사유를 입력해 주세요.',
  branchNotFound: '담당 지점을 찾을 수 없습니다.',
  branchOutOfScope: '담당 지점의 데이터만 등록하거나 옮길 수 있습니다.',
  versionConflict: '다른 사용자가 먼저 수정했습니다. 최신 내용을 불러온 뒤 다시 시도해 주세요.',
  invalidTransition: (from: string, to: string) => `'${from}' 상태에서 '${to}'(으)로 바꿀 수 없습니다.`,
  extensionAppliedAtRequired: '연장 신청일을 입력해 주세요.',
  newExpiryRequired: '연장 승인 시 새 체류 만료일을 입력해 주세요.',
  newExpiryNotLater: '새 체류 만료일은 현재 만료일보다 뒤여야 합니다.',
  dateRangeInverted: '시작일이 종료일보다 늦습니다.',
  branchHasRecords: '소속 사업주나 근로자가 있는 지점은 삭제할 수 없습니다. 운영 중지로 바꿔 주세요.',
  branchHasAdmins: '소속 관리자가 있는 지점은 삭제할 수 없습니다. 관리자의 지점을 먼저 바꿔 주세요.',
  managerNotFound: '지점장으로 지정할 관리자를 찾을 수 없습니다.',
  employerNotDeletable: '승인 대기 또는 반려 상태의 사업주만 삭제할 수 있습니다.',
  piiNotSet: '등록된 값이 없습니다.',
  unknownVisaBucket: '알 수 없는 만료 구간입니다.',
} as const;
