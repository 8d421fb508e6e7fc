import type { z } from '@ilson/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useToast } from '../toast';
import { checkWithSchema, showSaveError } from './field-errors';

type NoteDialogProps = {
  title: string;
  /** What the note is about, above the warning. */
  children: ReactNode;
  /** A permanent record: said before it is written. */
  warning: string;
  label: string;
  placeholder: string;
  /** The message of an empty note (the contract says the same). */
  requiredMessage: string;
  maxLength: number;
  saveLabel: string;
  cancelLabel: string;
  savedMessage: string;
  danger?: boolean;
  /** The body the note completes, checked by the contract's schema before it is sent. */
  schema: z.ZodObject;
  body(note: string): Record<string, unknown>;
  saving: boolean;
  save(body: Record<string, unknown>): Promise<unknown>;
  onClose(): void;
};

/**
 * A dialog that records one note for good — a finding acknowledged, a consent withdrawn by phone: the note is
 * required, checked by the contract, and the server's refusal lands on the field or as a toast.
 */
export function NoteDialog(props: NoteDialogProps) {
  const [form] = Form.useForm<{ note: string }>();
  const toast = useToast();

  const handleSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = props.body(values.note ?? '');
    if (!checkWithSchema(form, props.schema, body).ok) return;
    try {
      await props.save(body);
      toast.success(props.savedMessage);
      props.onClose();
    } catch (caught) {
      showSaveError(form, caught, ['note'], toast);
    }
  };

  return (
    <Modal
      open
      title={props.title}
      onCancel={() => !props.saving && props.onClose()}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={props.onClose} disabled={props.saving}>
          {props.cancelLabel}
        </Button>,
        <Button
          key="save"
          type="primary"
          danger={props.danger}
          loading={props.saving}
          onClick={() => void handleSave()}
        >
          {props.saveLabel}
        </Button>,
      ]}
    >
      {props.children}
      <Alert type="warning" showIcon title={props.warning} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" disabled={props.saving} initialValues={{ note: '' }}>
        <Form.Item
          name="note"
          label={props.label}
          rules={[{ required: true, whitespace: true, message: props.requiredMessage }]}
        >
          <Input.TextArea rows={4} maxLength={props.maxLength} showCount placeholder={props.placeholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
