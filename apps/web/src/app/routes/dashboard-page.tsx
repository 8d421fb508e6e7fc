import { ROLE_LABELS } from '@ilson/contracts';
import { Card, Space, Typography } from 'antd';
import { useSession } from '../../auth/session-context';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { ko } from '../../locales/ko';

export default function DashboardPage() {
  const { user } = useSession();
  const t = ko.dashboard;
  return (
    <>
      <PageHeader />
      {user && (
        <Card>
          <Space orientation="vertical" size={4}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t.welcome(user.name)}
            </Typography.Title>
            <Typography.Text type="secondary">
              {t.roleLine(ROLE_LABELS[user.role] ?? user.role)}
            </Typography.Text>
            {user.lastLoginAt && (
              <Typography.Text type="secondary">
                {t.lastLogin(formatDateTime(user.lastLoginAt))}
              </Typography.Text>
            )}
          </Space>
        </Card>
      )}
    </>
  );
}
