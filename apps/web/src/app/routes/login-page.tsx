import { useEffect, useState } from 'react';
import { useSession } from '../../auth/session-context';
import { PublicLayout } from '../../components/public-layout';
import { useErrorToast } from '../../components/toast';
import { ko } from '../../locales/ko';
import { LoginForm, type LoginValues } from './login-form';

export default function LoginPage() {
  const { login } = useSession();
  const showError = useErrorToast();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = ko.app.documentTitle(ko.login.submit);
  }, []);

  const handleSubmit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      await login(values);
    } catch (error) {
      showError(error, () => void handleSubmit(values));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout title={ko.login.title} subtitle={ko.login.subtitle}>
      <LoginForm submitting={submitting} onSubmit={handleSubmit} />
    </PublicLayout>
  );
}
