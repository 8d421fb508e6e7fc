import {
  type Admin,
  type AdminWithPassword,
  adminCreateSchema,
  adminMessages,
  adminUpdateSchema,
  fieldMessages,
  formatPhone,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '@ilson/contracts';
import { App, Col, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { BranchSelect } from '../../components/branch-select';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { schemaRule } from '../../components/form/field-errors';
import { FormBanner } from '../../components/form/form-layout';
import { typePhone } from '../../components/form/formatters';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { useToast } from '../../components/toast';
import { koAdmins } from '../../locales/ko/admins';
import { koKit } from '../../locales/ko/kit';
import { fetchAdmin, useCreateAdmin, useUpdateAdmin } from './api';

const t = koAdmins;
const f = t.fields;

type PasswordMode = 'invite' | 'password';

export type AdminFormValues = {
  loginId?: string;
  name: string;
  email: string;
  phone: string;
  role?: Role;
  branchId?: number | null;
  passwordMode?: PasswordMode;
  password?: string;
  passwordConfirm?: string;
};

const FORM_FIELDS = ['loginId', 'name', 'email', 'phone', 'role', 'branchId', 'password'] as const;
const roleOptions = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const emptyValues: AdminFormValues = {
  loginId: '',
  name: '',
  email: '',
  phone: '',
  branchId: null,
  passwordMode: 'invite',
};

function toValues(admin: Admin): AdminFormValues {
  return {
    name: admin.name,
    email: admin.email,
    phone: admin.phone ? formatPhone(admin.phone) : '',
    role: admin.role,
    branchId: admin.branchId,
  };
}

function toCreateInput(values: AdminFormValues): unknown {
  const invite = values.passwordMode !== 'password';
  return {
    loginId: values.loginId,
    name: values.name,
    email: values.email,
    phone: values.phone ?? '',
    role: values.role,
    branchId: values.branchId ?? null,
    invite,
    password: invite ? undefined : (values.password ?? ''),
  };
}

/** Name, e-mail, phone, role and branch: the fields create and edit share. */
function AccountFields({ schema }: { schema: typeof adminCreateSchema | typeof adminUpdateSchema }) {
  const role = Form.useWatch<Role | undefined>('role');
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="name" label={f.name} rules={[{ required: true, message: fieldMessages.required }]}>
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="email"
          label={f.email}
          rules={[{ required: true, message: fieldMessages.required }, schemaRule(schema, 'email')]}
        >
          <Input maxLength={254} autoComplete="off" inputMode="email" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="phone" label={f.phone} normalize={typePhone} rules={[schemaRule(schema, 'phone')]}>
          <Input maxLength={13} autoComplete="off" inputMode="tel" placeholder="010-1234-5678" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="role"
          label={f.role}
          tooltip={t.help.role}
          required
          rules={[schemaRule(schema, 'role', { checkEmpty: true })]}
        >
          <Select options={roleOptions} placeholder={koKit.form.selectPlaceholder} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="branchId"
          label={f.branchId}
          extra={t.help.branch}
          required={role === 'branch_manager'}
          dependencies={['role']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | null | undefined) => {
                if (getFieldValue('role') === 'branch_manager' && value == null) {
                  throw new Error(adminMessages.branchRequired);
                }
              },
            }),
          ]}
        >
          <BranchSelect allowClear placeholder={t.noBranch} />
        </Form.Item>
      </Col>
    </Row>
  );
}

