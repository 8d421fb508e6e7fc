import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Flex, Input, Select, type SelectProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { parseDate, toDateString } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import type { ListParams } from './use-list-params';

const t = koKit.list;

// biome-ignore lint/suspicious/noExplicitAny: any list's params; filters are addressed by name.
type AnyList = ListParams<any, any>;

type FilterBarProps = { list: AnyList; children: ReactNode; extra?: ReactNode };

/** The bar above a list: its filters, a reset, and room for actions on the right. */
export function FilterBar({ list, children, extra }: FilterBarProps) {
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: 12 } }}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center" role="search" style={{ flex: '1 1 auto', minWidth: 0 }}>
          {children}
          <Button icon={<ReloadOutlined />} onClick={list.reset} disabled={!list.hasFilters}>
            {t.resetFilters}
          </Button>
        </Flex>
        {extra}
      </Flex>
    </Card>
  );
}

type SelectFilterProps = {
  list: AnyList;
  name: string;
  label: string;
  options: SelectProps['options'];
  width?: number;
  showSearch?: boolean;
  /** Values that are numbers on the page (ids) but strings in the URL. */
  numeric?: boolean;
};

/** One filter as a clearable select; its label is the placeholder and the accessible name. */
export function SelectFilter({
  list,
  name,
  label,
  options,
  width = 150,
  showSearch,
  numeric,
}: SelectFilterProps) {
  const raw: string | undefined = list.filters[name];
  const value = raw === undefined ? undefined : numeric ? Number(raw) : raw;
  return (
    <Select
      aria-label={label}
      placeholder={label}
      allowClear
      value={value}
      options={options}
      onChange={(next: string | number | undefined) => list.setFilters({ [name]: next ?? null })}
      style={{ width }}
      popupMatchSelectWidth={false}
      showSearch={showSearch ? { optionFilterProp: ['label', 'value'] } : undefined}
    />
  );
}

type DateRangeFilterProps = { list: AnyList; from: string; to: string; label: string };

/** A date range kept as two `YYYY-MM-DD` filters (`registered_from`, `registered_to`). */
export function DateRangeFilter({ list, from, to, label }: DateRangeFilterProps) {
  const start = parseDate(list.filters[from]);
  const end = parseDate(list.filters[to]);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={[start, end]}
      allowEmpty={[true, true]}
      placeholder={[`${label} ${t.dateFrom}`, `${label} ${t.dateTo}`]}
      onChange={(dates) =>
        list.setFilters({ [from]: toDateString(dates?.[0]), [to]: toDateString(dates?.[1]) })
      }
      style={{ width: 280 }}
    />
  );
}

const SEARCH_DEBOUNCE_MS = 400;

type SearchFilterProps = { list: AnyList; placeholder: string; width?: number };

/** The search box: sends `q` once typing pauses, or at once on Enter. */
export function SearchFilter({ list, placeholder, width = 280 }: SearchFilterProps) {
  const [text, setText] = useState(list.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { q, setFilters } = list;

  // The URL changed elsewhere (reset, back button): show what it says.
  useEffect(() => {
    setText(q);
  }, [q]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() !== q) setFilters({ q: value.trim() || null });
  };

  return (
    <Input.Search
      aria-label={t.searchLabel}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(value), SEARCH_DEBOUNCE_MS);
      }}
      onSearch={commit}
      style={{ width }}
    />
  );
}
