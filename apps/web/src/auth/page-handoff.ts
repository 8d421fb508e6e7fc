/**
 * The plain login page and the app are two pages (docs/wire.md#the-login-page): they pass each other by a full
 * navigation, and what one wants the other to say after it (the login's and the logout's toasts) travels in this
 * tab's sessionStorage. Plain module: the login page imports it.
 */
import { SCREEN_PATHS } from '../lib/screen-paths';

const NOTICE_KEY = 'pageNotice';

export type PageNotice = 'login' | 'logout';

/** The full navigation, as an object so tests can watch it (a test page cannot leave). */
export const pageNavigation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};

/** The login page of the plain entry (login.html); the server answers GET /login with it. */
export const LOGIN_PATH = '/login';
/** Where a sign-in lands; the app shows the forced password change or enrolment there when the account needs one. */
export const AFTER_LOGIN_PATH = SCREEN_PATHS.dashboard;

export function leaveNotice(notice: PageNotice): void {
  try {
    window.sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // Storage refused: the next page simply says nothing.
  }
}

/** The notice left for this page, once: reading it removes it. */
export function takeNotice(): PageNotice | null {
  try {
    const notice = window.sessionStorage.getItem(NOTICE_KEY);
    window.sessionStorage.removeItem(NOTICE_KEY);
    return notice === 'login' || notice === 'logout' ? notice : null;
  } catch {
    return null;
  }
}

/** Leaves the app for the login page, replacing the history entry. */
export function goToLogin(notice?: PageNotice): void {
  if (notice) leaveNotice(notice);
  pageNavigation.replace(LOGIN_PATH);
}
