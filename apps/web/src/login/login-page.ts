import { ApiError } from '../api/errors';
import { localTokenStore } from '../api/tokens';
import { readLoginResponse } from '../auth/auth-answers';
import { recentIdleLogout, startActivity } from '../auth/idle-activity';
import { AFTER_LOGIN_PATH, leaveNotice, pageNavigation, takeNotice } from '../auth/page-handoff';
import { applyTheme, followSystemTheme, isDarkMode, readThemeMode, systemPrefersDark } from '../lib/theme';
import { ko } from '../locales/ko/common';
import { h } from './dom';
import { passwordForm } from './password-form';
import { secondFactorStep } from './second-factor';
import { showError, showSuccess } from './toast';

/** The theme the admin chose in the app (lib/theme.ts), following the system's while that is the choice. */
function startTheme(): void {
  const mode = readThemeMode();
  applyTheme(isDarkMode(mode, systemPrefersDark()));
  if (mode === 'system') followSystemTheme(applyTheme);
}

/** Stores the tokens where the app reads them and leaves for the app, which then shows its toast. */
function signIn(answer: unknown): void {
  const result = readLoginResponse(answer);
  if (!result) {
    localTokenStore.clear();
    throw new ApiError({
      type: 'unknown',
      code: 'INVALID_LOGIN_RESPONSE',
      message: ko.login.invalidResponse,
      retryable: false,
    });
  }
  localTokenStore.setTokens(result.token, result.refreshToken);
  startActivity();
  leaveNotice('login');
  pageNavigation.replace(AFTER_LOGIN_PATH);
}

/** components/public-layout.tsx in plain markup: the centred card, its title and the copyright footer. */
function layout(...children: (Node | false)[]): HTMLElement {
  return h(
    'div',
    { class: 'login-page' },
    h(
      'main',
      { class: 'login-card' },
      h('header', { class: 'login-header' }, h('h1', {}, ko.login.title), h('p', {}, ko.login.subtitle)),
      ...children,
    ),
    h('footer', { class: 'login-footer' }, ko.login.copyright),
  );
}

/**
 * The plain login page (docs/wire.md#the-login-page): what the React login did, without React. A browser that holds
 * a session goes on to the app, which checks it.
 */
export function startLoginPage(root: HTMLElement): void {
  startTheme();
  if (localTokenStore.getToken()) {
    pageNavigation.replace(AFTER_LOGIN_PATH);
    return;
  }
  document.title = ko.app.documentTitle(ko.login.submit);
  // Read once: the notice belongs to the logout that just happened, in this tab or another.
  const idle = recentIdleLogout();
  const step = h('div');
  root.replaceChildren(
    layout(
      idle !== null && h('div', { role: 'alert', class: 'login-idle' }, ko.logout.idle(idle.minutes)),
      step,
    ),
  );
  if (takeNotice() === 'logout') showSuccess(ko.logout.success);

  const showPasswordForm = () => {
    step.replaceChildren(
      passwordForm({
        onSignedIn: signIn,
        onChallenge: (challenge) =>
          step.replaceChildren(
            secondFactorStep({
              challenge,
              onSignedIn: signIn,
              onBack: showPasswordForm,
              onRestart: (error) => {
                showPasswordForm();
                showError(error);
              },
            }),
          ),
      }),
    );
    step.querySelector<HTMLInputElement>('#login-email')?.focus();
  };
  showPasswordForm();
}
