import { ROLE_LABELS } from '@ilson/contracts';
import { Flex, Typography } from 'antd';
import { useSession } from '../../auth/session-context';
import { DashboardBody, DashboardRefresh } from '../../features/dashboard/dashboard';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { koDashboard } from '../../locales/ko/dashboard';

const t = koDashboard;

/** Who is signed in, in one line: name, role, and when they last signed in. */
function Welcome() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <Flex component="p" wrap gap="0 12px" align="baseline" style={{ margin: '0 0 16px' }}>
      <Typography.Text strong>{t.welcome(user.name)}</Typography.Text>
      <Typography.Text type="secondary">{t.roleLine(ROLE_LABELS[user.role] ?? user.role)}</Typography.Text>
      {user.lastLoginAt && (
        <Typography.Text type="secondary">{t.lastLogin(formatDateTime(user.lastLoginAt))}</Typography.Text>
      )}
    </Flex>
  );
}

export default function DashboardPage() {
  return (
    <>
      <PageHeader
        extra={
          <Flex align="center" gap={8}>
            <DashboardRefresh />
          </Flex>
        }
      />
      <Welcome />
      <DashboardBody />
    </>
  );
}
