import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useAccessibilityPatches } from '../components/a11y-patches';
import { useEnterGuard } from '../components/form/enter-guard';
import { ToastProvider, useErrorToast } from '../components/toast';
import { createQueryClient } from './query-client';
import { ThemeModeProvider } from './theme-mode';

export { FONT_FAMILY } from './font';

function QueryProvider({ children }: { children: ReactNode }) {
  const showError = useErrorToast();
  const showErrorRef = useRef(showError);
  useEffect(() => {
    showErrorRef.current = showError;
  }, [showError]);
  const [client] = useState(() => createQueryClient((error, retry) => showErrorRef.current(error, retry)));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * The theme mode, toasts, and TanStack Query with docs/ARCHITECTURE.md#wire defaults. antd's ConfigProvider is not
 * here: the screens that use antd wrap themselves in AntdProvider (app/antd-provider.tsx), so /login loads none of
 * it (docs/web-app.md#first-load). The dayjs `ko` locale is set with the date helpers (lib/datetime.ts), which
 * the shell loads: no screen before it shows a date. Enter in a picker never submits its form
 * (docs/web-app.md#forms).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEnterGuard();
  useAccessibilityPatches();
  return (
    <ThemeModeProvider>
      <ToastProvider>
        <QueryProvider>{children}</QueryProvider>
      </ToastProvider>
    </ThemeModeProvider>
  );
}
