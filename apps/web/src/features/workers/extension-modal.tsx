import { EXTENSION_STATUS_LABELS, type ExtensionStatus, recordMessages } from '@ilson/contracts';
import { Button, DatePicker, Descriptions, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRefusableSave } from '../../components/form/use-refusable-save';
import { RefusalAlert } from '../../components/linked-records';
import { useToast } from '../../components/toast';
import { parseDate, toDateString, todayInSeoul } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { type ExtensionBody, useUpdateExtension } from './api';

const t = koWorkers.extension;
const f = koWorkers.fields;

/** What the modal needs of a worker (a detail record or a visa-expiry row both have it). */
export type ExtensionTarget = {
  id: number;
  version: number;
  name: string;
  visaExpiryDate: string | null;
  extensionStatus: ExtensionStatus;
  extensionAppliedAt: string | null;
  extensionApprovedAt: string | null;
};

type Values = {
  extensionAppliedAt: Dayjs | null;
  extensionApprovedAt: Dayjs | null;
  newVisaExpiryDate: Dayjs | null;
};

const FIELDS = ['extensionAppliedAt', 'extensionApprovedAt', 'newVisaExpiryDate'];

/**
 * 체류기간 연장: none (or an earlier approval) → applied with its date; applied → approved with the new expiry
 * date, or back to none. The server checks the same rules.
 */
export function ExtensionModal({ target, onClose }: { target: ExtensionTarget | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateExtension();
  const toast = useToast();
  // Matchings the change would break: listed here, the dialog stays for another try. A stale version: the lists
  // have been refreshed; start again from there.
  const { refusal, save, clearRefusal } = useRefusableSave(form, FIELDS, { onStale: () => close() });
  const approving = target?.extensionStatus === 'applied';

  if (!target) return null;

  const close = () => {
    clearRefusal();
    onClose();
  };

  const send = async (body: Omit<ExtensionBody, 'version'>) => {
    const saved = await save(() =>
      update.mutateAsync({ id: target.id, body: { ...body, version: target.version } }),
    );
    if (!saved) return;
    toast.success(t.saved);
    close();
  };

  const handleOk = async () => {
    // Invalid fields show their messages; nothing to send yet.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (approving) {
      await send({
        extensionStatus: 'approved',
        extensionApprovedAt: toDateString(values.extensionApprovedAt),
        newVisaExpiryDate: toDateString(values.newVisaExpiryDate) ?? undefined,
      });
    } else {
      await send({ extensionStatus: 'applied', extensionAppliedAt: toDateString(values.extensionAppliedAt) });
    }
  };

  const current = parseDate(target.visaExpiryDate);

  return (
    <Modal
      open
      title={approving ? t.approveTitle : t.applyTitle}
      onCancel={close}
      destroyOnHidden
      footer={[
        approving && (
          <Button
            key="withdraw"
            danger
            onClick={() => void send({ extensionStatus: 'none' })}
            disabled={update.isPending}
          >
            {t.cancel}
          </Button>
        ),
        <Button key="cancel" onClick={close}>
          {koKit.common.cancel}
        </Button>,
        <Button key="ok" type="primary" loading={update.isPending} onClick={() => void handleOk()}>
          {koKit.common.save}
        </Button>,
      ]}
    >
      {refusal && <RefusalAlert refusal={refusal} />}
      <Descriptions
        size="small"
        column={1}
        bordered
        style={{ marginBottom: 16 }}
        items={[
          { key: 'name', label: koWorkers.fields.name, children: target.name },
          { key: 'expiry', label: t.currentExpiry, children: target.visaExpiryDate ?? koKit.common.none },
          {
            key: 'status',
            label: f.extensionStatus,
            children: EXTENSION_STATUS_LABELS[target.extensionStatus],
          },
          ...(target.extensionAppliedAt
            ? [{ key: 'applied', label: f.extensionAppliedAt, children: target.extensionAppliedAt }]
            : []),
          ...(target.extensionApprovedAt
            ? [{ key: 'approved', label: f.extensionApprovedAt, children: target.extensionApprovedAt }]
            : []),
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          extensionAppliedAt: dayjs(todayInSeoul()),
          extensionApprovedAt: dayjs(todayInSeoul()),
          newVisaExpiryDate: null,
        }}
      >
        {approving ? (
          <>
            <Form.Item
              name="extensionApprovedAt"
              label={t.approvedAt}
              rules={[{ required: true, message: t.approvedAtRequired }]}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="newVisaExpiryDate"
              label={t.newExpiry}
              rules={[
                { required: true, message: recordMessages.newExpiryRequired },
                {
                  validator: async (_rule, value: Dayjs | null) => {
                    if (value && current && !value.isAfter(current, 'day'))
                      throw new Error(recordMessages.newExpiryNotLater);
                  },
                },
              ]}
            >
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(date) => (current ? !date.isAfter(current, 'day') : false)}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="extensionAppliedAt"
            label={t.appliedAt}
            rules={[{ required: true, message: recordMessages.extensionAppliedAtRequired }]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
