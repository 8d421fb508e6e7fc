import { camelToSnake, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@ilson/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export type ListParamsOptions<F extends string, S extends string> = {
  /** Filter names in camelCase; the URL uses the wire's snake_case names (`branch_id`). */
  filters: readonly F[];
  /** The sort values the server accepts (a contracts `*_SORTS` list). */
  sorts: readonly S[];
  defaultSort: S;
  defaultOrder?: SortOrder;
};

/** What the list endpoint is asked for; the API client turns the keys into snake_case. */
export type ListQuery<F extends string = string, S extends string = string> = {
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
  q?: string;
} & Partial<Record<F, string>>;

type Patch = Record<string, string | number | null | undefined>;

export type ListParams<F extends string = string, S extends string = string> = {
  query: ListQuery<F, S>;
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
  /** The sort the user picked, if any (the default sort shows no arrow). */
  explicitSort: S | undefined;
  q: string;
  filters: Partial<Record<F, string>>;
  /** A filter or search term is set: the empty state offers to clear them. */
  hasFilters: boolean;
  setFilters(patch: Partial<Record<F | 'q', string | number | null | undefined>>): void;
  setPage(page: number, pageSize: number, options?: { replace?: boolean }): void;
  setSort(sort: S | undefined, order: SortOrder | undefined): void;
  reset(): void;
};

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/**
 * List state kept in the URL (page, page size, sort, order, search and filters), so every list view is a link
 * and the sidebar's `/employers?status=pending` opens the filtered list. Defaults stay out of the URL.
 */
export function useListParams<F extends string, S extends string>(
  options: ListParamsOptions<F, S>,
): ListParams<F, S> {
  const { filters: filterNames, sorts, defaultSort, defaultOrder = 'desc' } = options;
  const [searchParams, setSearchParams] = useSearchParams();

  const state = useMemo(() => {
    const page = positiveInt(searchParams.get('page')) ?? 1;
    const pageSize = Math.min(positiveInt(searchParams.get('page_size')) ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const rawSort = searchParams.get('sort');
    const explicitSort = sorts.find((s) => s === rawSort);
    const rawOrder = searchParams.get('order');
    const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder;
    const q = searchParams.get('q')?.trim() ?? '';
    const filters: Partial<Record<F, string>> = {};
    for (const name of filterNames) {
      const value = searchParams.get(camelToSnake(name));
      if (value) filters[name] = value;
    }
    const sort = explicitSort ?? defaultSort;
    const query = { page, pageSize, sort, order, ...(q ? { q } : {}), ...filters } as ListQuery<F, S>;
    const hasFilters = q !== '' || Object.keys(filters).length > 0;
    return { page, pageSize, sort, order, explicitSort, q, filters, query, hasFilters };
  }, [searchParams, filterNames, sorts, defaultSort, defaultOrder]);

  const update = useCallback(
    (patch: Patch, { resetPage = true, replace = false } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            const name = camelToSnake(key);
            if (value === undefined || value === null || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const setFilters = useCallback(
    (patch: Partial<Record<F | 'q', string | number | null | undefined>>) =>
      // Typing in the search box should not leave one history entry per pause.
      update(patch, { replace: Object.keys(patch).every((key) => key === 'q') }),
    [update],
  );

  const setPage = useCallback(
    (page: number, pageSize: number, { replace = false }: { replace?: boolean } = {}) =>
      update(
        { page: page > 1 ? page : null, pageSize: pageSize !== DEFAULT_PAGE_SIZE ? pageSize : null },
        { resetPage: false, replace },
      ),
    [update],
  );

  const setSort = useCallback(
    (sort: S | undefined, order: SortOrder | undefined) =>
      update(sort && order ? { sort, order } : { sort: null, order: null }),
    [update],
  );

  const reset = useCallback(() => {
    const cleared: Patch = { q: null };
    for (const name of filterNames) cleared[name] = null;
    update(cleared);
  }, [filterNames, update]);

  return { ...state, setFilters, setPage, setSort, reset };
}
