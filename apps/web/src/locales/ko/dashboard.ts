/** Korean strings of the dashboard. Apart from `common.ts` (the login bundle), so they load with it only. */
const num = (n: number) => n.toLocaleString('ko-KR');

export const koDashboard = {
  welcome: (name: string) => `${name}님, 환영합니다.`,
  roleLine: (role: string) => `현재 권한: ${role}`,
  lastLogin: (at: string) => `최근 로그인: ${at}`,
  asOf: (time: string) => `${time} 기준`,
  refresh: '새로고침',
  won: (n: number) => `${num(n)}원`,
  unit: { places: '곳', cases: '건', people: '명' },
  kpi: {
    label: '주요 지표',
    pendingEmployers: '승인 대기 사업주',
    oldestWaiting: (days: number) => (days <= 0 ? '오늘 접수된 요청' : `가장 오래된 요청 ${num(days)}일째`),
    pendingJobPosts: '승인 대기 채용공고',
    visas: (days: number) => `비자 만료 임박 (D-${days})`,
    overdue: (n: number) => `만료 경과 ${num(n)}명`,
    matchings: '이번 달 매칭',
    matchingsNone: '이번 달 등록된 매칭이 없습니다.',
    payouts: '정산 대기 금액',
    payoutsCount: (n: number) => `${num(n)}건 (부가세 포함)`,
    reviews: '리뷰 검수 대기',
    reported: (n: number) => `신고 접수 ${num(n)}건`,
    open: (title: string) => `${title} 목록 보기`,
    statusCount: (label: string, n: number) => `${label} ${num(n)}`,
    allOf: (n: number) => `전체 ${num(n)}건`,
  },
  trend: {
    title: '매칭 추이 (최근 12개월)',
    belowMinimumWage: (year: number) => `${year}년 최저임금 미달 계약`,
    created: '신규 매칭',
    contracted: '계약 체결',
    monthLabel: (month: string) => month.replace('-', '.'),
    chartLabel: '월별 매칭 추이 차트',
    more: '통계 보기',
  },
  nationality: {
    title: '국적별 근로자',
    hint: '출국 근로자 제외',
    others: '기타',
    count: '근로자 수',
    chartLabel: '국적별 근로자 차트',
    empty: '등록된 근로자가 없습니다.',
  },
  queues: {
    viewAll: '전체 보기',
    employers: {
      title: '오래된 승인 대기 사업주',
      empty: '승인 대기 중인 사업주가 없습니다.',
      waiting: (days: number) => (days <= 0 ? '오늘 등록' : `${num(days)}일째 대기`),
    },
    visas: {
      title: '비자 만료 임박 근로자',
      empty: '만료가 임박한 비자가 없습니다.',
      dday: (days: number) => (days === 0 ? 'D-DAY' : `D-${days}`),
      expires: (date: string) => `${date} 만료`,
    },
    reviews: {
      title: '신고된 리뷰',
      empty: '검수할 신고 리뷰가 없습니다.',
      reports: (n: number) => `신고 ${num(n)}`,
      parties: (employer: string, worker: string) => `${employer} · ${worker}`,
    },
  },
  privacyOverdue: (count: number) =>
    `처리 기한(접수 후 10일)이 지난 정보주체 요청이 ${count.toLocaleString('ko-KR')}건 있습니다.`,
  privacyOpen: '요청 보기',
  error: {
    title: '대시보드를 불러오지 못했습니다.',
    retry: '다시 시도',
  },
} as const;
