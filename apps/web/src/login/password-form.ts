import type { MfaChallenge } from '@ilson/contracts';
import { readChallenge } from '../auth/auth-answers';
import { ko } from '../locales/ko/common';
import { postAuth } from './api';
import { h } from './dom';
import { field, setBusy } from './field';
import { showError } from './toast';
import { type LoginValues, validateLogin } from './validate';

const t = ko.login;

type PasswordFormOptions = {
  /** The password was right and the account has a second factor: its step. */
  onChallenge(challenge: MfaChallenge): void;
  /** A complete login answer: store it and leave. Throws when the answer is not one. */
  onSignedIn(answer: unknown): void;
};

/**
 * The login form (docs/wire.md#the-login-page): each field is checked as it changes and all on submit, the first
 * invalid one takes the focus; a refusal is a toast, a retryable one retried by clicking it.
 */
export function passwordForm({ onChallenge, onSignedIn }: PasswordFormOptions): HTMLFormElement {
  const email = field({
    id: 'login-email',
    label: t.identifierLabel,
    input: {
      name: 'email',
      type: 'text',
      autocomplete: 'username',
      placeholder: t.identifierPlaceholder,
    },
  });
  const password = field({
    id: 'login-password',
    label: t.passwordLabel,
    revealable: true,
    input: {
      name: 'password',
      type: 'password',
      autocomplete: 'current-password',
      placeholder: t.passwordPlaceholder,
    },
  });
  const remember = h('input', { type: 'checkbox', name: 'remember' });
  remember.checked = true;
  const submitButton = h(
    'button',
    { type: 'submit', class: 'ilson-button-primary', 'aria-busy': 'false' },
    t.submit,
  );
  const form = h(
    'form',
    { name: 'login', novalidate: true },
    email.element,
    password.element,
    h(
      'div',
      { class: 'login-options' },
      h('label', { class: 'ilson-checkbox' }, remember, t.remember),
      h('a', { href: '/forgot-password' }, t.forgotPassword),
    ),
    submitButton,
  );
  const fields = { email, password };
  const values = (): LoginValues => ({
    email: email.input.value,
    password: password.input.value,
    remember: remember.checked,
  });
  let submitting = false;

  for (const name of ['email', 'password'] as const) {
    fields[name].input.addEventListener('input', () => fields[name].setError(validateLogin(values())[name]));
  }

  const submit = async (credentials: LoginValues) => {
    submitting = true;
    setBusy(submitButton, true);
    try {
      const answer = await postAuth('auth/login', credentials);
      const challenge = readChallenge(answer);
      if (challenge) onChallenge(challenge);
      else onSignedIn(answer);
    } catch (error) {
      submitting = false;
      setBusy(submitButton, false);
      showError(error, () => void submit(credentials));
    }
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // Loading: the click is ignored, as antd's loading button does.
    if (submitting) return;
    const current = values();
    const found = validateLogin(current);
    email.setError(found.email);
    password.setError(found.password);
    const firstInvalid = (['email', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      fields[firstInvalid].input.focus();
      return;
    }
    void submit({ ...current, email: current.email.trim() });
  });
  return form;
}
