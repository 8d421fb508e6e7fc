import { BIZ_ENTITY_TYPE_LABELS, BIZ_ENTITY_TYPES } from './employers';
import { defineEndpoints } from './endpoint';
import { INDUSTRIES, INDUSTRY_LABELS } from './industries';
import { STUDY_COURSE_LABELS, STUDY_COURSES } from './law/visas';
import { NATIONALITY_CODES, nationalityLabel } from './nationalities';
import { listMetaSchema } from './pagination';
import { REGIONS } from './regions';
import type { Permission } from './roles';
import { KOREAN_LEVEL_LABELS, KOREAN_LEVELS, VISA_TYPES } from './visas';
import { GENDER_LABELS, GENDERS } from './workers';
import { z } from './zod-setup';

/**
 * The import kit (docs/imports.md): a file of workers or employers is uploaded, its columns mapped, every row
 * checked with the create contract (a dry run), then committed in batches; a committed batch can be undone.
 */
export const IMPORT_RESOURCES = ['workers', 'employers'] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];
export const IMPORT_RESOURCE_LABELS: Record<ImportResource, string> = {
  workers: '근로자',
  employers: '사업주',
};

/** The most a file may hold: larger files are refused before any row is kept. */
/**
 * What an uploaded file may hold (docs/imports.md#what-a-file-may-hold). Past any of them the upload is refused
 * before the server's memory grows: rows counts every row the file has, blank ones too; an xlsx part is counted as
 * it inflates.
 */
export const IMPORT_LIMITS = {
  maxBytes: 60 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 100,
  /** Rows of any kind (blank ones too): twice the data rows, room for blank ones between them. */
  maxFileRows: 400_000,
  /** Cells one row may have, as many as an Excel sheet's columns. */
  maxCellsPerRow: 16_384,
  /** Characters of one cell, as in Excel. */
  maxCellChars: 32_767,
  /** Bytes of one part of an xlsx once inflated. */
  maxPartBytes: 256 * 1024 * 1024,
  /** Distinct texts of an xlsx (its shared strings) and their characters in all. */
  maxSharedStrings: 2_000_000,
  maxSharedStringChars: 32 * 1024 * 1024,
} as const;

export const IMPORT_CONTENT_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;

/**
 * One column of the template. `list` values are offered as the cell's drop-down in the template; a cell may also
 * hold the code itself. `branches` is filled from the admin's branches when the template is made.
 */
export type ImportColumn = {
  key: string;
  header: string;
  required: boolean;
  example: string;
  note?: string;
  list?: readonly string[] | 'branches' | 'nationalities';
  /** Other headers the automatic mapping recognises (compared without spaces, case or '*'). */
  aliases?: readonly string[];
};

const labelsOf = <T extends string>(codes: readonly T[], labels: Record<T, string>) =>
  codes.map((c) => labels[c]);

