import type { Review, ReviewStatus, Transition } from '@ilson/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { classifyError } from '../../../api/errors';
import { useToast } from '../../../components/toast';
import { useUndoToast } from '../../../components/undo-toast';
import { koModeration } from '../../../locales/ko/reviews';
import { reviewKeys, useChangeReviewStatus, useModerationQueue } from '../api';

const t = koModeration;

/** Fetch the next page once no more than this many reviews are left after the current one. */
const PREFETCH_WHEN_LEFT = 5;

type Decision = { at: number };

/**
 * The moderator's pass through the queue: the reviews loaded so far (oldest first) less those decided in this
 * session, which one is open, which were skipped, and the decision itself. A decision takes the review off the
 * screen at once and opens the next (already loaded: the next page is fetched ahead); should the server refuse
 * it for a reason other than a conflict, the review comes back with the reason.
 */
export function useModerationSession() {
  const queue = useModerationQueue();
  const change = useChangeReviewStatus({ quiet: true });
  const toast = useToast();
  const undoToast = useUndoToast();
  const queryClient = useQueryClient();
  const [decided, setDecided] = useState<ReadonlyMap<number, Decision>>(new Map());
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set());
  const [currentId, setCurrentId] = useState<number | null>(null);

  const items = useMemo(() => {
    const seen = new Set<number>();
    const all: Review[] = [];
    for (const review of queue.data?.pages.flatMap((page) => page.data) ?? []) {
      if (seen.has(review.id) || decided.has(review.id)) continue;
      seen.add(review.id);
      all.push(review);
    }
    return all;
  }, [queue.data, decided]);

  const found = items.findIndex((review) => review.id === currentId);
  const index = Math.max(found, 0);
  const current: Review | undefined = items[index];

  // What the server counted at the last fetch, less what was decided since.
  const lastPage = queue.data?.pages.at(-1);
  const decidedSince = [...decided.values()].filter((d) => d.at > queue.dataUpdatedAt).length;
  const remaining = Math.max(0, (lastPage?.meta.total ?? 0) - decidedSince);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = queue;
  const left = items.length - index - 1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && left < PREFETCH_WHEN_LEFT) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, left, fetchNextPage]);

  const select = useCallback((id: number) => setCurrentId(id), []);
  const move = useCallback(
    (step: 1 | -1) => {
      const next = items[index + step];
      if (next) setCurrentId(next.id);
    },
    [items, index],
  );

  const skip = useCallback(() => {
    if (!current) return;
    setSkipped((before) => new Set(before).add(current.id));
    const next = items[index + 1];
    if (next) setCurrentId(next.id);
  }, [current, items, index]);

  const decide = useCallback(
    (review: Review, transition: Transition<ReviewStatus>, reason?: string) => {
      const at = items.findIndex((item) => item.id === review.id);
      setCurrentId((items[at + 1] ?? items[at - 1])?.id ?? null);
      setDecided((before) => new Map(before).set(review.id, { at: Date.now() }));
      change.mutate(
        { id: review.id, body: { status: transition.to, reason, version: review.version } },
        {
          onSuccess: (saved) => {
            const message =
              transition.action === 'dismiss_reports'
                ? t.decided.dismissed
                : transition.to === 'hidden'
                  ? t.decided.hidden
                  : t.decided.published;
            // 되돌리기 brings the review back onto the queue and opens it (docs/undo-and-trash.md).
            undoToast(
              message,
              { targetType: 'review', targetId: review.id, version: saved.version },
              {
                key: 'moderation',
                onUndone: () => {
                  setDecided((before) => {
                    const next = new Map(before);
                    next.delete(review.id);
                    return next;
                  });
                  setCurrentId(review.id);
                },
              },
            );
          },
          onError: (caught) => {
            const error = classifyError(caught);
            if (error.status === 409) {
              // Someone else moderated it first, or it changed: it stays off this queue.
              toast.open({ key: 'moderation', type: 'warning', content: error.message });
              return;
            }
            setDecided((before) => {
              const next = new Map(before);
              next.delete(review.id);
              return next;
            });
            setCurrentId(review.id);
            toast.open({ key: 'moderation', type: 'error', content: t.failed(error.message) });
          },
        },
      );
    },
    [items, change, toast, undoToast],
  );

  const refresh = useCallback(async () => {
    setDecided(new Map());
    setSkipped(new Set());
    setCurrentId(null);
    // From the first page again, not every page loaded so far.
    await queryClient.resetQueries({ queryKey: reviewKeys.queue });
  }, [queryClient]);

  return {
    items,
    index,
    current,
    skipped,
    remaining,
    loading: queue.isPending,
    error: queue.error,
    fetchingMore: isFetchingNextPage,
    exhausted: !hasNextPage,
    refreshing: queue.isRefetching,
    select,
    move,
    skip,
    decide,
    refresh,
  };
}

export type ModerationSession = ReturnType<typeof useModerationSession>;
