/**
 * Korean strings of the own account (내 정보 and its tabs, the forced password change) and of the idle
 * logout warning. Apart from `common.ts` (the login bundle): they load with the shell.
 */
export const koAccount = {
  tabs: { profile: '기본 정보', password: '비밀번호 변경', logins: '최근 로그인' },
  profile: {
    loginId: '아이디',
    role: '역할',
    branch: '소속 지점',
    noBranch: '전체 (지점 소속 없음)',
    passwordChangedAt: '비밀번호 변경일',
    lastLogin: '최근 로그인',
    never: '기록 없음',
    lastLoginWithIp: (at: string, ip: string | null) => (ip ? `${at} (${ip})` : at),
    name: '이름',
    email: '이메일',
    phone: '연락처',
    phonePlaceholder: '010-1234-5678',
    currentPassword: '현재 비밀번호',
    currentPasswordHint: '로그인 이메일을 바꾸려면 현재 비밀번호를 입력해 주세요.',
    readOnlyHint: '역할과 소속 지점은 최고 관리자가 관리자 계정 화면에서 바꿀 수 있습니다.',
    save: '저장',
    saved: '내 정보가 저장되었습니다.',
    loadFailed: '내 정보를 불러오지 못했습니다.',
  },
  password: {
    current: '현재 비밀번호',
    next: '새 비밀번호',
    confirm: '새 비밀번호 확인',
    policyHint:
      '영문·숫자·특수문자 중 3종류 이상을 섞어 8자 이상, 또는 2종류 이상을 섞어 10자 이상으로 정해 주세요.',
    sessionsHint: '비밀번호를 바꾸면 지금 이 브라우저를 뺀 다른 기기와 브라우저의 로그인은 모두 종료됩니다.',
    submit: '비밀번호 변경',
    changed: '비밀번호가 변경되었습니다. 다른 기기와 브라우저의 로그인은 모두 종료되었습니다.',
  },
  logins: {
    caption: '최근 로그인 기록',
    hint: '최근 20건의 로그인 성공과 실패입니다. 본인이 시도하지 않은 기록이 있으면 비밀번호를 바꾸고 최고 관리자에게 알려 주세요.',
    at: '일시',
    result: '결과',
    success: '성공',
    failure: '실패',
    ip: 'IP 주소',
    userAgent: '브라우저',
    detail: '내용',
    empty: '로그인 기록이 없습니다.',
  },
  forced: {
    title: '비밀번호 변경',
    subtitle: '임시 비밀번호로 로그인했습니다.',
    description: '계속하려면 새 비밀번호를 정해 주세요. 변경하기 전에는 다른 화면을 이용할 수 없습니다.',
    logout: '로그아웃',
  },
  idle: {
    title: '자동 로그아웃 안내',
    body: (minutes: number) => `${minutes}분 동안 사용하지 않아 곧 자동으로 로그아웃됩니다.`,
    countdown: (seconds: number) => `${seconds}초 후 로그아웃`,
    hint: '계속 사용하려면 [계속 사용]을 눌러 주세요.',
    stay: '계속 사용',
    logoutNow: '지금 로그아웃',
  },
} as const;
