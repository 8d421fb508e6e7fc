import { DEFAULT_PAGE_SIZE } from '@ilson/contracts';
import { useCallback, useMemo, useState } from 'react';
import type { ListParams, ListQuery, SortOrder } from './use-list-params';

type LocalListOptions<F extends string, S extends string> = {
  /** Fixed filters: the record a detail tab lists for (`{ employerId: '10' }`). */
  filters: Partial<Record<F, string>>;
  defaultSort: S;
  defaultOrder?: SortOrder;
  pageSize?: number;
};

/**
 * The list kit's params kept in component state instead of the URL: for a compact list inside another
 * record's detail tab, where the URL already belongs to that record (and several such lists may be mounted).
 */
export function useLocalListParams<F extends string, S extends string>(
  options: LocalListOptions<F, S>,
): ListParams<F, S> {
  const { filters, defaultSort, defaultOrder = 'desc', pageSize: initialSize = 10 } = options;
  const [page, setPageState] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize || DEFAULT_PAGE_SIZE);
  const [explicitSort, setExplicitSort] = useState<S | undefined>();
  const [order, setOrder] = useState<SortOrder>(defaultOrder);
  const filterKey = JSON.stringify(filters);

  const query = useMemo(() => {
    const fixed = JSON.parse(filterKey) as Partial<Record<F, string>>;
    return { page, pageSize, sort: explicitSort ?? defaultSort, order, ...fixed } as ListQuery<F, S>;
  }, [page, pageSize, explicitSort, defaultSort, order, filterKey]);

  const setPage = useCallback((next: number, size: number) => {
    setPageState(next);
    setPageSize(size);
  }, []);

  const setSort = useCallback(
    (sort: S | undefined, nextOrder: SortOrder | undefined) => {
      setExplicitSort(sort && nextOrder ? sort : undefined);
      setOrder(sort && nextOrder ? nextOrder : defaultOrder);
      setPageState(1);
    },
    [defaultOrder],
  );

  const noop = useCallback(() => {}, []);

  return {
    query,
    page,
    pageSize,
    sort: explicitSort ?? defaultSort,
    order,
    explicitSort,
    q: '',
    filters,
    hasFilters: false,
    setFilters: noop,
    setPage,
    setSort,
    reset: noop,
  };
}
