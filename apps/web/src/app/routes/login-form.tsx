import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import { fieldMessages, LOGIN_PASSWORD_MIN_LENGTH } from '@ilson/contracts';
import { type ComponentProps, type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PlainIcon } from '../../components/plain-icon';
import { ko } from '../../locales/ko/common';

export type LoginValues = { email: string; password: string; remember: boolean };
type FieldName = 'email' | 'password';
export type LoginErrors = Partial<Record<FieldName, string>>;

const t = ko.login;

/** docs/wire.md#errors-and-validation login rules, with the Korean messages from contracts. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.email.trim()) errors.email = fieldMessages.loginIdRequired;
  if (!values.password) errors.password = fieldMessages.passwordRequired;
  else if (values.password.length < LOGIN_PASSWORD_MIN_LENGTH) errors.password = fieldMessages.passwordMin;
  return errors;
}

type FieldProps = { id: string; label: string; error?: string; children: ReactNode };

function Field({ id, label, error, children }: FieldProps) {
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
          style={{ color: 'var(--ilson-error-text)', minHeight: 22, paddingTop: 2 }}
        >
          {error}
        </div>
      )}
    </div>
  );
}

type TextInputProps = ComponentProps<'input'> & { invalid: boolean; revealable?: boolean };

/** A large text input in antd's look (index.css `.ilson-input`); `revealable`: a password with a show/hide toggle. */
function TextInput({ invalid, revealable, type, ...input }: TextInputProps) {
  const [revealed, setRevealed] = useState(false);
  return (
    <span className="ilson-input" data-invalid={invalid}>
      <input {...input} type={revealable && revealed ? 'text' : type} />
      {revealable && (
        <button
          type="button"
          aria-label={revealed ? t.hidePassword : t.showPassword}
          aria-pressed={revealed}
          onClick={() => setRevealed(!revealed)}
        >
          <PlainIcon icon={revealed ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      )}
    </span>
  );
}

type LoginFormProps = { submitting: boolean; onSubmit: (values: LoginValues) => void };

/**
 * The login form, in plain elements styled like antd's (index.css): /login loads no antd at all
 * (docs/web-app.md#first-load). Each field is checked as it changes and all on submit.
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
        <TextInput
          id="login-email"
          name="email"
          type="text"
          autoComplete="username"
          autoFocus
          placeholder={t.identifierPlaceholder}
          value={values.email}
          invalid={Boolean(errors.email)}
          aria-required
          aria-invalid={Boolean(errors.email)}
          aria-describedby={describedBy('email')}
          ref={(input) => {
            inputs.current.email = input;
          }}
          onChange={(event) => handleChange('email', event.target.value)}
        />
      </Field>
      <Field id="login-password" label={t.passwordLabel} error={errors.password}>
        <TextInput
          id="login-password"
          name="password"
          type="password"
          revealable
          autoComplete="current-password"
          placeholder={t.passwordPlaceholder}
          value={values.password}
          invalid={Boolean(errors.password)}
          aria-required
          aria-invalid={Boolean(errors.password)}
          aria-describedby={describedBy('password')}
          ref={(input) => {
            inputs.current.password = input;
          }}
          onChange={(event) => handleChange('password', event.target.value)}
        />
      </Field>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 24 }}
      >
        <label className="ilson-checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={values.remember}
            onChange={(event) => setValues({ ...values, remember: event.target.checked })}
          />
          {t.remember}
        </label>
        <Link to="/forgot-password">{t.forgotPassword}</Link>
      </div>
      <button
        type="submit"
        className="ilson-button-primary"
        aria-busy={submitting}
        onClick={(event) => {
          // Loading: the click is ignored, as antd's loading button does.
          if (submitting) event.preventDefault();
        }}
      >
        {submitting && <span className="ilson-spinner" data-size="small" aria-hidden="true" />}
        {t.submit}
      </button>
    </form>
  );
}
