import { LinkOutlined } from '@ant-design/icons';
import {
  APP_USER_STATUS_LABELS,
  APP_USER_TRANSITIONS,
  APP_USER_TYPE_LABELS,
  type AppUser,
  type AppUserStatus,
  allowedTransitions,
  type Transition,
} from '@ilson/contracts';
import { Alert, Button, Descriptions, Drawer, Flex, Result, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { StatusActions, type TransitionTone } from '../../components/detail/status-actions';
import { useUndoToast } from '../../components/undo-toast';
import { formatDateTime } from '../../lib/datetime';
import { koUsers } from '../../locales/ko/app-users';
import { koKit } from '../../locales/ko/kit';
import { useAppUser, useAppUserHistory, useChangeAppUserStatus } from './api';
import { AppUserStatusTag, languageLabel, linkedPath, showPhone } from './columns';
import { ConsentsTab } from './consents-tab';

const t = koUsers;
const f = t.fields;
const none = koKit.common.none;

function tone(transition: Transition<AppUserStatus>): TransitionTone {
  return transition.to === 'active' ? 'primary' : 'danger';
}

function LinkedRecord({ user }: { user: AppUser }) {
  const path = linkedPath(user);
  if (!path) return <Typography.Text type="secondary">{t.noLinked}</Typography.Text>;
  return (
    <Link to={path}>
      <LinkOutlined style={{ marginInlineEnd: 4 }} />
      {user.linkedName ?? none}
      <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
        {user.employerId !== null ? t.openEmployer : t.openWorker}
      </Typography.Text>
    </Link>
  );
}

function UserInfo({ user }: { user: AppUser }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      styles={{ label: { width: 120 } }}
      items={[
        { key: 'userType', label: f.userType, children: APP_USER_TYPE_LABELS[user.userType] },
        { key: 'loginId', label: f.loginId, children: user.loginId },
        { key: 'name', label: f.name, children: user.name },
        { key: 'email', label: f.email, children: user.email || none },
        { key: 'phone', label: f.phone, children: showPhone(user.phone) },
        { key: 'linked', label: f.linked, children: <LinkedRecord user={user} /> },
        { key: 'language', label: f.preferredLanguage, children: languageLabel(user.preferredLanguage) },
        { key: 'joinedAt', label: f.joinedAt, children: formatDateTime(user.joinedAt) },
        {
          key: 'lastLoginAt',
          label: f.lastLoginAt,
          children: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t.neverLoggedIn,
        },
        { key: 'updatedAt', label: f.updatedAt, children: formatDateTime(user.updatedAt) },
      ]}
    />
  );
}

function UserBody({ user }: { user: AppUser }) {
  const [tab, setTab] = useState('info');
  const history = useAppUserHistory(user.id, tab === 'history');
  const reasonLabel = (t.reasonBanner as Partial<Record<AppUserStatus, string>>)[user.status];
  return (
    <>
      {user.status === 'dormant' && (
        <Alert type="info" showIcon title={t.dormantHint} style={{ marginBottom: 16 }} />
      )}
      {reasonLabel && user.statusReason && (
        <Alert
          type="warning"
          showIcon
          title={`${reasonLabel}: ${user.statusReason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'info', label: t.tabs.info, children: <UserInfo user={user} /> },
          { key: 'consents', label: t.consents.tab, children: <ConsentsTab user={user} /> },
          {
            key: 'history',
            label: koKit.detail.historyTab,
            children: <HistoryTab result={history} fieldLabels={f} />,
          },
        ]}
      />
    </>
  );
}

function UserActions({ user }: { user: AppUser }) {
  const can = useCan();
  const undoToast = useUndoToast();
  const change = useChangeAppUserStatus(user.id);
  return (
    <Flex gap={8} wrap justify="flex-end">
      <StatusActions
        transitions={allowedTransitions(APP_USER_TRANSITIONS, user.status, can)}
        current={user.status}
        labels={APP_USER_STATUS_LABELS}
        tone={tone}
        onRun={async (transition, reason) => {
          const saved = await change.mutateAsync({ status: transition.to, reason, version: user.version });
          undoToast(koKit.common.statusChanged(transition.label), {
            targetType: 'app_user',
            targetId: user.id,
            version: saved.version,
          });
        }}
      />
    </Flex>
  );
}

type AppUserDrawerProps = { id: number | null; onClose(): void };

/** One member, beside the list: the account, the record it belongs to, status actions and history. */
export function AppUserDrawer({ id, onClose }: AppUserDrawerProps) {
  const result = useAppUser(id);
  const user = result.data;
  const error = result.error ? classifyError(result.error) : null;

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      title={
        user ? (
          <Flex align="center" gap={8}>
            <span>{user.name}</span>
            <AppUserStatusTag status={user.status} />
          </Flex>
        ) : (
          t.drawerTitle
        )
      }
      extra={user && <UserActions user={user} />}
      footer={
        <Flex justify="flex-end">
          <Button onClick={onClose}>{t.close}</Button>
        </Flex>
      }
      destroyOnHidden
    >
      {user ? (
        <UserBody user={user} />
      ) : error ? (
        <Result
          status={error.type === 'not_found' ? '404' : error.type === 'authorization' ? '403' : 'error'}
          title={
            error.type === 'not_found'
              ? koKit.detail.notFoundTitle
              : error.type === 'authorization'
                ? koKit.detail.forbiddenTitle
                : koKit.detail.errorTitle
          }
          subTitle={error.type === 'not_found' ? koKit.detail.notFoundBody : error.message}
        />
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
    </Drawer>
  );
}