function PasswordFields() {
  const mode = Form.useWatch<PasswordMode | undefined>('passwordMode');
  return (
    <>
      <Form.Item name="passwordMode" label={f.passwordMode}>
        <Radio.Group
          options={[
            { value: 'invite', label: t.passwordModes.invite },
            { value: 'password', label: t.passwordModes.password },
          ]}
        />
      </Form.Item>
      {mode === 'password' ? (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={f.password}
              extra={t.help.password}
              rules={[
                { required: true, message: fieldMessages.passwordRequired },
                {
                  validator: async (_rule, value: string | undefined) => {
                    if (!value) return;
                    const parsed = adminCreateSchema.shape.password.safeParse(value);
                    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                  },
                },
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="passwordConfirm"
              label={f.passwordConfirm}
              dependencies={['password']}
              rules={[
                { required: true, message: fieldMessages.passwordRequired },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: string | undefined) => {
                    if (value && value !== getFieldValue('password')) throw new Error(t.passwordMismatch);
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </Col>
        </Row>
      ) : (
        <p style={{ margin: '-8px 0 16px', color: 'rgba(0,0,0,0.55)' }}>{t.help.invite}</p>
      )}
    </>
  );
}

type ModalFrameProps = {
  title: string;
  submitLabel: string;
  saving: boolean;
  dirty: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
};

/** A form in a modal: closing with unsaved input asks first, as leaving a form page does. */
function ModalFrame({ title, submitLabel, saving, dirty, onSubmit, onClose, children }: ModalFrameProps) {
  const { modal } = App.useApp();
  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: koKit.form.unsavedTitle,
      content: koKit.form.unsavedBody,
      okText: koKit.form.leave,
      okButtonProps: { danger: true },
      cancelText: koKit.form.stay,
      onOk: onClose,
    });
  };
  return (
    <Modal
      open
      title={title}
      width={640}
      onCancel={close}
      onOk={onSubmit}
      okText={submitLabel}
      cancelText={t.cancel}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}

export function AdminCreateModal({
  onClose,
  onCreated,
}: {
  onClose(): void;
  onCreated(result: AdminWithPassword): void;
}) {
  const [form] = Form.useForm<AdminFormValues>();
  const create = useCreateAdmin();
  const record = useRecordForm({
    form,
    schema: adminCreateSchema,
    fields: FORM_FIELDS,
    toInput: toCreateInput,
    submit: (body) => create.mutateAsync(body),
    onSaved: onCreated,
  });
  return (
    <ModalFrame
      title={t.createTitle}
      submitLabel={t.createSubmit}
      saving={record.saving}
      dirty={record.dirty}
      onSubmit={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={emptyValues}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        aria-label={t.createTitle}
      >
        <FormBanner messages={record.banner} />
        <Form.Item
          name="loginId"
          label={f.loginId}
          extra={t.help.loginId}
          normalize={(value?: string) => value?.toLowerCase()}
          rules={[
            { required: true, message: fieldMessages.required },
            schemaRule(adminCreateSchema, 'loginId'),
          ]}
        >
          <Input maxLength={30} autoComplete="off" />
        </Form.Item>
        <AccountFields schema={adminCreateSchema} />
        <PasswordFields />
      </Form>
    </ModalFrame>
  );
}

export function AdminEditModal({
  admin,
  selfId,
  onClose,
}: {
  admin: Admin;
  selfId: number | undefined;
  onClose(): void;
}) {
  const [form] = Form.useForm<AdminFormValues>();
  const [version, setVersion] = useState(admin.version);
  const update = useUpdateAdmin(admin.id);
  const toast = useToast();
  const staleVersion = useStaleVersionDialog({
    form,
    latest: () => fetchAdmin(admin.id),
    toValues,
    setVersion,
    labels: fieldLabels(['name', 'email', 'phone', 'role', 'branchId'], t.fields),
    format: (field, value) =>
      field === 'role' && typeof value === 'string' ? ROLE_LABELS[value as Role] : undefined,
  });
  const record = useRecordForm({
    form,
    schema: adminUpdateSchema,
    fields: FORM_FIELDS,
    toInput: (values: AdminFormValues) => ({
      name: values.name,
      email: values.email,
      phone: values.phone ?? '',
      role: values.role,
      branchId: values.branchId ?? null,
      version,
    }),
    submit: (body) => update.mutateAsync(body),
    onSaved: () => {
      toast.success(t.saved);
      onClose();
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });
  return (
    <ModalFrame
      title={t.editTitle(admin.name)}
      submitLabel={t.editSubmit}
      saving={record.saving}
      dirty={record.dirty}
      onSubmit={() => form.submit()}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={toValues(admin)}
        onFinish={record.handleFinish}
        onFinishFailed={record.handleFinishFailed}
        onValuesChange={record.handleValuesChange}
        aria-label={t.editTitle(admin.name)}
      >
        <FormBanner messages={record.banner} />
        <Form.Item label={f.loginId}>
          <Input value={admin.loginId} disabled />
        </Form.Item>
        {admin.id === selfId && (
          <p style={{ margin: '-8px 0 16px', color: 'rgba(0,0,0,0.55)' }}>{t.help.selfRole}</p>
        )}
        <AccountFields schema={adminUpdateSchema} />
      </Form>
    </ModalFrame>
  );
}
