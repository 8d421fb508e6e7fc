import {
  defaultPayoutVat,
  historyResponseSchema,
  PAYOUT_LOCKED_STATUSES,
  type PAYOUT_SORTS,
  type Payout,
  type PayoutStatus,
  type payoutCreateSchema,
  payoutListResponseSchema,
  payoutRevealResponseSchema,
  payoutSchema,
  type payoutUpdateSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { idempotencyHeaders } from '../../api/idempotency';
import { parseRecord, parseReply, retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const PAYOUT_FILTERS = ['status', 'type', 'employerId', 'branchId', 'dateFrom', 'dateTo'] as const;
export type PayoutListQuery = ListQuery<(typeof PAYOUT_FILTERS)[number], (typeof PAYOUT_SORTS)[number]>;
export type PayoutCreateBody = z.output<typeof payoutCreateSchema>;
export type PayoutUpdateBody = z.input<typeof payoutUpdateSchema>;
export type PayoutTotals = z.infer<typeof payoutListResponseSchema>['totals'];

export const payoutKeys = {
  all: ['payouts'] as const,
  list: (query: PayoutListQuery) => ['payouts', 'list', query] as const,
  detail: (id: number) => ['payouts', 'detail', id] as const,
  history: (id: number) => ['payouts', 'history', id] as const,
};

/** The server's default VAT (payouts.rules): 10% of a matching fee, won below cut off; none on wages and refunds. */
export const defaultVat = defaultPayoutVat;

/** Paid or cancelled: final, no edit (the server answers 409). */
export const isLocked = (payout: Pick<Payout, 'status'>) =>
  (PAYOUT_LOCKED_STATUSES as readonly PayoutStatus[]).includes(payout.status);

export const usePayoutList = (query: PayoutListQuery) =>
  useQuery({
    queryKey: payoutKeys.list(query),
    queryFn: async ({ signal }) => {
      const response = await api.get('payouts', { params: query, signal });
      return parseReply(payoutListResponseSchema, response.data);
    },
    placeholderData: keepPreviousData,
  });

export const usePayout = (id: number | null) =>
  useQuery({
    queryKey: payoutKeys.detail(id ?? 0),
    queryFn: async ({ signal }): Promise<Payout> => {
      const response = await api.get(`payouts/${id}`, { signal });
      return parseRecord(payoutSchema, response.data);
    },
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const usePayoutHistory = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: payoutKeys.history(id),
    queryFn: async ({ signal }) => {
      const response = await api.get(`payouts/${id}/history`, { signal });
      return parseReply(historyResponseSchema, response.data).data;
    },
    enabled,
  });

function useInvalidatePayouts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payoutKeys.all });
}

export function useCreatePayout() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: PayoutCreateBody; idempotencyKey: string }) => {
      const response = await api.post('payouts', body, { headers: idempotencyHeaders(idempotencyKey) });
      return parseRecord(payoutSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export function useUpdatePayout(id: number) {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: async (body: PayoutUpdateBody) => {
      const response = await api.patch(`payouts/${id}`, body);
      return parseRecord(payoutSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSuccess: invalidate,
  });
}

export type PayoutStatusBody = { status: PayoutStatus; reason?: string; version: number; paidAt?: string };

/** No toast of its own: the step's dialog shows field errors where they belong. */
export function useChangePayoutStatus(id: number) {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: async (body: PayoutStatusBody) => {
      const response = await api.post(`payouts/${id}/status`, body);
      return parseRecord(payoutSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
    onSettled: invalidate,
  });
}

/** The account number in plain text, once; the server logs who asked and why. Never cached. */
export function useRevealAccountNo(id: number) {
  return useMutation({
    mutationFn: async (reason: string) => {
      const response = await api.post(`payouts/${id}/reveal`, { reason });
      return parseReply(payoutRevealResponseSchema, response.data);
    },
    retry: retryMutation,
    meta: { errorToast: false },
  });
}
