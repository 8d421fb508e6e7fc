import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Result, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { classifyError } from '../../api/errors';
import { DISPLAY_TIME_ZONE, todayInSeoul } from '../../lib/datetime';
import { koDashboard } from '../../locales/ko/dashboard';
import { type Dashboard, useDashboard } from './api';
import { NationalityChart, TrendChart } from './dashboard-charts';
import { KpiCards } from './kpi-cards';
import { dashboardLinks as links } from './links';
import { TodoQueues } from './todo-queues';
import './dashboard.css';

const t = koDashboard;

const CHART_HEIGHT = 280;

function ChartCard(props: {
  title: string;
  label: string;
  extra?: ReactNode;
  empty?: string;
  children: ReactNode;
}) {
  return (
    <Card size="small" title={props.title} extra={props.extra} className="dashboard-chart">
      {props.empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={props.empty}
          style={{
            height: CHART_HEIGHT,
            margin: 0,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
          }}
        />
      ) : (
        <figure aria-label={props.label} style={{ margin: 0, minWidth: 0, height: CHART_HEIGHT }}>
          {props.children}
        </figure>
      )}
    </Card>
  );
}

/** December looks at next year's rate (it takes effect on 1 January), the other months at this year's. */
function wageYear(): number {
  const today = todayInSeoul();
  const year = Number(today.slice(0, 4));
  return today.slice(5, 7) === '12' ? year + 1 : year;
}

function Charts({ data }: { data: Dashboard | undefined }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={16}>
        {data ? (
          <ChartCard
            title={t.trend.title}
            label={t.trend.chartLabel}
            extra={
              <Space size={12} wrap>
                <Link to={links.belowMinimumWage(wageYear())}>{t.trend.belowMinimumWage(wageYear())}</Link>
                <Link to={links.matchingStats}>{t.trend.more}</Link>
              </Space>
            }
          >
            <TrendChart data={data.monthly} />
          </ChartCard>
        ) : (
          <Card size="small" loading className="dashboard-chart" />
        )}
      </Col>
      <Col xs={24} xl={8}>
        {data ? (
          <ChartCard
            title={t.nationality.title}
            label={t.nationality.chartLabel}
            extra={<Typography.Text type="secondary">{t.nationality.hint}</Typography.Text>}
            empty={data.byNationality.length === 0 ? t.nationality.empty : undefined}
          >
            <NationalityChart data={data.byNationality} />
          </ChartCard>
        ) : (
          <Card size="small" loading className="dashboard-chart" />
        )}
      </Col>
    </Row>
  );
}

/**
 * The time of the numbers on screen — when the server computed them (it reuses them for up to a minute) — and a
 * button to take them again.
 */
export function DashboardRefresh() {
  const result = useDashboard();
  const asOf = result.data?.asOf ?? (result.dataUpdatedAt > 0 ? result.dataUpdatedAt : undefined);
  return (
    <>
      {asOf !== undefined && (
        <Typography.Text type="secondary">
          {t.asOf(dayjs(asOf).tz(DISPLAY_TIME_ZONE).format('HH:mm'))}
        </Typography.Text>
      )}
      <Button
        size="small"
        icon={<ReloadOutlined />}
        loading={result.isFetching}
        onClick={() => void result.refetch()}
      >
        {t.refresh}
      </Button>
    </>
  );
}

export function DashboardBody() {
  const result = useDashboard();
  const { data, error } = result;
  const retry = () => void result.refetch();

  if (!data && error) {
    return (
      <Result
        status="warning"
        title={t.error.title}
        subTitle={classifyError(error).message}
        extra={
          <Button type="primary" loading={result.isFetching} onClick={retry}>
            {t.error.retry}
          </Button>
        }
      />
    );
  }
  return (
    <div className="dashboard" aria-busy={!data}>
      {data && error && (
        <Alert
          type="warning"
          showIcon
          title={classifyError(error).message}
          action={
            <Button size="small" onClick={retry}>
              {t.error.retry}
            </Button>
          }
        />
      )}
      {data?.privacyRequests && data.privacyRequests.overdue > 0 && (
        <Alert
          type="error"
          showIcon
          title={t.privacyOverdue(data.privacyRequests.overdue)}
          action={<Link to={links.overduePrivacyRequests}>{t.privacyOpen}</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
      <KpiCards data={data} />
      <Charts data={data} />
      <TodoQueues data={data} />
    </div>
  );
}
