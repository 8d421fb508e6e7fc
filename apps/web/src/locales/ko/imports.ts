import type { ImportResource } from '@ilson/contracts';

/** Korean strings of the import screens (docs/imports.md). */
const n = (value: number) => value.toLocaleString('ko-KR');
const resources: Record<ImportResource, string> = { workers: '근로자', employers: '사업주' };

export const koImports = {
  resources,
  template: '양식 내려받기',
  templateHint: (resource: ImportResource) =>
    `${resources[resource]} 양식(xlsx)에는 머리글, 예시 행, 목록에서 고르는 칸이 들어 있습니다. 다른 파일도 올린 뒤 열을 지정하면 됩니다.`,
  steps: { upload: '파일 올리기', map: '열 지정', check: '검사', commit: '가져오기' },
  dropTitle: 'Excel(.xlsx) 또는 CSV 파일을 끌어다 놓거나 눌러서 고르세요',
  dropHint: 'UTF-8(BOM 유무)과 CP949(한글 Excel의 CSV) 모두 읽습니다. 최대 200,000행, 60MB.',
  uploading: (percent: number) => `올리는 중… ${percent}%`,
  cancelUpload: '올리기 취소',
  fileSummary: (rows: number, encoding: string) => `${n(rows)}행 · ${encoding.toUpperCase()}`,
  sameFile: (id: number) =>
    `같은 파일을 가져오기 #${id}에서 이미 가져왔습니다. 이미 등록된 행은 중복으로 건너뛰고 새로 만들지 않습니다.`,
  mapTitle: '파일의 열을 가져올 항목에 지정해 주세요',
  mapHint: '머리글이 양식과 같으면 자동으로 지정됩니다. 지정하지 않은 열은 가져오지 않습니다.',
  fileColumn: '파일의 열',
  target: '가져올 항목',
  skip: '가져오지 않음',
  required: '필수',
  missingRequired: (headers: string) => `필수 항목이 지정되지 않았습니다: ${headers}`,
  startCheck: '검사 시작',
  checking: '검사 중',
  committing: '가져오는 중',
  undoing: '되돌리는 중',
  progress: (done: number, total: number) => `${n(done)} / ${n(total)}행`,
  stop: '중지',
  stopping: '중지하는 중…',
  counts: {
    total: '전체',
    valid: '정상',
    error: '오류',
    duplicate: '중복',
    committed: '등록',
    undone: '삭제',
    kept: '유지',
  },
  rows: (value: number) => `${n(value)}행`,
  errorsTitle: '항목별 오류 (처음 5행)',
  errorField: '항목',
  errorCount: '행 수',
  errorExamples: '예',
  rowNo: (rowNo: number) => `${n(rowNo)}행`,
  noErrors: '모든 행이 정상입니다.',
  errorReport: '오류 보고서 내려받기',
  remap: '열 다시 지정',
  commit: (valid: number) => `정상 ${n(valid)}건 가져오기`,
  commitConfirm: (valid: number, resource: ImportResource) =>
    `정상 행 ${n(valid)}건을 ${resources[resource]}로 등록합니다. 오류·중복 행은 건너뜁니다.`,
  committed: (count: number, resource: ImportResource) =>
    `${resources[resource]} ${n(count)}건을 가져왔습니다.`,
  committedDetail: '가져온 기록은 접속기록에 이 가져오기 번호와 함께 남습니다.',
  cancelled: (count: number) => `중지했습니다. 그때까지 ${n(count)}건을 등록했습니다.`,
  resume: '이어서 가져오기',
  undo: '가져오기 되돌리기',
  undoConfirm: (count: number) =>
    `이 가져오기로 등록한 ${n(count)}건을 삭제합니다. 그 사이 매칭된 기록은 삭제하지 않고 남깁니다.`,
  undone: (undone: number, kept: number) =>
    kept > 0
      ? `되돌렸습니다: ${n(undone)}건 삭제, ${n(kept)}건은 매칭 이력 등으로 유지`
      : `되돌렸습니다: ${n(undone)}건 삭제`,
  toList: (resource: ImportResource) => `${resources[resource]} 목록 보기`,
  another: '다른 파일 가져오기',
  failed: '처리가 중단되었습니다',
  retry: '다시 시도',
  recent: '최근 가져오기',
  recentEmpty: '가져오기 기록이 없습니다.',
  columns: {
    id: '번호',
    file: '파일',
    status: '상태',
    rows: '행',
    committed: '등록',
    by: '올린 사람',
    at: '올린 일시',
  },
  open: '열기',
};
