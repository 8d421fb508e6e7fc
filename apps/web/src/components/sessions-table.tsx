import type { AdminSession } from '@ilson/contracts';
import { App, Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { formatDateTime } from '../lib/datetime';
import { describeUserAgent } from '../lib/user-agent';
import { koSessions } from '../locales/ko/second-factor';
import { useErrorToast } from './toast';

const t = koSessions;

type Props = {
  sessions: AdminSession[] | undefined;
  loading: boolean;
  /** Ends one session; the list is read again after. */
  onEnd: (session: AdminSession) => Promise<void>;
};

/** Live sessions with the device, IP, start and last activity, and an end button on each but the current one. */
export function SessionsTable({ sessions, loading, onEnd }: Props) {
  const { modal } = App.useApp();
  const showError = useErrorToast();
  const columns: TableColumnsType<AdminSession> = [
    {
      key: 'device',
      title: t.device,
      render: (_, session) => (
        <Flex gap={4} wrap align="center">
          <Tooltip title={session.userAgent} placement="topLeft">
            <span>{describeUserAgent(session.userAgent)}</span>
          </Tooltip>
          {session.current && <Tag color="blue">{t.current}</Tag>}
          {session.secondFactor && <Tag color="green">{t.secondFactor}</Tag>}
        </Flex>
      ),
    },
    { key: 'ip', title: t.ip, dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '-' },
    {
      key: 'createdAt',
      title: t.started,
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'lastUsedAt',
      title: t.lastActivity,
      dataIndex: 'lastUsedAt',
      width: 150,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 90,
      render: (_, session) =>
        session.current ? null : (
          <Button
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: t.endTitle,
                content: t.endBody(describeUserAgent(session.userAgent), session.ip ?? '-'),
                okText: t.end,
                okButtonProps: { danger: true },
                cancelText: t.cancel,
                onOk: async () => {
                  try {
                    await onEnd(session);
                  } catch (error) {
                    showError(error);
                  }
                },
              })
            }
          >
            {t.end}
          </Button>
        ),
    },
  ];
  return (
    <Table<AdminSession>
      aria-label={t.caption}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={sessions ?? []}
      loading={loading}
      pagination={false}
      scroll={{ x: 640 }}
      locale={{ emptyText: <Typography.Text type="secondary">{t.empty}</Typography.Text> }}
    />
  );
}
