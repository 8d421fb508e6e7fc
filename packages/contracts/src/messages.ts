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
  id: '번호는 1 이상의 숫자로만 적어 주세요. (최대 10자리)',
} as const;

export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION_ERROR: '입력한 정보를 확인해 주세요.',
  INVALID_REQUEST: '입력한 정보를 확인해 주세요.',
  UNSUPPORTED_MEDIA_TYPE: '지원하지 않는 요청 형식입니다.',
  UNAUTHORIZED: '인증이 필요합니다. 다시 로그인해 주세요.',
  FORBIDDEN: '접근 권한이 없습니다.',
  NOT_FOUND: '요청한 데이터를 찾을 수 없습니다.',
  CONFLICT: '다른 사용자가 먼저 변경했거나 이미 존재하는 데이터입니다.',
  RATE_LIMIT: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  SERVER_ERROR: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  SERVICE_UNAVAILABLE: '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  QUERY_TIMEOUT: '요청이 몰려 처리 시간이 초과되었습니다. 잠시 후 다시 시도해 주세요.',
  PAYLOAD_TOO_LARGE: '요청 본문이 너무 큽니다.',
  ACCOUNT_LOCKED: '로그인 실패가 반복되어 계정이 잠겼습니다. 잠시 후 다시 시도해 주세요.',
  ACCOUNT_DISABLED: '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.',
  INVALID_CREDENTIALS: '아이디(이메일) 또는 비밀번호가 올바르지 않습니다.',
  TOKEN_EXPIRED: '로그인이 만료되었습니다. 다시 로그인해 주세요.',
  XSRF_MISMATCH: '보안 토큰이 일치하지 않습니다. 페이지를 새로고침해 주세요.',
  IDEMPOTENCY_CONFLICT: '같은 요청이 아직 처리 중입니다. 잠시 후 다시 시도해 주세요.',
  IDEMPOTENCY_KEY_REUSED: '같은 요청 키로 다른 내용의 요청이 이미 처리되었습니다.',
  INVALID_TRANSITION: '현재 상태에서는 이 변경을 할 수 없습니다.',
  VISA_NOT_ELIGIBLE: '비자 조건이 맞지 않습니다.',
  ELIGIBILITY_WARNING: '확인이 필요한 항목이 있습니다. 예외 사유를 입력하면 진행할 수 있습니다.',
  MATCHINGS_AFFECTED: '진행 중인 매칭의 조건이 깨지므로 변경할 수 없습니다.',
  LIVE_MATCHINGS: '진행 중인 매칭이 있어 처리할 수 없습니다.',
  SELF_APPROVAL:
    '본인이 등록하거나 금액·계좌·수취인을 마지막으로 수정한 정산은 승인할 수 없습니다. 다른 승인 권한자에게 요청해 주세요.',
  PASSWORD_CHANGE_REQUIRED: '임시 비밀번호로 로그인했습니다. 비밀번호를 변경한 뒤 이용해 주세요.',
  SECOND_FACTOR_ENROLMENT_REQUIRED:
    '개인정보를 열람·다운로드할 수 있는 계정은 2단계 인증을 등록해야 합니다. 인증 앱을 등록한 뒤 이용해 주세요.',
  STEP_UP_REQUIRED: '보안을 위해 2단계 인증을 다시 확인해 주세요.',
  NETWORK_NOT_ALLOWED: '허용되지 않은 네트워크에서의 접근입니다. 관리자에게 문의해 주세요.',
  RECORD_DESTROYED: '개인정보가 파기된 기록은 수정하거나 되살릴 수 없습니다.',
  FEE_PUBLIC_PLACEMENT: '이 체류자격 근로자의 알선 수수료는 법적 근거 없이 받을 수 없습니다.',
  FEE_ABOVE_CAP: '매칭 수수료가 법정 상한을 넘습니다.',
  FEES_AFFECTED: '등록된 매칭 수수료가 법정 기준을 벗어나게 되므로 변경할 수 없습니다.',
};