export const IMPORT_COLUMNS: Record<ImportResource, readonly ImportColumn[]> = {
  workers: [
    {
      key: 'nameKo',
      header: '한글 이름',
      required: false,
      example: '응우옌 반 안',
      aliases: ['이름(한글)', '성명'],
    },
    {
      key: 'lastName',
      header: '성(영문)',
      required: true,
      example: 'NGUYEN',
      aliases: ['last name', 'surname', '영문 성'],
    },
    {
      key: 'firstName',
      header: '이름(영문)',
      required: true,
      example: 'VAN AN',
      aliases: ['first name', 'given name', '영문 이름'],
    },
    {
      key: 'gender',
      header: '성별',
      required: true,
      example: '남성',
      list: labelsOf(GENDERS, GENDER_LABELS),
    },
    {
      key: 'dateOfBirth',
      header: '생년월일',
      required: true,
      example: '1995-03-14',
      note: 'YYYY-MM-DD',
      aliases: ['생일', 'birth date', 'date of birth'],
    },
    {
      key: 'nationality',
      header: '국적',
      required: true,
      example: '베트남',
      list: 'nationalities',
      aliases: ['국가'],
    },
    {
      key: 'phoneNumber',
      header: '휴대전화',
      required: false,
      example: '010-1234-5678',
      aliases: ['전화번호', '연락처', '휴대폰'],
    },
    {
      key: 'emailAddress',
      header: '이메일',
      required: false,
      example: 'an.nguyen@example.com',
      aliases: ['email', '전자우편'],
    },
    {
      key: 'alienRegNo',
      header: '외국인등록번호',
      required: false,
      example: '950314-5123457',
      aliases: ['등록번호'],
    },
    { key: 'passportNo', header: '여권번호', required: false, example: 'C1234567', aliases: ['passport no'] },
    {
      key: 'passportExpiryDate',
      header: '여권 만료일',
      required: false,
      example: '2030-01-31',
      note: 'YYYY-MM-DD',
    },
    {
      key: 'visaType',
      header: '체류자격',
      required: true,
      example: 'E-9',
      list: VISA_TYPES,
      aliases: ['비자', '비자 종류'],
    },
    {
      key: 'visaExpiryDate',
      header: '체류 만료일',
      required: false,
      example: '2027-06-30',
      note: 'YYYY-MM-DD',
      aliases: ['체류기간 만료일', '비자 만료일'],
    },
    { key: 'entryDate', header: '입국일', required: false, example: '2024-07-01', note: 'YYYY-MM-DD' },
    /*
     * D-2/D-4 only (docs/law-as-data.md#visas): the course of study and the recorded 시간제취업허가, as the worker form
     * has them. Empty in the example row, whose worker is an E-9.
     */
    {
      key: 'studyCourse',
      header: '유학·연수 과정',
      required: false,
      example: '',
      note: 'D-2·D-4만',
      list: labelsOf(STUDY_COURSES, STUDY_COURSE_LABELS),
      aliases: ['유학 과정', '과정', '학위과정'],
    },
    {
      key: 'partTimePermitNo',
      header: '시간제취업허가 번호',
      required: false,
      example: '',
      note: 'D-2·D-4만',
      aliases: ['시간제취업허가번호', '허가번호'],
    },
    {
      key: 'partTimePermitWeeklyHours',
      header: '허가 주당 시간',
      required: false,
      example: '',
      note: '1~40',
      aliases: ['주당 허가 시간', '허가시간'],
    },
    {
      key: 'partTimePermitValidFrom',
      header: '허가 시작일',
      required: false,
      example: '',
      note: 'YYYY-MM-DD',
      aliases: ['시간제취업허가 시작일'],
    },
    {
      key: 'partTimePermitValidTo',
      header: '허가 종료일',
      required: false,
      example: '',
      note: 'YYYY-MM-DD',
      aliases: ['시간제취업허가 종료일'],
    },
    {
      key: 'koreanLevel',
      header: '한국어 수준',
      required: false,
      example: KOREAN_LEVEL_LABELS.topik2,
      list: labelsOf(KOREAN_LEVELS, KOREAN_LEVEL_LABELS),
    },
    {
      key: 'desiredIndustries',
      header: '희망 업종',
      required: false,
      example: `${INDUSTRY_LABELS.manufacturing}, ${INDUSTRY_LABELS.agriculture}`,
      note: '쉼표로 구분, 5개까지',
    },
    { key: 'branch', header: '담당 지점', required: true, example: '', list: 'branches', aliases: ['지점'] },
    { key: 'adminMemo', header: '메모', required: false, example: '', aliases: ['비고'] },
  ],
  employers: [
    {
      key: 'companyName',
      header: '상호',
      required: true,
      example: '일손정밀',
      aliases: ['회사명', '사업장명', '업체명'],
    },
    {
      key: 'businessRegNo',
      header: '사업자등록번호',
      required: true,
      example: '123-45-67891',
      aliases: ['사업자번호'],
    },
    { key: 'ceoName', header: '대표자', required: true, example: '김대표', aliases: ['대표자명', '대표'] },
    { key: 'openingDate', header: '개업일', required: false, example: '2015-04-01', note: 'YYYY-MM-DD' },
    {
      key: 'bizEntityType',
      header: '사업자 유형',
      required: true,
      example: BIZ_ENTITY_TYPE_LABELS.corporation,
      list: labelsOf(BIZ_ENTITY_TYPES, BIZ_ENTITY_TYPE_LABELS),
    },
    {
      key: 'industry',
      header: '업종',
      required: true,
      example: INDUSTRY_LABELS.manufacturing,
      list: labelsOf(INDUSTRIES, INDUSTRY_LABELS),
    },
    { key: 'region', header: '시도', required: true, example: '경기도', list: REGIONS, aliases: ['지역'] },
    { key: 'zipCode', header: '우편번호', required: true, example: '15588' },
    {
      key: 'roadAddress',
      header: '도로명 주소',
      required: true,
      example: '경기도 안산시 단원구 산단로 1',
      aliases: ['주소'],
    },
    { key: 'addressDetail', header: '상세 주소', required: false, example: '2층' },
    {
      key: 'phone',
      header: '대표 전화',
      required: true,
      example: '031-123-4567',
      aliases: ['전화번호', '연락처'],
    },
    { key: 'email', header: '이메일', required: false, example: 'hr@example.com' },
    { key: 'managerName', header: '담당자', required: false, example: '박담당', aliases: ['담당자명'] },
    {
      key: 'managerPhone',
      header: '담당자 전화',
      required: false,
      example: '010-2345-6789',
      aliases: ['담당자 연락처'],
    },
    { key: 'employeeCount', header: '근로자 수', required: false, example: '25', aliases: ['상시근로자 수'] },
    { key: 'foreignWorkerCount', header: '외국인 근로자 수', required: false, example: '4' },
    { key: 'branch', header: '담당 지점', required: true, example: '', list: 'branches', aliases: ['지점'] },
    { key: 'adminMemo', header: '메모', required: false, example: '', aliases: ['비고'] },
  ],
};

