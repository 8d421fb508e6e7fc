import type { z } from '@ilson/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useToast } from '../toast';
import { checkWithSchema, showSaveError } from './field-errors';

/** The dialog's words, as each feature's locale names them. */
export type NoteDialogTexts = {
  formTitle: string;
  /** A permanent record: said before it is written. */
  immutable: string;
  note: string;
  notePlaceholder: string;
  /** The message of an empty note (the contract says the same). */
  noteRequired: string;
  save: string;
  cancel: string;
  saved: string;
};

type NoteDialogProps = {
  texts: NoteDialogTexts;
  /** What the note is about, above the warning. */
  children: ReactNode;
  maxLength: number;
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
  const t = props.texts;

  const handleSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = props.body(values.note ?? '');
    if (!checkWithSchema(form, props.schema, body).ok) return;
    try {
      await props.save(body);
      toast.success(t.saved);
      props.onClose();
    } catch (caught) {
      showSaveError(form, caught, ['note'], toast);
    }
  };

  return (
    <Modal
      open
      title={t.formTitle}
      onCancel={() => !props.saving && props.onClose()}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={props.onClose} disabled={props.saving}>
          {t.cancel}
        </Button>,
        <Button
          key="save"
          type="primary"
          danger={props.danger}
          loading={props.saving}
          onClick={() => void handleSave()}
        >
          {t.save}
        </Button>,
      ]}
    >
      {props.children}
      <Alert type="warning" showIcon title={t.immutable} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" disabled={props.saving} initialValues={{ note: '' }}>
        <Form.Item
          name="note"
          label={t.note}
          rules={[{ required: true, whitespace: true, message: t.noteRequired }]}
        >
          <Input.TextArea rows={4} maxLength={props.maxLength} showCount placeholder={t.notePlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
