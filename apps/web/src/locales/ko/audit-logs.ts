/** Korean strings of the access log (`/settings/logs`): the log, its integrity check, export and monthly reviews. */
const took = (ms: number) =>
  ms < 1000
    ? `${Math.max(ms, 1).toLocaleString('ko-KR')}ms`
    : `${(ms / 1000).toLocaleString('ko-KR', { maximumFractionDigits: 1 })}초`;

export const koAudit = {
  tabs: { label: '보기', logs: '접속기록', reviews: '월간 점검 기록' },
  forbidden: '접속기록은 최고 관리자와 관리자만 볼 수 있습니다.',
  empty: '접속기록이 없습니다.',
  filters: {
    actor: '관리자',
    actorPlaceholder: '관리자 아이디·이름·번호',
    action: '작업',
    targetType: '대상 유형',
    targetId: '대상 번호',
    dateRange: '기간',
    ip: 'IP',
    ipPlaceholder: 'IP (앞부분 일치)',
  },
  columns: {
    createdAt: '일시',
    actor: '관리자',
    action: '작업',
    target: '대상',
    summary: '요약',
    ip: 'IP',
  },
  system: '시스템',
  drawer: {
    title: (id: number) => `접속기록 #${id}`,
    loading: '접속기록',
    close: '닫기',
    id: '번호',
    createdAt: '일시',
    actor: '관리자',
    actorId: (id: number) => `관리자 번호 ${id}`,
    action: '작업',
    target: '대상',
    summary: '요약',
    recordCount: '건수',
    records: (n: number) => `${n.toLocaleString('ko-KR')}건`,
    reason: '사유',
    ip: 'IP',
    userAgent: '사용자 에이전트',
    prevHash: '이전 해시',
    hash: '해시',
    changes: '변경 내용',
    conditions: '기록된 내용',
    field: '항목',
    before: '변경 전',
    after: '변경 후',
    value: '값',
    noChanges: '기록된 변경 내용이 없습니다.',
  },
  verify: {
    button: '무결성 확인',
    running: '해시 체인과 체크포인트를 처음부터 확인하는 중…',
    okTitle: (checked: number) => `정상: ${checked.toLocaleString('ko-KR')}건 확인`,
    /** The walk's range: the list filtered to it (`to_id`) counts the same rows. */
    range: (lastId: number, at: string) =>
      `확인 범위: 첫 기록부터 #${lastId}(${at})까지. 그 뒤에 쌓인 기록은 다음 확인 때 포함됩니다.`,
    showRange: '확인한 범위 목록 보기',
    rangeFilter: (lastId: number) => `#${lastId}까지 (무결성 확인 범위)`,
    clearRange: '확인 범위 해제',
    okBody: (at: string, ms: number) =>
      `모든 기록이 앞 기록과 해시로 이어져 있고 내용이 바뀌지 않았으며, 체크포인트와도 일치합니다. (${at} 확인, ${took(ms)} 소요)`,
    legacy: (lastId: number, rows: number) =>
      `#${lastId}까지의 ${rows.toLocaleString('ko-KR')}건은 키 적용 전 기록으로, 키 없는 해시(SHA-256)로 확인했습니다.`,
    legacyAtUpgrade: (problems: number) =>
      `키 적용 당시 이 기록들을 확인한 결과 문제 ${problems.toLocaleString('ko-KR')}건이 이미 있었습니다.`,
    brokenTitle: '위변조 의심',
    brokenBody: (checked: number, problems: number) =>
      `${checked.toLocaleString('ko-KR')}건을 확인해 문제 ${problems.toLocaleString('ko-KR')}건을 찾았습니다.`,
    firstBroken: (id: number, at: string) => `처음 문제: #${id} 기록(${at})`,
    listed: (shown: number, total: number) =>
      `번호 순으로 처음 ${shown.toLocaleString('ko-KR')}건만 표시합니다 (전체 ${total.toLocaleString('ko-KR')}건).`,
    listLabel: '무결성 확인에서 찾은 문제',
    columns: { id: '번호', createdAt: '일시', problem: '문제' },
    viaCheckpoint: (id: number) => `체크포인트 #${id}`,
    problemLabels: {
      content: '내용 변경',
      link: '연결 끊김',
      downgrade: '키 없는 해시',
      checkpoint: '체크포인트 불일치',
      truncated: '기록 삭제',
    },
    problems: {
      content: '이 기록의 내용이 저장된 뒤 바뀌었습니다.',
      link: '이 기록이 가리키는 앞 기록이 삭제되었거나 바뀌었습니다.',
      downgrade:
        '키 적용 이후의 기록인데 키 없이(SHA-256) 계산된 해시가 붙어 있습니다. 데이터베이스에서 다시 계산된 것으로 보입니다.',
      checkpoint:
        '체크포인트와 맞지 않습니다: 체크포인트가 위조·삭제되었거나, 체크포인트가 가리키는 기록의 해시가 바뀌었습니다.',
      truncated:
        '체크포인트가 가리키는 기록이 없거나, 그때까지의 기록 수가 줄었습니다: 기록이 삭제되었습니다.',
    },
    open: '이 기록 열기',
    close: '닫기',
  },
  export: {
    button: 'CSV 내보내기',
    title: '접속기록 내보내기',
    scope: '지금 목록의 필터 조건 그대로 접속기록 전체를 CSV 파일로 내려받습니다.',
    reasonPlaceholder: '예: 2025년 3월 접속기록 월간 점검',
    success: '접속기록을 성공적으로 내보냈습니다.',
    failure: '접속기록 내보내기에 실패했습니다.',
  },
  reviews: {
    create: '점검 기록 등록',
    empty: '등록된 월간 점검 기록이 없습니다.',
    intro:
      '개인정보의 안전성 확보조치 기준에 따라 접속기록을 월 1회 이상 점검하고 그 결과를 남깁니다. 저장한 기록은 수정하거나 삭제할 수 없으며, 보완할 내용은 새 기록으로 남깁니다.',
    period: '점검 월',
    reviewedAt: '점검일',
    reviewer: '점검자',
    findings: '점검 결과',
    findingsPlaceholder: '예: 대량 다운로드 2건 사유 확인, 야간 접속 없음, 무결성 확인 정상',
    actionsTaken: '조치 사항',
    actionsTakenPlaceholder: '예: 사유 미기재 다운로드 담당자 면담, 권한 회수',
    createdAt: '등록일시',
    none: '없음',
    formTitle: '월간 점검 기록 등록',
    immutable: '저장한 뒤에는 수정하거나 삭제할 수 없습니다.',
    periodRequired: '점검 월을 선택해 주세요.',
    reviewedAtRequired: '점검일을 선택해 주세요.',
    findingsRequired: '점검 결과를 입력해 주세요.',
    save: '저장',
    cancel: '취소',
    saved: '월간 점검 기록을 저장했습니다.',
    total: (n: number) => `총 ${n.toLocaleString('ko-KR')}건`,
  },
  findings: {
    title: '자동 점검 결과',
    intro:
      '접속기록에서 평소보다 많은 열람·다운로드, 업무 시간 밖의 열람, 사유가 불명확한 다운로드, 새 IP에서의 반복 로그인을 찾아 보여 줍니다. 기준은 시스템 설정 › 접속기록 자동 점검에서 바꿀 수 있습니다. 각 결과는 소명이나 조치를 적어 확인합니다.',
    month: '점검 월',
    empty: '이 달에는 자동 점검 결과가 없습니다.',
    kind: '유형',
    admin: '관리자',
    description: '내용',
    status: '확인',
    open: '미확인',
    acknowledged: '확인됨',
    acknowledge: '확인',
    acknowledgeLabel: (kind: string, admin: string) => `${admin}의 ${kind} 확인`,
    logs: '관련 기록',
    logLink: (id: number) => `#${id}`,
    summary: (open: number, total: number) =>
      open > 0
        ? `${total.toLocaleString('ko-KR')}건 중 ${open.toLocaleString('ko-KR')}건 미확인`
        : `${total.toLocaleString('ko-KR')}건 모두 확인`,
    formTitle: '자동 점검 결과 확인',
    note: '확인 내용',
    notePlaceholder: '예: 본인에게 사유를 확인함(월말 정산 대사), 재발 시 권한 회수 예정',
    noteRequired: '확인 내용(소명·조치)을 입력해 주세요.',
    immutable: '저장한 뒤에는 수정하거나 삭제할 수 없습니다.',
    save: '확인 저장',
    cancel: '취소',
    saved: '점검 결과를 확인했습니다.',
    by: (name: string, at: string) => `${name} · ${at}`,
  },
} as const;
