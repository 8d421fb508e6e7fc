import {
  type AccessFindingAck,
  type AUDIT_LOG_SORTS,
  type AuditReviewCreate,
  auditLogsApi,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import { type DownloadOptions, fetchDownload } from '../../components/export/download';
import type { ListQuery } from '../../components/list/use-list-params';

/** The list's filters, kept in the URL (`action` as a comma list: `?action=CREATE,UPDATE`). */
export const AUDIT_LOG_FILTERS = [
  'actor',
  'action',
  'targetType',
  'targetId',
  'dateFrom',
  'dateTo',
  'ip',
  // The rows a 무결성 확인 walked: up to its last row (docs/access-log.md#what-verification-reports).
  'toId',
] as const;
export type AuditLogListQuery = ListQuery<
  (typeof AUDIT_LOG_FILTERS)[number],
  (typeof AUDIT_LOG_SORTS)[number]
>;

export const auditKeys = {
  all: [auditLogsApi.list.tag] as const,
};

export const useAuditLogList = (query: AuditLogListQuery, enabled = true) =>
  useQuery({
    ...endpointQuery(auditLogsApi.list, { query }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A log row never changes: once read it stays fresh. */
export const useAuditLog = (id: number | null) =>
  useQuery({
    ...endpointQuery(auditLogsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

/** Walks the whole chain on the server; the page shows the outcome, or the error as a toast. */
export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: async () => {
      return call(auditLogsApi.verify, {});
    },
    retry: false,
  });
}

/** The list's filters and order, without its paging, plus the purpose. */
export function auditExportParams(query: AuditLogListQuery, reason?: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'pageSize' || key === 'sort') continue;
    if (value !== undefined && value !== '') params[key] = value;
  }
  const purpose = reason?.trim();
  if (purpose) params.reason = purpose;
  return params;
}

export function fetchAuditExport(
  query: AuditLogListQuery,
  reason: string | undefined,
  options: DownloadOptions,
) {
  return fetchDownload(auditLogsApi.export, auditExportParams(query, reason), options);
}

export const REVIEW_PAGE_SIZE = 12;

export const useAuditReviews = (page: number, enabled = true) =>
  useQuery({
    ...endpointQuery(auditLogsApi.reviews, { query: { page, pageSize: REVIEW_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Saving a review also writes a log row: the whole `audit-logs` prefix is refreshed. */
export function useCreateAuditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: AuditReviewCreate; idempotencyKey: string }) => {
      return call(auditLogsApi.createReview, { body }, { idempotencyKey });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}

/** The month's automatic findings: computed from the log on every read, so they follow new rows. */
export const useAccessFindings = (period: string) =>
  useQuery({
    ...endpointQuery(auditLogsApi.findings, { query: { period } }),
    placeholderData: keepPreviousData,
  });

/** Acknowledging writes a log row too: the whole `audit-logs` prefix is refreshed. */
export function useAcknowledgeFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AccessFindingAck) => call(auditLogsApi.acknowledgeFinding, { body }),
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
