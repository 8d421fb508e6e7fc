import { TOAST_DURATION_SECONDS } from '@ilson/contracts';
import { App as AntApp, Button } from 'antd';
import { useEffect } from 'react';
import { IdleTimeout } from '../../auth/idle-timeout';
import { useSession } from '../../auth/session-context';
import { PublicLayout } from '../../components/public-layout';
import { PasskeyEnrolment, TotpEnrolment } from '../../features/account/second-factor';
import { ko } from '../../locales/ko/common';
import { koSecondFactor } from '../../locales/ko/second-factor';
import { AntdProvider } from '../antd-provider';

const t = koSecondFactor;

/**
 * An admin whom the policy asks for a second factor they have not enrolled sees only this, at whatever address, until
 * they enrol (docs/second-factor.md#policy); the server refuses everything else meanwhile.
 */
export default function ForcedSecondFactorPage() {
  return (
    <AntdProvider>
      <ForcedSecondFactor />
    </AntdProvider>
  );
}

function ForcedSecondFactor() {
  const { logout, reloadUser } = useSession();

  useEffect(() => {
    document.title = ko.app.documentTitle(t.forcedTitle);
  }, []);

  return (
    <AntApp message={{ duration: TOAST_DURATION_SECONDS }}>
      <IdleTimeout />
      <PublicLayout title={t.forcedTitle} subtitle={t.forcedSubtitle} width={560}>
        <p style={{ margin: '0 0 24px' }}>{t.intro}</p>
        <PasskeyEnrolment onDone={() => void reloadUser().catch(() => {})} />
        <p style={{ margin: '24px 0 12px' }}>{t.orApp}</p>
        <TotpEnrolment onDone={() => void reloadUser().catch(() => {})} />
        <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
          <Button type="link" onClick={() => void logout()}>
            {t.logout}
          </Button>
        </p>
      </PublicLayout>
    </AntApp>
  );
}
