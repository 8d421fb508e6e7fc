import {
  defaultPayoutVat,
  PAYOUT_LOCKED_STATUSES,
  type PAYOUT_SORTS,
  type Payout,
  type PayoutStatus,
  type payoutCreateSchema,
  type payoutListResponseSchema,
  payoutsApi,
  type payoutUpdateSchema,
  type z,
} from '@ilson/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, endpointQuery } from '../../api/endpoint';
import { retryMutation } from '../../api/records';
import type { ListQuery } from '../../components/list/use-list-params';

export const PAYOUT_FILTERS = ['status', 'type', 'employerId', 'branchId', 'dateFrom', 'dateTo'] as const;
export type PayoutListQuery = ListQuery<(typeof PAYOUT_FILTERS)[number], (typeof PAYOUT_SORTS)[number]>;
export type PayoutCreateBody = z.output<typeof payoutCreateSchema>;
export type PayoutUpdateBody = z.input<typeof payoutUpdateSchema>;
export type PayoutTotals = z.infer<typeof payoutListResponseSchema>['totals'];

export const payoutKeys = {
  all: [payoutsApi.list.tag] as const,
};

/** The server's default VAT (payouts.rules): 10% of a matching fee, won below cut off; none on wages and refunds. */
export const defaultVat = defaultPayoutVat;

/** Paid or cancelled: final, no edit (the server answers 409). */
export const isLocked = (payout: Pick<Payout, 'status'>) =>
  (PAYOUT_LOCKED_STATUSES as readonly PayoutStatus[]).includes(payout.status);

export const usePayoutList = (query: PayoutListQuery) =>
  useQuery({
    ...endpointQuery(payoutsApi.list, { query }),
    placeholderData: keepPreviousData,
  });

export const usePayout = (id: number | null) =>
  useQuery({
    ...endpointQuery(payoutsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
    meta: { errorToast: false },
  });

export const usePayoutHistory = (id: number, enabled: boolean) =>
  useQuery({
    ...endpointQuery(payoutsApi.history, { params: { id } }),
    select: (reply) => reply.data,
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
      return call(payoutsApi.create, { body }, { idempotencyKey });
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
      return call(payoutsApi.update, { params: { id }, body });
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
      return call(payoutsApi.changeStatus, { params: { id }, body });
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
      return call(payoutsApi.reveal, { params: { id }, body: { reason } });
    },
    retry: retryMutation,
    meta: { errorToast: false },
  });
}
