import { settingsApi } from '@ilson/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions } from 'antd';
import { useEffect } from 'react';
import { endpointQuery } from '../../api/endpoint';
import { LOGIN_PATH } from '../../auth/page-handoff';
import { PublicLayout } from '../../components/public-layout';
import { Spinner } from '../../components/spinners';
import { ko } from '../../locales/ko/common';
import { AntdProvider } from '../antd-provider';

const t = ko.forgotPassword;

/** /forgot-password: admins do not reset their own password; a super admin does, so show whom to ask. */
/** With antd around it: the plain login page loads none (docs/wire.md#the-login-page), this one brings its own. */
export default function ForgotPasswordPage() {
  return (
    <AntdProvider>
      <ForgotPassword />
    </AntdProvider>
  );
}

function ForgotPassword() {
  const settings = useQuery({
    ...endpointQuery(settingsApi.public, {}),
    meta: { errorToast: false },
  });

  useEffect(() => {
    document.title = ko.app.documentTitle(t.title);
  }, []);

  const contact = settings.data;

  return (
    <PublicLayout title={t.title} width={480}>
      <p style={{ margin: '0 0 24px' }}>{t.description}</p>
      {settings.isPending && <Spinner />}
      {settings.isError && <Alert type="warning" showIcon title={t.contactUnavailable} />}
      {contact && (
        <Descriptions
          title={t.contactTitle}
          column={1}
          bordered
          size="small"
          items={[
            { key: 'name', label: t.contactName, children: contact.contactName || t.none },
            {
              key: 'email',
              label: t.contactEmail,
              children: contact.contactEmail ? (
                <a href={`mailto:${contact.contactEmail}`}>{contact.contactEmail}</a>
              ) : (
                t.none
              ),
            },
            { key: 'phone', label: t.contactPhone, children: contact.contactPhone || t.none },
          ]}
        />
      )}
      <p style={{ margin: '24px 0 0', textAlign: 'center' }}>
        {/* The login is a page of its own (docs/wire.md#the-login-page): a full navigation. */}
        <a href={LOGIN_PATH}>{t.backToLogin}</a>
      </p>
    </PublicLayout>
  );
}
