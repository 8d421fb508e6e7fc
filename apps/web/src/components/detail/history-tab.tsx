import { AUDIT_ACTION_LABELS, type AuditAction, type HistoryEntry } from '@ilson/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';

const t = koKit.history;

const ACTION_COLORS: Partial<Record<AuditAction, string>> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  VIEW_PII: 'default',
  REVEAL: 'volcano',
  EXPORT: 'purple',
};

type Change = { field: string; before: unknown; after: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The access log's `diff` as field changes. It comes as `{before, after}` objects, or per field as
 * `{from, to}`, `{before, after}` or `[before, after]`; anything else is listed as it is.
 */
export function readChanges(diff: unknown): Change[] {
  if (!isRecord(diff)) return [];
  if (isRecord(diff.before) || isRecord(diff.after)) {
    const before = isRecord(diff.before) ? diff.before : {};
    const after = isRecord(diff.after) ? diff.after : {};
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({ field, before: before[field], after: after[field] }));
  }
  return Object.entries(diff).map(([field, value]) => {
    if (Array.isArray(value) && value.length === 2) return { field, before: value[0], after: value[1] };
    if (isRecord(value) && ('from' in value || 'to' in value))
      return { field, before: value.from, after: value.to };
    if (isRecord(value) && ('before' in value || 'after' in value)) {
      return { field, before: value.before, after: value.after };
    }
    return { field, before: undefined, after: value };
  });
}

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return koKit.common.none;
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type HistoryTabProps = {
  result: Pick<UseQueryResult<HistoryEntry[]>, 'data' | 'isFetching'>;
  /** Korean names of the record's fields, for the changes. */
  fieldLabels: Record<string, string>;
};

/** A record's history from the access log: when, what, who, why, and the changed fields. */
export function HistoryTab({ result, fieldLabels }: HistoryTabProps) {
  const columns: ColumnsType<HistoryEntry> = [
    {
      title: t.at,
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t.action,
      dataIndex: 'action',
      width: 120,
      render: (action: string) => (
        <Tag color={ACTION_COLORS[action as AuditAction]}>
          {AUDIT_ACTION_LABELS[action as AuditAction] ?? action}
        </Tag>
      ),
    },
    {
      title: t.actor,
      dataIndex: 'actorLoginId',
      width: 120,
      render: (actor: string | null) => actor ?? t.system,
    },
    {
      title: t.summary,
      dataIndex: 'summary',
      render: (summary: string, entry) => (
        <>
          {summary}
          {entry.reason && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {t.reason}: {entry.reason}
            </Typography.Text>
          )}
        </>
      ),
    },
  ];

  return (
    <Table<HistoryEntry>
      aria-label={koKit.detail.historyTab}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={result.data ?? []}
      loading={result.isFetching}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
      expandable={{
        rowExpandable: (entry) => readChanges(entry.diff).length > 0,
        expandedRowRender: (entry) => (
          <Table<Change>
            rowKey="field"
            size="small"
            pagination={false}
            dataSource={readChanges(entry.diff)}
            columns={[
              {
                title: t.changes,
                dataIndex: 'field',
                width: 180,
                render: (field: string) => fieldLabels[field] ?? field,
              },
              { title: t.before, dataIndex: 'before', render: show },
              { title: t.after, dataIndex: 'after', render: show },
            ]}
          />
        ),
      }}
    />
  );
}
