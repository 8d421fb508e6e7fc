import { fieldMessages, LOGIN_PASSWORD_MIN_LENGTH } from '@ilson/contracts';
import { ko } from '../locales/ko/common';

export type LoginValues = { email: string; password: string; remember: boolean };
export type LoginErrors = Partial<Record<'email' | 'password', string>>;

/** docs/wire.md#errors-and-validation login rules, with the Korean messages from contracts. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email.trim()) errors.email = fieldMessages.loginIdRequired;
  if (!values.password) errors.password = fieldMessages.passwordRequired;
  else if (values.password.length < LOGIN_PASSWORD_MIN_LENGTH) errors.password = fieldMessages.passwordMin;
  return errors;
}

/** The second step's field (docs/second-factor.md#the-login-on-the-wire): six digits, or any recovery code. */
export function checkCode(text: string, recovery: boolean): string | undefined {
  const t = ko.login.secondStep;
  const trimmed = text.trim();
  if (recovery) return trimmed ? undefined : t.recoveryRequired;
  if (!trimmed) return t.codeRequired;
  return /^\d{6}$/.test(trimmed) ? undefined : t.codeFormat;
}
