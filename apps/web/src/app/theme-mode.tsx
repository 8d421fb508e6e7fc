import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/**
 * The colour scheme (docs/web-app.md#themes): the system's preference unless the admin picked light or dark in
 * the user menu; the choice is kept in this browser. antd's dark algorithm derives every colour from it — no
 * screen writes colours of its own for one theme.
 */
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

const STORAGE_KEY = 'themeMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function readMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return (THEME_MODES as readonly string[]).includes(stored ?? '') ? (stored as ThemeMode) : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

type ThemeModeValue = { mode: ThemeMode; dark: boolean; setMode(mode: ThemeMode): void };

const ThemeModeContext = createContext<ThemeModeValue>({ mode: 'system', dark: false, setMode: () => {} });

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readMode);
  const [prefersDark, setPrefersDark] = useState(systemDark);

  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const follow = () => setPrefersDark(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);

  const dark = mode === 'dark' || (mode === 'system' && prefersDark);

  useEffect(() => {
    // Native parts (scrollbars, date inputs, autofill) follow too.
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  }, []);

  const value = useMemo(() => ({ mode, dark, setMode }), [mode, dark, setMode]);
  return <ThemeModeContext value={value}>{children}</ThemeModeContext>;
}

export const useThemeMode = () => useContext(ThemeModeContext);
