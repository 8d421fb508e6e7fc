import type { Permission } from '@ilson/contracts';
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../auth/permissions';
import { screenHref } from '../lib/screen-paths';
import { koSettingsNav } from '../locales/ko/settings';

const t = koSettingsNav;

const SECTIONS: { path: string; label: string; permission: Permission }[] = [
  { path: screenHref('settings'), label: t.settings, permission: 'settings:read' },
  { path: screenHref('settings-admins'), label: t.admins, permission: 'admins:manage' },
  { path: screenHref('settings-logs'), label: t.logs, permission: 'audit_logs:read' },
  { path: screenHref('settings-law'), label: t.law, permission: 'settings:read' },
  { path: screenHref('settings-network'), label: t.network, permission: 'admins:manage' },
];

/**
 * The settings area's own navigation (the sidebar has one 설정 entry): system settings, admin accounts, the
 * access log and the law tables, each shown only to those whose role may open it.
 */
export function SettingsNav() {
  const can = useCan();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = SECTIONS.filter((section) => can(section.permission));
  if (items.length < 2) return null;
  return (
    <nav aria-label={t.label}>
      <Tabs
        activeKey={pathname}
        onChange={(path) => navigate(path)}
        items={items.map((section) => ({ key: section.path, label: section.label }))}
        style={{ marginTop: -12 }}
      />
    </nav>
  );
}
