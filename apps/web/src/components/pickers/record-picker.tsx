import { keepPreviousData, type QueryFunction, skipToken, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { koKit } from '../../locales/ko/kit';

const SEARCH_DEBOUNCE_MS = 300;

export type PickerOption = { label: ReactNode; title: string };

export type RecordPickerProps<T extends { id: number }> = Omit<
  SelectProps<number>,
  'options' | 'onChange' | 'value' | 'showSearch' | 'loading' | 'filterOption'
> & {
  value?: number | null;
  onChange?: (id: number | undefined, record: T | undefined) => void;
  /** The record the value stands for when it is not among the search results (an edit, a prefilled link). */
  selected?: T | null;
  /** Or just its name, when the form knows no more of it (a payout knows its worker's name only). */
  selectedLabel?: string | null;
};

type PickerConfig<T extends { id: number }> = {
  /** The query key's prefix: the resource's own, so a change to the resource refreshes the options. */
  keyPrefix: readonly unknown[];
  search(q: string, signal: AbortSignal): Promise<T[]>;
  option(record: T): PickerOption;
  /**
   * The read of a value found neither in `selected` nor in the results (a filter opened from a link): the record's
   * own detail query, so the picker and the record's page share one cache entry.
   */
  one?(id: number): { queryKey: readonly unknown[]; queryFn?: unknown };
  /** A term this picker does not send, with the reason shown instead of results (a full identifier). */
  refuse?(term: string): string | null;
};

/**
 * A select that searches the server as the user types (`GET x?q=`), for picking one record out of many.
 * Hands the picked record back with its id, so a form can take defaults from it.
 */
export function RecordPicker<T extends { id: number }>({
  value,
  onChange,
  selected,
  selectedLabel,
  keyPrefix,
  search,
  option,
  one,
  refuse,
  ...rest
}: RecordPickerProps<T> & PickerConfig<T>) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refusal = term ? (refuse?.(term) ?? null) : null;
  const result = useQuery({
    queryKey: [...keyPrefix, 'picker', term],
    queryFn: ({ signal }) => search(term, signal),
    enabled: refusal === null,
    placeholderData: refusal === null ? keepPreviousData : undefined,
  });

  const missing =
    value != null &&
    selected?.id !== value &&
    picked?.id !== value &&
    !(result.data ?? []).some((record) => record.id === value);
  const linkedRead = one && value != null ? one(value) : null;
  const linked = useQuery({
    queryKey: linkedRead?.queryKey ?? [...keyPrefix, 'picked', value],
    queryFn: (linkedRead?.queryFn ?? skipToken) as QueryFunction<T> | typeof skipToken,
    enabled: linkedRead !== null && !selectedLabel && missing && result.isFetched,
    meta: { errorToast: false },
  });

  const records = new Map<number, T>();
  for (const record of [linked.data, selected, picked, ...(result.data ?? [])]) {
    if (record) records.set(record.id, record);
  }
  const known = [...records.values()].filter(
    (record) => record.id === value || (result.data ?? []).some((found) => found.id === record.id),
  );
  const options = known.map((record) => ({ value: record.id, ...option(record) }));
  if (value != null && selectedLabel && !records.has(value)) {
    options.unshift({ value, label: selectedLabel, title: selectedLabel });
  }

  const handleSearch = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setTerm(next.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <Select<number>
      allowClear
      {...rest}
      value={value ?? undefined}
      options={options}
      loading={result.isFetching}
      showSearch={{ filterOption: false, onSearch: handleSearch, searchValue: text }}
      notFoundContent={refusal ?? (result.isFetching ? koKit.common.searching : koKit.common.noResults)}
      onChange={(id: number | undefined) => {
        const record = id === undefined ? undefined : records.get(id);
        setPicked(record ?? null);
        setText('');
        onChange?.(id, record);
      }}
      onOpenChange={(open) => {
        if (!open) setText('');
      }}
    />
  );
}
