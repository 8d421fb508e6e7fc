import { DownOutlined } from '@ant-design/icons';
import {
  ADMIN_STATUS_LABELS,
  type Admin,
  type AdminStatus,
  formatPhone,
  ROLE_LABELS,
  type Role,
} from '@ilson/contracts';
import { Button, Dropdown, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime } from '../../lib/datetime';
import { koAdmins } from '../../locales/ko/admins';
import { koKit } from '../../locales/ko/kit';
import { koSecondFactorAdmin } from '../../locales/ko/second-factor';

const t = koAdmins;
const f = t.fields;
const none = koKit.common.none;

export const ADMIN_STATUS_COLORS: Record<AdminStatus, StatusColor> = {
  active: 'green',
  locked: 'orange',
  disabled: 'default',
};

export const ROLE_COLORS: Record<Role, StatusColor> = {
  super_admin: 'magenta',
  admin: 'blue',
  branch_manager: 'cyan',
  viewer: 'default',
};

export type AdminRowAction =
  | 'edit'
  | 'unlock'
  | 'reset'
  | 'disable'
  | 'enable'
  | 'sessions'
  | 'resetSecondFactor';

/** What may be done to an admin from its row: never disable or reset oneself (the server refuses too). */
export function rowActions(admin: Admin, selfId: number | undefined): AdminRowAction[] {
  const self = admin.id === selfId;
  if (admin.status === 'disabled') return ['edit', 'enable'];
  const actions: AdminRowAction[] = ['edit'];
  if (admin.status === 'locked' || admin.failedLoginCount > 0) actions.push('unlock');
  if (!self) actions.push('reset', 'disable');
  actions.push('sessions');
  if (!self) actions.push('resetSecondFactor');
  return actions;
}

const ACTION_LABELS: Record<Exclude<AdminRowAction, 'edit'>, string> = {
  unlock: t.unlock,
  reset: t.resetPassword,
  disable: t.disable,
  enable: t.enable,
  sessions: koSecondFactorAdmin.sessions,
  resetSecondFactor: koSecondFactorAdmin.action,
};

function StatusCell({ admin }: { admin: Admin }) {
  const detail =
    admin.status === 'locked' && admin.lockedUntil
      ? t.lockedUntil(formatDateTime(admin.lockedUntil))
      : admin.failedLoginCount > 0 && admin.status === 'active'
        ? t.failedCount(admin.failedLoginCount)
        : null;
  const tag = <StatusTag status={admin.status} labels={ADMIN_STATUS_LABELS} colors={ADMIN_STATUS_COLORS} />;
  return (
    <Flex gap={4} wrap align="center">
      {detail ? <Tooltip title={detail}>{tag}</Tooltip> : tag}
      {admin.mustChangePassword && admin.status !== 'disabled' && (
        <Tag color="gold" style={{ marginInlineEnd: 0 }}>
          {t.mustChange}
        </Tag>
      )}
    </Flex>
  );
}

type ColumnOptions = { selfId: number | undefined; onAction(admin: Admin, action: AdminRowAction): void };

export function adminColumns({ selfId, onAction }: ColumnOptions): ColumnsType<Admin> {
  return [
    {
      title: f.name,
      key: 'name',
      sorter: true,
      render: (_, admin) => (
        <Flex gap={6} align="center">
          <span>{admin.name}</span>
          {admin.id === selfId && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t.me}
            </Tag>
          )}
        </Flex>
      ),
    },
    { title: f.loginId, dataIndex: 'loginId', key: 'login_id', sorter: true },
    {
      title: f.email,
      dataIndex: 'email',
      render: (email: string, admin) => (
        <Flex vertical>
          <span>{email}</span>
          {admin.phone && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatPhone(admin.phone)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: f.role,
      dataIndex: 'role',
      render: (role: Role) => <StatusTag status={role} labels={ROLE_LABELS} colors={ROLE_COLORS} />,
    },
    { title: f.branchId, dataIndex: 'branchName', render: (name: string | null) => name ?? none },
    { title: f.status, key: 'status', render: (_, admin) => <StatusCell admin={admin} /> },
    {
      title: f.lastLoginAt,
      dataIndex: 'lastLoginAt',
      key: 'last_login_at',
      sorter: true,
      render: (at: string | null, admin) =>
        at ? (
          <Flex vertical>
            <span>{formatDateTime(at)}</span>
            {admin.lastLoginIp && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {admin.lastLoginIp}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t.never}</Typography.Text>
        ),
    },
    {
      title: f.actions,
      key: 'actions',
      fixed: 'right',
      render: (_, admin) => {
        const [, ...more] = rowActions(admin, selfId);
        return (
          <Flex gap={4}>
            <Button size="small" onClick={() => onAction(admin, 'edit')}>
              {t.edit}
            </Button>
            {more.length > 0 && (
              <Dropdown
                trigger={['click']}
                menu={{
                  items: more.map((action) => ({
                    key: action,
                    label: ACTION_LABELS[action as Exclude<AdminRowAction, 'edit'>],
                    danger: action === 'disable',
                  })),
                  onClick: ({ key }) => onAction(admin, key as AdminRowAction),
                }}
              >
                <Button size="small" aria-label={`${admin.name} ${t.more}`}>
                  {t.more} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Flex>
        );
      },
    },
  ];
}
