import {
  WORKPLACE_CHANGE_CAUSE_LABELS,
  WORKPLACE_CHANGE_CAUSES,
  type Worker,
  type WorkplaceChange,
  type WorkplaceChangeCause,
} from '@ilson/contracts';
import {
  Button,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Grid,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { InfoSection } from '../../components/detail/info-section';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useRefusableSave } from '../../components/form/use-refusable-save';
import { LegalBasisNote } from '../../components/legal-basis';
import { RefusalAlert } from '../../components/linked-records';
import { EmployerPicker } from '../../components/pickers/pickers';
import { useToast } from '../../components/toast';
import { toDateString, todayInSeoul } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { useDeleteWorkplaceChange, useSaveWorkplaceChange, useWorkplaceChanges } from './api';

const t = koWorkers.workplaceChanges;
const none = koKit.common.none;

/** The previous employer as this admin may see it: another branch's is named only as such (no name, no link). */
const fromEmployerText = (row: WorkplaceChange) =>
  row.fromEmployerOtherBranch ? t.otherBranchEmployer : (row.fromEmployerName ?? none);

type Values = {
  requestDate: Dayjs | null;
  cause: WorkplaceChangeCause | undefined;
  approved: boolean;
  approvalDate: Dayjs | null;
  approvalNo: string;
  fromEmployerId: number | null;
  note: string;
};
const FIELDS = ['requestDate', 'cause', 'approved', 'approvalDate', 'approvalNo', 'fromEmployerId', 'note'];

/** Editing: the record; adding: `'new'`; closed: null. */
type Editing = WorkplaceChange | 'new' | null;

/**
 * 사업장 변경 (docs/law-as-data.md#workplace-changes): the changes used and left in the part of the period today falls
 * in, the job-search deadline of the latest change the worker asked for that no contract followed, each with its
 * legal basis, and the records with their add, edit and delete. The server applies the same rules.
 */
