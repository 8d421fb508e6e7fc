import { PlusOutlined } from '@ant-design/icons';
import { type AuditReview, auditReviewCreateSchema } from '@ilson/contracts';
import { Alert, Button, Card, DatePicker, Empty, Flex, Form, Input, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { newIdempotencyKey } from '../../api/idempotency';
import { useCan } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { AdminName, adminLabel } from '../../components/admin-name';
import { checkWithSchema, showSaveError } from '../../components/form/field-errors';
import { useToast } from '../../components/toast';
import { DISPLAY_TIME_ZONE, formatDateTime, toDateString, todayInSeoul } from '../../lib/datetime';
import { koAudit } from '../../locales/ko/audit-logs';
import { koKit } from '../../locales/ko/kit';
import { REVIEW_PAGE_SIZE, useAuditReviews, useCreateAuditReview } from './api';

const t = koAudit.reviews;
const FIELDS = ['period', 'reviewedAt', 'findings', 'actionsTaken'];

const multiline = { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;

const columns: ColumnsType<AuditReview> = [
  { title: t.period, dataIndex: 'period', width: 100 },
  { title: t.reviewedAt, dataIndex: 'reviewedAt', width: 120 },
  {
    title: t.reviewer,
    key: 'reviewer',
    width: 140,
    render: (_value, row) =>
      row.reviewerName || row.reviewerLoginId ? (
        <AdminName name={row.reviewerName} loginId={row.reviewerLoginId} />
      ) : (
        `#${row.reviewerAdminId}`
      ),
  },
  { title: t.findings, dataIndex: 'findings', render: (text: string) => <div style={multiline}>{text}</div> },
  {
    title: t.actionsTaken,
    dataIndex: 'actionsTaken',
    render: (text: string) =>
      text ? (
        <div style={multiline}>{text}</div>
      ) : (
        <Typography.Text type="secondary">{t.none}</Typography.Text>
      ),
  },
  {
    title: t.createdAt,
    dataIndex: 'createdAt',
    width: 150,
    render: (value: string) => formatDateTime(value),
  },
];

type Values = { period: Dayjs | null; reviewedAt: Dayjs | null; findings: string; actionsTaken: string };

/** The month before this one (in Korea): the month a review at the start of a month looks back on. */
function lastMonth(): Dayjs {
  return dayjs().tz(DISPLAY_TIME_ZONE).subtract(1, 'month').startOf('month');
}

function ReviewForm({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const { user } = useSession();
  const toast = useToast();
  const create = useCreateAuditReview();
  // One key per opened form: the automatic retry of the same save must not record twice.
  const idempotencyKey = useMemo(newIdempotencyKey, []);
  const today = todayInSeoul();

  const handleSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      period: values.period?.format('YYYY-MM') ?? '',
      reviewedAt: toDateString(values.reviewedAt) ?? '',
      findings: values.findings ?? '',
      actionsTaken: values.actionsTaken ?? '',
    };
    const checked = checkWithSchema(form, auditReviewCreateSchema, body);
    if (!checked.ok) return;
    try {
      await create.mutateAsync({ body, idempotencyKey });
      toast.success(t.saved);
      onClose();
    } catch (caught) {
      showSaveError(form, caught, FIELDS, toast);
    }
  };

  return (
    <Modal
      open
      title={t.formTitle}
      onCancel={() => !create.isPending && onClose()}
      destroyOnHidden
      width={620}
      footer={[
        <Button key="cancel" onClick={onClose} disabled={create.isPending}>
          {t.cancel}
        </Button>,
        <Button key="save" type="primary" loading={create.isPending} onClick={() => void handleSave()}>
          {t.save}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={t.immutable} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={create.isPending}
        initialValues={{ period: lastMonth(), reviewedAt: dayjs(today), findings: '', actionsTaken: '' }}
      >
        <Flex gap={16} wrap>
          <Form.Item
            name="period"
            label={t.period}
            rules={[{ required: true, message: t.periodRequired }]}
            style={{ flex: '1 1 160px' }}
          >
            <DatePicker
              picker="month"
              format="YYYY-MM"
              style={{ width: '100%' }}
              disabledDate={(date) => date.format('YYYY-MM') > today.slice(0, 7)}
            />
          </Form.Item>
          <Form.Item
            name="reviewedAt"
            label={t.reviewedAt}
            rules={[{ required: true, message: t.reviewedAtRequired }]}
            style={{ flex: '1 1 160px' }}
          >
            <DatePicker
              format="YYYY-MM-DD"
              style={{ width: '100%' }}
              disabledDate={(date) => date.format('YYYY-MM-DD') > today}
            />
          </Form.Item>
          <Form.Item label={t.reviewer} style={{ flex: '1 1 160px' }}>
            <Input value={user ? adminLabel(user) : ''} readOnly disabled />
          </Form.Item>
        </Flex>
        <Form.Item
          name="findings"
          label={t.findings}
          rules={[{ required: true, whitespace: true, message: t.findingsRequired }]}
        >
          <Input.TextArea rows={5} maxLength={5000} showCount placeholder={t.findingsPlaceholder} />
        </Form.Item>
        <Form.Item name="actionsTaken" label={t.actionsTaken}>
          <Input.TextArea rows={3} maxLength={5000} showCount placeholder={t.actionsTakenPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 월간 점검 기록: what each month's review of the log found and what was done about it. */
export function AuditReviews() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const [formOpen, setFormOpen] = useState(false);
  const result = useAuditReviews(page);
  return (
    <Card title={koAudit.tabs.reviews}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 480px' }}>
          {t.intro}
        </Typography.Paragraph>
        {can('audit_logs:review') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormOpen(true)}>
            {t.create}
          </Button>
        )}
      </Flex>
      <Table<AuditReview>
        aria-label={koAudit.tabs.reviews}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={result.data?.data ?? []}
        loading={result.isFetching}
        locale={{
          emptyText: result.isError ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={koKit.detail.errorTitle}>
              <Button onClick={() => void result.refetch()}>{koKit.common.retry}</Button>
            </Empty>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
          ),
        }}
        pagination={{
          current: page,
          pageSize: REVIEW_PAGE_SIZE,
          total: result.data?.meta.total ?? 0,
          onChange: setPage,
          showTotal: t.total,
          hideOnSinglePage: true,
        }}
      />
      {formOpen && <ReviewForm onClose={() => setFormOpen(false)} />}
    </Card>
  );
}
