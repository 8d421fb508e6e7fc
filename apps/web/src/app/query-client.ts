import { MUTATION_RETRY, QUERY_RETRY, QUERY_STALE_TIME_MS } from '@ilson/contracts';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { classifyError, hasLinkedRecords } from '../api/errors';
import type { ShowErrorToast } from '../components/toast';

declare module '@tanstack/react-query' {
  // Augmenting the library's own Register type needs an interface.
  interface Register {
    queryMeta: { errorToast?: boolean };
    mutationMeta: {
      errorToast?: boolean;
      /** The screens using the mutation show a refusal that names records themselves, with links. */
      showsLinkedRecords?: boolean;
    };
  }
}

/** Retry once (docs/ARCHITECTURE.md#wire), and only what the classification calls retryable: a 403 will not change. */
function retryOnce(limit: number) {
  return (failureCount: number, error: unknown) => failureCount < limit && classifyError(error).retryable;
}

/** docs/ARCHITECTURE.md#wire query defaults; every failed query or mutation is shown once, as a toast (opt out with meta). */
export function createQueryClient(showError: ShowErrorToast): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast === false) return;
        showError(error, () => void client.refetchQueries({ queryKey: query.queryKey, exact: true }));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        // A toast cannot hold links: where the screen lists the records itself, it is the only notice.
        if (mutation.meta?.showsLinkedRecords && hasLinkedRecords(classifyError(error))) return;
        showError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: retryOnce(QUERY_RETRY), refetchOnWindowFocus: false, staleTime: QUERY_STALE_TIME_MS },
      mutations: { retry: retryOnce(MUTATION_RETRY) },
    },
  });
  return client;
}
