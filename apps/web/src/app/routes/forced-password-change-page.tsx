import { TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { App as AntApp, Button } from 'antd';
import { useEffect } from 'react';
import { IdleTimeout } from '../../auth/idle-timeout';
import { useSession } from '../../auth/session-context';
import { PublicLayout } from '../../components/public-layout';
import { PasswordForm } from '../../features/account/password-form';
import { koAccount } from '../../locales/ko/account';
import { ko } from '../../locales/ko/common';
import { AntdProvider } from '../antd-provider';

const t = koAccount.forced;

/**
 * An admin signed in with a temporary password (invited, or reset by a super admin) sees only this, at
 * whatever address, until the password is changed; the server refuses everything else meanwhile.
 */
/** With antd around it: the login route loads none (docs/web-app.md#first-load), this one brings its own. */
export default function ForcedPasswordChangePage() {
  return (
    <AntdProvider>
      <ForcedPasswordChange />
    </AntdProvider>
  );
}

function ForcedPasswordChange() {
  const { logout, reloadUser } = useSession();

  useEffect(() => {
    document.title = ko.app.documentTitle(t.title);
  }, []);

  return (
    <AntApp message={{ duration: TOAST_DURATION_SECONDS }}>
      <IdleTimeout />
      <PublicLayout title={t.title} subtitle={t.subtitle} width={480}>
        <p style={{ margin: '0 0 24px' }}>{t.description}</p>
        <PasswordForm onChanged={() => void reloadUser().catch(() => {})} />
        <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
          <Button type="link" onClick={() => void logout()}>
            {t.logout}
          </Button>
        </p>
      </PublicLayout>
    </AntApp>
  );
}
