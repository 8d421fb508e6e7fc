import type { MfaChallenge } from '@ilson/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { recentIdleLogout } from '../../auth/idle-activity';
import { useSession } from '../../auth/session-context';
import { PublicLayout } from '../../components/public-layout';
import { useErrorToast } from '../../components/toast';
import { ko } from '../../locales/ko/common';
import { LoginForm, type LoginValues } from './login-form';
import { SecondFactorStep } from './second-factor-step';

/** After an idle logout: why the session ended (plain markup: no antd in this bundle, docs/web-app.md#first-load). */
function IdleNotice({ minutes }: { minutes: number }) {
  return (
    <div
      role="alert"
      style={{
        marginBottom: 24,
        padding: '9px 12px',
        border: '1px solid var(--ilson-warning-border)',
        borderRadius: 8,
        background: 'var(--ilson-warning-bg)',
        color: 'var(--ilson-text)',
      }}
    >
      {ko.logout.idle(minutes)}
    </div>
  );
}

export default function LoginPage() {
  const { login, completeLogin } = useSession();
  const [challenge, setChallenge] = useState<MfaChallenge>();
  // Read once: the notice belongs to the logout that just happened, in this tab or another.
  const [idle] = useState(recentIdleLogout);
  const showError = useErrorToast();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = ko.app.documentTitle(ko.login.submit);
  }, []);

  const handleSubmit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      setChallenge(await login(values));
    } catch (error) {
      showError(error, () => void handleSubmit(values));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title={ko.login.title} subtitle={ko.login.subtitle}>
      {idle && <IdleNotice minutes={idle.minutes} />}
      {challenge ? (
        <SecondFactorStep
          challenge={challenge}
          onBack={() => setChallenge(undefined)}
          onSubmit={async (proof) => {
            try {
              await completeLogin(challenge.mfaToken, proof);
            } catch (error) {
              // A wrong code stays at the field; anything else (the token expired, the account locked) starts over.
              if (error instanceof ApiError && error.status === 422) throw error;
              setChallenge(undefined);
              showError(error);
            }
          }}
        />
      ) : (
        <LoginForm submitting={submitting} onSubmit={handleSubmit} />
      )}
    </PublicLayout>
  );
}
