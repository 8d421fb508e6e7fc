import {
  BULK_ACTIONS,
  BULK_API,
  type BulkActionSpec,
  type BulkJob,
  type BulkResource,
} from '@ilson/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Progress, Result, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { call, endpointQuery } from '../../api/endpoint';
import { useCan } from '../../auth/permissions';
import { koKit } from '../../locales/ko/kit';
import { BranchSelect } from '../branch-select';
import type { ListSelection } from '../list/list-table';
import { useErrorToast } from '../toast';

const t = koKit.bulk;
const POLL_MS = 800;
/** A link button that wraps on a narrow screen instead of running out of its box. */
const WRAPPING_LINK = { whiteSpace: 'normal', height: 'auto', textAlign: 'start', paddingInline: 0 } as const;

/** The list's query without its paging and sort: the filter a job over "전체" goes through. */
function filterOf(query: Readonly<Record<string, unknown>>) {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (['page', 'pageSize', 'sort', 'order'].includes(key) || value === undefined || value === '') continue;
    filter[key] = value;
  }
  return filter;
}

type Target = { ids: number[] } | { filter: Record<string, unknown> };

/**
 * Bulk actions of a list (docs/bulk-actions.md): the table's row selection, "조건에 맞는 전체 N건 선택" once the whole
 * page is selected, the resource's action buttons the admin may use, a confirmation (reason, branch), and the job's
 * progress, stop and refused records. Returns the table's `selection` and the bar to show above it.
 */
export function useBulkActions<T extends { id: number }>({
  resource,
  query,
  rows,
  total,
}: {
  resource: BulkResource;
  query: Readonly<Record<string, unknown>>;
  rows: readonly T[];
  total: number;
}): { selection: ListSelection<T> | undefined; bar: ReactNode } {
  const can = useCan();
  const actions = Object.entries(BULK_ACTIONS[resource] as Record<string, BulkActionSpec>).filter(
    ([, spec]) => can(spec.permission),
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const queryKey = JSON.stringify(filterOf(query));
  const [seenKey, setSeenKey] = useState(queryKey);
  // A selection belongs to the rows of the filter it was made on.
  if (seenKey !== queryKey) {
    setSeenKey(queryKey);
    setSelected([]);
    setAllMatching(false);
  }
  if (actions.length === 0) return { selection: undefined, bar: null };

  const clear = () => {
    setSelected([]);
    setAllMatching(false);
  };
  const count = allMatching ? total : selected.length;
  const target: Target = allMatching ? { filter: filterOf(query) } : { ids: selected };
  const wholePage = rows.length > 0 && rows.every((row) => selected.includes(row.id));

  const bar =
    selected.length > 0 || allMatching ? (
      <>
        <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }} role="toolbar" aria-label={t.toolbar}>
          <Typography.Text strong>
            {allMatching ? t.allSelected(total) : t.selectedOnPage(selected.length)}
          </Typography.Text>
          {!allMatching && wholePage && total > rows.length && (
            <Button type="link" onClick={() => setAllMatching(true)} style={WRAPPING_LINK}>
              {t.selectAll(total)}
            </Button>
          )}
          <Button type="link" onClick={clear} style={WRAPPING_LINK}>
            {t.clear}
          </Button>
          <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
            {actions.map(([action, spec]) => (
              <Button key={action} onClick={() => setConfirming(action)}>
                {spec.label}
              </Button>
            ))}
          </Flex>
        </Flex>
        {confirming && (
          <ConfirmModal
            resource={resource}
            action={confirming}
            count={count}
            target={target}
            onClose={() => setConfirming(null)}
            onStarted={(job) => {
              setConfirming(null);
              clear();
              setJobId(job.id);
            }}
          />
        )}
      </>
    ) : null;

  return {
    selection: {
      selectedKeys: selected,
      onChange: (keys) => {
        setSelected(keys);
        setAllMatching(false);
      },
    },
    bar: (
      <>
        {bar}
        {jobId !== null && <JobModal resource={resource} id={jobId} onClose={() => setJobId(null)} />}
      </>
    ),
  };
}