/** Korean messages of the record rules, shown by the server and the forms alike. */
export const recordMessages = {
  duplicateBusinessRegNo: '이미 등록된 사업자등록번호입니다.',
  duplicateBranchCode: '이미 사용 중인 지점 코드입니다.',
  duplicateAlienRegNo: '이미 등록된 외국인등록번호입니다.',
  duplicatePassportNo: '이미 등록된 여권번호입니다.',
  reasonRequired: '사유를 입력해 주세요.',
  branchNotFound: '담당 지점을 찾을 수 없습니다.',
  branchOutOfScope: '담당 지점의 데이터만 등록하거나 옮길 수 있습니다.',
  versionConflict: '다른 사용자가 먼저 수정했습니다. 최신 내용을 불러온 뒤 다시 시도해 주세요.',
  invalidTransition: (from: string, to: string) => `'${from}' 상태에서 '${to}'(으)로 바꿀 수 없습니다.`,
  extensionAppliedAtRequired: '연장 신청일을 입력해 주세요.',
  newExpiryRequired: '연장 승인 시 새 체류 만료일을 입력해 주세요.',
  newExpiryNotLater: '새 체류 만료일은 현재 만료일보다 뒤여야 합니다.',
  visaPendingFromExtension:
    '심사 중은 체류기간 연장을 신청하면 설정됩니다. 직접 고를 수 없으니 체류기간 연장 신청을 등록해 주세요.',
  dateRangeInverted: '시작일이 종료일보다 늦습니다.',
  branchHasRecords: '소속 사업주나 근로자가 있는 지점은 삭제할 수 없습니다. 운영 중지로 바꿔 주세요.',
  branchHasAdmins: '소속 관리자가 있는 지점은 삭제할 수 없습니다. 관리자의 지점을 먼저 바꿔 주세요.',
  managerNotFound: '지점장으로 지정할 관리자를 찾을 수 없습니다.',
  employerNotDeletable: '승인 대기 또는 반려 상태의 사업주만 삭제할 수 있습니다.',
  piiNotSet: '등록된 값이 없습니다.',
  unknownVisaBucket: '알 수 없는 만료 구간입니다.',
  employerNotFound: '사업주를 찾을 수 없습니다.',
  employerNotApproved: '승인된 사업주의 채용공고만 게시할 수 있습니다. 사업주 승인을 먼저 처리해 주세요.',
  employerChangeLocked: '게시된 적이 있는 채용공고는 사업주를 바꿀 수 없습니다.',
  /** A withdrawal is final: nothing new is posted under it (docs/DOMAIN.md#statuses). */
  employerWithdrawn: '탈퇴한 사업주에게는 채용공고를 등록하거나 옮길 수 없습니다.',
  belowMinimumWage: (year: number, minimum: number, hourly: number) =>
    `${year}년 최저임금(시급 ${minimum.toLocaleString('ko-KR')}원)보다 낮습니다. 환산 시급 ${Math.floor(hourly).toLocaleString('ko-KR')}원`,
  noWorkingHours: '근무 시간이 없습니다. 근무 시각과 휴게 시간을 확인해 주세요.',
  deadlinePast: '마감일이 이미 지났습니다. 마감일을 오늘 이후로 정해 주세요.',
  headcountBelowFilled: (filled: number) => `모집 인원은 이미 채용된 인원(${filled}명)보다 적을 수 없습니다.`,
  jobPostNotDeletable: '게시 중인 채용공고는 삭제할 수 없습니다. 먼저 마감해 주세요.',
  jobPostNotEditable: '마감된 채용공고는 수정할 수 없습니다.',
  jobPostHasMatchings: '진행 중인 매칭이 있는 채용공고는 삭제할 수 없습니다.',
  jobPostAutoClosed: '마감일 경과 자동 마감',
  jobPostNotFound: '채용공고를 찾을 수 없습니다.',
  workerNotFound: '근로자를 찾을 수 없습니다.',
  workerDestroyed: '개인정보가 파기된 근로자는 매칭에 올릴 수 없습니다.',
  resumeWorkerDestroyed: '개인정보가 파기된 근로자의 이력서는 등록할 수 없습니다.',
  resumeDeleted: '삭제된 이력서입니다. 복원한 뒤 수정해 주세요.',
  resumeNotOfWorker: '이 근로자의 이력서가 아닙니다.',
  duplicateOpenMatching: '이 근로자는 이 채용공고에 이미 진행 중인 매칭이 있습니다.',
  overrideReasonRequired: '확인이 필요한 항목이 있습니다. 예외로 진행하려면 예외 사유를 입력해 주세요.',
  overrideNotPermitted:
    '확인이 필요한 항목이 있습니다. 예외 진행은 예외 승인 권한이 있는 관리자만 할 수 있습니다.',
  agreedSalaryRequired: '합의 급여 형태를 바꾸면 금액도 입력해 주세요.',
  overrideNote: (reason: string) => `예외 진행 사유: ${reason}`,
  startDateRequired: '계약하려면 근무 시작일을 입력해 주세요.',
  endBeforeStart: '종료일은 시작일보다 빠를 수 없습니다.',
  statsRangeTooLong: '통계 기간은 최대 10년까지 조회할 수 있습니다.',
  workerFollowsMatching: (matchingId: number) => `매칭 #${matchingId} 상태에 따른 자동 변경`,
  filledCountChanged: (before: number, after: number) => `충원 인원 변경: ${before} → ${after}`,
  noticeContentEmpty: '내용을 입력해 주세요. (허용되지 않는 태그와 스크립트는 저장되지 않습니다)',
  noticePublishAtLocked: '이미 게시된 공지의 게시 예정 시각은 바꿀 수 없습니다.',
  matchingNotFound: '매칭을 찾을 수 없습니다.',
  reviewMatchingNotEligible: '근무 중이거나 근무를 마친 매칭에만 리뷰를 등록할 수 있습니다.',
  duplicateReview: '이 매칭에는 같은 작성자 유형의 리뷰가 이미 있습니다.',
  reviewNotReported: '신고가 없는 리뷰입니다.',
  payoutNotEditable: (status: string) => `'${status}' 상태의 정산은 수정할 수 없습니다.`,
  payoutMatchingMismatch: '선택한 매칭의 사업주가 정산 사업주와 다릅니다.',
  payoutWorkerMismatch: '선택한 매칭의 근로자가 정산 근로자와 다릅니다.',
  payoutWorkerRequired: '임금 지급 정산에는 근로자를 선택해 주세요.',
  paidAtInFuture: '지급일시는 현재 시각 이후일 수 없습니다.',
  permitHeld: (permit: string, count: number) =>
    `이 ${permit}에 기대어 계약·근무 중인 매칭이 ${count}건 있어 변경할 수 없습니다. 매칭을 먼저 정리하거나 새 허가를 등록해 주세요.`,
  matchingsAffected: (count: number, first: string) =>
    `진행 중인 매칭 ${count}건의 조건이 깨지므로 변경할 수 없습니다. ${first}`,
  workerHasLiveMatchings:
    '진행 중인 매칭이 있는 근로자는 삭제할 수 없습니다. 매칭을 먼저 종료하거나 취소해 주세요.',
  employerHasLiveMatchings: '진행 중인 매칭이 있는 사업주는 삭제할 수 없습니다.',
  resumeHasLiveMatchings: '진행 중인 매칭에 쓰인 이력서는 삭제할 수 없습니다.',
  workerDepartsWithMatchings: '합격·계약·근무 중인 매칭이 있는 근로자는 출국 처리할 수 없습니다.',
  workerEngaged:
    '이 근로자는 다른 매칭에서 이미 계약 완료 또는 근무 중입니다. 한 사업장에서만 일할 수 있는 체류자격(E-9·E-8·E-10·H-2·E-7)은 한 곳과만 계약할 수 있습니다.',
  oneEmployerVisaEngaged: (visa: string, count: number, cite: string) =>
    `${visa} 체류자격은 한 사업장에서만 일할 수 있습니다(${cite}). 이 근로자는 계약 완료·근무 중인 매칭이 ${count}건이라 ${visa}(으)로 바꿀 수 없습니다. 한 곳을 남기고 먼저 종료해 주세요.`,
  startDateInFuture:
    '근무 시작일이 오늘 이후입니다. 근무 중으로 바꾸려면 시작일이 오늘이거나 지난 날이어야 합니다.',
  endDateInFuture: '종료일이 오늘 이후입니다. 종료 처리는 종료일이 오늘이거나 지난 날이어야 합니다.',
  startDateRequiredWhileHeld: '계약 완료·근무 중·종료된 매칭의 근무 시작일은 지울 수 없습니다.',
  endDateRequiredWhenEnded: '종료된 매칭의 종료일은 지울 수 없습니다.',
  branchInactive: '운영 중지된 지점에는 새 데이터를 등록하거나 옮길 수 없습니다.',
  selfApprovalReasonRequired: '본인이 만든 정산을 최고 관리자 권한으로 승인하려면 사유를 입력해 주세요.',
  selfApprovalNote: (reason: string) => `본인 수정 건 승인(최고 관리자): ${reason}`,
  jobPostBackToReview: '게시 중인 공고의 내용이 바뀌어 다시 승인 대기로 돌아갑니다.',
  /** The edit would take the post back to review, where no matching may be held (docs/DOMAIN.md#invariants, I-10). */
  jobPostReviewWithHeldMatchings: (matchings: readonly string[]) =>
    `합격·계약 완료·근무 중인 매칭이 있는 채용공고는 내용을 바꾸면 다시 승인 대기로 돌아가므로 수정할 수 없습니다. 승인 권한이 있는 관리자가 수정해 주세요. 걸리는 매칭: ${matchings.join(', ')}`,
  /** A deleted employer keeps no live post (docs/DOMAIN.md#invariants, I-21): the first few titles, and how many more. */
  employerHasLivePosts: (count: number, titles: readonly string[]) =>
    `채용공고 ${count}건(${titles.map((title) => `'${title}'`).join(', ')}${count > titles.length ? ` 외 ${count - titles.length}건` : ''})이 남아 있어 사업주를 삭제할 수 없습니다. 채용공고를 먼저 삭제해 주세요.`,
  payoutBackToPending: '승인 후 금액·계좌·수취인이 바뀌어 다시 승인 대기로 돌아갑니다.',
  duplicateMatchingFee: '이 매칭에는 이미 매칭 수수료 정산이 있습니다. (취소된 정산 제외)',
  interviewSkipped: (reason: string) => `면접 생략: ${reason}`,
  postsFollowEmployer: (status: string) => `사업주 ${status}에 따른 자동 변경`,
  /** A post's branch is its employer's (docs/DOMAIN.md#invariants, I-23). */
  postsFollowEmployerBranch: '사업주 담당 지점 변경에 따른 자동 변경',
  /** A worker's resumes go to the trash and come back with it (docs/DOMAIN.md#invariants, I-22). */
  resumeFollowsWorker: (action: '삭제' | '복원') => `근로자 ${action}에 따라 함께 ${action}`,
} as const;

/** The exports' own rules (docs/wire.md#errors-and-validation: the client shows the first detail of a 422). */
export const exportMessages = {
  reasonRequired: '다운로드 사유를 입력해 주세요.',
  reasonRequiredUnmasked: '개인식별정보를 마스킹 없이 내려받으려면 다운로드 사유를 입력해 주세요.',
  unmaskedForbidden: '개인식별정보를 마스킹 없이 내려받을 권한이 없습니다.',
  tooManyRowsForExcel: (rows: number, max: number) =>
    `Excel 파일 한 시트에는 ${max.toLocaleString('ko-KR')}건까지 담을 수 있습니다(조건에 맞는 자료 ${rows.toLocaleString('ko-KR')}건). CSV를 선택하거나 조건을 좁혀 주세요.`,
  busy: '다른 내려받기가 진행 중입니다. 잠시 후 다시 시도해 주세요.',
};
