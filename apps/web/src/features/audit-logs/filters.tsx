import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPE_LABELS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
} from '@ilson/contracts';
import { Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DateRangeFilter, FilterBar, SelectFilter, useFilterWidth } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koAudit } from '../../locales/ko/audit-logs';

const f = koAudit.filters;
const actionOptions = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));
const targetTypeOptions = AUDIT_TARGET_TYPES.map((value) => ({
  value,
  label: AUDIT_TARGET_TYPE_LABELS[value],
}));

// biome-ignore lint/suspicious/noExplicitAny: a list's params, filters addressed by name.
type AnyList = ListParams<any, any>;

const TYPING_PAUSE_MS = 500;

type TextFilterProps = { list: AnyList; name: string; label: string; placeholder: string; width: number };

/** A typed filter: sent once typing pauses, at once on Enter or when the box loses focus. */
function TextFilter({ list, name, label, placeholder, width }: TextFilterProps) {
  const current: string = list.filters[name] ?? '';
  const [text, setText] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { setFilters } = list;
  const fitted = useFilterWidth(width);

  // The URL changed elsewhere (reset, back button): show what it says.
  useEffect(() => {
    setText(current);
  }, [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() !== current) setFilters({ [name]: value.trim() || null });
  };

  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      allowClear
      value={text}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(value), TYPING_PAUSE_MS);
      }}
      onPressEnter={() => commit(text)}
      onBlur={() => commit(text)}
      style={{ width: fitted }}
    />
  );
}

/** `CREATE,UPDATE` in the URL ↔ the select's list of actions. */
function ActionsFilter({ list }: { list: AnyList }) {
  const raw: string | undefined = list.filters.action;
  const value = (raw?.split(',') ?? []).filter((action): action is AuditAction =>
    (AUDIT_ACTIONS as readonly string[]).includes(action),
  );
  const width = useFilterWidth(260);
  return (
    <Select<AuditAction[]>
      mode="multiple"
      aria-label={f.action}
      placeholder={f.action}
      allowClear
      value={value}
      options={actionOptions}
      onChange={(next) => list.setFilters({ action: next.length ? next.join(',') : null })}
      maxTagCount={2}
      optionFilterProp="label"
      style={{ width }}
      popupMatchSelectWidth={false}
    />
  );
}

export function AuditLogFilters({ list }: { list: AnyList }) {
  return (
    <FilterBar list={list}>
      <TextFilter list={list} name="actor" label={f.actor} placeholder={f.actorPlaceholder} width={190} />
      <ActionsFilter list={list} />
      <SelectFilter
        list={list}
        name="targetType"
        label={f.targetType}
        options={targetTypeOptions}
        width={130}
        showSearch
      />
      <TextFilter list={list} name="targetId" label={f.targetId} placeholder={f.targetId} width={110} />
      <DateRangeFilter list={list} from="dateFrom" to="dateTo" label={f.dateRange} />
      <TextFilter list={list} name="ip" label={f.ip} placeholder={f.ipPlaceholder} width={150} />
    </FilterBar>
  );
}
