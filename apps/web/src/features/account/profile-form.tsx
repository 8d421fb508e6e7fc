import {
  fieldMessages,
  formatPhone,
  type MyProfile,
  meMessages,
  myProfileInputSchema,
  ROLE_LABELS,
} from '@ilson/contracts';
import { Alert, Button, Descriptions, Form, Input } from 'antd';
import { useSession } from '../../auth/session-context';
import { schemaRule } from '../../components/form/field-errors';
import { FormBanner } from '../../components/form/form-layout';
import { typePhone } from '../../components/form/formatters';
import { useConflictDialog, useRecordForm } from '../../components/form/use-record-form';
import { Spinner } from '../../components/spinners';
import { useToast } from '../../components/toast';
import { formatDateTime } from '../../lib/datetime';
import { koAccount } from '../../locales/ko/account';
import { koKit } from '../../locales/ko/kit';
import { useProfile, useUpdateProfile } from './api';

type ProfileValues = { name: string; email: string; phone: string; currentPassword?: string };

// currentPassword: the server's refusal of it lands on its field.
const FIELDS = [...Object.keys(myProfileInputSchema.shape), 'currentPassword'];
const t = koAccount.profile;
const required = { required: true, message: fieldMessages.required };

function toValues(profile: MyProfile): ProfileValues {
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone ? formatPhone(profile.phone) : '',
  };
}

function AccountFacts({ profile }: { profile: MyProfile }) {
  const lastLogin = profile.lastLoginAt
    ? t.lastLoginWithIp(formatDateTime(profile.lastLoginAt), profile.lastLoginIp)
    : t.never;
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      style={{ marginBottom: 16 }}
      items={[
        { key: 'loginId', label: t.loginId, children: profile.loginId },
        { key: 'role', label: t.role, children: ROLE_LABELS[profile.role] },
        { key: 'branch', label: t.branch, children: profile.branchName ?? t.noBranch },
        {
          key: 'passwordChangedAt',
          label: t.passwordChangedAt,
          children: formatDateTime(profile.passwordChangedAt),
        },
        { key: 'lastLogin', label: t.lastLogin, children: lastLogin },
      ]}
    />
  );
}

function changedEmail(email: string | undefined, profile: MyProfile): boolean {
  return (email ?? profile.email).trim().toLowerCase() !== profile.email.toLowerCase();
}

function ProfileEditForm({ profile, reload }: { profile: MyProfile; reload: () => Promise<unknown> }) {
  const [form] = Form.useForm<ProfileValues>();
  const update = useUpdateProfile();
  const { reloadUser } = useSession();
  const toast = useToast();
  const openConflict = useConflictDialog();
  // The login e-mail is a credential: changing it asks for the current password (docs/SECURITY.md).
  const email = Form.useWatch('email', form) ?? profile.email;
  const emailChanged = changedEmail(email, profile);
  const record = useRecordForm({
    form,
    schema: myProfileInputSchema,
    fields: FIELDS,
    toInput: (values: ProfileValues) => values,
    // Whether the e-mail changed is read off what is sent, not off the last render's watch.
    submit: (body) =>
      update.mutateAsync({
        ...body,
        version: profile.version,
        ...(changedEmail(body.email, profile)
          ? { currentPassword: form.getFieldValue('currentPassword') as string }
          : {}),
      }),
    onSaved: () => {
      toast.success(t.saved);
      // The header shows the name: ask the session again.
      void reloadUser().catch(() => {});
    },
    onStaleVersion: () =>
      openConflict(async () => {
        await reload();
      }),
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={toValues(profile)}
      onFinish={record.handleFinish}
      onFinishFailed={record.handleFinishFailed}
      onValuesChange={record.handleValuesChange}
      style={{ maxWidth: 440 }}
    >
      <FormBanner messages={record.banner} />
      <Form.Item name="name" label={t.name} rules={[required, { max: 50 }]}>
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="email" label={t.email} rules={[required, schemaRule(myProfileInputSchema, 'email')]}>
        <Input maxLength={254} autoComplete="email" inputMode="email" />
      </Form.Item>
      {emailChanged && (
        <Form.Item
          name="currentPassword"
          label={t.currentPassword}
          extra={t.currentPasswordHint}
          rules={[{ required: true, message: meMessages.currentPasswordForEmail }]}
        >
          <Input.Password maxLength={200} autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="phone"
        label={t.phone}
        normalize={typePhone}
        rules={[schemaRule(myProfileInputSchema, 'phone')]}
      >
        <Input inputMode="tel" autoComplete="tel" placeholder={t.phonePlaceholder} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={record.saving}>
        {t.save}
      </Button>
    </Form>
  );
}

/** 기본 정보: what the admin may not change, then the fields they may. */
export function ProfileForm() {
  const result = useProfile();
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t.loadFailed}
        action={
          <Button size="small" onClick={() => void result.refetch()}>
            {koKit.common.retry}
          </Button>
        }
      />
    );
  }
  const profile = result.data;
  return (
    <>
      <AccountFacts profile={profile} />
      <Alert type="info" showIcon title={t.readOnlyHint} style={{ marginBottom: 16 }} />
      {/* A newer version (saved here, reloaded after a conflict, a password change) starts the form again. */}
      <ProfileEditForm key={profile.version} profile={profile} reload={() => result.refetch()} />
    </>
  );
}
