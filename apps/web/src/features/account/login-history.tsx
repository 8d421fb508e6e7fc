import type { MyLogin } from '@ilson/contracts';
import { Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { formatDateTime } from '../../lib/datetime';
import { describeUserAgent } from '../../lib/user-agent';
import { koAccount } from '../../locales/ko/account';
import { useLogins } from './api';

const t = koAccount.logins;

const columns: TableColumnsType<MyLogin> = [
  {
    key: 'createdAt',
    title: t.at,
    dataIndex: 'createdAt',
    width: 150,
    render: (value: string) => formatDateTime(value),
  },
  {
    key: 'success',
    title: t.result,
    dataIndex: 'success',
    width: 72,
    render: (success: boolean) =>
      success ? <Tag color="success">{t.success}</Tag> : <Tag color="error">{t.failure}</Tag>,
  },
  { key: 'ip', title: t.ip, dataIndex: 'ip', width: 130, render: (ip: string | null) => ip ?? '-' },
  {
    key: 'userAgent',
    title: t.userAgent,
    dataIndex: 'userAgent',
    ellipsis: { showTitle: false },
    render: (userAgent: string | null) => (
      <Tooltip title={userAgent} placement="topLeft">
        <span>{describeUserAgent(userAgent)}</span>
      </Tooltip>
    ),
  },
  {
    key: 'summary',
    title: t.detail,
    dataIndex: 'summary',
    ellipsis: { showTitle: false },
    render: (summary: string) => (
      <Tooltip title={summary} placement="topLeft">
        <span>{summary}</span>
      </Tooltip>
    ),
  },
];

/** 최근 로그인: the admin's own last 20 sign-ins and failed attempts, from the access log. */
export function LoginHistory() {
  const result = useLogins();
  return (
    <>
      <Typography.Paragraph type="secondary">{t.hint}</Typography.Paragraph>
      <Table<MyLogin>
        aria-label={t.caption}
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={result.data ?? []}
        loading={result.isFetching}
        pagination={false}
        scroll={{ y: 360 }}
        locale={{
          emptyText: result.isPending ? ' ' : <Typography.Text type="secondary">{t.empty}</Typography.Text>,
        }}
      />
    </>
  );
}
