import { employerListQuerySchema } from './employers';
import { defineEndpoints } from './endpoint';
import { matchingListQuerySchema } from './matchings';
import { payoutListQuerySchema } from './payouts';
import { workerListQuerySchema } from './workers';
import { z } from './zod-setup';

/** docs/exports.md#endpoints-and-file-names: `GET exports/{employers|workers|matchings|payments}` with `format` (excel by default) and the list's filters. */
export const EXPORT_RESOURCES = ['employers', 'workers', 'matchings', 'payments'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
export const EXPORT_FORMATS = ['excel', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** docs/exports.md#endpoints-and-file-names download names, `{name}_{date}.xlsx|csv`. */
export const EXPORT_FILE_NAMES: Record<ExportResource, string> = {
  employers: 'employers',
  workers: '근로자목록',
  matchings: '매칭목록',
  payments: '결제목록',
};

/** One sheet holds 1,048,576 rows; the header takes one. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

const exportOptions = z.object({
  format: z.enum(EXPORT_FORMATS).default('excel'),
  /** 다운로드 사유: required while the `exportReasonRequired` setting is on. */
  reason: z.string().trim().max(200).optional(),
  /** Personal identifiers and account numbers in full: super_admin/admin only, with a reason. */
  unmasked: z.enum(['true', 'false']).default('false'),
});

const withoutPaging = <T extends z.ZodObject>(schema: T) => schema.omit({ page: true, pageSize: true });

export const exportQuerySchemas = {
  employers: withoutPaging(employerListQuerySchema).extend(exportOptions.shape),
  workers: withoutPaging(workerListQuerySchema).extend(exportOptions.shape),
  matchings: withoutPaging(matchingListQuerySchema).extend(exportOptions.shape),
  payments: withoutPaging(payoutListQuerySchema).extend(exportOptions.shape),
} as const;

export function exportFileName(resource: ExportResource, format: ExportFormat, date: string): string {
  return `${EXPORT_FILE_NAMES[resource]}_${date}.${format === 'excel' ? 'xlsx' : 'csv'}`;
}

const EXPORT_LABELS = {
  employers: '사업주',
  workers: '근로자',
  matchings: '매칭',
  payments: '결제(정산)',
} as const;

/** One list's export: the file itself (not JSON), named in `Content-Disposition` with an RFC 5987 `filename*`. */
const exportOf = <R extends ExportResource>(resource: R) =>
  ({
    method: 'GET',
    path: `/exports/${resource}`,
    access: 'exports:run',
    summary: `${EXPORT_LABELS[resource]} 목록 내보내기 (${EXPORT_FILE_NAMES[resource]}_{날짜}.xlsx 또는 .csv)`,
    description:
      'format=excel(기본)|csv, 목록 화면과 같은 필터와 정렬. 다운로드 사유(reason)는 설정에 따라 필수이며, ' +
      'unmasked=true는 super_admin·admin만 사유와 함께. Excel은 한 시트 1,048,575건까지(넘으면 422).',
    query: exportQuerySchemas[resource],
    response: 'file',
    produces: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'application/json',
    ],
  }) as const;

export const exportsApi = defineEndpoints('exports', {
  employers: exportOf('employers'),
  workers: exportOf('workers'),
  matchings: exportOf('matchings'),
  payments: exportOf('payments'),
});
