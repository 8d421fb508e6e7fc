import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
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
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader } from '../../layout/page-header';
import { koPrivacy } from '../../locales/ko/privacy';
import { useRequests } from './api';
import { RequestDrawer } from './request-drawer';
import { RequestForm } from './request-form';
import { DueTag, RequestStatusTag } from './request-tags';

const t = koPrivacy.requests;
const REQUEST_FILTERS = ['status', 'kind', 'overdue'] as const;
/** One order (open first, nearest deadline first): the server's own. */
const BY_DEADLINE = ['due'] as const;

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
  const list = useListParams({ filters: REQUEST_FILTERS, sorts: BY_DEADLINE, defaultSort: 'due' });
  const status = list.filters.status as PrivacyRequestStatus | undefined;
  const kind = list.filters.kind as PrivacyRequestKind | undefined;
  const overdue = list.filters.overdue === 'true';
  const open = Number(params.get('request')) || null;
  const result = useRequests({
    status,
    kind,
    overdue: overdue ? 'true' : undefined,
    page: list.page,
    pageSize: list.pageSize,
  });

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
            onChange={(value) => list.setFilters({ status: value })}
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
            onChange={(value) => list.setFilters({ kind: value })}
            options={PRIVACY_REQUEST_KINDS.map((value) => ({
              value,
              label: PRIVACY_REQUEST_KIND_LABELS[value],
            }))}
            style={{ width: 130 }}
          />
          <Checkbox
            checked={overdue}
            onChange={(event) => list.setFilters({ overdue: event.target.checked ? 'true' : null })}
          >
            {t.filters.overdue}
          </Checkbox>
          <Button icon={<ReloadOutlined aria-hidden />} disabled={!list.hasFilters} onClick={list.reset}>
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
            current: list.page,
            pageSize: list.pageSize,
            total: result.data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: (page, size) => list.setPage(page, size),
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
