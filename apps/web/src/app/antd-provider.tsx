import { ConfigProvider, theme } from 'antd';
import koKR from 'antd/es/locale/ko_KR';
import { type ReactNode, useMemo } from 'react';
import { FONT_FAMILY } from './font';
import { useThemeMode } from './theme-mode';

/**
 * Seeds that keep text at WCAG AA contrast (4.5:1) where antd's defaults fall short (docs/web-app.md#themes):
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

/**
 * antd in Korean with the light or dark algorithm from the theme mode (docs/web-app.md#themes). Not at the root:
 * each screen that uses antd (the signed-in app, the password screens, the toasts) brings it in its own chunk, so the
 * login form loads none of antd (docs/web-app.md#first-load).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
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
      {children}
    </ConfigProvider>
  );
}
