import {
  FileTextOutlined,
  IdcardOutlined,
  MessageOutlined,
  ShopOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { MATCHING_STATUS_LABELS } from '@ilson/contracts';
import { Card, Col, Flex, Row, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { koDashboard } from '../../locales/ko/dashboard';
import type { Dashboard } from './api';
import { waitingDays } from './format';
import { dashboardLinks as links } from './links';

const t = koDashboard.kpi;
const u = koDashboard.unit;

type Kpi = {
  key: string;
  title: string;
  to: string;
  value: number;
  unit: string;
  icon: ReactNode;
  tone: string;
  /** The value in a warning colour (something is waiting too long). */
  alert?: boolean;
  foot?: ReactNode;
};

function kpisOf(data: Dashboard): Kpi[] {
  const { matchings } = data;
  const busyStatuses = matchings.byStatus.filter((row) => row.count > 0);
  const oldest = data.queues.pendingEmployers[0];
  return [
    {
      key: 'employers',
      title: t.pendingEmployers,
      to: links.pendingEmployers,
      value: data.employers.pending,
      unit: u.places,
      icon: <ShopOutlined />,
      tone: 'blue',
      foot: oldest && t.oldestWaiting(waitingDays(oldest.createdAt, data.today)),
    },
    {
      key: 'job-posts',
      title: t.pendingJobPosts,
      to: links.pendingJobPosts,
      value: data.jobPosts.pending,
      unit: u.cases,
      icon: <FileTextOutlined />,
      tone: 'cyan',
    },
    {
      key: 'visas',
      title: t.visas(data.visas.windowDays),
      to: links.visaBucket(data.visas.bucket),
      value: data.visas.expiring,
      unit: u.people,
      icon: <IdcardOutlined />,
      tone: 'orange',
      alert: data.visas.expiring > 0,
      foot: (
        <Link
          to={links.visaBucket('overdue')}
          className={data.visas.overdue > 0 ? 'dashboard-kpi-danger' : undefined}
        >
          {t.overdue(data.visas.overdue)}
        </Link>
      ),
    },
    {
      key: 'matchings',
      title: t.matchings,
      to: links.matchingsOf(matchings.month),
      value: matchings.total,
      unit: u.cases,
      icon: <TeamOutlined />,
      tone: 'purple',
      foot:
        busyStatuses.length === 0 ? (
          t.matchingsNone
        ) : (
          <Flex component="ul" wrap gap="2px 10px" className="dashboard-kpi-statuses">
            {busyStatuses.map((row) => (
              <li key={row.status}>
                <Link to={links.matchingsOf(matchings.month, row.status)}>
                  {t.statusCount(MATCHING_STATUS_LABELS[row.status], row.count)}
                </Link>
              </li>
            ))}
          </Flex>
        ),
    },
    {
      key: 'payouts',
      title: t.payouts,
      to: links.pendingPayouts,
      value: data.payouts.total,
      unit: '원',
      icon: <WalletOutlined />,
      tone: 'green',
      foot: t.payoutsCount(data.payouts.pending),
    },
    {
      key: 'reviews',
      title: t.reviews,
      to: links.moderation,
      value: data.reviews.awaiting,
      unit: u.cases,
      icon: <MessageOutlined />,
      tone: 'magenta',
      foot: t.reported(data.reviews.reported),
    },
  ];
}

function KpiCard({ kpi }: { kpi: Kpi }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" className="dashboard-kpi" hoverable>
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Link
          to={kpi.to}
          className="dashboard-kpi-link"
          aria-label={`${kpi.title} ${kpi.value.toLocaleString('ko-KR')}${kpi.unit}`}
        >
          <Statistic
            // The space keeps the visible text equal to the link's name ("승인 대기 사업주 28곳").
            title={`${kpi.title} `}
            value={kpi.value}
            suffix={kpi.unit}
            styles={{ content: kpi.alert ? { color: token.colorWarningText } : undefined }}
          />
        </Link>
        <span className={`dashboard-kpi-icon dashboard-tone-${kpi.tone}`} aria-hidden>
          {kpi.icon}
        </span>
      </Flex>
      <div className="dashboard-kpi-foot">{kpi.foot}</div>
    </Card>
  );
}

const SPAN = { xs: 24, sm: 12, lg: 8, xxl: 4 } as const;
const PLACEHOLDERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Six cards, each a link to the filtered list behind its number; skeletons until the numbers arrive. */
export function KpiCards({ data }: { data: Dashboard | undefined }) {
  return (
    <section aria-label={t.label}>
      <Row gutter={[16, 16]}>
        {data
          ? kpisOf(data).map((kpi) => (
              <Col key={kpi.key} {...SPAN}>
                <KpiCard kpi={kpi} />
              </Col>
            ))
          : PLACEHOLDERS.map((key) => (
              <Col key={key} {...SPAN}>
                <Card size="small" className="dashboard-kpi" loading />
              </Col>
            ))}
      </Row>
    </section>
  );
}
