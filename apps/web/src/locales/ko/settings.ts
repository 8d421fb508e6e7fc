/** Korean strings of the settings area: its navigation and the system settings form (/settings). The rule messages themselves come from @ilson/contracts. */
export const koSettingsNav = {
  label: '설정 메뉴',
  settings: '시스템 설정',
  admins: '관리자 계정',
  logs: '접속기록',
} as const;

export const koSettings = {
  sections: {
    service: '서비스 정보',
    security: '로그인 보안',
    business: '업무 기준',
    privacy: '개인정보 보호',
  },
  fields: {
    serviceName: '서비스 이름',
    contactName: '담당자 이름',
    contactEmail: '담당자 이메일',
    contactPhone: '담당자 연락처',
    sessionTimeoutMinutes: '자동 로그아웃 시간',
    maxLoginFailures: '로그인 실패 허용 횟수',
    lockoutMinutes: '계정 잠금 시간',
    loginRateLimitPerMinute: 'IP당 분당 로그인 시도 한도',
    visaAlertDays: '비자 만료 알림 구간',
    minimumWageByYear: '연도별 최저시급',
    defaultMatchingFee: '기본 매칭 수수료',
    exportReasonRequired: '다운로드 사유 필수',
    dormantAfterDays: '휴면 회원 전환 기준',
    addressSearchEnabled: '주소 검색 (우편번호 서비스)',
    retention: '개인정보 보존 기간',
    accessReview: '접속기록 자동 점검 기준',
  },
  wageChangeReason: '최저시급 변경 사유',
  wageChangeReasonPlaceholder: '예: 2027년 최저임금 고시 반영',
  help: {
    serviceName: '화면 제목과 로그인 화면에 표시되는 이름입니다.',
    contactName: '비밀번호 찾기 화면에 문의처로 표시됩니다.',
    contactEmail: '비밀번호 찾기 화면에 문의처로 표시됩니다. 비워 둘 수 있습니다.',
    contactPhone: '비밀번호 찾기 화면에 문의처로 표시됩니다. 비워 둘 수 있습니다.',
    sessionTimeoutMinutes: '이 시간 동안 아무 조작이 없으면 자동으로 로그아웃됩니다. 5~480분, 기본 30분.',
    maxLoginFailures: '비밀번호를 연속으로 이만큼 틀리면 계정이 잠깁니다. 3~20회, 기본 5회.',
    lockoutMinutes:
      '잠긴 계정은 이 시간이 지나면 다시 로그인할 수 있습니다. 관리자 계정 화면에서 바로 풀 수도 있습니다. 1~1,440분, 기본 15분.',
    loginRateLimitPerMinute:
      '한 IP 주소에서 1분 동안 시도할 수 있는 로그인 횟수입니다. 넘으면 잠시 후 다시 시도하라고 안내합니다. 5~1,000회.',
    visaAlertDays:
      '대시보드와 비자 만료 관리 화면이 만료일까지 남은 날을 이 구간으로 나눕니다. 숫자를 입력하고 Enter를 누르세요. 1~365일, 최대 6개.',
    wageChangeReason:
      '연도별 최저시급을 바꿀 때는 사유를 적어 주세요(예: 2027년 최저임금 고시 반영). 변경 전후와 함께 접속기록에 남습니다.',
    minimumWageByYear:
      '시급 환산액이 해당 연도의 최저시급보다 낮은 채용공고는 게시할 수 없습니다. 새 연도의 고시액을 미리 추가해 두세요.',
    defaultMatchingFee: '매칭 정산을 등록할 때 처음 채워지는 수수료입니다. 건마다 바꿀 수 있습니다.',
    exportReasonRequired:
      '켜 두면 엑셀·CSV 다운로드 때마다 다운로드 사유를 입력해야 하며, 사유는 접속기록에 남습니다.',
    dormantAfterDays: '마지막 로그인 후 이 기간이 지난 앱 회원은 휴면으로 표시됩니다. 30~3,650일.',
    addressSearchEnabled:
      '켜 두면 사업장·근로자·지점·채용공고 주소 입력란 옆에 주소 검색 버튼이 나타납니다. 외부 우편번호 서비스(카카오)에 인터넷으로 접속해야 하며, 접속할 수 없으면 주소를 직접 입력합니다. 바꾼 뒤에는 화면을 새로 고쳐야 적용됩니다.',
    retention:
      '목적을 달성한 기록의 개인정보를 얼마나 보관할지 정합니다. 기간이 지나면 파기 작업이 개인정보를 지우고 파기 대장에 남깁니다. 0~120개월이며, 종류마다 법이 정한 최소 기간 이상이어야 합니다.',
    accessReview:
      '월간 점검의 자동 점검 결과 기준입니다. 한 달의 개인정보 열람 횟수나 다운로드 건수가 최근 3개월 평균의 배수를 넘고 최소값 이상이면 급증으로, 평일 업무 시간(서울 시각) 밖이나 주말의 열람·다운로드는 업무 시간 외로, 최근 90일 동안 쓰지 않던 IP가 한 달에 이만큼 이상이면 새 IP 로그인으로 보여 줍니다.',
  },
  accessReview: {
    fields: {
      volumeFactor: '급증 기준 (평소 대비 배수)',
      minimumReveals: '최소 열람 횟수 (월)',
      minimumExportRows: '최소 다운로드 건수 (월)',
      workdayStartHour: '업무 시작 시각',
      workdayEndHour: '업무 종료 시각',
      newIpMinimum: '새 IP 개수 (월)',
    },
    units: { times: '배', count: '회', rows: '건', hour: '시', places: '곳' },
    endAfterStart: '업무 종료 시각은 시작 시각보다 늦어야 합니다.',
  },
  retention: {
    months: (kind: string) => `${kind} 보존 기간(개월)`,
    basis: (kind: string) => `${kind} 보존 근거`,
    monthsUnit: '개월',
    floor: (months: number, basis: string, effectiveFrom: string | null) =>
      `${months > 0 ? `법정 최소 ${months}개월` : '법정 최소 기간 없음'} · ${basis} · ${
        effectiveFrom ? `시행 ${effectiveFrom}` : '시행일 미확인'
      }`,
    floorVerify: '(현행 조문 확인 필요)',
  },
  units: { minutes: '분', times: '회', days: '일', won: '원' },
  wageYear: '연도',
  wageAmount: '최저시급(원)',
  wageAdd: '연도 추가',
  wageRemove: (year: string) => `${year || '새'} 연도 삭제`,
  wageYearDuplicate: '같은 연도가 두 번 있습니다.',
  visaDaysPlaceholder: '예: 30, 60, 90, 120',
  readOnly: '시스템 설정은 최고 관리자만 바꿀 수 있습니다. 현재 값만 볼 수 있습니다.',
  save: '설정 저장',
  reset: '되돌리기',
  saved: '설정이 저장되었습니다. 바로 적용됩니다.',
  noChanges: '바뀐 내용이 없습니다.',
  loadFailed: '설정을 불러오지 못했습니다.',
  loggedHint: '설정을 바꾸면 변경 전후 값이 접속기록에 남습니다.',
} as const;
