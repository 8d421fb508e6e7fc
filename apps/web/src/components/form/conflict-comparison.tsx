import { Alert, Spin, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { koKit } from '../../locales/ko/kit';

/** What the stale-version dialog compares: the user's input beside the record as the server has it now. */
export type ConflictCompare = {
  /** The record as saved now, as form values (null when it can no longer be read). */
  latest(): Promise<Record<string, unknown> | null>;
  /** The form's values as the user left them. */
  current(): Record<string, unknown>;
  /** The fields compared, with their labels on the form. */
  labels: Record<string, string>;
  /** A field's value as the form shows it (an option's label instead of its code). */
  format?(field: string, value: unknown): string | undefined;
};

/** A form's fields with their labels from a locale dictionary (a field without one is shown by its name). */
export function fieldLabels(
  fields: readonly string[],
  dictionary: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field, dictionary[field] ?? field]));
}

type Row = { field: string; label: string; mine: string; latest: string };

const EMPTY = '—';

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (dayjs.isDayjs(value)) return value.format('YYYY-MM-DD');
  if (Array.isArray(value)) return value.length > 0 ? value.map(plain).join(', ') : EMPTY;
  if (typeof value === 'boolean') return value ? '예' : '아니오';
  if (typeof value === 'number') return value.toLocaleString('ko-KR');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields whose saved value differs from the user's input, each as the form would show it. */
export function differences(
  compare: Pick<ConflictCompare, 'labels' | 'format'>,
  mine: Record<string, unknown>,
  latest: Record<string, unknown>,
): Row[] {
  const show = (field: string, value: unknown) => compare.format?.(field, value) ?? plain(value);
  return Object.entries(compare.labels)
    .map(([field, label]) => ({
      field,
      label,
      mine: show(field, mine[field]),
      latest: show(field, latest[field]),
    }))
    .filter((row) => row.mine !== row.latest);
}

/** The table under the stale-version dialog's text: 항목 · 내 입력 · 최신 내용, for the fields that differ. */
export function ConflictComparison({ compare }: { compare: ConflictCompare }) {
  const t = koKit.form;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const mine = compare.current();
    compare.latest().then(
      (latest) => {
        if (!live) return;
        if (latest) setRows(differences(compare, mine, latest));
        else setFailed(true);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [compare]);

  if (failed) return <Alert type="warning" showIcon title={t.conflictCompareFailed} />;
  if (!rows) return <Spin size="small" description={t.conflictComparing} />;
  if (rows.length === 0) return <Alert type="info" showIcon title={t.conflictNoDifference} />;
  return (
    <Table<Row>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      aria-label={t.conflictCompareTitle}
      columns={[
        { title: t.conflictField, dataIndex: 'label', width: 140 },
        { title: t.conflictMine, dataIndex: 'mine' },
        { title: t.conflictLatest, dataIndex: 'latest' },
      ]}
    />
  );
}
