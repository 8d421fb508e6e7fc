import { fieldMessages, meMessages, passwordChangeSchema } from '@ilson/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { schemaRule } from '../../components/form/field-errors';
import { FormBanner } from '../../components/form/form-layout';
import { useRecordForm } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { koAccount } from '../../locales/ko/account';
import { useChangePassword } from './api';

type PasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };

const FIELDS = ['currentPassword', 'newPassword'] as const;
const t = koAccount.password;
const required = { required: true, message: fieldMessages.passwordRequired };

type PasswordFormProps = {
  /** After the change, once the success message is up. */
  onChanged?: () => void;
};

/**
 * 비밀번호 변경: the current password, a new one that meets the policy, typed twice. The server ends every
 * other session of the admin; this one stays signed in.
 */
export function PasswordForm({ onChanged }: PasswordFormProps) {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const toast = useToast();
  const record = useRecordForm({
    form,
    schema: passwordChangeSchema,
    fields: FIELDS,
    toInput: ({ currentPassword, newPassword }: PasswordValues) => ({ currentPassword, newPassword }),
    submit: (body) => change.mutateAsync(body),
    onSaved: () => {
      form.resetFields();
      toast.success(t.changed);
      onChanged?.();
    },
  });

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={record.handleFinish}
      onFinishFailed={record.handleFinishFailed}
      onValuesChange={record.handleValuesChange}
      requiredMark={false}
      style={{ maxWidth: 440 }}
    >
      <Alert type="info" showIcon title={t.sessionsHint} style={{ marginBottom: 16 }} />
      <FormBanner messages={record.banner} />
      <Form.Item name="currentPassword" label={t.current} rules={[required]}>
        <Input.Password autoComplete="current-password" maxLength={200} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t.next}
        extra={t.policyHint}
        rules={[required, schemaRule(passwordChangeSchema, 'newPassword')]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t.confirm}
        dependencies={['newPassword']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('newPassword'))
                throw new Error(meMessages.confirmMismatch);
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={record.saving}>
        {t.submit}
      </Button>
    </Form>
  );
}
