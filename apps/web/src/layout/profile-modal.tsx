import { type CurrentUser, ROLE_LABELS } from '@ilson/contracts';
import { Avatar, Flex, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { LoginHistory } from '../features/account/login-history';
import { PasswordForm } from '../features/account/password-form';
import { ProfileForm } from '../features/account/profile-form';
import { SecondFactorTab } from '../features/account/second-factor';
import { MySessions } from '../features/account/sessions';
import { koAccount } from '../locales/ko/account';
import { ko } from '../locales/ko/common';
import { koSecondFactor, koSessions } from '../locales/ko/second-factor';
import { initialOf } from './user-initial';

type ProfileModalProps = { user: CurrentUser; open: boolean; onClose: () => void };

type TabKey = 'profile' | 'password' | 'second-factor' | 'sessions' | 'logins';

/**
 * 내 정보 (docs/web-app.md#screens: a dropdown item, no route of its own): the own profile, the password change and the
 * recent sign-ins, as tabs of one modal.
 */
export function ProfileModal({ user, open, onClose }: ProfileModalProps) {
  const [tab, setTab] = useState<TabKey>('profile');
  const t = koAccount.tabs;

  const handleClose = () => {
    onClose();
    setTab('profile');
  };

  return (
    <Modal
      title={ko.profile.title}
      open={open}
      onCancel={handleClose}
      footer={null}
      width={760}
      destroyOnHidden
      styles={{ body: { minHeight: 420 } }}
    >
      <Flex align="center" gap={12} style={{ marginBlock: 8 }}>
        <Avatar size={40} style={{ backgroundColor: '#1677ff' }} aria-hidden>
          {initialOf(user.name)}
        </Avatar>
        <div>
          <Typography.Text strong>{user.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{ROLE_LABELS[user.role]}</Typography.Text>
        </div>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          { key: 'profile', label: t.profile, children: <ProfileForm /> },
          { key: 'password', label: t.password, children: <PasswordForm /> },
          { key: 'second-factor', label: koSecondFactor.tab, children: <SecondFactorTab /> },
          { key: 'sessions', label: koSessions.tab, children: <MySessions /> },
          { key: 'logins', label: t.logins, children: <LoginHistory /> },
        ]}
      />
    </Modal>
  );
}
