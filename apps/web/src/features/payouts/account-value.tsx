import { EyeOutlined } from '@ant-design/icons';
import { payoutRevealSchema } from '@ilson/contracts';
import { Alert, Button, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { applyServerErrors, schemaRule } from '../../components/form/field-errors';
import { useErrorToast } from '../../components/toast';
import { koKit } from '../../locales/ko/kit';
import { koPayouts } from '../../locales/ko/payouts';
import { useRevealAccountNo } from './api';

const t = koPayouts.reveal;

type AccountValueProps = { payoutId: number; masked: string | null };

/**
 * The masked account number with "열람" (the pattern of a worker's identifiers): a reason, a logged REVEAL,
 * the plain number in this view only (component state, never the query cache) until hidden or left.
 */
export function AccountValue({ payoutId, masked }: AccountValueProps) {
  const can = useCan();
  const [plain, setPlain] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reveal = useRevealAccountNo(payoutId);
  const showError = useErrorToast();
  const label = koPayouts.fields.accountNo;

  if (!masked) return <>{koKit.form.notSet}</>;

  const close = () => {
    setOpen(false);
    form.resetFields();
  };

  const handleOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const result = await reveal.mutateAsync(values.reason.trim());
      setPlain(result.value);
      close();
    } catch (caught) {
      const error = classifyError(caught);
      if (!applyServerErrors(form, error.details, ['reason']).mapped) showError(error);
    }
  };

  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text code copyable={plain ? { text: plain } : false} aria-label={label}>
        {plain ?? masked}
      </Typography.Text>
      {plain ? (
        <>
          <Tag color="volcano">{t.revealed}</Tag>
          <Button size="small" onClick={() => setPlain(null)}>
            {t.hide}
          </Button>
        </>
      ) : (
        can('payouts:reveal') && (
          <Button size="small" icon={<EyeOutlined />} aria-label={t.title} onClick={() => setOpen(true)}>
            {t.button}
          </Button>
        )
      )}
      <Modal
        open={open}
        title={t.title}
        okText={t.submit}
        cancelText={koKit.common.cancel}
        confirmLoading={reveal.isPending}
        onOk={handleOk}
        onCancel={close}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t.notice} style={{ marginBottom: 16 }} />
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="reason"
            label={t.reasonLabel}
            required
            rules={[schemaRule(payoutRevealSchema, 'reason', { checkEmpty: true })]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={t.reasonPlaceholder} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
