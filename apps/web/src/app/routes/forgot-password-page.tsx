import { settingsApi } from '@ilson/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '../../api/endpoint';
import { PublicLayout } from '../../components/public-layout';
import { Spinner } from '../../components/spinners';
import { ko } from '../../locales/ko/common';
import { AntdProvider } from '../antd-provider';

const t = ko.forgotPassword;

/** /forgot-password: admins do not reset their own password; a super admin does, so show whom to ask. */
/** With antd around it: the login route loads none (docs/web-app.md#first-load), this one brings its own. */
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
        <Link to="/login">{t.backToLogin}</Link>
      </p>
    </PublicLayout>
  );
}
