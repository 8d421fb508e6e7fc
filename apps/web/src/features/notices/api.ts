import {
  historyResponseSchema,
  listResponseSchema,
  type NOTICE_SORTS,
  type Notice,
  type NoticeStatus,
  type noticeCreateSchema,
  noticePreviewResponseSchema,
  noticeSchema,
  type noticeUpdateSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const NOTICE_FILTERS = ['status', 'audience', 'pinned', 'scheduled'] as const;
export type NoticeListQuery = ListQuery<(typeof NOTICE_FILTERS)[number], (typeof NOTICE_SORTS)[number]>;
export type NoticeCreateBody = z.output<typeof noticeCreateSchema>;
export type NoticeUpdateBody = z.input<typeof noticeUpdateSchema>;

const noticePageSchema = listResponseSchema(noticeSchema);

export const noticeKeys = {
  all: ['notices'] as const,
  list: (query: NoticeListQuery) => ['notices', 'list', query] as const,
  detail: (id: number) => ['notices', 'detail', id] as const,
  history: (id: number) => ['notices', 'history', id] as const,
};

export const useNoticeList = (query: NoticeListQuery) =>
  useQuery({
    queryKey: noticeKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('notices', { params: query, signal });
      return parseReply(noticePageSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

/** The server counts every call of this as a view. */
export const useNotice = (id: number | null) =>
  useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Notice> => {
      const response = await api.get(`notices/${id}`, { signal });
      return parseRecord(noticeSchema, response.data);
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useNoticeHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: noticeKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`notices/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
    enabled,
  });

/** The HTML exactly as the server would store it (sanitised). */
export function usePreviewNotice() {
  return useMutation({
    mutationFn: async (content: string) => {
      const response = await api.post('notices/preview', { content });
      return parseReply(noticePreviewResponseSchema, response.data).content;
    },
    retry: retryMutation,
  });
}

function useInvalidateNotices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}

export function useCreateNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: NoticeCreateBody; idempotencyKey: string }) => {
      const response = await api.post('notices', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(noticeSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdateNotice(id: number) {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: async (body: NoticeUpdateBody) => {
      const response = await api.patch(`notices/${id}`, body);
      return parseRecord(noticeSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export type NoticeStatusBody = { status: NoticeStatus; reason?: string; version: number };

export async function changeNoticeStatus(id: number, body: NoticeStatusBody): Promise<Notice> {
  const response = await api.post(`notices/${id}/status`, body);
  return parseRecord(noticeSchema, response.data);
}

export function useChangeNoticeStatus(id: number) {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (body: NoticeStatusBody) => changeNoticeStatus(id, body),
    retry: retryMutation,
    onSettled: invalidate,
  });
}

export function useDeleteNotice(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.delete(`notices/${id}`);
    },
    retry: retryMutation,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: noticeKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}
