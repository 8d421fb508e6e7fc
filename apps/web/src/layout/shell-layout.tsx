import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH, TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { App as AntApp, Drawer, Grid, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { IdleTimeout } from '../auth/idle-timeout';
import { ErrorBoundary } from '../components/error-boundary';
import { StepUpDialog } from '../features/account/step-up-dialog';
import '../lib/datetime';
import { PageSpinner } from '../components/spinners';
import { ko } from '../locales/ko/common';
import { AppHeader, HEADER_HEIGHT } from './app-header';
import { SiderMenu } from './sider-menu';
import './shell.css';

const COLLAPSED_STORAGE_KEY = 'siderCollapsed';

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function Brand({ collapsed }: { collapsed: boolean }) {
  return (
    <Link
      to="/dashboard"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: HEADER_HEIGHT,
        color: '#fff',
        fontSize: collapsed ? 22 : 20,
        fontWeight: 700,
        letterSpacing: collapsed ? 0 : 1,
        whiteSpace: 'nowrap',
      }}
    >
      {collapsed ? ko.app.shortMark : ko.app.title}
    </Link>
  );
}

/** The sider's own dark background, for the drawer that holds the menu on a phone. */
const SIDER_BACKGROUND = '#001529';

/**
 * docs/web-app.md#screens shell: dark collapsible sider, fixed header, the page scrolling beneath. Below 768 px
 * the sider is an overlay drawer that starts closed and closes on navigation. A skip link, the first stop of the
 * keyboard, takes the focus to the page (docs/web-app.md#accessibility).
 */
export default function ShellLayout() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname, search } = useLocation();
  const mobile = Grid.useBreakpoint().md === false;

  useEffect(() => {
    if (pathname || search) setDrawerOpen(false);
  }, [pathname, search]);

  const handleToggle = () => {
    if (mobile) {
      setDrawerOpen(true);
      return;
    }
    setCollapsed((value) => {
      const next = !value;
      try {
        window.localStorage.setItem(COLLAPSED_STORAGE_KEY, next ? '1' : '0');
      } catch {
        // Private mode: the choice just is not remembered.
      }
      return next;
    });
  };

  // antd's App gives the pages its notification and modal hooks (App.useApp); it lives here, not in the
  // providers, so the login bundle goes without Modal.
  return (
    <AntApp message={{ duration: TOAST_DURATION_SECONDS }}>
      <IdleTimeout />
      <StepUpDialog />
      {/* A fragment link: the browser moves the focus to the focusable main element. */}
      <a className="skip-link" href="#main-content">
        {ko.header.skipToContent}
      </a>
      <Layout style={{ height: '100dvh', overflow: 'hidden' }}>
        {mobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDER_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: SIDER_BACKGROUND } }}
            data-testid="app-drawer"
          >
            <Brand collapsed={false} />
            <SiderMenu collapsed={false} />
          </Drawer>
        ) : (
          <Layout.Sider
            theme="dark"
            collapsible
            trigger={null}
            collapsed={collapsed}
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            style={{ overflowY: 'auto', overflowX: 'hidden' }}
            data-testid="app-sider"
          >
            <Brand collapsed={collapsed} />
            <SiderMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <AppHeader collapsed={collapsed} mobile={mobile} onToggle={handleToggle} />
          <Layout.Content
            id="main-content"
            tabIndex={-1}
            // `--page-padding`: the sticky form actions reach the content's edges through it (components/form/form-layout.tsx).
            style={{
              overflow: 'auto',
              padding: 'var(--page-padding)',
              outline: 'none',
              ['--page-padding' as string]: mobile ? '12px' : '24px',
            }}
          >
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
}
