import { SIDER_COLLAPSED_WIDTH, SIDER_WIDTH, TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { App as AntApp, Layout } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { IdleTimeout } from '../auth/idle-timeout';
import { ErrorBoundary } from '../components/error-boundary';
import '../lib/datetime';
import { PageSpinner } from '../components/spinners';
import { ko } from '../locales/ko/common';
import { AppHeader, HEADER_HEIGHT } from './app-header';
import { SiderMenu } from './sider-menu';

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

/** docs/ARCHITECTURE.md#screens shell: dark collapsible sider, fixed white header, the page scrolling beneath. */
export default function ShellLayout() {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const { pathname } = useLocation();

  const handleToggle = () => {
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
      <Layout style={{ height: '100vh', overflow: 'hidden' }}>
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
        <Layout style={{ minWidth: 0 }}>
          <AppHeader collapsed={collapsed} onToggle={handleToggle} />
          <Layout.Content style={{ overflow: 'auto', padding: 24 }}>
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