export function WorkplaceChangesSection({ worker, canWrite }: { worker: Worker; canWrite: boolean }) {
  const result = useWorkplaceChanges(worker.id);
  const remove = useDeleteWorkplaceChange(worker.id);
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const reply = result.data;
  const phone = Grid.useBreakpoint().md === false;

  const approval = (row: WorkplaceChange) =>
    row.approved
      ? [t.approvedYes, row.approvalDate, row.approvalNo].filter(Boolean).join(' · ')
      : t.approvedNo;
  // A phone keeps three columns, the approval under the cause: no table wider than the screen.
  const columns = [
    { key: 'requestDate', title: t.requestDate, dataIndex: 'requestDate' },
    {
      key: 'cause',
      title: t.cause,
      render: (_: unknown, row: WorkplaceChange) => (
        <Space size={4} wrap>
          {WORKPLACE_CHANGE_CAUSE_LABELS[row.cause]}
          {row.approved && row.cause === 'worker_request' ? (
            <Tag color="orange">{t.counted}</Tag>
          ) : (
            <Tag>{t.notCounted}</Tag>
          )}
          {phone && <Typography.Text type="secondary">{approval(row)}</Typography.Text>}
        </Space>
      ),
    },
    ...(phone
      ? []
      : [
          { key: 'approved', title: t.approved, render: (_: unknown, row: WorkplaceChange) => approval(row) },
          {
            key: 'fromEmployer',
            title: t.fromEmployer,
            render: (_: unknown, row: WorkplaceChange) => fromEmployerText(row),
          },
          { key: 'note', title: t.note, dataIndex: 'note', render: (note: string) => note || none },
        ]),
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: t.actions,
            render: (_: unknown, row: WorkplaceChange) => (
              <Space size={4}>
                <Button size="small" onClick={() => setEditing(row)}>
                  {koKit.common.edit}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    confirmDelete(
                      async () => {
                        await remove.mutateAsync(row.id);
                        toast.success(koKit.common.deleted);
                      },
                      { content: t.deleteConfirm },
                    )
                  }
                >
                  {koKit.common.delete}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="workplace-changes">
      <InfoSection
        title={t.title}
        extra={
          canWrite && (
            <Button size="small" onClick={() => setEditing('new')}>
              {t.add}
            </Button>
          )
        }
        items={[
          {
            key: 'count',
            label: t.count,
            children: reply?.count ? (
              <Flex vertical gap={2} align="flex-start">
                <span>
                  {t.countValue(reply.count.used, reply.count.limit, reply.count.left)}
                  {reply.count.left === 0 && (
                    <Tag color="red" style={{ marginInlineStart: 6 }}>
                      {t.exhausted}
                    </Tag>
                  )}
                </span>
                <LegalBasisNote basis={reply.count.basis} />
              </Flex>
            ) : (
              t.noCount
            ),
          },
          {
            key: 'jobSearch',
            label: t.jobSearch,
            children: reply?.jobSearch ? (
              <Flex vertical gap={2} align="flex-start">
                <span>
                  {t.jobSearchValue(reply.jobSearch.deadline, reply.jobSearch.requestDate)}
                  {reply.jobSearch.deadline < todayInSeoul() && (
                    <Tag color="red" style={{ marginInlineStart: 6 }}>
                      {t.jobSearchPassed}
                    </Tag>
                  )}
                </span>
                <LegalBasisNote basis={reply.jobSearch.basis} />
              </Flex>
            ) : (
              t.noJobSearch
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -16 }}>
        {t.help}
      </Typography.Paragraph>
      {result.isError && <Typography.Paragraph type="danger">{t.loadFailed}</Typography.Paragraph>}
      <Table<WorkplaceChange>
        size="small"
        rowKey="id"
        loading={result.isLoading}
        dataSource={reply?.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t.empty }}
        style={{ marginBottom: 24 }}
      />
      {editing && (
        <WorkplaceChangeModal workerId={worker.id} editing={editing} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}

function initialValues(editing: Exclude<Editing, null>): Values {
  if (editing === 'new') {
    return {
      requestDate: dayjs(todayInSeoul()),
      cause: undefined,
      approved: false,
      approvalDate: null,
      approvalNo: '',
      fromEmployerId: null,
      note: '',
    };
  }
  return {
    requestDate: dayjs(editing.requestDate),
    cause: editing.cause,
    approved: editing.approved,
    approvalDate: editing.approvalDate ? dayjs(editing.approvalDate) : null,
    approvalNo: editing.approvalNo ?? '',
    fromEmployerId: editing.fromEmployerId,
    note: editing.note,
  };
}

function WorkplaceChangeModal({
  workerId,
  editing,
  onClose,
}: {
  workerId: number;
  editing: Exclude<Editing, null>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveWorkplaceChange(workerId);
  const toast = useToast();
  // A held matching the change would put over the limit (docs/DOMAIN.md#invariants, I-29): listed here, the dialog stays.
  const { refusal, save: trySave } = useRefusableSave(form, FIELDS, { onStale: onClose });
  const approved = Form.useWatch('approved', form);
  const record = editing === 'new' ? null : editing;

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      requestDate: toDateString(values.requestDate)!,
      cause: values.cause!,
      approved: values.approved,
      approvalDate: values.approved ? toDateString(values.approvalDate) : null,
      approvalNo: values.approved ? values.approvalNo.trim() || null : null,
      // Another branch's employer is not in the form (the admin cannot see it): left as it is unless one is picked.
      fromEmployerId:
        record?.fromEmployerOtherBranch && !values.fromEmployerId
          ? undefined
          : (values.fromEmployerId ?? null),
      note: values.note,
    };
    const saved = await trySave(() =>
      record
        ? save.mutateAsync({ changeId: record.id, body: { ...body, version: record.version } })
        : save.mutateAsync({ changeId: null, body }),
    );
    if (!saved) return;
    toast.success(record ? koKit.common.saved : koKit.common.created);
    onClose();
  };

  return (
    <Modal
      open
      title={record ? t.editTitle : t.addTitle}
      onCancel={onClose}
      destroyOnHidden
      okText={koKit.common.save}
      cancelText={koKit.common.cancel}
      confirmLoading={save.isPending}
      onOk={() => void handleOk()}
    >
      {refusal && <RefusalAlert refusal={refusal} />}
      <Form form={form} layout="vertical" initialValues={initialValues(editing)}>
        <Form.Item
          name="requestDate"
          label={t.requestDate}
          rules={[{ required: true, message: t.requestDateRequired }]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="cause" label={t.cause} rules={[{ required: true, message: t.causeRequired }]}>
          <Select
            options={WORKPLACE_CHANGE_CAUSES.map((cause) => ({
              value: cause,
              label: WORKPLACE_CHANGE_CAUSE_LABELS[cause],
            }))}
          />
        </Form.Item>
        <Form.Item name="approved" valuePropName="checked">
          <Checkbox>{t.approved}</Checkbox>
        </Form.Item>
        {approved && (
          <>
            <Form.Item
              name="approvalDate"
              label={t.approvalDate}
              rules={[{ required: true, message: t.approvalDateRequired }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="approvalNo" label={t.approvalNo}>
              <Input maxLength={50} />
            </Form.Item>
          </>
        )}
        <Form.Item name="fromEmployerId" label={t.fromEmployer}>
          <EmployerPicker
            allowClear
            selectedLabel={record?.fromEmployerName ?? null}
            placeholder={record?.fromEmployerOtherBranch ? t.otherBranchEmployer : undefined}
          />
        </Form.Item>
        <Form.Item name="note" label={t.note}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
