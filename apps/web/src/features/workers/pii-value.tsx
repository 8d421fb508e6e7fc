import { EyeOutlined } from '@ant-design/icons';
import { PII_FIELD_LABELS, type PiiField, workerRevealSchema } from '@ilson/contracts';
import { Alert, Button, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { applyServerErrors, schemaRule } from '../../components/form/field-errors';
import { typeAlienRegNo } from '../../components/form/formatters';
import { useErrorToast } from '../../components/toast';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { useRevealWorkerField } from './api';

const t = koWorkers.reveal;

type PiiValueProps = { workerId: number; field: PiiField; masked: string | null };

/**
 * A masked identifier with "열람": the user gives a reason, the server logs a REVEAL and answers the plain
 * value once. It is shown in this view only (component state, never the query cache) until hidden or left.
 */
export function PiiValue({ workerId, field, masked }: PiiValueProps) {
  const can = useCan();
  const [plain, setPlain] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reveal = useRevealWorkerField(workerId);
  const showError = useErrorToast();
  const label = PII_FIELD_LABELS[field];

  if (!masked) return <>{koKit.form.notSet}</>;

  const handleOk = async () => {
    // Invalid fields show their messages; nothing to send yet.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    try {
      const result = await reveal.mutateAsync({ field, reason: reason.trim() });
      setPlain(result.value);
      setOpen(false);
      form.resetFields();
    } catch (caught) {
      const error = classifyError(caught);
      if (!applyServerErrors(form, error.details, ['reason']).mapped) showError(error);
    }
  };

  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text code copyable={plain ? { text: plain } : false} aria-label={label}>
        {plain ? (field === 'alienRegNo' ? typeAlienRegNo(plain) : plain) : masked}
      </Typography.Text>
      {plain ? (
        <>
          <Tag color="volcano">{t.revealed}</Tag>
          <Button size="small" onClick={() => setPlain(null)}>
            {t.hide}
          </Button>
        </>
      ) : (
        can('workers:reveal') && (
          <Button
            size="small"
            icon={<EyeOutlined />}
            aria-label={t.title(label)}
            onClick={() => setOpen(true)}
          >
            {t.button}
          </Button>
        )
      )}
      <Modal
        open={open}
        title={t.title(label)}
        okText={t.submit}
        cancelText={koKit.common.cancel}
        confirmLoading={reveal.isPending}
        onOk={handleOk}
        onCancel={() => {
          setOpen(false);
          form.resetFields();
        }}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t.notice} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="reason"
            label={t.reasonLabel}
            required
            rules={[schemaRule(workerRevealSchema, 'reason', { checkEmpty: true })]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={t.reasonPlaceholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
