import { FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, DatePicker, Drawer, Flex, Grid, Input, Select, type SelectProps } from 'antd';
import {
  Children,
  createContext,
  isValidElement,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { parseDate, toDateString } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { EmployerPicker } from '../pickers/pickers';
import type { ListParams } from './use-list-params';

const t = koKit.list;

// biome-ignore lint/suspicious/noExplicitAny: any list's params; filters are addressed by name.
type AnyList = ListParams<any, any>;

type FilterBarProps = { list: AnyList; children: ReactNode; extra?: ReactNode };

/** In the phone's filter drawer every filter takes the drawer's width. */
const FullWidth = createContext(false);

/** A filter's width: its own on a desk, the drawer's on a phone. */
export function useFilterWidth(width: number): number | string {
  return useContext(FullWidth) ? '100%' : width;
}

/**
 * The bar above a list: its filters, a reset, and room for actions on the right. Below 768 px the search box
 * stays in the bar and the other filters open in a 필터 drawer whose button counts the filters set
 * (docs/web-app.md#phones).
 */
export function FilterBar({ list, children, extra }: FilterBarProps) {
  const mobile = Grid.useBreakpoint().md === false;
  const reset = (
    <Button icon={<ReloadOutlined />} onClick={list.reset} disabled={!list.hasFilters}>
      {t.resetFilters}
    </Button>
  );
  return (
    <Card size="small" style={{ marginBottom: 16 }} styles={{ body: { padding: 12 } }}>
      {mobile ? (
        <MobileFilters list={list} reset={reset} extra={extra}>
          {children}
        </MobileFilters>
      ) : (
        <Flex gap={8} wrap align="center" justify="space-between">
          <Flex gap={8} wrap align="center" role="search" style={{ flex: '1 1 auto', minWidth: 0 }}>
            {children}
            {reset}
          </Flex>
          {extra}
        </Flex>
      )}
    </Card>
  );
}

type MobileFiltersProps = { list: AnyList; reset: ReactNode; extra?: ReactNode; children: ReactNode };

function MobileFilters({ list, reset, extra, children }: MobileFiltersProps) {
  const [open, setOpen] = useState(false);
  const all = Children.toArray(children);
  const isSearch = (child: ReactNode) => isValidElement(child) && child.type === SearchFilter;
  const search = all.filter(isSearch);
  const others = all.filter((child) => !isSearch(child));
  const active = Object.keys(list.filters).length;
  return (
    <FullWidth.Provider value>
      <Flex vertical gap={8}>
        {search.length > 0 && <Flex role="search">{search}</Flex>}
        <Flex gap={8} wrap align="center">
          {others.length > 0 && (
            <Badge count={active} size="small">
              <Button
                icon={<FilterOutlined />}
                onClick={() => setOpen(true)}
                aria-label={active > 0 ? t.filtersActive(active) : t.filters}
              >
                {t.filters}
              </Button>
            </Badge>
          )}
          {reset}
          {extra}
        </Flex>
      </Flex>
      <Drawer
        title={t.filters}
        placement="right"
        size="min(360px, 100vw)"
        open={open}
        onClose={() => setOpen(false)}
        footer={
          <Flex gap={8} justify="space-between">
            {reset}
            <Button type="primary" onClick={() => setOpen(false)}>
              {t.showResults}
            </Button>
          </Flex>
        }
      >
        <Flex vertical gap={12}>
          {others}
        </Flex>
      </Drawer>
    </FullWidth.Provider>
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
  const fitted = useFilterWidth(width);
  return (
    <Select
      aria-label={label}
      placeholder={label}
      allowClear
      value={value}
      options={options}
      onChange={(next: string | number | undefined) => list.setFilters({ [name]: next ?? null })}
      style={{ width: fitted }}
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
  const width = useFilterWidth(280);
  return (
    <DatePicker.RangePicker
      aria-label={label}
      value={[start, end]}
      allowEmpty={[true, true]}
      placeholder={[`${label} ${t.dateFrom}`, `${label} ${t.dateTo}`]}
      onChange={(dates) =>
        list.setFilters({ [from]: toDateString(dates?.[0]), [to]: toDateString(dates?.[1]) })
      }
      style={{ width }}
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
  const fitted = useFilterWidth(width);

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
      style={{ width: fitted }}
    />
  );
}

type EmployerFilterProps = { list: AnyList; label: string; width?: number };

/** A filter by employer (`employer_id`): searches the server as the user types. */
export function EmployerFilter({ list, label, width = 200 }: EmployerFilterProps) {
  const raw: string | undefined = list.filters.employerId;
  const fitted = useFilterWidth(width);
  return (
    <EmployerPicker
      aria-label={label}
      placeholder={label}
      value={raw ? Number(raw) : undefined}
      onChange={(id) => list.setFilters({ employerId: id ?? null })}
      style={{ width: fitted }}
      popupMatchSelectWidth={320}
    />
  );
}
