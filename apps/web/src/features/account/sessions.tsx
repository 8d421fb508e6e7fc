import { type AdminSession, sessionsApi } from '@ilson/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { useErrorToast, useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/datetime';
import { koSessions } from '../../locales/ko/second-factor';
import { describeUserAgent } from './user-agent';

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

/** 내 정보 › 로그인 세션: my live sessions; end one, or all but this one. */
export function MySessions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const { modal } = App.useApp();
  const [ending, setEnding] = useState(false);
  const result = useQuery({ ...endpointQuery(sessionsApi.mine, {}), staleTime: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: endpointKey(sessionsApi.mine, {}) });
  const others = (result.data?.data ?? []).filter((s) => !s.current).length;
  return (
    <>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <SessionsTable
        sessions={result.data?.data}
        loading={result.isFetching}
        onEnd={async (session) => {
          await call(sessionsApi.endMine, { params: { sessionId: session.id } });
          toast.success(t.ended);
          await reload();
        }}
      />
      <Button
        danger
        disabled={others === 0}
        loading={ending}
        style={{ marginTop: 12 }}
        onClick={() =>
          modal.confirm({
            title: t.endOthersTitle,
            content: t.endOthersBody(others),
            okText: t.endOthers,
            okButtonProps: { danger: true },
            cancelText: t.cancel,
            onOk: async () => {
              setEnding(true);
              try {
                const { ended } = await call(sessionsApi.endOthers, {});
                toast.success(t.endedMany(ended));
                await reload();
              } catch (error) {
                showError(error);
              } finally {
                setEnding(false);
              }
            },
          })
        }
      >
        {t.endOthers}
      </Button>
    </>
  );
}
