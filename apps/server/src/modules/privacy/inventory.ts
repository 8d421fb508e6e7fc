/**
 * Every column of the database, by whether it can hold a person's data and what destruction does with it
 * (docs/privacy-lifecycle.md#the-inventory). A test reads the migrated schema and fails for a column not listed
 * here, so a new column holding personal data is classified before it ships.
 *
 * - `personal`: holds a person's data itself (a name, a contact, an identifier, their words).
 * - `derived`: made from personal data — a keyed hash, a masked form, a copy, a hash of a file or a log row.
 * - `none`: holds nothing about a person (ids, statuses, dates of the record, counts, amounts, settings).
 *
 * Each personal or derived column says what happens to it: `destroyed` (cleared when its person is destroyed, by
 * the function named), `kept` (with the reason the law or the product keeps it), or `expires` (deleted on its own
 * after a short life).
 */

export type Treatment = { destroyed: string } | { kept: string } | { expires: string };
export type Holding = { what: string } & Treatment;

export type TableInventory = {
  about: string;
  personal?: Record<string, Holding>;
  derived?: Record<string, Holding>;
  none: readonly string[];
};

const BOOK = ['id', 'created_at', 'updated_at', 'version'] as const;
const destroyed = (by: string) => ({ destroyed: by });
const WORKER = destroyed('destroyWorkers');
const EMPLOYER = destroyed('destroyEmployers');
const APP_USER = destroyed('destroyAppUsers');
const RESUME = destroyed('destroyResumes, destroyWorkers');
const MATCHING = destroyed('destroyMatchings');
const PAYOUT = destroyed('destroyPayouts');
const STAGED = destroyed('destroyStagedRows (the person), purgeStagedImports (its own retention)');
const LOG_KEPT = {
  kept: '접속기록: 누가 누구의 정보를 처리했는지의 기록이라 그 보존 기간(24개월 이상)까지 그대로 두고, 체인으로 묶여 고칠 수 없다. 기간이 지나면 행째 삭제된다.',
};
const STAFF = {
  kept: '관리자(직원) 계정: 파기 대상인 정보주체가 아니며, 계정을 지울 때까지 유지',
};
const BUSINESS = {
  kept: '사업장을 설명하는 값이라 사업주 파기 후에도 남김 (개인사업자의 경우 사람을 가리킬 수 있음: 알려진 한계)',
};

