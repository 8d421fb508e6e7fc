import { fieldMessages, LOGIN_PASSWORD_MIN_LENGTH } from '@ilson/contracts';
import { Button, Checkbox, Input, theme } from 'antd';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ko } from '../../locales/ko/common';

export type LoginValues = { email: string; password: string; remember: boolean };
type FieldName = 'email' | 'password';
export type LoginErrors = Partial<Record<FieldName, string>>;

const t = ko.login;
/** antd's colorError, for the few plain elements of this form. */

/** docs/ARCHITECTURE.md#errors-and-validation login rules, with the Korean messages from contracts. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email.trim()) errors.email = fieldMessages.loginIdRequired;
  if (!values.password) errors.password = fieldMessages.passwordRequired;
  else if (values.password.length < LOGIN_PASSWORD_MIN_LENGTH) errors.password = fieldMessages.passwordMin;
  return errors;
}

type FieldProps = { id: string; label: string; error?: string; children: ReactNode };

function Field({ id, label, error, children }: FieldProps) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? 2 : 24 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8 }}>
        {label}
      </label>
      {children}
      {error && (
        <div
          id={`${id}-error`}
          role="alert"
          style={{ color: token.colorErrorText, minHeight: 22, paddingTop: 2 }}
        >
          {error}
        </div>
      )}
    </div>
  );
}

type LoginFormProps = { submitting: boolean; onSubmit: (values: LoginValues) => void };

/**
 * The login form. Plain form state rather than antd's Form keeps rc-form and async-validator out of the
 * bundle /login loads; the behaviour matches: each field is checked as it changes and all on submit.
 */
export function LoginForm({ submitting, onSubmit }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '', remember: true });
  const [errors, setErrors] = useState<LoginErrors>({});
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});

  const handleChange = (name: FieldName, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => ({ ...current, [name]: validateLogin(next)[name] }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    onSubmit({ ...values, email: values.email.trim() });
  };

  const describedBy = (name: FieldName) => (errors[name] ? `login-${name}-error` : undefined);

  return (
    <form name="login" noValidate onSubmit={handleSubmit}>
      <Field id="login-email" label={t.identifierLabel} error={errors.email}>
        <Input
          id="login-email"
          name="email"
          size="large"
          autoComplete="username"
          autoFocus
          placeholder={t.identifierPlaceholder}
          value={values.email}
          status={errors.email ? 'error' : undefined}
          aria-required
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy('email')}
          ref={(input) => {
            inputs.current.email = input?.input ?? null;
          }}
          onChange={(event) => handleChange('email', event.target.value)}
        />
      </Field>
      <Field id="login-password" label={t.passwordLabel} error={errors.password}>
        <Input.Password
          id="login-password"
          name="password"
          size="large"
          autoComplete="current-password"
          placeholder={t.passwordPlaceholder}
          value={values.password}
          status={errors.password ? 'error' : undefined}
          aria-required
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('password')}
          ref={(input) => {
            inputs.current.password = input?.input ?? null;
          }}
          onChange={(event) => handleChange('password', event.target.value)}
        />
      </Field>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 24 }}
      >
        <Checkbox
          name="remember"
          checked={values.remember}
          onChange={(event) => setValues({ ...values, remember: event.target.checked })}
        >
          {t.remember}
        </Checkbox>
        <Link to="/forgot-password">{t.forgotPassword}</Link>
      </div>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {t.submit}
      </Button>
    </form>
  );
}
