import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import koKR from 'antd/es/locale/ko_KR';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useEnterGuard } from '../components/form/enter-guard';
import { ToastProvider, useErrorToast } from '../components/toast';
import { createQueryClient } from './query-client';
import { ThemeModeProvider, useThemeMode } from './theme-mode';

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Apple SD Gothic Neo', Pretendard, 'Malgun Gothic', 'Noto Sans KR', 'Noto Sans CJK KR', 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

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
 * antd in Korean, toasts, and TanStack Query with docs/ARCHITECTURE.md#wire defaults. The dayjs `ko` locale is set with the
 * date helpers (lib/datetime.ts), which the shell loads: no screen before it shows a date. Enter in a picker never
 * submits its form (docs/ARCHITECTURE.md#forms).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  useEnterGuard();
  return (
    <ThemeModeProvider>
      <ThemedProviders>{children}</ThemedProviders>
    </ThemeModeProvider>
  );
}

/** antd's light or dark algorithm, from the theme mode (docs/ARCHITECTURE.md#themes). */
function ThemedProviders({ children }: { children: ReactNode }) {
  const { dark } = useThemeMode();
  const config = useMemo(
    () => ({
      token: { fontFamily: FONT_FAMILY },
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    }),
    [dark],
  );
  return (
    <ConfigProvider locale={koKR} theme={config}>
      <ToastProvider>
        <QueryProvider>{children}</QueryProvider>
      </ToastProvider>
    </ConfigProvider>
  );
}
