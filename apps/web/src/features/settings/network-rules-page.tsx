import { PlusOutlined } from '@ant-design/icons';
import {
  adminsApi,
  type NetworkRule,
  networkRulesApi,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '@ilson/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { call, endpointKey, endpointQuery } from '../../api/endpoint';
import { ApiError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { useErrorToast, useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { SettingsNav } from '../../layout/settings-nav';
import { formatDateTime } from '../../lib/datetime';
import { koNetworkRules } from '../../locales/ko/settings';

const t = koNetworkRules;

type FormValues = { cidr: string; kind: 'role' | 'admin'; role?: Role; adminId?: number; memo?: string };

/** The add/edit dialog: the CIDR, the target (a role or one admin), a memo; the server's refusals at their fields. */
function RuleDialog({ rule, onClose }: { rule: NetworkRule | null | undefined; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const showError = useErrorToast();
  const [pending, setPending] = useState(false);
  const admins = useQuery({ ...endpointQuery(adminsApi.options, {}), enabled: rule !== undefined });
  const kind = Form.useWatch('kind', form);
  const finish = async (values: FormValues) => {
    const body = {
      cidr: values.cidr.trim(),
      role: values.kind === 'role' ? (values.role ?? null) : null,
      adminId: values.kind === 'admin' ? (values.adminId ?? null) : null,
      memo: values.memo?.trim() ?? '',
    };
    setPending(true);
    try {
      if (rule)
        await call(networkRulesApi.update, {
          params: { id: rule.id },
          body: { ...body, version: rule.version },
        });
      else await call(networkRulesApi.create, { body });
      toast.success(t.saved);
      await queryClient.invalidateQueries({ queryKey: endpointKey(networkRulesApi.list, {}) });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.details.filter((d) => d.field) : [];
      if (fields.length > 0) {
        form.setFields(
          fields.map((d) => ({
            name: d.field === 'admin_id' ? 'adminId' : d.field === 'role' ? 'role' : 'cidr',
            errors: [d.message],
          })),
        );
      } else showError(error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      open={rule !== undefined}
      title={rule ? t.editTitle : t.createTitle}
      onCancel={onClose}
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={pending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        preserve={false}
        initialValues={
          rule
            ? {
                cidr: rule.cidr,
                kind: rule.role ? 'role' : 'admin',
                role: rule.role ?? undefined,
                adminId: rule.adminId ?? undefined,
                memo: rule.memo,
              }
            : { kind: 'role', role: 'admin' }
        }
        onFinish={(values) => void finish(values)}
      >
        <Form.Item
          name="cidr"
          label={t.cidr}
          rules={[{ required: true, whitespace: true, message: t.cidrPlaceholder }]}
        >
          <Input placeholder={t.cidrPlaceholder} maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t.targetKind}>
          <Radio.Group
            options={[
              { value: 'role', label: t.byRole },
              { value: 'admin', label: t.byAdmin },
            ]}
          />
        </Form.Item>
        {kind === 'admin' ? (
          <Form.Item name="adminId" label={t.admin} rules={[{ required: true, message: t.admin }]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={admins.isPending}
              options={(admins.data?.data ?? []).map((a) => ({
                value: a.id,
                label: `${a.name} (${a.loginId}, ${ROLE_LABELS[a.role]})`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="role" label={t.role} rules={[{ required: true, message: t.role }]}>
            <Select options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))} />
          </Form.Item>
        )}
        <Form.Item name="memo" label={t.memo}>
          <Input placeholder={t.memoPlaceholder} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function NetworkRules() {
  const { modal } = App.useApp();
  const toast = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const list = useQuery(endpointQuery(networkRulesApi.list, {}));
  const address = useQuery(endpointQuery(networkRulesApi.myAddress, {}));
  const [editing, setEditing] = useState<NetworkRule | null | undefined>(undefined);
  const columns: TableColumnsType<NetworkRule> = [
    {
      key: 'cidr',
      title: t.cidr,
      dataIndex: 'cidr',
      render: (cidr: string) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {cidr}
        </Typography.Text>
      ),
    },
    {
      key: 'target',
      title: t.target,
      render: (_, rule) =>
        rule.role ? t.roleOf(ROLE_LABELS[rule.role]) : t.adminOf(rule.adminName ?? `#${rule.adminId}`),
    },
    { key: 'memo', title: t.memo, dataIndex: 'memo' },
    {
      key: 'updatedAt',
      title: t.updatedAt,
      dataIndex: 'updatedAt',
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 130,
      render: (_, rule) => (
        <Space>
          <Button size="small" onClick={() => setEditing(rule)}>
            {t.edit}
          </Button>
          <Button
            size="small"
            danger
            onClick={() =>
              modal.confirm({
                title: t.removeTitle(rule.cidr),
                content: t.removeBody,
                okText: t.remove,
                okButtonProps: { danger: true },
                cancelText: t.cancel,
                onOk: async () => {
                  try {
                    await call(networkRulesApi.remove, { params: { id: rule.id } });
                    toast.success(t.removed);
                    await queryClient.invalidateQueries({ queryKey: endpointKey(networkRulesApi.list, {}) });
                  } catch (error) {
                    if (error instanceof ApiError && error.details[0]?.message)
                      toast.error(error.details[0].message);
                    else showError(error);
                  }
                },
              })
            }
          >
            {t.remove}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t.add}
          </Button>
        }
      />
      <SettingsNav />
      <Alert
        type="info"
        showIcon
        title={t.intro}
        description={address.data ? t.myAddress(address.data.ip) : undefined}
        style={{ marginBottom: 16 }}
      />
      <Card>
        <Table<NetworkRule>
          aria-label={koNetworkRules.target}
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Typography.Text type="secondary">{t.empty}</Typography.Text> }}
        />
      </Card>
      <RuleDialog rule={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

/** `/settings/network`: 허용 네트워크, for the super admin only (the server refuses everyone else too). */
export default function NetworkRulesPage() {
  const can = useCan();
  if (!can('admins:manage')) return <Result status="403" />;
  return <NetworkRules />;
}
