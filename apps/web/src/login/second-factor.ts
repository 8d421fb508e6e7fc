import type { MfaChallenge, SecondFactorProof } from '@ilson/contracts';
import { ApiError } from '../api/errors';
import { answerPasskey, passkeyCancelled, passkeysSupported } from '../auth/passkey';
import { ko } from '../locales/ko/common';
import { postAuth } from './api';
import { h } from './dom';
import { field } from './field';
import { checkCode } from './validate';

const t = ko.login.secondStep;

type SecondFactorOptions = {
  challenge: MfaChallenge;
  /** A complete login answer: store it and leave. Throws when the answer is not one. */
  onSignedIn(answer: unknown): void;
  /** Anything but a wrong code (the step expired, the account locked): back to the password, with the message. */
  onRestart(error: unknown): void;
  onBack(): void;
};

/**
 * The login's second step (docs/second-factor.md#the-login-on-the-wire): a code from the app, one recovery code,
 * or a passkey, whose library loads only when chosen. A wrong code is shown at the field.
 */
export function secondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
  onBack,
}: SecondFactorOptions): HTMLElement {
  const canRecover = challenge.methods.includes('recovery');
  const canPasskey = challenge.methods.includes('passkey') && passkeysSupported();
  const hasApp = challenge.methods.includes('totp');
  const holder = h('div');
  let recovery = !hasApp && canRecover;

  /** Throws a 422 (a wrong code or passkey) for the caller to show; anything else starts over. */
  const verify = async (proof: SecondFactorProof) => {
    try {
      onSignedIn(await postAuth('auth/mfa/verify', { mfaToken: challenge.mfaToken, ...proof }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) throw error;
      onRestart(error);
    }
  };

  const draw = () => {
    const id = recovery ? 'login-recovery' : 'login-code';
    const code = field({
      id,
      label: recovery ? t.recoveryLabel : t.codeLabel,
      input: {
        name: recovery ? 'recovery_code' : 'code',
        type: 'text',
        inputmode: recovery ? 'text' : 'numeric',
        autocomplete: 'one-time-code',
        maxlength: recovery ? '11' : '6',
        placeholder: recovery ? t.recoveryPlaceholder : t.codePlaceholder,
      },
    });
    let error: string | undefined;
    const setError = (message: string | undefined) => {
      error = message;
      code.setError(message);
    };
    code.input.addEventListener('input', () => {
      if (error) setError(checkCode(code.input.value, recovery));
    });
    const submitButton = h('button', { type: 'submit', class: 'ilson-button-primary' }, t.submit);
    const passkeyButton = h(
      'button',
      { type: 'button', class: 'ilson-button-primary login-passkey' },
      t.passkey,
    );
    const setSubmitting = (busy: boolean) => {
      for (const button of [submitButton, passkeyButton]) button.disabled = busy;
      submitButton.setAttribute('aria-busy', String(busy));
    };
    setSubmitting(false);

    passkeyButton.addEventListener('click', async () => {
      setError(undefined);
      setSubmitting(true);
      try {
        const options = (await postAuth('auth/mfa/passkey-options', { mfaToken: challenge.mfaToken })) as {
          optionsJson: string;
        };
        await verify({ passkeyJson: await answerPasskey(options.optionsJson) });
      } catch (caught) {
        if (passkeyCancelled(caught)) return;
        setError(caught instanceof ApiError && caught.status !== 422 ? caught.message : t.passkeyFailed);
      } finally {
        setSubmitting(false);
      }
    });

    const form = h(
      'form',
      { name: 'second-factor', novalidate: true },
      h('h2', { class: 'login-step-title' }, t.title),
      canPasskey && h('p', { class: 'login-hint' }, t.passkeyHint),
      canPasskey && passkeyButton,
      h('p', { class: 'login-hint login-hint-wide' }, recovery ? t.recoveryDescription : t.description),
      code.element,
      submitButton,
      h(
        'div',
        { class: 'login-step-links' },
        canRecover && hasApp
          ? h(
              'button',
              {
                type: 'button',
                class: 'ilson-link-button',
                onclick: () => {
                  recovery = !recovery;
                  draw();
                },
              },
              recovery ? t.useApp : t.useRecovery,
            )
          : h('span'),
        h('button', { type: 'button', class: 'ilson-link-button', onclick: onBack }, t.back),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const value = code.input.value.trim();
      const found = checkCode(value, recovery);
      setError(found);
      if (found) return;
      setSubmitting(true);
      try {
        await verify(recovery ? { recoveryCode: value } : { code: value });
      } catch (caught) {
        const detail = caught instanceof ApiError ? caught.details.find((d) => d.message) : undefined;
        setError(detail?.message ?? (caught instanceof ApiError ? caught.message : t.passkeyFailed));
        code.input.value = '';
      } finally {
        setSubmitting(false);
      }
    });
    holder.replaceChildren(form);
    // The field takes the focus as the step opens and when the kind of code changes.
    queueMicrotask(() => code.input.focus());
  };
  draw();
  return holder;
}
