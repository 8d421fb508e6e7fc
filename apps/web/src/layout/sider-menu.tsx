import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isGroup, type MenuEntry, menuFor } from '../app/screens';
import { useCan } from '../auth/permissions';
import { ko } from '../locales/ko/common';
import { selectMenu } from './menu-selection';

type MenuItem = Required<MenuProps>['items'][number];

/** The menu entries as antd items: groups with their icon, links as router links. */
function toItems(menu: MenuEntry[]): MenuItem[] {
  return menu.map((entry) =>
    isGroup(entry)
      ? {
          key: entry.key,
          icon: entry.icon,
          label: entry.label,
          children: entry.children.map((child) => ({
            key: child.key,
            label: <Link to={child.to}>{child.label}</Link>,
          })),
        }
      : { key: entry.key, icon: entry.icon, label: <Link to={entry.to}>{entry.label}</Link> },
  );
}

type SiderMenuProps = { collapsed: boolean };

export function SiderMenu({ collapsed }: SiderMenuProps) {
  const { pathname, search } = useLocation();
  const can = useCan();
  // The screens the role cannot open are not in its menu (docs/web-app.md#screens).
  const menu = useMemo(() => menuFor(can), [can]);
  const items = useMemo(() => toItems(menu), [menu]);
  const { selectedKey, openKey } = useMemo(
    () => selectMenu(pathname, search, menu),
    [pathname, search, menu],
  );
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
        items={items}
        selectedKeys={selectedKey ? [selectedKey] : []}
        openKeys={openKeys}
        onOpenChange={setOpenKeys}
      />
    </nav>
  );
}
