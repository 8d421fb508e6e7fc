import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../layout/page-header';
import { koAdmins } from '../../locales/ko/admins';
import { koAudit } from '../../locales/ko/audit-logs';
import { ko } from '../../locales/ko/common';
import { koKit } from '../../locales/ko/kit';

/**
 * A screen the signed-in role may not open, reached by its address (docs/web-app.md#screens): its title, and
 * why it stays closed. Its own chunk, so the shell does not carry antd's illustrations.
 */
/** Screens with more to say than the general line. */
const REASONS: Record<string, string> = {
  'settings-admins': koAdmins.forbidden,
  'settings-logs': koAudit.forbidden,
};

export default function ForbiddenScreen({ screenId }: { screenId: string }) {
  const reason = REASONS[screenId];
  return (
    <>
      <PageHeader />
      <Result
        status="403"
        title={koKit.detail.forbiddenTitle}
        subTitle={reason ?? ko.pages.forbiddenDescription}
        extra={
          <Link to="/dashboard">
            <Button type="primary">{ko.pages.backToDashboard}</Button>
          </Link>
        }
      />
    </>
  );
}
