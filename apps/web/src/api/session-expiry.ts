import { UNAUTHORIZED_REDIRECT_DELAY_MS } from '@ilson/contracts';
import { goToLogin } from '../auth/page-handoff';

type Listener = () => void;

let listener: Listener | null = null;

/** The session provider listens here: it shows the message and moves to /login after the delay. */
export function setSessionExpiredListener(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = null;
  };
}

export function announceSessionExpired(): void {
  if (listener) {
    listener();
    return;
  }
  window.setTimeout(() => goToLogin(), UNAUTHORIZED_REDIRECT_DELAY_MS);
}

let passwordChangeListener: Listener | null = null;

/** The session provider listens here: it asks who is signed in again, which shows the forced change. */
export function setPasswordChangeListener(next: Listener): () => void {
  passwordChangeListener = next;
  return () => {
    if (passwordChangeListener === next) passwordChangeListener = null;
  };
}

export function announcePasswordChangeRequired(): void {
  passwordChangeListener?.();
}

type StepUpPrompt = () => Promise<boolean>;
let stepUpPrompt: StepUpPrompt | null = null;

/** The signed-in app's step-up dialog listens here (docs/second-factor.md#step-up). */
export function setStepUpPrompt(next: StepUpPrompt): () => void {
  stepUpPrompt = next;
  return () => {
    if (stepUpPrompt === next) stepUpPrompt = null;
  };
}

/** Asks for a fresh second factor; false when nobody can ask or the admin cancelled. */
export function askForStepUp(): Promise<boolean> {
  return stepUpPrompt ? stepUpPrompt() : Promise.resolve(false);
}