export const PERSONAL_DATA_INVENTORY: Record<string, TableInventory> = {
  __drizzle_migrations: { about: '적용된 마이그레이션', none: ['id', 'hash', 'created_at'] },
  admins: {
    about: '관리자 계정',
    personal: {
      login_id: { what: '로그인 아이디', ...STAFF },
      email: { what: '이메일', ...STAFF },
      name: { what: '이름', ...STAFF },
      phone: { what: '전화번호', ...STAFF },
      last_login_ip: { what: '마지막 로그인 IP', ...STAFF },
    },
    derived: { password_hash: { what: '비밀번호 해시', ...STAFF } },
    none: [
      ...BOOK,
      'role',
      'branch_id',
      'status',
      'failed_login_count',
      'locked_until',
      'must_change_password',
      'password_changed_at',
      'last_login_at',
    ],
  },
  app_user_consents: {
    about: '앱 회원의 동의 기록',
    personal: {
      withdrawal_note: {
        what: '전화 철회의 통화 메모 (누가 어떻게 본인 확인했는지)',
        kept: '동의·철회의 증빙이라 회원 파기 후에도 남김 (개인정보 보호법 제22조)',
      },
    },
    none: [
      'id',
      'app_user_id',
      'item',
      'text_version',
      'consented_at',
      'channel',
      'withdrawn_at',
      'withdrawal_channel',
      'withdrawn_by_admin_id',
    ],
  },
  app_users: {
    about: '앱 회원',
    personal: {
      login_id: { what: '로그인 아이디 (destroyed-{id}로 바뀜)', ...APP_USER },
      email: { what: '이메일', ...APP_USER },
      phone: { what: '전화번호', ...APP_USER },
      name: { what: '이름 (파기됨)', ...APP_USER },
      status_reason: { what: '상태 변경 사유', ...APP_USER },
    },
    none: [
      ...BOOK,
      'user_type',
      'employer_id',
      'worker_id',
      'preferred_language',
      'joined_at',
      'last_login_at',
      'status',
      'status_changed_at',
      'destroyed_at',
    ],
  },
  audit_checkpoints: {
    about: '접속기록 체인의 체크포인트',
    derived: {
      last_hash: { what: '접속기록 행의 해시', ...LOG_KEPT },
      prev_mac: { what: '체크포인트 MAC', ...LOG_KEPT },
      mac: { what: '체크포인트 MAC', ...LOG_KEPT },
    },
    none: ['id', 'kind', 'created_at', 'last_id', 'row_count', 'legacy_ok', 'legacy_problems'],
  },
  audit_finding_acks: {
    about: '월간 점검 결과 확인',
    personal: { note: { what: '확인 메모 (관리자에 대한 설명)', ...LOG_KEPT } },
    none: ['id', 'period', 'kind', 'subject_admin_id', 'acknowledged_by_admin_id', 'round', 'created_at'],
  },
  audit_finding_reopens: {
    about: '월간 점검 결과 다시 열기',
    personal: { reason: { what: '다시 여는 사유 (관리자에 대한 설명)', ...LOG_KEPT } },
    none: ['id', 'ack_id', 'reopened_by_admin_id', 'created_at'],
  },
  audit_logs: {
    about: '접속기록',
    personal: {
      actor_login_id: { what: '처리한 관리자의 아이디', ...LOG_KEPT },
      summary: { what: '요약 (대상의 이름이 들어갈 수 있음)', ...LOG_KEPT },
      diff: {
        what: '바뀐 값 (이름·연락처는 그대로, 외국인등록번호·여권번호·계좌는 마스킹, 암호문과 해시는 빼고)',
        ...LOG_KEPT,
      },
      reason: { what: '열람·다운로드 사유', ...LOG_KEPT },
      ip: { what: '접속지 IP', ...LOG_KEPT },
      user_agent: { what: '브라우저', ...LOG_KEPT },
    },
    derived: {
      prev_hash: { what: '앞 행의 해시', ...LOG_KEPT },
      hash: { what: '이 행의 해시', ...LOG_KEPT },
    },
    none: ['id', 'created_at', 'actor_admin_id', 'action', 'target_type', 'target_id', 'record_count'],
  },
  audit_reviews: {
    about: '월간 점검 기록',
    personal: {
      findings: { what: '점검 내용 (관리자에 대한 기술)', ...LOG_KEPT },
      actions_taken: { what: '조치 내용', ...LOG_KEPT },
    },
    none: ['id', 'period', 'reviewer_admin_id', 'reviewed_at', 'created_at'],
  },
  auth_sessions: {
    about: '관리자 로그인 세션',
    personal: {
      ip: { what: '접속 IP', expires: '세션 만료 후 정리 (관리자 계정의 세션)' },
      user_agent: { what: '브라우저', expires: '세션 만료 후 정리' },
    },
    derived: { browser_binding_hash: { what: '브라우저 결속 해시', expires: '세션 만료 후 정리' } },
    none: [
      'id',
      'admin_id',
      'remember',
      'created_at',
      'last_used_at',
      'expires_at',
      'revoked_at',
      'revoked_reason',
      'mfa_enrolment_required',
      'second_factor_at',
      'webauthn_challenge',
    ],
  },
  admin_totp: {
    about: '관리자의 OTP 인증 앱 (2단계 인증)',
    derived: {
      secret_encrypted: { what: 'OTP 비밀키 (PII_KEY로 암호화)', ...STAFF },
    },
    none: ['admin_id', 'created_at', 'confirmed_at', 'last_step'],
  },
  network_rules: {
    about: '허용 네트워크 규칙 (역할·관리자별 IP 대역)',
    personal: {
      cidr: { what: 'IP 대역 (관리자 한 명의 주소일 수 있음)', ...STAFF },
      memo: { what: '메모', ...STAFF },
    },
    none: ['id', 'role', 'admin_id', 'created_by_admin_id', 'created_at', 'updated_at', 'version'],
  },
  admin_passkeys: {
    about: '관리자의 패스키 (2단계 인증)',
    personal: { name: { what: '관리자가 붙인 패스키 이름', ...STAFF } },
    none: [
      'id',
      'admin_id',
      'credential_id',
      'public_key',
      'counter',
      'transports',
      'created_at',
      'last_used_at',
    ],
  },
  admin_recovery_codes: {
    about: '관리자의 2단계 인증 복구 코드',
    derived: { code_hash: { what: '복구 코드의 키 해시', ...STAFF } },
    none: ['id', 'admin_id', 'created_at', 'used_at'],
  },
  mfa_challenges: {
    about: '비밀번호 확인 뒤 2단계 인증을 기다리는 로그인 (5분)',
    personal: { ip: { what: '접속 IP', expires: '만료 후 정리' } },
    derived: { token_hash: { what: '로그인 토큰의 해시', expires: '만료 후 정리' } },
    none: ['admin_id', 'remember', 'created_at', 'expires_at', 'consumed_at', 'webauthn_challenge'],
  },
  branches: {
    about: '지점 (회사의 사무소)',
    none: [...BOOK, 'name', 'code', 'region', 'address', 'phone', 'manager_admin_id', 'status'],
  },
  bulk_job_items: {
    about: '일괄 작업의 대상과 결과',
    personal: { message: { what: '거절 사유 (레코드를 인용할 수 있음)', destroyed: 'clearBulkTraces' } },
    none: ['job_id', 'seq', 'record_id', 'status', 'code'],
  },
  bulk_jobs: {
    about: '일괄 작업',
    personal: {
      params: { what: '사유 (사람을 적을 수 있음)', destroyed: 'clearBulkTraces (사유에 그 사람이 있을 때)' },
      scope: {
        what: '조건 요약 (검색어에 이름이 들어갈 수 있음)',
        destroyed: 'clearBulkTraces (조건에 그 사람이 있을 때)',
      },
      run_actor: { what: '실행한 관리자 (아이디·IP)', ...STAFF },
    },
    none: [
      'id',
      'resource',
      'action',
      'status',
      'total',
      'processed',
      'succeeded',
      'failed',
      'cursor',
      'cancel_requested',
      'runner_token',
      'heartbeat_at',
      'failure',
      'scope_branch_ids',
      'created_by',
      'finished_at',
      'created_at',
      'updated_at',
    ],
  },
  data_repairs: {
    about: '무결성 점검의 수리 기록',
    none: ['id', 'check_code', 'target_type', 'target_id', 'action', 'created_at'],
  },
  destructions: {
    about: '파기 대장',
    personal: {
      reason: {
        what: '파기 실행 사유',
        kept: '파기 대장은 파기의 증빙이라 지우지 않음 (개인정보 보호법 제21조 제2항의 기록)',
      },
    },
    none: [
      'id',
      'destroyed_at',
      'kind',
      'method',
      'count',
      'months',
      'basis',
      'trigger',
      'approved_by_admin_id',
      'target_ids',
    ],
  },
  employers: {
    about: '사업주',
    personal: {
      ceo_name: { what: '대표자 이름 (파기됨)', ...EMPLOYER },
      phone: { what: '전화번호', ...EMPLOYER },
      email: { what: '이메일', ...EMPLOYER },
      manager_name: { what: '담당자 이름', ...EMPLOYER },
      manager_phone: { what: '담당자 전화번호', ...EMPLOYER },
      address_detail: { what: '상세 주소', ...EMPLOYER },
      admin_memo: { what: '관리자 메모', ...EMPLOYER },
      status_reason: { what: '상태 변경 사유', ...EMPLOYER },
      company_name: { what: '상호', ...BUSINESS },
      business_reg_no: { what: '사업자등록번호', ...BUSINESS },
      road_address: { what: '도로명 주소', ...BUSINESS },
    },
    none: [
      ...BOOK,
      'opening_date',
      'biz_entity_type',
      'industry',
      'region',
      'zip_code',
      'employee_count',
      'foreign_worker_count',
      'branch_id',
      'status',
      'status_changed_at',
      'approved_at',
      'approved_by',
      'deleted_at',
      'import_batch_id',
      'import_row_no',
      'destroyed_at',
    ],
  },
  idempotency_keys: {
    about: '같은 요청의 재전송을 한 번만 처리하기 위한 응답 보관',
    personal: {
      response_body: {
        what: '응답 본문 (레코드의 이름·연락처가 들어갈 수 있음)',
        expires: '하루 뒤 삭제 (plugins/idempotency.ts), 그 요청을 보낸 관리자만 다시 받을 수 있음',
      },
    },
    derived: { request_hash: { what: '요청 본문의 해시', expires: '하루 뒤 삭제' } },
    none: ['admin_id', 'key', 'method', 'path', 'status_code', 'created_at'],
  },
  import_batches: {
    about: '가져오기 파일',
    personal: {
      headers: {
        what: '파일의 머리글 (보통 열 이름이나, 사람이 적혀 있을 수 있음)',
        kept: '파일의 형식으로 남김: 행이 파기되면 내용은 없음',
      },
      file_name: {
        what: '올린 파일 이름 (사람 이름이 들어갈 수 있음)',
        kept: '가져오기 이력과 접속기록의 대상으로 남김',
      },
      run_actor: { what: '실행한 관리자 (아이디·IP)', ...STAFF },
    },
    derived: {
      file_hash: { what: '파일 내용의 SHA-256', kept: '같은 파일을 알아보는 데 쓰며 내용을 되살릴 수 없음' },
    },
    none: [
      'id',
      'resource',
      'file_size',
      'format',
      'encoding',
      'mapping',
      'status',
      'total_rows',
      'processed_rows',
      'valid_rows',
      'error_rows',
      'duplicate_rows',
      'committed_rows',
      'undone_rows',
      'kept_rows',
      'run_total',
      'cursor',
      'cancel_requested',
      'runner_token',
      'heartbeat_at',
      'failure',
      'scope_branch_ids',
      'created_by',
      'validated_at',
      'committed_at',
      'undone_at',
      'created_at',
      'updated_at',
    ],
  },
  import_rows: {
    about: '가져오기 파일의 행 (스테이징)',
    personal: {
      cells_enc: { what: '행의 셀 (암호화, 외국인등록번호가 들어 있을 수 있음)', ...STAGED },
      errors: { what: '행의 오류 (값을 인용하지 않는 메시지)', ...STAGED },
    },
    derived: {
      row_keys: { what: '중복 판정 키 (외국인등록번호·여권번호·이름의 키 해시, 사업자번호)', ...STAGED },
    },
    none: ['batch_id', 'row_no', 'status', 'record_id'],
  },
  import_row_keys: {
    about: '검사 중인 가져오기의 유효한 행의 키 (검사가 끝나면 삭제)',
    derived: {
      key: {
        what: '중복 판정 키 (외국인등록번호·여권번호·이름의 키 해시, 사업자번호)',
        ...destroyed('destroyStagedRows; 검사가 끝나면 삭제'),
      },
    },
    none: ['batch_id', 'row_no'],
  },
  job_posts: {
    about: '채용공고',
    derived: {
      employer_company_name: { what: '사업주 상호의 사본', ...BUSINESS },
    },
    none: [
      ...BOOK,
      'employer_id',
      'branch_id',
      'title',
      'industry',
      'duty',
      'job_description',
      'is_simple_labour',
      'headcount',
      'filled_count',
      'region',
      'zip_code',
      'work_address',
      'employment_type',
      'contract_months',
      'work_days',
      'work_start_time',
      'work_end_time',
      'break_minutes',
      'salary_type',
      'salary_amount',
      'dormitory_provided',
      'meal_provided',
      'allowed_visa_types',
      'required_korean_level',
      'deadline',
      'view_count',
      'status',
      'reject_reason',
      'status_reason',
      'status_changed_at',
      'published_at',
      'closed_at',
      'created_by',
      'deleted_at',
    ],
  },
  list_settings: {
    about: '관리자의 목록 표시 설정',
    none: ['admin_id', 'list', 'columns', 'density', 'page_size', 'created_at', 'updated_at'],
  },
  matching_status_history: {
    about: '매칭 상태 이력',
    personal: { reason: { what: '변경 사유', ...MATCHING } },
    none: ['id', 'matching_id', 'from_status', 'to_status', 'changed_at', 'changed_by'],
  },
  matchings: {
    about: '매칭·근로계약',
    personal: {
      memo: { what: '메모', ...MATCHING },
      cancel_reason: { what: '취소 사유', ...MATCHING },
      override_reason: { what: '경고 무시 사유', ...MATCHING },
    },
    derived: {
      worker_nationality: {
        what: '매칭 때의 국적 (통계용)',
        kept: '통계가 세는 값: 그것만으로 사람을 알아볼 수 없음',
      },
      worker_visa_type: { what: '매칭 때의 체류자격 (통계용)', kept: '통계가 세는 값' },
    },
    none: [
      ...BOOK,
      'job_post_id',
      'employer_id',
      'worker_id',
      'resume_id',
      'branch_id',
      'source',
      'manager_admin_id',
      'industry',
      'interview_at',
      'contract_date',
      'start_date',
      'end_date',
      'agreed_salary_type',
      'agreed_salary_amount',
      'fee_amount',
      'overridden_warnings',
      'status',
      'status_changed_at',
      'destroyed_at',
    ],
  },
  notices: {
    about: '공지사항',
    none: [
      ...BOOK,
      'title',
      'content',
      'audience',
      'is_pinned',
      'status',
      'publish_at',
      'published_at',
      'view_count',
      'author_admin_id',
      'status_changed_at',
      'deleted_at',
    ],
  },
  payouts: {
    about: '정산',
    personal: {
      account_no_enc: { what: '계좌번호 (암호화)', ...PAYOUT },
      account_holder: { what: '예금주', ...PAYOUT },
      memo: { what: '메모', ...PAYOUT },
      status_reason: { what: '상태 변경 사유', ...PAYOUT },
      legal_basis_note: {
        what: '수수료의 법적 근거 (최고 관리자 기록)',
        kept: '공공 알선 대상(E-9·E-8) 수수료를 받은 근거의 기록이라 정산과 함께 남김 (직업안정법·외국인고용법 준수 증빙)',
      },
    },
    derived: {
      account_no_hash: { what: '계좌번호 검색 해시', ...PAYOUT },
      account_no_masked: { what: '계좌번호 마스킹', ...PAYOUT },
    },
    none: [
      ...BOOK,
      'matching_id',
      'employer_id',
      'worker_id',
      'type',
      'amount',
      'vat',
      'method',
      'bank_name',
      'scheduled_date',
      'paid_at',
      'status',
      'status_changed_at',
      'created_by',
      'last_edited_by',
      'destroyed_at',
      'employer_branch_id',
      'legal_basis_by',
      'legal_basis_at',
    ],
  },
  privacy_requests: {
    about: '정보주체 요청',
    personal: {
      details: {
        what: '요청 내용',
        kept: '요청을 받고 처리한 기록이라 남김 (개인정보 보호법 제35~37조의 처리 증빙)',
      },
      outcome: { what: '처리 결과', kept: '처리 증빙' },
    },
    none: [
      ...BOOK,
      'subject_type',
      'subject_id',
      'kind',
      'channel',
      'received_at',
      'due_date',
      'status',
      'assignee_admin_id',
      'created_by_admin_id',
      'completed_at',
    ],
  },
  rate_limits: {
    about: '로그인 시도 제한',
    personal: { key: { what: 'IP나 아이디가 든 키', expires: '창이 지나면 다시 씀 (1분 단위)' } },
    none: ['count', 'window_start'],
  },
  refresh_tokens: {
    about: '세션 갱신 토큰',
    derived: { token_hash: { what: '토큰 해시', expires: '세션과 함께 만료' } },
    none: ['session_id', 'created_at', 'used_at'],
  },
  employer_permits: {
    about: '사업주의 고용허가서·특례고용가능확인서 (외국인고용법 제8조, 제12조)',
    personal: { note: { what: '고용허가 메모', ...EMPLOYER } },
    none: [
      ...BOOK,
      'employer_id',
      'type',
      'permit_no',
      'valid_from',
      'valid_to',
      'headcount',
      'visa',
      'created_by',
    ],
  },
  worker_workplace_changes: {
    about: '근로자의 사업장 변경 기록 (외국인고용법 제25조)',
    personal: {
      note: { what: '사업장 변경 메모', ...WORKER },
      approval_no: { what: '고용센터 승인번호 (근로자의 사건 번호)', ...WORKER },
    },
    none: [
      ...BOOK,
      'worker_id',
      'request_date',
      'cause',
      'approved',
      'approval_date',
      'from_employer_id',
      'created_by_admin_id',
      'deleted_at',
    ],
  },
  resumes: {
    about: '이력서',
    personal: {
      work_experience: { what: '경력', ...RESUME },
      education_history: { what: '학력', ...RESUME },
      language_skills: { what: '언어', ...RESUME },
      certifications: { what: '자격증', ...RESUME },
      skills: { what: '기술', ...RESUME },
      references: { what: '추천인', ...RESUME },
      status_reason: { what: '상태 변경 사유', ...RESUME },
    },
    derived: {
      worker_nationality: {
        what: '근로자 국적의 사본 (목록 정렬용)',
        kept: '통계·필터 값: 그것만으로 사람을 알아볼 수 없음',
      },
    },
    none: [
      ...BOOK,
      'worker_id',
      'views_count',
      'last_viewed_at',
      'status',
      'visibility',
      'deleted_at',
      'deleted_with_worker',
      'worker_branch_id',
      'destroyed_at',
    ],
  },
  reviews: {
    about: '후기',
    personal: {
      content: {
        what: '후기 본문 (상대방에 대한 서술)',
        kept: '공개된 후기는 쓴 사람의 글이라 상대의 파기와 따로 둠: 게시 중단·삭제로 다룸 (알려진 한계)',
      },
      moderation_reason: { what: '검토 사유', kept: '후기의 검토 기록' },
    },
    none: [
      ...BOOK,
      'matching_id',
      'reviewer_type',
      'employer_id',
      'worker_id',
      'branch_id',
      'rating',
      'report_count',
      'status',
      'moderated_by',
      'moderated_at',
      'created_by',
      'deleted_at',
    ],
  },
  saved_views: {
    about: '저장된 보기 (목록의 조건)',
    personal: {
      name: { what: '보기 이름 (사람을 적을 수 있음)', destroyed: 'deleteSavedViewsNaming (보기를 지움)' },
      query: {
        what: '목록 조건 (검색어, 근로자·사업주 id)',
        destroyed: 'deleteSavedViewsNaming (그 사람의 id나 이름·연락처가 든 보기를 지움)',
      },
    },
    none: ['id', 'admin_id', 'list', 'shared', 'created_at', 'updated_at', 'version'],
  },
  settings: {
    about: '시스템 설정',
    none: ['key', 'value', 'updated_at', 'updated_by'],
  },
  summary_cache: {
    about: '대시보드 집계 캐시 (건수만, 이름이나 식별자 없음)',
    none: ['key', 'payload', 'computed_at', 'refreshing_until'],
  },
  undo_entries: {
    about: '상태 변경 되돌리기 (몇 초)',
    personal: {
      summary: {
        what: '변경 요약 (이름이 들어갈 수 있음)',
        destroyed: 'deleteUndoEntriesAbout; 20초 뒤 만료',
      },
      operation: { what: '상태 변경 전의 값 (사유 등)', destroyed: 'deleteUndoEntriesAbout; 20초 뒤 만료' },
    },
    none: ['id', 'admin_id', 'target_type', 'target_id', 'version_after', 'created_at', 'expires_at'],
  },
  workers: {
    about: '근로자',
    personal: {
      name_ko: { what: '한글 이름 (파기됨)', ...WORKER },
      first_name: { what: '이름', ...WORKER },
      last_name: { what: '성', ...WORKER },
      date_of_birth: { what: '생년월일 (연도만 남김)', ...WORKER },
      phone_number: { what: '전화번호', ...WORKER },
      email_address: { what: '이메일', ...WORKER },
      alien_reg_no_enc: { what: '외국인등록번호 (암호화)', ...WORKER },
      passport_no_enc: { what: '여권번호 (암호화)', ...WORKER },
      passport_expiry_date: { what: '여권 만료일', ...WORKER },
      street_address: { what: '주소', ...WORKER },
      city: { what: '주소 (시)', ...WORKER },
      state_province: { what: '주소 (도)', ...WORKER },
      postal_code: { what: '우편번호', ...WORKER },
      admin_memo: { what: '관리자 메모', ...WORKER },
      status_reason: { what: '상태 변경 사유', ...WORKER },
      part_time_permit_no: { what: '시간제취업허가 번호', ...WORKER },
    },
    derived: {
      alien_reg_no_hash: { what: '외국인등록번호 검색 해시', ...WORKER },
      alien_reg_no_masked: { what: '외국인등록번호 마스킹', ...WORKER },
      passport_no_hash: { what: '여권번호 검색 해시', ...WORKER },
      passport_no_masked: { what: '여권번호 마스킹', ...WORKER },
    },
    none: [
      'study_course',
      'part_time_permit_weekly_hours',
      'part_time_permit_valid_from',
      'part_time_permit_valid_to',
      ...BOOK,
      'gender',
      'nationality',
      'visa_type',
      'visa_status',
      'visa_expiry_date',
      'entry_date',
      'employment_period_end_date',
      'korean_level',
      'desired_industries',
      'country',
      'branch_id',
      'status',
      'status_changed_at',
      'extension_status',
      'extension_applied_at',
      'extension_approved_at',
      'deleted_at',
      'import_batch_id',
      'import_row_no',
      'destroyed_at',
    ],
  },
};

/** How a column is classified, or undefined when the inventory does not list it. */
export function classify(table: string, column: string): 'personal' | 'derived' | 'none' | undefined {
  const entry = PERSONAL_DATA_INVENTORY[table];
  if (!entry) return undefined;
  if (entry.personal && column in entry.personal) return 'personal';
  if (entry.derived && column in entry.derived) return 'derived';
  if (entry.none.includes(column)) return 'none';
  return undefined;
}

/** Column names that say they hold a person's data: they must be classified personal or derived. */
export const PERSONAL_NAME = /(_enc|_hash)$|(^|_)(name|phone|email|address|memo|ip)($|_)/;

/** Columns whose names sound personal but are not, each with why. */
export const NOT_PERSONAL_DESPITE_NAME: Record<string, string> = {
  'branches.name': '회사 지점의 이름',
  'branches.address': '회사 지점의 주소',
  'branches.phone': '회사 지점의 대표 전화',
  'job_posts.work_address': '사업장의 근무지 주소 (공고에 공개되는 값)',
  'payouts.bank_name': '은행 이름',
  '__drizzle_migrations.hash': '마이그레이션 파일의 해시',
};
