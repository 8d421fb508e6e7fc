import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  EMPLOYER_PERMIT_TYPE_LABELS,
  EMPLOYER_PERMIT_TYPES,
  type Employer,
  type EmployerPermit,
  type EmployerPermitType,
  type EmployerQuotaUsage,
  fieldMessages,
} from '@ilson/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Progress,
  Row,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useRefusableSave } from '../../components/form/use-refusable-save';
import { LegalBasisNote } from '../../components/legal-basis';
import { RefusalAlert } from '../../components/linked-records';
import { useToast } from '../../components/toast';
import { parseDate, toDateString } from '../../lib/datetime';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { useDeletePermit, useEmployerPermits, useSavePermit } from './api';

const t = koEmployers.permits;
const f = t.fields;
const typeOptions = EMPLOYER_PERMIT_TYPES.map((value) => ({
  value,
  label: EMPLOYER_PERMIT_TYPE_LABELS[value],
}));

type PermitValues = {
  type: EmployerPermitType;
  permitNo: string;
  validFrom: Dayjs | null;
  validTo: Dayjs | null;
  headcount: number | null;
  note: string;
};
const FIELDS = ['type', 'permitNo', 'validFrom', 'validTo', 'headcount', 'note'];

/** The add/edit dialog: an edit sends the version it read (409 when stale, or when held contracts rely on it). */
function PermitModal({
  employerId,
  permit,
  onClose,
}: {
  employerId: number;
  /** null: a new permit. */
  permit: EmployerPermit | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<PermitValues>();
  const save = useSavePermit(employerId);
  const toast = useToast();
  // Contracts the change would leave without a permit: listed with links, the dialog stays open.
  const { refusal, save: trySave } = useRefusableSave(form, FIELDS);

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      type: values.type,
      permitNo: values.permitNo,
      validFrom: toDateString(values.validFrom) ?? '',
      validTo: toDateString(values.validTo) ?? '',
      headcount: values.headcount ?? 0,
      note: values.note ?? '',
    };
    const saved = await trySave(() =>
      permit
        ? save.mutateAsync({ permitId: permit.id, body: { ...body, version: permit.version } })
        : save.mutateAsync({ permitId: null, body }),
    );
    if (!saved) return;
    toast.success(permit ? koKit.common.saved : koKit.common.created);
    onClose();
  };

  return (
    <Modal
      open
      title={permit ? t.edit : t.add}
      okText={koKit.common.save}
      cancelText={koKit.common.cancel}
      confirmLoading={save.isPending}
      onOk={handleOk}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {refusal && <RefusalAlert refusal={refusal} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          type: permit?.type ?? 'employment_permit',
          permitNo: permit?.permitNo ?? '',
          validFrom: parseDate(permit?.validFrom ?? null),
          validTo: parseDate(permit?.validTo ?? null),
          headcount: permit?.headcount ?? null,
          note: permit?.note ?? '',
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="type" label={f.type} rules={[{ required: true }]}>
              <Select options={typeOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="permitNo"
              label={f.permitNo}
              rules={[{ required: true, whitespace: true, message: fieldMessages.required }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="validFrom"
              label={f.validFrom}
              rules={[{ required: true, message: fieldMessages.required }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="validTo"
              label={f.validTo}
              dependencies={['validFrom']}
              rules={[
                { required: true, message: fieldMessages.required },
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null) => {
                    const from = getFieldValue('validFrom') as Dayjs | null;
                    return value && from && value.isBefore(from, 'day')
                      ? Promise.reject(new Error(t.validToBeforeFrom))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="headcount"
              label={f.headcount}
              rules={[
                { required: true, message: fieldMessages.required },
                { type: 'number', min: 1, message: t.headcountMin },
              ]}
            >
              <InputNumber<number> min={1} precision={0} suffix="명" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="note" label={f.note} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function UsageCard({ usage, insured }: { usage: EmployerQuotaUsage; insured: number }) {
  const percent = usage.limit > 0 ? Math.min(100, Math.round((usage.used / usage.limit) * 100)) : 0;
  const over = usage.used > usage.limit;
  const permitLabel = EMPLOYER_PERMIT_TYPE_LABELS[usage.permit];
  return (
    <Card size="small" title={t.usageTitle(usage.visa, permitLabel)}>
      <Typography.Text strong data-testid={`permit-usage-${usage.visa}`} type={over ? 'danger' : undefined}>
        {t.usage(usage.used, usage.limit)}
      </Typography.Text>
      {usage.permitHeadcount === 0 ? (
        <Typography.Text type="warning" style={{ display: 'block' }}>
          {t.noPermit(permitLabel, usage.visa)}
        </Typography.Text>
      ) : (
        <Progress percent={percent} status={over ? 'exception' : 'normal'} showInfo={false} size="small" />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {t.usageDetail(usage.permitHeadcount, usage.quota, insured)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {t.usageTogether(usage.usedAllEps)}
      </Typography.Text>
      {usage.basis && <LegalBasisNote basis={usage.basis} />}
      {usage.quotaBasis && <LegalBasisNote basis={usage.quotaBasis} />}
    </Card>
  );
}

/**
 * The employer's 고용허가 (docs/law-as-data.md#employer-permits-and-quota): the 고용허가서 and
 * 특례고용가능확인서 on record, and per visa how much of the 고용허용인원 is used today.
 */
export function EmployerPermits({ employer }: { employer: Employer }) {
  const can = useCan();
  const canWrite = can('employers:write');
  const result = useEmployerPermits(employer.id);
  const remove = useDeletePermit(employer.id);
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const [editing, setEditing] = useState<EmployerPermit | null | undefined>(undefined);

  if (result.isError) return <Alert type="error" showIcon title={classifyError(result.error).message} />;
  const reply = result.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {reply && (
        <Row gutter={16}>
          {reply.usage.map((usage) => (
            <Col key={usage.visa} xs={24} md={12}>
              <UsageCard usage={usage} insured={reply.insuredEmployees} />
            </Col>
          ))}
        </Row>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.insuredNote}
      </Typography.Text>
      {canWrite && (
        <div>
          <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t.add}
          </Button>
        </div>
      )}
      <Table<EmployerPermit>
        rowKey="id"
        size="small"
        loading={result.isPending}
        dataSource={reply?.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t.empty} /> }}
        columns={[
          { key: 'type', title: f.type, render: (_, p) => EMPLOYER_PERMIT_TYPE_LABELS[p.type] },
          { key: 'visa', title: f.visa, dataIndex: 'visa' },
          { key: 'permitNo', title: f.permitNo, dataIndex: 'permitNo' },
          { key: 'validity', title: f.validity, render: (_, p) => `${p.validFrom} ~ ${p.validTo}` },
          { key: 'headcount', title: f.headcount, render: (_, p) => koKit.common.people(p.headcount) },
          { key: 'note', title: f.note, dataIndex: 'note' },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  title: '',
                  render: (_: unknown, p: EmployerPermit) => (
                    <Space>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t.edit}
                        onClick={() => setEditing(p)}
                      />
                      <Button
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={koKit.common.delete}
                        onClick={() =>
                          confirmDelete(async () => {
                            await remove.mutateAsync(p.id);
                            toast.success(koKit.common.deleted);
                          })
                        }
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== undefined && (
        <PermitModal employerId={employer.id} permit={editing} onClose={() => setEditing(undefined)} />
      )}
    </Space>
  );
}
