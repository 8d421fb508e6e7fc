import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { useCan } from '../auth/permissions';
import { usePreloadToasts } from '../components/toast';
import ShellLayout from '../layout/shell-layout';
import { AntdProvider } from './antd-provider';
import { lazyPage } from './lazy';
import { findScreen, SCREENS, type Screen } from './screens';

/** Fetch the page of `pathname` ahead of rendering it (while the session is still being checked). */
export function preloadPage(pathname: string): void {
  findScreen(pathname)
    ?.page.preload()
    .catch(() => {});
}

const ForbiddenScreen = lazyPage(() => import('./routes/forbidden-screen'));

/** The page of a screen, or the 403 page when the signed-in role may not open it. */
function ScreenAccess({ screen, children }: { screen: Screen; children: ReactNode }) {
  const can = useCan();
  return can(screen.permission) ? children : <ForbiddenScreen screenId={screen.id} />;
}

/** Every screen behind the login, inside the shell. Each page loads on demand; see shell-layout for its spinner. */
const signedInRoutes: RouteObject[] = [
  {
    element: <ShellLayout />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      ...SCREENS.map((screen: Screen): RouteObject => {
        const Page = screen.page;
        return {
          path: screen.path,
          element: (
            <ScreenAccess screen={screen}>
              <Page />
            </ScreenAccess>
          ),
        };
      }),
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

/**
 * The signed-in application: the shell and the screen table. It is its own chunk, so /login carries neither the
 * shell nor the list of every page's chunk.
 */
export default function SignedInApp() {
  usePreloadToasts();
  const routes = useRoutes(signedInRoutes);
  return <AntdProvider>{routes}</AntdProvider>;
}
