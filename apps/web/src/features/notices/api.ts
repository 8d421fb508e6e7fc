import {
  type NOTICE_SORTS,
  type Notice,
  type NoticeStatus,
  type noticeCreateSchema,
  noticesApi,
  type noticeUpdateSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const NOTICE_FILTERS = ['status', 'audience', 'pinned', 'scheduled'] as const;
export type NoticeListQuery = ListQuery<(typeof NOTICE_FILTERS)[number], (typeof NOTICE_SORTS)[number]>;
export type NoticeCreateBody = z.output<typeof noticeCreateSchema>;
export type NoticeUpdateBody = z.input<typeof noticeUpdateSchema>;

export const noticeKeys = {
  all: [noticesApi.list.tag] as const,
};

export const useNoticeList = (query: NoticeListQuery) =>
  useQuery({
    ...endpointQuery(noticesApi.list, { query }),
    placeholderData: keepPreviousData,
  });

/** The server counts every call of this as a view. */
export const useNotice = (id: number | null) =>
  useQuery({
    ...endpointQuery(noticesApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const useNoticeHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(noticesApi.history, { params: { id } }),
    select: (reply) => reply.data,
    enabled,
  });

/** The HTML exactly as the server would store it (sanitised). */
export function usePreviewNotice() {
  return useMutation({
    mutationFn: async (content: string) => {
      return (await call(noticesApi.preview, { body: { content } })).content;
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
      return call(noticesApi.create, { body }, { idempotencyKey });
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
      return call(noticesApi.update, { params: { id }, body });
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export type NoticeStatusBody = { status: NoticeStatus; reason?: string; version: number };

export async function changeNoticeStatus(id: number, body: NoticeStatusBody): Promise<Notice> {
  return call(noticesApi.changeStatus, { params: { id }, body });
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
      await call(noticesApi.remove, { params: { id } });
    },
    retry: retryMutation,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(noticesApi.get, { params: { id } }) });
      return queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    },
  });
}
