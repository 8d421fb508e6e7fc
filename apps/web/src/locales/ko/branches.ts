/** Korean strings of the branch screens. */
export const koBranches = {
  create: '지점 등록',
  empty: '등록된 지점이 없습니다.',
  searchPlaceholder: '지점명·코드',
  fields: {
    name: '지점명',
    code: '지점 코드',
    region: '시도',
    address: '주소',
    phone: '전화번호',
    managerAdminId: '지점장',
    status: '상태',
    employerCount: '소속 사업주',
    workerCount: '소속 근로자',
  },
  codeHelp: '영문 대문자·숫자·하이픈 2~20자 (예: SEOUL-01)',
  managerNone: '지정 안 함',
  managerUnavailable: '관리자 목록을 불러올 수 없습니다.',
  sectionBasic: '지점 정보',
  viewEmployers: '사업주 보기',
  viewWorkers: '근로자 보기',
} as const;