function ConfirmModal({
  resource,
  action,
  count,
  target,
  onClose,
  onStarted,
}: {
  resource: BulkResource;
  action: string;
  count: number;
  target: Target;
  onClose: () => void;
  onStarted: (job: BulkJob) => void;
}) {
  const spec = (BULK_ACTIONS[resource] as Record<string, BulkActionSpec>)[action]!;
  const [form] = Form.useForm<{ reason?: string; branchId?: number }>();
  const showError = useErrorToast();
  const start = useMutation({
    mutationFn: (values: { reason?: string; branchId?: number }) =>
      call(BULK_API[resource].start, { body: { action, ...values, ...target } as never }),
  });
  const submit = async () => {
    const values = await form.validateFields();
    try {
      onStarted(await start.mutateAsync(values));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal
      open
      title={t.confirmTitle(spec.label, count)}
      okText={t.run}
      cancelText={t.cancel}
      confirmLoading={start.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t.appliesTo(spec.appliesTo)}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark>
        {spec.needsBranch && (
          <Form.Item name="branchId" label={t.branch} rules={[{ required: true, message: t.branch }]}>
            <BranchSelect aria-label={t.branch} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t.reason}
          rules={
            spec.reasonRequired ? [{ required: true, whitespace: true, message: t.reasonPlaceholder }] : []
          }
        >
          <Input.TextArea rows={2} maxLength={500} placeholder={t.reasonPlaceholder} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{t.logged}</Typography.Text>
    </Modal>
  );
}

function JobModal({ resource, id, onClose }: { resource: BulkResource; id: number; onClose: () => void }) {
  const endpoints = BULK_API[resource];
  const queryClient = useQueryClient();
  const showError = useErrorToast();
  const [page, setPage] = useState(1);
  const job = useQuery({
    ...endpointQuery(endpoints.get, { params: { id } }),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? POLL_MS : false),
  });
  const data = job.data;
  const finished = data && data.status !== 'running';
  const failures = useQuery({
    ...endpointQuery(endpoints.failures, { params: { id }, query: { page, pageSize: 10 } }),
    enabled: Boolean(finished && data.failed > 0),
  });
  const stop = useMutation({ mutationFn: () => call(endpoints.cancel, { params: { id } }) });
  const close = () => {
    // The lists, details and counts show the records as they now are.
    void queryClient.invalidateQueries();
    onClose();
  };
  const label = data?.actionLabel ?? '';
  return (
    <Modal
      open
      title={
        !data
          ? ''
          : data.status === 'running'
            ? t.running(label)
            : data.status === 'done'
              ? t.done(label)
              : data.status === 'cancelled'
                ? t.stopped(label)
                : t.failed(label)
      }
      onCancel={finished ? close : undefined}
      closable={Boolean(finished)}
      maskClosable={false}
      footer={
        finished ? (
          <Button type="primary" onClick={close}>
            {t.close}
          </Button>
        ) : (
          <Button
            disabled={data?.cancelRequested}
            loading={stop.isPending}
            onClick={() => stop.mutate(undefined, { onError: (error) => showError(error) })}
          >
            {data?.cancelRequested ? t.stopping : t.stop}
          </Button>
        )
      }
      width={640}
    >
      {data && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{data.scope}</Typography.Text>
          <Progress
            percent={data.total ? Math.floor((data.processed / data.total) * 100) : 0}
            status={data.status === 'running' ? 'active' : data.status === 'failed' ? 'exception' : 'normal'}
            aria-label={t.progress(data.processed, data.total)}
          />
          <Flex justify="space-between" wrap gap={8}>
            <Typography.Text>{t.progress(data.processed, data.total)}</Typography.Text>
            <Typography.Text strong>{t.counts(data.succeeded, data.failed)}</Typography.Text>
          </Flex>
          {data.status === 'failed' && <Alert type="error" showIcon message={data.failure} />}
          {finished && data.failed === 0 && data.status === 'done' && (
            <Result status="success" title={t.counts(data.succeeded, 0)} style={{ padding: 8 }} />
          )}
          {finished && data.failed > 0 && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t.refusedTitle}
              </Typography.Title>
              <Table
                size="small"
                rowKey="recordId"
                loading={failures.isFetching}
                dataSource={failures.data?.data ?? []}
                pagination={{
                  current: page,
                  pageSize: 10,
                  total: failures.data?.meta.total ?? 0,
                  onChange: setPage,
                  showSizeChanger: false,
                  hideOnSinglePage: true,
                }}
                columns={[
                  { title: t.record, dataIndex: 'label', width: '40%' },
                  { title: t.why, dataIndex: 'message' },
                ]}
              />
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
