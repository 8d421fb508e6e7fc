import {
  APP_USER_STATUS_LABELS,
  APP_USER_TYPE_LABELS,
  type AppUser,
  type AppUserStatus,
  type AppUserType,
  formatPhone,
} from '@ilson/contracts';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime, formatDay } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koUsers } from '../../locales/ko/app-users';
import { koKit } from '../../locales/ko/kit';

const t = koUsers;
const f = t.fields;
const none = koKit.common.none;

export const APP_USER_STATUS_COLORS: Record<AppUserStatus, StatusColor> = {
  active: 'green',
  dormant: 'purple',
  suspended: 'volcano',
  withdrawn: 'default',
};

export function AppUserStatusTag({ status }: { status: AppUserStatus }) {
  return <StatusTag status={status} labels={APP_USER_STATUS_LABELS} colors={APP_USER_STATUS_COLORS} />;
}

/** The employer or worker record the account belongs to. */
export function linkedPath(user: Pick<AppUser, 'employerId' | 'workerId'>): string | null {
  if (user.employerId !== null) return screenHref('employer-detail', { id: user.employerId });
  if (user.workerId !== null) return screenHref('worker-detail', { id: user.workerId });
  return null;
}

export const showPhone = (phone: string) => (phone ? formatPhone(phone) : none);
export const languageLabel = (code: string) => t.languages[code] ?? (code ? code.toUpperCase() : none);

const nowrap = (text: string) => (
  <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{text}</span>
);

export const appUserColumns: ColumnsType<AppUser> = [
  {
    title: f.nameAndLogin,
    key: 'name',
    sorter: true,
    render: (_, user) => (
      <Flex vertical style={{ lineHeight: 1.35 }}>
        <Typography.Link style={{ whiteSpace: 'nowrap' }}>{user.name}</Typography.Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {user.loginId}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: f.userType,
    dataIndex: 'userType',
    render: (type: AppUserType) => nowrap(APP_USER_TYPE_LABELS[type] ?? type),
  },
  { title: f.email, dataIndex: 'email', render: (email: string) => email || none },
  { title: f.phone, dataIndex: 'phone', render: (phone: string) => nowrap(showPhone(phone)) },
  {
    title: f.linked,
    key: 'linked',
    render: (_, user) => {
      const path = linkedPath(user);
      return path && user.linkedName ? <Link to={path}>{user.linkedName}</Link> : none;
    },
  },
  {
    title: f.lastLoginAt,
    key: 'last_login_at',
    sorter: true,
    render: (_, user) =>
      user.lastLoginAt ? (
        nowrap(formatDateTime(user.lastLoginAt))
      ) : (
        <Typography.Text type="secondary">{t.neverLoggedIn}</Typography.Text>
      ),
  },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    render: (status: AppUserStatus) => <AppUserStatusTag status={status} />,
  },
  {
    title: f.joinedRange,
    key: 'joined_at',
    sorter: true,
    render: (_, user) => nowrap(formatDay(user.joinedAt)),
  },
];