const headerKey = (text: string) => text.replace(/[\s*·_-]/g, '').toLowerCase();

/** The automatic mapping: each file header to the column whose header or alias it spells, once each. */
export function suggestMapping(resource: ImportResource, headers: readonly string[]): (string | null)[] {
  const byHeader = new Map<string, string>();
  for (const column of IMPORT_COLUMNS[resource]) {
    for (const name of [column.header, column.key, ...(column.aliases ?? [])]) {
      if (!byHeader.has(headerKey(name))) byHeader.set(headerKey(name), column.key);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = byHeader.get(headerKey(header));
    if (!key || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}

export const importMessages = {
  tooLarge: `파일이 너무 큽니다. ${IMPORT_LIMITS.maxBytes / 1024 / 1024}MB까지 올릴 수 있습니다.`,
  tooManyRows: `한 번에 ${IMPORT_LIMITS.maxRows.toLocaleString('ko-KR')}행까지 가져올 수 있습니다. 파일을 나누어 주세요.`,
  tooManyColumns: `열이 너무 많습니다. ${IMPORT_LIMITS.maxColumns}열까지 읽습니다.`,
  unreadable: '파일을 읽을 수 없습니다. Excel(.xlsx) 또는 CSV 파일인지 확인해 주세요.',
  unpackedTooLarge: `압축을 푼 파일 내용이 너무 큽니다. 한 부분에 ${IMPORT_LIMITS.maxPartBytes / 1024 / 1024}MB까지 읽습니다. 파일을 나누어 주세요.`,
  tooManyTexts: `파일의 글자 데이터가 너무 많습니다. 서로 다른 값 ${IMPORT_LIMITS.maxSharedStrings.toLocaleString('ko-KR')}개까지 읽습니다. 파일을 나누어 주세요.`,
  tooManyFileRows: `파일의 행이 너무 많습니다. 빈 행을 포함해 ${IMPORT_LIMITS.maxFileRows.toLocaleString('ko-KR')}행까지 읽습니다.`,
  tooManyCells: `한 행의 셀이 너무 많습니다. ${IMPORT_LIMITS.maxCellsPerRow.toLocaleString('ko-KR')}칸까지 읽습니다.`,
  requestClosed: '요청이 끊겨 파일 읽기를 멈췄습니다.',
  cellTooLong: `셀 하나에 ${IMPORT_LIMITS.maxCellChars.toLocaleString('ko-KR')}자까지 읽습니다. 더 긴 셀이 있습니다.`,
  empty: '파일에 머리글과 데이터 행이 없습니다.',
  fileNameRequired: '파일 이름이 필요합니다.',
  unsupportedType: 'Excel(.xlsx) 또는 CSV(.csv) 파일만 올릴 수 있습니다.',
  mappingRequired: (headers: string) => `필수 항목의 열을 지정해 주세요: ${headers}`,
  mappingDuplicate: (header: string) => `'${header}' 항목에 두 열이 지정되었습니다.`,
  mappingLength: '열 지정의 개수가 파일의 열 수와 다릅니다.',
  notValidated: '먼저 검사를 마쳐 주세요.',
  alreadyCommitted: '이미 가져오기를 시작한 파일입니다. 열 지정을 바꾸려면 새로 올려 주세요.',
  exampleRow: '양식의 예시 행입니다. 지우고 가져와 주세요.',
  busy: '이 파일은 지금 처리 중입니다. 끝난 뒤 다시 시도해 주세요.',
  nothingToCommit: '가져올 정상 행이 없습니다.',
  notCommitted: '가져온 기록이 없어 되돌릴 것이 없습니다.',
  alreadyUndone: '이미 되돌린 가져오기입니다.',
  notCancellable: '검사나 가져오기가 진행 중일 때만 중지할 수 있습니다.',
  noErrors: '오류 행이 없습니다.',
  required: '필수 항목입니다.',
  unknownValue: (value: string) => `알 수 없는 값입니다: ${value}`,
  unknownBranch: (value: string) => `담당 지점을 찾을 수 없습니다: ${value}`,
  number: '숫자를 입력해 주세요.',
  duplicateInFile: (rowNo: number) => `파일의 ${rowNo.toLocaleString('ko-KR')}행과 중복입니다.`,
  duplicateInDb: (label: string) => `이미 등록된 ${label}입니다.`,
  duplicateIdentity: '이름·생년월일·국적이 같은 근로자가 이미 등록되어 있습니다.',
  unstorableText:
    '저장할 수 없는 문자(NUL 문자 또는 짝이 맞지 않는 유니코드 문자)가 들어 있습니다. 셀의 내용을 다시 입력해 주세요.',
  uploadInterrupted: '파일 올리기가 끝나지 않은 채 중단되었습니다. 파일을 다시 올려 주세요.',
  keptMatched: '매칭 이력이 있어 되돌리지 않았습니다.',
  keptPosted: '채용공고가 있어 되돌리지 않았습니다.',
  keptResume: '이력서가 있어 되돌리지 않았습니다.',
  keptGone: '이미 삭제되었거나 접근할 수 없습니다.',
  keptMoved: '다른 지점으로 옮겨져 되돌리지 않았습니다.',
} as const;

export const IMPORT_STATUSES = [
  'uploading',
  'uploaded',
  'validating',
  'validated',
  'committing',
  'committed',
  'cancelled',
  'undoing',
  'undone',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploading: '올리는 중',
  uploaded: '열 지정 대기',
  validating: '검사 중',
  validated: '검사 완료',
  committing: '가져오는 중',
  committed: '가져오기 완료',
  cancelled: '중지됨',
  undoing: '되돌리는 중',
  undone: '되돌림',
  failed: '실패',
};

/** The statuses a run is under way in: a process works on the batch and keeps its heartbeat. */
export const IMPORT_RUNNING: readonly ImportStatus[] = ['validating', 'committing', 'undoing'];

/** Row outcomes; `duplicate` rows are skipped, never written. */
export const IMPORT_ROW_STATUSES = [
  'pending',
  'valid',
  'error',
  'duplicate',
  'committed',
  'undone',
  'kept',
] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importFieldErrorSchema = z.object({
  field: z.string(),
  header: z.string(),
  count: z.number().int(),
  /** The first rows refused on this field (row numbers as the file counts them, the header being row 1). */
  examples: z.array(z.object({ rowNo: z.number().int(), message: z.string() })),
});

export const importBatchSchema = z.object({
  id: z.number().int(),
  resource: z.enum(IMPORT_RESOURCES),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileHash: z.string(),
  format: z.enum(['xlsx', 'csv']),
  encoding: z.string(),
  headers: z.array(z.string()),
  mapping: z.array(z.string().nullable()),
  status: z.enum(IMPORT_STATUSES),
  totalRows: z.number().int(),
  /** Rows the current or last run goes through: the progress bar is processedRows / runTotal. */
  runTotal: z.number().int(),
  processedRows: z.number().int(),
  validRows: z.number().int(),
  errorRows: z.number().int(),
  duplicateRows: z.number().int(),
  committedRows: z.number().int(),
  undoneRows: z.number().int(),
  keptRows: z.number().int(),
  cancelRequested: z.boolean(),
  fieldErrors: z.array(importFieldErrorSchema),
  /** A batch of the same file (same hash) already committed and not undone: re-importing it creates nothing new. */
  sameFileBatchId: z.number().int().nullable(),
  failure: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  validatedAt: z.string().nullable(),
  committedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const importUploadQuerySchema = z.object({
  fileName: z
    .string({ error: importMessages.fileNameRequired })
    .trim()
    .min(1, importMessages.fileNameRequired)
    .max(255)
    .refine((name) => /\.(xlsx|csv|txt)$/i.test(name), importMessages.unsupportedType),
});

export const importMappingSchema = z.object({
  /** For each column of the file, in order: the template column it fills, or null to leave it out. */
  mapping: z.array(z.string().max(50).nullable()).max(IMPORT_LIMITS.maxColumns),
});

const batchIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const importEndpoints = <R extends ImportResource>(resource: R, access: Permission) => {
  const label = IMPORT_RESOURCE_LABELS[resource];
  const base = `/${resource}/imports` as const;
  return {
    template: {
      method: 'GET',
      path: `${base}/template`,
      access,
      summary: `${label} 가져오기 양식 (xlsx: 머리글, 예시 행, 목록 선택)`,
      response: 'file',
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
    list: {
      method: 'GET',
      path: base,
      access,
      summary: `${label} 가져오기 기록`,
      query: importListQuerySchema,
      response: z.object({ data: z.array(importBatchSchema), meta: listMetaSchema }),
    },
    upload: {
      method: 'POST',
      path: base,
      access,
      summary: `${label} 파일 올리기 (xlsx 또는 CSV: UTF-8, BOM 유무, CP949)`,
      description:
        '본문은 파일 그대로(application/octet-stream, text/csv 또는 xlsx 형식). 파일 이름은 file_name으로.',
      query: importUploadQuerySchema,
      response: importBatchSchema,
      status: 201,
    },
    get: {
      method: 'GET',
      path: `${base}/:id`,
      access,
      summary: `${label} 가져오기 진행 상황`,
      params: batchIdParams,
      response: importBatchSchema,
    },
    validate: {
      method: 'POST',
      path: `${base}/:id/validate`,
      access,
      summary: `${label} 가져오기 검사 (열 지정 후 모든 행을 등록 규칙으로 검사, 저장하지 않음)`,
      params: batchIdParams,
      body: importMappingSchema,
      response: importBatchSchema,
    },
    commit: {
      method: 'POST',
      path: `${base}/:id/commit`,
      access,
      summary: `${label} 가져오기 실행 (정상 행을 나누어 등록, 진행 중 중지 가능)`,
      params: batchIdParams,
      response: importBatchSchema,
    },
    cancel: {
      method: 'POST',
      path: `${base}/:id/cancel`,
      access,
      summary: `${label} 가져오기 중지`,
      params: batchIdParams,
      response: importBatchSchema,
    },
    undo: {
      method: 'POST',
      path: `${base}/:id/undo`,
      access,
      summary: `${label} 가져오기 되돌리기 (그 배치로 등록한 기록 삭제, 매칭된 기록은 유지)`,
      params: batchIdParams,
      response: importBatchSchema,
    },
    errors: {
      method: 'GET',
      path: `${base}/:id/errors`,
      access,
      summary: `${label} 가져오기 오류 보고서 (원래 행과 오류 열, xlsx)`,
      params: batchIdParams,
      response: 'file',
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
    },
  } as const;
};

export const workerImportsApi = defineEndpoints(
  'worker-imports',
  importEndpoints('workers', 'workers:write'),
);
export const employerImportsApi = defineEndpoints(
  'employer-imports',
  importEndpoints('employers', 'employers:write'),
);
export const IMPORTS_API = { workers: workerImportsApi, employers: employerImportsApi } as const;

/* ------------------------------------------------------------------------------------------------------------ */
/* Cells to the create contract's input                                                                          */
/* ------------------------------------------------------------------------------------------------------------ */

const compact = (text: string) => text.replace(/\s+/g, '').toLowerCase();

function lookup<T extends string>(
  codes: readonly T[],
  labels?: Record<T, string>,
  extra?: Record<string, T>,
) {
  const map = new Map<string, T>();
  for (const code of codes) {
    map.set(compact(code), code);
    if (labels) map.set(compact(labels[code]), code);
  }
  for (const [text, code] of Object.entries(extra ?? {})) map.set(compact(text), code);
  return map;
}

const GENDER_BY_TEXT = lookup(GENDERS, GENDER_LABELS, { 남: 'male', 여: 'female', m: 'male', f: 'female' });
const VISA_BY_TEXT = lookup(
  VISA_TYPES,
  undefined,
  Object.fromEntries(VISA_TYPES.map((v) => [v.replace('-', ''), v])),
);
const KOREAN_LEVEL_BY_TEXT = lookup(KOREAN_LEVELS, KOREAN_LEVEL_LABELS);
const STUDY_COURSE_BY_TEXT = lookup(STUDY_COURSES, STUDY_COURSE_LABELS, {
  어학: 'language',
  어학과정: 'language',
  석사: 'graduate',
  박사: 'graduate',
  대학원: 'graduate',
});
const INDUSTRY_BY_TEXT = lookup(INDUSTRIES, INDUSTRY_LABELS);
const ENTITY_BY_TEXT = lookup(BIZ_ENTITY_TYPES, BIZ_ENTITY_TYPE_LABELS, {
  개인사업자: 'individual',
  법인사업자: 'corporation',
});
const REGION_BY_TEXT = lookup(REGIONS);
let nationalityByText: Map<string, string> | undefined;
const nationalityOf = (text: string) => {
  nationalityByText ??= new Map(
    NATIONALITY_CODES.flatMap((code) => [
      [compact(code), code],
      [compact(nationalityLabel(code)), code],
    ]),
  );
  return nationalityByText.get(compact(text));
};

/** The nationality drop-down of the template: Korean names, the EPS countries first. */
export const importNationalityList = () => NATIONALITY_CODES.map(nationalityLabel);

/** A date cell as typed: 2024-07-01, 2024.7.1, 2024/07/01 or 20240701 (an Excel date arrives already as the first). */
export function importDate(text: string): string {
  const match =
    /^(\d{4})[-./\s]\s*(\d{1,2})[-./\s]\s*(\d{1,2})\.?$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!match) return text;
  return `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
}

export type ImportCellError = { field: string; message: string };
export type ImportBranch = { id: number; name: string };

/**
 * One row's cells (by template column key, text as the file holds it) as the create contract's input. Values that
 * cannot be read are reported here; everything else is left to the create schema, so an import refuses exactly
 * what the form and the API refuse.
 */
export function importInput(
  resource: ImportResource,
  cells: Record<string, string>,
  branches: ReadonlyMap<string, number>,
): { input: Record<string, unknown>; errors: ImportCellError[] } {
  const errors: ImportCellError[] = [];
  const input: Record<string, unknown> = {};
  const text = (key: string) => (cells[key] ?? '').trim();
  const put = (key: string, value: unknown) => {
    if (value !== undefined) input[key] = value;
  };
  const pick = <T>(key: string, map: ReadonlyMap<string, T>) => {
    const value = text(key);
    if (!value) return undefined;
    const code = map.get(compact(value));
    if (code === undefined) errors.push({ field: key, message: importMessages.unknownValue(value) });
    return code;
  };
  const dateOrNull = (key: string) => (text(key) ? importDate(text(key)) : null);
  for (const column of IMPORT_COLUMNS[resource]) {
    if (column.required && !text(column.key))
      errors.push({ field: column.key, message: importMessages.required });
  }
  const branch = text('branch');
  if (branch) {
    const id = branches.get(compact(branch));
    if (id === undefined) errors.push({ field: 'branch', message: importMessages.unknownBranch(branch) });
    else input.branchId = id;
  }
  put('adminMemo', text('adminMemo'));
  if (resource === 'workers') {
    put('nameKo', text('nameKo'));
    put('lastName', text('lastName').toUpperCase());
    put('firstName', text('firstName').toUpperCase());
    put('gender', pick('gender', GENDER_BY_TEXT));
    put('dateOfBirth', importDate(text('dateOfBirth')));
    const nationality = text('nationality');
    if (nationality) {
      const code = nationalityOf(nationality);
      if (!code) errors.push({ field: 'nationality', message: importMessages.unknownValue(nationality) });
      put('nationality', code);
    }
    put('phoneNumber', text('phoneNumber'));
    put('emailAddress', text('emailAddress'));
    put('alienRegNo', text('alienRegNo') || null);
    put('passportNo', text('passportNo') || null);
    put('passportExpiryDate', dateOrNull('passportExpiryDate'));
    put('visaType', pick('visaType', VISA_BY_TEXT));
    put('visaExpiryDate', dateOrNull('visaExpiryDate'));
    put('entryDate', dateOrNull('entryDate'));
    put('studyCourse', pick('studyCourse', STUDY_COURSE_BY_TEXT) ?? null);
    put('partTimePermitNo', text('partTimePermitNo') || null);
    const hours = text('partTimePermitWeeklyHours').replace(/[\s시간h]/gi, '');
    if (!hours) input.partTimePermitWeeklyHours = null;
    else if (/^\d+$/.test(hours)) input.partTimePermitWeeklyHours = Number(hours);
    else errors.push({ field: 'partTimePermitWeeklyHours', message: importMessages.number });
    put('partTimePermitValidFrom', dateOrNull('partTimePermitValidFrom'));
    put('partTimePermitValidTo', dateOrNull('partTimePermitValidTo'));
    put('koreanLevel', pick('koreanLevel', KOREAN_LEVEL_BY_TEXT));
    const industries = text('desiredIndustries')
      .split(/[,;/·]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const codes: string[] = [];
    for (const part of industries) {
      const code = INDUSTRY_BY_TEXT.get(compact(part));
      if (code) codes.push(code);
      else errors.push({ field: 'desiredIndustries', message: importMessages.unknownValue(part) });
    }
    put('desiredIndustries', [...new Set(codes)]);
  } else {
    put('companyName', text('companyName'));
    put('businessRegNo', text('businessRegNo'));
    put('ceoName', text('ceoName'));
    put('openingDate', dateOrNull('openingDate'));
    put('bizEntityType', pick('bizEntityType', ENTITY_BY_TEXT));
    put('industry', pick('industry', INDUSTRY_BY_TEXT));
    put('region', pick('region', REGION_BY_TEXT));
    put('zipCode', text('zipCode'));
    put('roadAddress', text('roadAddress'));
    put('addressDetail', text('addressDetail'));
    put('phone', text('phone'));
    put('email', text('email'));
    put('managerName', text('managerName'));
    put('managerPhone', text('managerPhone'));
    for (const key of ['employeeCount', 'foreignWorkerCount']) {
      const value = text(key).replace(/[,\s명]/g, '');
      if (!value) continue;
      if (/^\d+$/.test(value)) input[key] = Number(value);
      else errors.push({ field: key, message: importMessages.number });
    }
  }
  return { input, errors };
}

/** Branch names as a cell may spell them, to ids. */
export function importBranchMap(branches: readonly ImportBranch[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const branch of branches) {
    map.set(compact(branch.name), branch.id);
    map.set(String(branch.id), branch.id);
  }
  return map;
}

/** The template column a create-schema field belongs to (`branchId` is filled from 담당 지점). */
export const importColumnOfField = (field: string) => (field === 'branchId' ? 'branch' : field);

/** A UTF-16 surrogate without its pair: no UTF-8 spelling exists for it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A cell PostgreSQL cannot store (docs/imports.md#the-dry-run-the-same-rules-as-the-api): a NUL character, which no
 * text column holds, or a lone surrogate (an xlsx may spell one as `&#xD800;`). Such a row is refused at the dry run.
 */
export const hasUnstorableText = (value: string) => value.includes('\u0000') || LONE_SURROGATE.test(value);
