import type { AuditLogDetail } from '@ilson/contracts';
import { Button, Descriptions, Drawer, Empty, Flex, Result, Spin, Table, Typography } from 'antd';
import { classifyError } from '../../api/errors';
import { readChanges } from '../../components/detail/history-tab';
import { koAudit } from '../../locales/ko/audit-logs';
import { koKit } from '../../locales/ko/kit';
import { useAuditLog } from './api';
import { ActionTag, ActorCell, fieldLabel, formatLogTime, targetText } from './columns';

const t = koAudit.drawer;
const none = koKit.common.none;

type Change = { field: string; label: string; before: unknown; after: unknown };

/** A value as a person reads it: text as it is, nested values as compact JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return none;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/**
 * The row's `diff` as a table: field, 변경 전, 변경 후. A diff with no "before" anywhere (an export's filters,
 * a login's details) is what was recorded, shown as field and value.
 */
export function DiffTable({ log }: { log: AuditLogDetail }) {
  const changes: Change[] = readChanges(log.diff).map((change) => ({
    ...change,
    label: fieldLabel(log.targetType, change.field),
  }));
  if (changes.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noChanges} />;
  }
  const recorded = changes.every((change) => change.before === undefined);
  const cell = (value: unknown) => (
    <Typography.Text style={{ ...mono, wordBreak: 'break-all' }}>{showValue(value)}</Typography.Text>
  );
  return (
    <Table<Change>
      aria-label={recorded ? t.conditions : t.changes}
      rowKey="field"
      size="small"
      bordered
      pagination={false}
      dataSource={changes}
      columns={[
        { title: t.field, dataIndex: 'label', width: 150 },
        ...(recorded
          ? [{ title: t.value, dataIndex: 'after', render: cell }]
          : [
              { title: t.before, dataIndex: 'before', render: cell },
              { title: t.after, dataIndex: 'after', render: cell },
            ]),
      ]}
    />
  );
}

function LogBody({ log }: { log: AuditLogDetail }) {
  const hash = (value: string) => (
    <Typography.Text style={{ ...mono, wordBreak: 'break-all' }}>{value}</Typography.Text>
  );
  const recorded = readChanges(log.diff).every((change) => change.before === undefined);
  return (
    <Flex vertical gap={20}>
      <Descriptions
        bordered
        size="small"
        column={1}
        styles={{ label: { width: 120 } }}
        items={[
          { key: 'createdAt', label: t.createdAt, children: formatLogTime(log.createdAt) },
          {
            key: 'actor',
            label: t.actor,
            children: (
              <Flex gap={8} align="baseline" wrap>
                <ActorCell row={log} />
                {log.actorAdminId !== null && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t.actorId(log.actorAdminId)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          { key: 'action', label: t.action, children: <ActionTag action={log.action} /> },
          { key: 'target', label: t.target, children: targetText(log) },
          { key: 'summary', label: t.summary, children: log.summary || none },
          {
            key: 'recordCount',
            label: t.recordCount,
            children: log.recordCount === null ? none : t.records(log.recordCount),
          },
          { key: 'reason', label: t.reason, children: log.reason || none },
          { key: 'ip', label: t.ip, children: log.ip ?? none },
          { key: 'userAgent', label: t.userAgent, children: log.userAgent ?? none },
          { key: 'prevHash', label: t.prevHash, children: hash(log.prevHash) },
          { key: 'hash', label: t.hash, children: hash(log.hash) },
        ]}
      />
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {recorded && log.diff !== null ? t.conditions : t.changes}
        </Typography.Title>
        <DiffTable log={log} />
      </div>
    </Flex>
  );
}

type LogDrawerProps = { id: number | null; onClose(): void };

/** One access-log row beside the list: every field, the before/after of what changed, its hashes. */
export function LogDrawer({ id, onClose }: LogDrawerProps) {
  const result = useAuditLog(id);
  const log = result.data;
  const error = result.error ? classifyError(result.error) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={640}
      title={id !== null ? t.title(id) : t.loading}
      footer={
        <Flex justify="flex-end">
          <Button onClick={onClose}>{t.close}</Button>
        </Flex>
      }
      destroyOnHidden
    >
      {log ? (
        <LogBody log={log} />
      ) : error ? (
        <Result
          status={error.type === 'not_found' ? '404' : error.type === 'authorization' ? '403' : 'error'}
          title={
            error.type === 'not_found'
              ? koKit.detail.notFoundTitle
              : error.type === 'authorization'
                ? koKit.detail.forbiddenTitle
                : koKit.detail.errorTitle
          }
          subTitle={error.type === 'not_found' ? koKit.detail.notFoundBody : error.message}
        />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Drawer>
  );
}
