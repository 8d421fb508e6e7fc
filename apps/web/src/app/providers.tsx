import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme } from 'antd';
import koKR from 'antd/es/locale/ko_KR';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useAccessibilityPatches } from '../components/a11y-patches';
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
  useAccessibilityPatches();
  return (
    <ThemeModeProvider>
      <ThemedProviders>{children}</ThemedProviders>
    </ThemeModeProvider>
  );
}

/**
 * Seeds that keep text at WCAG AA contrast (4.5:1) where antd's defaults fall short (docs/ARCHITECTURE.md#themes):
 * white on the light theme's primary blue (menu selection, buttons) is 4.1:1 with #1677ff; secondary text (#878787 on
 * the page's #f5f5f5) 3.3:1, placeholders 1.6:1, red text 3.9:1. In the dark theme links need a lighter blue than the
 * buttons' fill.
 */
const LIGHT_TOKENS = {
  colorPrimary: '#0958d9',
  colorLink: '#0958d9',
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  colorError: '#cf1322',
  colorInfo: '#0958d9',
  colorWarningText: '#ad4e00',
};
const DARK_TOKENS = {
  colorPrimary: '#1668dc',
  colorLink: '#4096ff',
  colorTextTertiary: 'rgba(255, 255, 255, 0.58)',
  colorTextDescription: 'rgba(255, 255, 255, 0.58)',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
  colorError: '#e84749',
  colorErrorText: '#ff7875',
};

/** antd's light or dark algorithm, from the theme mode (docs/ARCHITECTURE.md#themes). */
function ThemedProviders({ children }: { children: ReactNode }) {
  const { dark } = useThemeMode();
  const config = useMemo(
    () => ({
      token: { fontFamily: FONT_FAMILY, ...(dark ? DARK_TOKENS : LIGHT_TOKENS) },
      algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
      // The selected tab's text is the primary colour: on the dark surface it takes the links' lighter blue.
      components: dark ? { Tabs: { itemSelectedColor: DARK_TOKENS.colorLink } } : undefined,
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
