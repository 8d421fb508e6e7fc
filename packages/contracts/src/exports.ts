import { employerListQuerySchema } from './employers';
import { matchingListQuerySchema } from './matchings';
import { payoutListQuerySchema } from './payouts';
import { workerListQuerySchema } from './workers';
import { z } from './zod-setup';

/** docs/ARCHITECTURE.md#wire: `GET exports/{employers|workers|matchings|payments}` with `format` (excel by default) and the list's filters. */
export const EXPORT_RESOURCES = ['employers', 'workers', 'matchings', 'payments'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];
export const EXPORT_FORMATS = ['excel', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** docs/ARCHITECTURE.md#wire download names, `{name}_{date}.xlsx|csv`. */
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
