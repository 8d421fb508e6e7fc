import { InfoCircleOutlined } from '@ant-design/icons';
import { type ListMeta, MAX_LIST_WINDOW, type ViewList } from '@ilson/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Grid, Table, type TableProps, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type Key, type MouseEvent, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { koKit } from '../../locales/ko/kit';
import { arrangeColumns, ListToolbar, useListSettings } from './list-settings';
import type { ListParams } from './use-list-params';

const t = koKit.list;

export type ListPage<T> = { data: T[]; meta: ListMeta };

export type ListSelection<T> = {
  selectedKeys: number[];
  onChange(keys: number[], rows: T[]): void;
  /** Rows that may not be picked (e.g. not pending for a bulk approval) show a disabled box. */
  isSelectable?(row: T): boolean;
};

type ListTableProps<T extends { id: number }> = {
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: any list's params; the table reads paging and sort only.
  list: ListParams<any, any>;
  result: Pick<UseQueryResult<ListPage<T>>, 'data' | 'isFetching' | 'isError' | 'refetch'>;
  /** Sortable columns carry `sorter: true` and the server's sort value as their `key`. */
  columns: ColumnsType<T>;
  emptyText: string;
  detailPath?: (row: T) => string;
  /** The list's name for its saved views and the admin's settings (columns, density, page size): shows the toolbar. */
  settingsKey?: ViewList;
  selection?: ListSelection<T>;
  rowClassName?: (row: T) => string;
  /** A totals row under the rows (antd's `summary`). */
  summary?: TableProps<T>['summary'];
};

/** Clicks on these inside a row do their own thing instead of opening the detail. */
const INTERACTIVE = 'a, button, input, label, [role="button"], .ant-table-selection-column, .ant-dropdown';

const SORT_ORDER = { asc: 'ascend', desc: 'descend' } as const;

/** The list table: server-side sort and pagination from the URL, total count, row click to the detail. */
export function ListTable<T extends { id: number }>({
  label,
  list,
  result,
  columns,
  emptyText,
  detailPath,
  selection,
  rowClassName,
  summary,
  settingsKey,
}: ListTableProps<T>) {
  const navigate = useNavigate();
  const mobile = Grid.useBreakpoint().md === false;
  const page = result.data;
  const { settings, update } = useListSettings(settingsKey);
  const [searchParams] = useSearchParams();
  const storedPageSize = settings.pageSize;
  const urlPageSize = searchParams.has('page_size');
  // A list opened without a page size in its address opens with the admin's own.
  useEffect(() => {
    if (storedPageSize && !urlPageSize && storedPageSize !== list.pageSize) {
      list.setPage(1, storedPageSize, { replace: true });
    }
  }, [storedPageSize, urlPageSize, list]);

  const sortedColumns = columns.map((column) =>
    column.sorter && column.key !== undefined
      ? {
          ...column,
          sortDirections: ['ascend', 'descend'] as const,
          sortOrder: list.explicitSort === column.key ? SORT_ORDER[list.order as 'asc' | 'desc'] : null,
        }
      : column,
  ) as ColumnsType<T>;

  const handleChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const { columnKey, order } = sorter as SorterResult<T>;
      list.setSort(order ? String(columnKey) : undefined, order === 'ascend' ? 'asc' : 'desc');
      return;
    }
    if (extra.action === 'paginate') {
      const pageSize = pagination.pageSize ?? list.pageSize;
      list.setPage(pageSize === list.pageSize ? (pagination.current ?? 1) : 1, pageSize);
      if (settingsKey && pageSize !== list.pageSize) update({ pageSize });
    }
  };

  const handleRowClick = (row: T) => (event: MouseEvent<HTMLElement>) => {
    if (!detailPath) return;
    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    navigate(detailPath(row));
  };

  const empty = result.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={koKit.detail.errorTitle}>
      <Button onClick={() => void result.refetch()}>{koKit.common.retry}</Button>
    </Empty>
  ) : list.hasFilters ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          {t.emptyFiltered}
          <br />
          {t.emptyFilteredHint}
        </>
      }
    >
      <Button onClick={list.reset}>{t.resetFilters}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  );

  const table = (
    <Table<T>
      aria-label={label}
      rowKey="id"
      size={settings.density}
      columns={pinFirst(arrangeColumns(sortedColumns, settings.columns), mobile)}
      dataSource={page?.data ?? []}
      loading={result.isFetching}
      onChange={handleChange}
      scroll={{ x: 'max-content' }}
      rowClassName={rowClassName}
      summary={summary}
      locale={{ emptyText: page || result.isError ? empty : ' ' }}
      onRow={(row) => ({
        onClick: handleRowClick(row),
        style: detailPath ? { cursor: 'pointer' } : undefined,
      })}
      rowSelection={
        selection && {
          selectedRowKeys: selection.selectedKeys,
          preserveSelectedRowKeys: false,
          onChange: (keys: Key[], rows: T[]) => selection.onChange(keys.map(Number), rows),
          getCheckboxProps: (row: T) => ({
            disabled: selection.isSelectable ? !selection.isSelectable(row) : false,
          }),
        }
      }
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        // Pages stop at MAX_LIST_WINDOW rows: the server refuses deeper ones (OFFSET that deep is slow).
        total: Math.min(page?.meta.total ?? 0, MAX_LIST_WINDOW),
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        showTotal: () => <ListTotal meta={page?.meta} />,
        hideOnSinglePage: false,
      }}
    />
  );
  if (!settingsKey) return table;
  return (
    <>
      <ListToolbar viewKey={settingsKey} columns={sortedColumns} settings={settings} onChange={update} />
      {table}
    </>
  );
}

/**
 * On a phone the table scrolls sideways inside its box; its first column (the record's name) stays pinned so each
 * row stays recognisable (docs/web-app.md#phones).
 */
function pinFirst<T>(columns: ColumnsType<T>, mobile: boolean): ColumnsType<T> {
  if (!mobile || columns.length < 2 || columns[0]?.fixed) return columns;
  const [first, ...rest] = columns;
  return [{ ...first, fixed: 'left' } as ColumnsType<T>[number], ...rest];
}

/** 총 n건; above the paging window 약 n건 (an estimate) with a note on how far the pages go. */
function ListTotal({ meta }: { meta: ListMeta | undefined }) {
  if (!meta) return t.total(0);
  const text = meta.totalEstimated ? t.totalEstimated(meta.total) : t.total(meta.total);
  if (meta.total <= MAX_LIST_WINDOW) return text;
  return (
    <Tooltip title={t.windowNote(MAX_LIST_WINDOW)}>
      <span>
        {text} <InfoCircleOutlined aria-label={t.windowNote(MAX_LIST_WINDOW)} />
      </span>
    </Tooltip>
  );
}
