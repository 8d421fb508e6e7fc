import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  applyTheme,
  followSystemTheme,
  isDarkMode,
  readThemeMode,
  storeThemeMode,
  systemPrefersDark,
  type ThemeMode,
} from '../lib/theme';

export { THEME_MODES, type ThemeMode } from '../lib/theme';

/**
 * The colour scheme (docs/web-app.md#themes) as React state: reading, keeping and applying the choice is
 * lib/theme.ts, which the plain login page shares. antd's dark algorithm derives every colour from it — no screen
 * writes colours of its own for one theme.
 */
type ThemeModeValue = { mode: ThemeMode; dark: boolean; setMode(mode: ThemeMode): void };

const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'system', dark: false, setMode: () => {} });

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);

  useEffect(() => followSystemTheme(setPrefersDark), []);

  const dark = isDarkMode(mode, prefersDark);

  useEffect(() => applyTheme(dark), [dark]);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    storeThemeMode(next);
  }, []);

  const value = useMemo(() => ({ mode, dark, setMode }), [mode, dark, setMode]);
  return <ThemeModeContext value={value}>{children}</ThemeModeContext>;
}

export const useThemeMode = () => useContext(ThemeModeContext);
