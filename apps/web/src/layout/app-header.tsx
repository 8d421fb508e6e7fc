import {
  BgColorsOutlined,
  CheckOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Grid, Layout, type MenuProps, Typography, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { THEME_MODES, type ThemeMode, useThemeMode } from '../app/theme-mode';
import { useSession } from '../auth/session-context';
import { screenHref } from '../lib/screen-paths';
import { ko } from '../locales/ko/common';
import { ProfileModal } from './profile-modal';
import { initialOf } from './user-initial';

export const HEADER_HEIGHT = 64;

/** The search window loads on first use, not with the shell. */
const SearchPalette = lazy(() => import('./search-palette'));

/** Where a typed `/` is text, not the search shortcut. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+K or ⌘K anywhere, and `/` outside a field, open the global search. */
function useSearchShortcut(open: () => void) {
  useEffect(() => {
    const handle = (event: KeyboardEvent) => {
      const chord = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !typingInto(event.target);
      if (!chord && !slash) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, [open]);
}

/** `mobile`: the menu is a drawer (below 768 px), opened by the button instead of collapsing the sider. */
type AppHeaderProps = { collapsed: boolean; mobile: boolean; onToggle: () => void };

export function AppHeader({ collapsed, mobile, onToggle }: AppHeaderProps) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const themeMode = useThemeMode();
  const [profileOpen, setProfileOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // Below md (a phone) the search button is its icon alone, so the header keeps the user menu in view.
  const wide = Grid.useBreakpoint().md !== false;
  // Mounted on first open, kept afterwards so it opens at once.
  const [searchUsed, setSearchUsed] = useState(false);
  const t = ko.header;
  const openSearch = () => {
    setSearchUsed(true);
    setSearchOpen(true);
  };
  useSearchShortcut(openSearch);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined aria-hidden />, label: t.myInfo },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t.settings },
    {
      key: 'theme',
      icon: <BgColorsOutlined aria-hidden />,
      label: t.theme,
      children: THEME_MODES.map((mode) => ({
        key: `theme:${mode}`,
        label: t.themes[mode],
        icon: (
          <CheckOutlined aria-hidden style={{ visibility: themeMode.mode === mode ? 'visible' : 'hidden' }} />
        ),
        role: 'menuitemradio',
        'aria-checked': themeMode.mode === mode,
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t.logout, danger: true },
  ];

  const handleMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') setProfileOpen(true);
    if (key === 'settings') navigate(screenHref('settings'));
    if (key === 'logout') void logout();
    if (key.startsWith('theme:')) themeMode.setMode(key.slice('theme:'.length) as ThemeMode);
  };

  return (
    <Layout.Header
      style={{
        height: HEADER_HEIGHT,
        padding: mobile ? '0 8px' : '0 24px 0 8px',
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
        aria-label={mobile ? t.openMenu : collapsed ? t.expandMenu : t.collapseMenu}
        icon={mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
        style={{ width: 48, height: 48, fontSize: 18 }}
      />
      <Button
        type="text"
        icon={<SearchOutlined aria-hidden />}
        onClick={openSearch}
        aria-label={wide ? undefined : t.search}
        aria-keyshortcuts="Control+K Meta+K /"
        style={{ marginInlineStart: 'auto', marginInlineEnd: 8, height: 40 }}
      >
        {wide && (
          <>
            <span>{t.search}</span>
            <Typography.Text type="secondary" keyboard style={{ fontSize: 12 }}>
              {t.searchShortcut}
            </Typography.Text>
          </>
        )}
      </Button>
      {user && (
        <Dropdown menu={{ items, onClick: handleMenuClick }} trigger={['click']} placement="bottomRight">
          <Button
            type="text"
            style={{ height: 48, paddingInline: 8 }}
            aria-haspopup="menu"
            aria-label={mobile ? `${t.userMenu}: ${user.name}` : undefined}
          >
            <Flex align="center" gap={8}>
              <Avatar style={{ backgroundColor: token.colorPrimary }} aria-hidden>
                {initialOf(user.name)}
              </Avatar>
              {!mobile && <Typography.Text strong>{user.name}</Typography.Text>}
            </Flex>
          </Button>
        </Dropdown>
      )}
      {user && <ProfileModal user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />}
      {searchUsed && (
        <Suspense fallback={null}>
          <SearchPalette open={searchOpen} onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
    </Layout.Header>
  );
}
