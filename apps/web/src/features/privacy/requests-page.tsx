import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  PRIVACY_REQUEST_CHANNEL_LABELS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_SUBJECT_TYPE_LABELS,
  type PrivacyRequest,
  type PrivacyRequestKind,
  type PrivacyRequestStatus,
} from '@ilson/contracts';
import { Alert, Button, Card, Checkbox, Flex, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { PageHeader } from '../../layout/page-header';
import { koPrivacy } from '../../locales/ko/privacy';
import { useRequests } from './api';
import { RequestDrawer } from './request-drawer';
import { RequestForm } from './request-form';
import { DueTag, RequestStatusTag } from './request-tags';

const t = koPrivacy.requests;

const columns: TableColumnsType<PrivacyRequest> = [
  {
    key: 'subject',
    title: t.columns.subject,
    render: (_, request) => (
      <span>
        {request.subjectName}
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
          {PRIVACY_SUBJECT_TYPE_LABELS[request.subjectType]} #{request.subjectId}
        </Typography.Text>
      </span>
    ),
  },
  {
    key: 'kind',
    title: t.columns.kind,
    dataIndex: 'kind',
    width: 90,
    render: (kind: PrivacyRequestKind) => PRIVACY_REQUEST_KIND_LABELS[kind],
  },
  {
    key: 'dueDate',
    title: t.columns.dueDate,
    width: 170,
    render: (_, request) => <DueTag request={request} />,
  },
  {
    key: 'status',
    title: t.columns.status,
    dataIndex: 'status',
    width: 100,
    render: (status: PrivacyRequestStatus) => <RequestStatusTag status={status} />,
  },
  { key: 'receivedAt', title: t.columns.receivedAt, dataIndex: 'receivedAt', width: 110 },
  {
    key: 'channel',
    title: t.columns.channel,
    dataIndex: 'channel',
    width: 90,
    render: (channel: PrivacyRequest['channel']) => PRIVACY_REQUEST_CHANNEL_LABELS[channel],
  },
  {
    key: 'assignee',
    title: t.columns.assignee,
    dataIndex: 'assigneeName',
    width: 120,
    render: (name: string | null) =>
      name ?? <Typography.Text type="secondary">{t.unassigned}</Typography.Text>,
  },
];

/**
 * 정보주체 요청 (docs/privacy-lifecycle.md#data-subject-requests): open requests first, the nearest deadline first;
 * a row opens the request in a drawer (`?request=`), where it is handled. Filters stay in the address.
 */
export default function PrivacyRequestsPage() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const status = (PRIVACY_REQUEST_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as PrivacyRequestStatus)
    : undefined;
  const kind = (PRIVACY_REQUEST_KINDS as readonly string[]).includes(params.get('kind') ?? '')
    ? (params.get('kind') as PrivacyRequestKind)
    : undefined;
  const overdue = params.get('overdue') === 'true';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const open = Number(params.get('request')) || null;
  const result = useRequests({
    status,
    kind,
    overdue: overdue ? 'true' : undefined,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  });

  const go = (next: Record<string, string | undefined>) => {
    const search = new URLSearchParams();
    const values = { status, kind, overdue: overdue ? 'true' : undefined, page: undefined, ...next };
    for (const [key, value] of Object.entries(values)) if (value) search.set(key, value);
    setParams(search);
  };
  const openRequest = (id: number | null) => {
    const search = new URLSearchParams(params);
    if (id) search.set('request', String(id));
    else search.delete('request');
    setParams(search);
  };

  return (
    <>
      <PageHeader
        extra={
          can('privacy:handle') && (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
              {t.create}
            </Button>
          )
        }
      />
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 16 }} />
      <Card>
        <Flex wrap gap={8} align="center" style={{ marginBottom: 16 }}>
          <Select<PrivacyRequestStatus>
            allowClear
            aria-label={t.filters.status}
            placeholder={t.filters.status}
            value={status}
            onChange={(value) => go({ status: value })}
            options={PRIVACY_REQUEST_STATUSES.map((value) => ({
              value,
              label: PRIVACY_REQUEST_STATUS_LABELS[value],
            }))}
            style={{ width: 130 }}
          />
          <Select<PrivacyRequestKind>
            allowClear
            aria-label={t.filters.kind}
            placeholder={t.filters.kind}
            value={kind}
            onChange={(value) => go({ kind: value })}
            options={PRIVACY_REQUEST_KINDS.map((value) => ({
              value,
              label: PRIVACY_REQUEST_KIND_LABELS[value],
            }))}
            style={{ width: 130 }}
          />
          <Checkbox
            checked={overdue}
            onChange={(event) => go({ overdue: event.target.checked ? 'true' : undefined })}
          >
            {t.filters.overdue}
          </Checkbox>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            disabled={!status && !kind && !overdue}
            onClick={() => setParams(new URLSearchParams())}
          >
            {t.filters.reset}
          </Button>
        </Flex>
        <Table<PrivacyRequest>
          rowKey="id"
          columns={columns}
          dataSource={result.data?.data ?? []}
          loading={result.isFetching}
          scroll={{ x: 900 }}
          onRow={(request) => ({
            onClick: () => openRequest(request.id),
            onKeyDown: (event) => {
              if (event.key === 'Enter') openRequest(request.id);
            },
            tabIndex: 0,
            style: { cursor: 'pointer' },
          })}
          locale={{ emptyText: <Typography.Text type="secondary">{t.empty}</Typography.Text> }}
          pagination={{
            current: page,
            pageSize: DEFAULT_PAGE_SIZE,
            total: result.data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: (next) => go({ page: next > 1 ? String(next) : undefined }),
          }}
        />
      </Card>
      {creating && (
        <RequestForm
          onClose={(created?: number) => {
            setCreating(false);
            if (created) openRequest(created);
          }}
        />
      )}
      <RequestDrawer id={open} onClose={() => openRequest(null)} />
    </>
  );
}
