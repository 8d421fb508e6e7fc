import {
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Layout, type MenuProps, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session-context';
import { ko } from '../locales/ko/common';
import { ProfileModal } from './profile-modal';
import { initialOf } from './user-initial';

export const HEADER_HEIGHT = 64;

type AppHeaderProps = { collapsed: boolean; onToggle: () => void };

export function AppHeader({ collapsed, onToggle }: AppHeaderProps) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [profileOpen, setProfileOpen] = useState(false);
  const t = ko.header;

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: t.myInfo },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t.settings },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t.logout, danger: true },
  ];

  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') setProfileOpen(true);
    if (key === 'settings') navigate('/settings');
    if (key === 'logout') void logout();
  };

  return (
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        padding: '0 24px 0 8px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flex: 'none',
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        aria-label={collapsed ? t.expandMenu : t.collapseMenu}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        style={{ width: 48, height: 48, fontSize: 18 }}
      />
      {user && (
        <Dropdown menu={{ items, onClick: handleMenuClick }} trigger={['click']} placement="bottomRight">
          <Button type="text" style={{ height: 48, paddingInline: 8 }} aria-haspopup="menu">
            <Flex align="center" gap={8}>
              <Avatar style={{ backgroundColor: token.colorPrimary }} aria-hidden>
                {initialOf(user.name)}
              </Avatar>
              <Typography.Text strong>{user.name}</Typography.Text>
            </Flex>
          </Button>
        </Dropdown>
      )}
      {user && <ProfileModal user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />}
    </Layout.Header>
  );
}
