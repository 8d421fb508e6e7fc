import {
  REENTRY_DATE_VISAS,
  REENTRY_KIND_LABELS,
  REENTRY_KINDS,
  type ReentryKind,
  reentryEarliest,
  reentryRule,
  type Worker,
} from '@ilson/contracts';
import { Alert, DatePicker, Descriptions, Form, Input, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRefusableSave } from '../../components/form/use-refusable-save';
import { LegalBasisNote } from '../../components/legal-basis';
import { RefusalAlert } from '../../components/linked-records';
import { useToast } from '../../components/toast';
import { formatDay, toDateString, todayInSeoul } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { useChangeWorkerStatus } from './api';

const t = koWorkers.reentry;

type Values = { entryDate: Dayjs | null; reentryKind: ReentryKind; reason?: string };

const FIELDS = ['entryDate', 'reentryKind', 'reason'];

/**
 * 재입국 처리 (departed → seeking, docs/law-as-data.md#reentry): the new entry date and the kind of re-entry, with
 * the waiting period of 제18조의3/제18조의4 the server checks — its basis and the first day it allows, from the
 * departure recorded on the worker. The 취업활동 기간 restarts from the entry date.
 */
export function ReentryModal({ worker, onClose }: { worker: Worker; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const change = useChangeWorkerStatus(worker.id);
  const toast = useToast();
  const { refusal, save, clearRefusal } = useRefusableSave(form, FIELDS, { onStale: () => close() });
  const kind = Form.useWatch('reentryKind', form) ?? 'general';
  const entry = Form.useWatch('entryDate', form);
  const required = (REENTRY_DATE_VISAS as readonly string[]).includes(worker.visaType);
  const departedOn = worker.statusChangedAt ? formatDay(worker.statusChangedAt) : null;
  const today = todayInSeoul();
  const rule = reentryRule(worker.visaType, kind, toDateString(entry) ?? today);
  const earliest = rule && departedOn ? reentryEarliest(rule, departedOn) : null;

  const close = () => {
    clearRefusal();
    onClose();
  };

  const handleOk = async () => {
    // Invalid fields show their messages; nothing to send yet.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const entryDate = toDateString(values.entryDate) ?? undefined;
    const saved = await save(() =>
      change.mutateAsync({
        status: 'seeking',
        reason: values.reason?.trim() || undefined,
        version: worker.version,
        entryDate,
        reentryKind: entryDate ? values.reentryKind : undefined,
      }),
    );
    if (!saved) return;
    toast.success(t.saved);
    close();
  };

  return (
    <Modal
      open
      title={t.title}
      okText={t.title}
      cancelText={koKit.common.cancel}
      confirmLoading={change.isPending}
      onOk={() => void handleOk()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal && <RefusalAlert refusal={refusal} />}
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'visa', label: koWorkers.fields.visaType, children: worker.visaType },
          { key: 'departed', label: t.departedOn, children: departedOn ?? koKit.common.none },
          {
            key: 'entry',
            label: koWorkers.fields.entryDate,
            children: worker.entryDate ?? koKit.common.none,
          },
        ]}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={required}
        initialValues={{ entryDate: null, reentryKind: 'general' }}
      >
        <Form.Item
          name="entryDate"
          label={t.entryDate}
          rules={[{ required, message: t.entryDateRequired }]}
          extra={required ? t.restarts : undefined}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(date) => date.isAfter(dayjs(today), 'day')} />
        </Form.Item>
        <Form.Item name="reentryKind" label={t.kind}>
          <Radio.Group
            options={REENTRY_KINDS.map((value) => ({ value, label: REENTRY_KIND_LABELS[value] }))}
          />
        </Form.Item>
        {rule ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={earliest ? t.earliest(earliest) : REENTRY_KIND_LABELS[kind]}
            description={<LegalBasisNote basis={rule.basis} />}
          />
        ) : (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t.noWait} />
        )}
        <Form.Item name="reason" label={t.reason} rules={[{ max: 500 }]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
