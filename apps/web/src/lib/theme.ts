/**
 * The colour scheme as this browser keeps it (docs/web-app.md#themes): the system's preference unless the
 * admin picked light or dark in the user menu. Plain functions, shared by the app's ThemeModeProvider and the
 * plain login page (docs/wire.md#the-login-page), so both read and apply the choice the same way.
 */
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

const STORAGE_KEY = 'themeMode';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readThemeMode(): ThemeMode {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return (THEME_MODES as readonly string[]).includes(stored ?? '') ? (stored as ThemeMode) : 'system';
  } catch {
    return 'system';
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // Private mode: the choice lasts for this visit.
  }
}

export const systemPrefersDark = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;

export const isDarkMode = (mode: ThemeMode, prefersDark: boolean): boolean =>
  mode === 'dark' || (mode === 'system' && prefersDark);

/** The page's colours (the `--ilson-*` variables, index.css) and the native parts (scrollbars, autofill) follow. */
export function applyTheme(dark: boolean): void {
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

/** Calls `onChange` when the system's preference changes; returns the unsubscribe. */
export function followSystemTheme(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const follow = () => onChange(query.matches);
  query.addEventListener('change', follow);
  return () => query.removeEventListener('change', follow);
}
