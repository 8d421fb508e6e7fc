import type { MfaChallenge, SecondFactorProof } from '@ilson/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { requestPasskeyOptions } from '../../auth/auth-api';
import { answerPasskey, passkeyCancelled, passkeysSupported } from '../../auth/passkey';
import { ko } from '../../locales/ko/common';

const t = ko.login.secondStep;

type Props = {
  challenge: MfaChallenge;
  onSubmit: (proof: SecondFactorProof) => Promise<void>;
  onBack: () => void;
};

/**
 * The login's second step (docs/second-factor.md#the-login-on-the-wire): a code from the app, or one recovery code.
 * Plain elements like the login form: /login loads no antd. A wrong code is shown at the field.
 */
export function SecondFactorStep({ challenge, onSubmit, onBack }: Props) {
  const canRecover = challenge.methods.includes('recovery');
  const canPasskey = challenge.methods.includes('passkey') && passkeysSupported();
  const hasApp = challenge.methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasApp && canRecover);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The field takes the focus as the step opens and when the kind of code changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `recovery` swaps the input; the effect runs for that.
  useEffect(() => input.current?.focus(), [recovery]);

  const check = (text: string): string | undefined => {
    const trimmed = text.trim();
    if (recovery) return trimmed ? undefined : t.recoveryRequired;
    if (!trimmed) return t.codeRequired;
    return /^\d{6}$/.test(trimmed) ? undefined : t.codeFormat;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(value);
    setError(found);
    if (found) return;
    setSubmitting(true);
    try {
      await onSubmit(recovery ? { recoveryCode: value.trim() } : { code: value.trim() });
    } catch (caught) {
      const detail = caught instanceof ApiError ? caught.details.find((d) => d.message) : undefined;
      if (detail && caught instanceof ApiError && caught.status === 422) {
        setError(detail.message);
        setValue('');
      } else {
        throw caught;
      }
    } finally {
      setSubmitting(false);
    }
  };

  const signWithPasskey = async () => {
    setError(undefined);
    setSubmitting(true);
    try {
      const passkeyJson = await answerPasskey(await requestPasskeyOptions(challenge.mfaToken));
      await onSubmit({ passkeyJson });
    } catch (caught) {
      if (passkeyCancelled(caught)) return;
      setError(caught instanceof ApiError && caught.status !== 422 ? caught.message : t.passkeyFailed);
    } finally {
      setSubmitting(false);
    }
  };

  const id = recovery ? 'login-recovery' : 'login-code';
  return (
    <form name="second-factor" noValidate onSubmit={(event) => void handleSubmit(event).catch(() => {})}>
      <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{t.title}</h2>
      {canPasskey && (
        <>
          <p style={{ margin: '0 0 12px', color: 'var(--ilson-text-secondary)' }}>{t.passkeyHint}</p>
          <button
            type="button"
            className="ilson-button-primary"
            style={{ marginBottom: 24 }}
            disabled={submitting}
            onClick={() => void signWithPasskey()}
          >
            {t.passkey}
          </button>
        </>
      )}
      <p style={{ margin: '0 0 24px', color: 'var(--ilson-text-secondary)' }}>
        {recovery ? t.recoveryDescription : t.description}
      </p>
      <div style={{ marginBottom: error ? 2 : 24 }}>
        <label htmlFor={id} style={{ display: 'block', paddingBottom: 8 }}>
          {recovery ? t.recoveryLabel : t.codeLabel}
        </label>
        <span className="ilson-input" data-invalid={Boolean(error)}>
          <input
            key={id}
            id={id}
            name={recovery ? 'recovery_code' : 'code'}
            type="text"
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            ref={input}
            maxLength={recovery ? 11 : 6}
            placeholder={recovery ? t.recoveryPlaceholder : t.codePlaceholder}
            value={value}
            aria-required
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              if (error) setError(check(event.target.value));
            }}
          />
        </span>
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
      <button type="submit" className="ilson-button-primary" disabled={submitting} aria-busy={submitting}>
        {t.submit}
      </button>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        {canRecover && hasApp ? (
          <button
            type="button"
            className="ilson-link-button"
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
              setError(undefined);
            }}
          >
            {recovery ? t.useApp : t.useRecovery}
          </button>
        ) : (
          <span />
        )}
        <button type="button" className="ilson-link-button" onClick={onBack}>
          {t.back}
        </button>
      </div>
    </form>
  );
}
