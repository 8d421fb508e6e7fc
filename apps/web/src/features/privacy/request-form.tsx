import {
  PRIVACY_REQUEST_CHANNEL_LABELS,
  PRIVACY_REQUEST_CHANNELS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_SUBJECT_TYPE_LABELS,
  PRIVACY_SUBJECT_TYPES,
  type PrivacyRequestChannel,
  type PrivacyRequestKind,
  type PrivacySubjectType,
} from '@ilson/contracts';
import { DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { newIdempotencyKey } from '../../api/idempotency';
import { showSaveError } from '../../components/form/field-errors';
import { AppUserPicker, WorkerPicker } from '../../components/pickers/pickers';
import { useToast } from '../../components/toast';
import { todayInSeoul } from '../../lib/datetime';
import { koPrivacy } from '../../locales/ko/privacy';
import { useCreateRequest } from './api';

const t = koPrivacy.requests;
const FIELDS = ['subjectType', 'subjectId', 'kind', 'channel', 'receivedAt', 'details'];

type Values = {
  subjectType: PrivacySubjectType;
  subjectId?: number;
  kind: PrivacyRequestKind;
  channel: PrivacyRequestChannel;
  receivedAt: Dayjs;
  details?: string;
};

/** 요청 접수: who asked, what for, how and when it arrived (the deadline counts from that day). */
export function RequestForm({ onClose }: { onClose(created?: number): void }) {
  const [form] = Form.useForm<Values>();
  const toast = useToast();
  const create = useCreateRequest();
  // One key per opened form: a retried save registers the request once.
  const idempotencyKey = useMemo(newIdempotencyKey, []);
  const subjectType = Form.useWatch('subjectType', form) ?? 'worker';
  const today = todayInSeoul();

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const created = await create.mutateAsync({
        idempotencyKey,
        body: {
          subjectType: values.subjectType,
          subjectId: values.subjectId ?? 0,
          kind: values.kind,
          channel: values.channel,
          receivedAt: values.receivedAt.format('YYYY-MM-DD'),
          details: values.details ?? '',
        },
      });
      toast.success(t.created);
      onClose(created.id);
    } catch (caught) {
      showSaveError(form, caught, FIELDS, toast);
    }
  };

  return (
    <Modal
      open
      title={t.createTitle}
      okText={t.submit}
      cancelText={t.cancel}
      onOk={handleOk}
      onCancel={() => onClose()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ subjectType: 'worker', kind: 'access', channel: 'phone', receivedAt: dayjs(today) }}
      >
        <Form.Item name="subjectType" label={t.fields.subjectType}>
          <Radio.Group
            optionType="button"
            options={PRIVACY_SUBJECT_TYPES.map((value) => ({
              value,
              label: PRIVACY_SUBJECT_TYPE_LABELS[value],
            }))}
            onChange={() => form.setFieldValue('subjectId', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="subjectId"
          label={subjectType === 'worker' ? t.fields.worker : t.fields.appUser}
          rules={[{ required: true, message: t.subjectRequired }]}
        >
          {subjectType === 'worker' ? (
            <WorkerPicker aria-label={t.fields.worker} />
          ) : (
            <AppUserPicker aria-label={t.fields.appUser} />
          )}
        </Form.Item>
        <Form.Item name="kind" label={t.fields.kind} required>
          <Radio.Group
            optionType="button"
            options={PRIVACY_REQUEST_KINDS.map((value) => ({
              value,
              label: PRIVACY_REQUEST_KIND_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item name="channel" label={t.fields.channel} required>
          <Select
            aria-label={t.fields.channel}
            options={PRIVACY_REQUEST_CHANNELS.map((value) => ({
              value,
              label: PRIVACY_REQUEST_CHANNEL_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item name="receivedAt" label={t.fields.receivedAt} required>
          <DatePicker
            aria-label={t.fields.receivedAt}
            allowClear={false}
            format="YYYY-MM-DD"
            disabledDate={(day) => day.format('YYYY-MM-DD') > today}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="details" label={t.fields.details}>
          <Input.TextArea
            aria-label={t.fields.details}
            placeholder={t.fields.detailsPlaceholder}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
