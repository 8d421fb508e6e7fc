import type { AuditLogDetail } from '@ilson/contracts';
import { Button, Descriptions, Drawer, Flex, Result, Spin, Typography } from 'antd';
import { classifyError } from '../../api/errors';
import { AdminName } from '../../components/admin-name';
import { koAudit } from '../../locales/ko/audit-logs';
import { koKit } from '../../locales/ko/kit';
import { useAuditLog } from './api';
import { ActionTag, formatLogTime, targetText } from './columns';
import { DiffTable, isRecordOnly } from './diff-table';

const t = koAudit.drawer;
const none = koKit.common.none;

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

function LogBody({ log }: { log: AuditLogDetail }) {
  const hash = (value: string) => (
    <Typography.Text style={{ ...mono, wordBreak: 'break-all' }}>{value}</Typography.Text>
  );
  const recorded = isRecordOnly(log.diff);
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
                <AdminName name={log.actorName} loginId={log.actorLoginId} />
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
      // Never wider than the screen: on a phone the drawer takes the whole width.
      size="min(640px, 100vw)"
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
