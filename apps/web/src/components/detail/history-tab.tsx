import { AUDIT_ACTION_LABELS, type AuditAction, type HistoryEntry } from '@ilson/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { AdminName } from '../admin-name';
import { type Change, changeLabel, changeValue, readChanges } from './changes';

const t = koKit.history;

const ACTION_COLORS: Partial<Record<AuditAction, string>> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  VIEW_PII: 'default',
  REVEAL: 'volcano',
  EXPORT: 'purple',
};

type HistoryTabProps = {
  result: Pick<UseQueryResult<HistoryEntry[]>, 'data' | 'isFetching'>;
  /** Korean names of the record's fields, for the changes; the others take the shared ones (FIELD_LABELS). */
  fieldLabels: Record<string, string>;
};

/**
 * A record's history from the access log: when, what, who (by the name the access log shows,
 * docs/access-log.md#how-a-row-reads), why, and the changed fields as labels and readable values.
 */
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
      key: 'actor',
      width: 140,
      render: (_value, entry) => <AdminName name={entry.actorName} loginId={entry.actorLoginId} />,
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
        expandedRowRender: (entry) => {
          const value = (shown: unknown, change: Change) =>
            changeValue(shown, change.field, entry.targetType);
          return (
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
                  render: (field: string) => changeLabel(field, fieldLabels),
                },
                { title: t.before, dataIndex: 'before', render: value },
                { title: t.after, dataIndex: 'after', render: value },
              ]}
            />
          );
        },
      }}
    />
  );
}
