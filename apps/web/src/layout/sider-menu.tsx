import {
  BankOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileTextOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ko } from '../locales/ko';
import { isGroup, MENU } from './menu-config';
import { selectMenu } from './menu-selection';

const ICONS: Record<string, ReactNode> = {
  '/dashboard': <DashboardOutlined aria-hidden />,
  employers: <ShopOutlined aria-hidden />,
  workers: <TeamOutlined aria-hidden />,
  'job-posts': <ProfileOutlined aria-hidden />,
  notices: <NotificationOutlined aria-hidden />,
  resumes: <FileTextOutlined aria-hidden />,
  matchings: <SolutionOutlined aria-hidden />,
  '/branches': <BankOutlined aria-hidden />,
  reviews: <CommentOutlined aria-hidden />,
  '/users': <UserOutlined aria-hidden />,
  '/payouts': <WalletOutlined aria-hidden />,
  '/settings': <SettingOutlined aria-hidden />,
};

type MenuItem = Required<MenuProps>['items'][number];

const ITEMS: MenuItem[] = MENU.map((entry) =>
  isGroup(entry)
    ? {
        key: entry.key,
        icon: ICONS[entry.key],
        label: entry.label,
        children: entry.children.map((child) => ({
          key: child.key,
          label: <Link to={child.to}>{child.label}</Link>,
        })),
      }
    : { key: entry.key, icon: ICONS[entry.key], label: <Link to={entry.to}>{entry.label}</Link> },
);

type SiderMenuProps = { collapsed: boolean };

export function SiderMenu({ collapsed }: SiderMenuProps) {
  const { pathname, search } = useLocation();
  const { selectedKey, openKey } = useMemo(() => selectMenu(pathname, search), [pathname, search]);
  const [openKeys, setOpenKeys] = useState<string[]>(openKey ? [openKey] : []);

  // The group of the current page opens by itself (again after the sider expands); groups the user opened
  // stay open. A collapsed sider shows groups as pop-ups, so nothing is forced open there.
  useEffect(() => {
    if (openKey && !collapsed) setOpenKeys((keys) => (keys.includes(openKey) ? keys : [...keys, openKey]));
  }, [openKey, collapsed]);

  return (
    <nav aria-label={ko.menu.navigation}>
      <Menu
        theme="dark"
        mode="inline"
        items={ITEMS}
        selectedKeys={selectedKey ? [selectedKey] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
      />
    </nav>
  );
}
