import { nationalityLabel, REVIEW_STATUS_LABELS, type ReviewStatus } from '@ilson/contracts';
import { Card, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDay } from '../../lib/datetime';
import { koDashboard } from '../../locales/ko/dashboard';
import type { Dashboard } from './api';
import { waitingDays } from './format';
import { dashboardLinks as links } from './links';

const t = koDashboard.queues;

const REVIEW_COLORS: Record<ReviewStatus, StatusColor> = {
  pending: 'gold',
  published: 'green',
  hidden: 'default',
};

function visaColor(daysLeft: number): StatusColor {
  if (daysLeft <= 7) return 'red';
  if (daysLeft <= 30) return 'orange';
  return 'blue';
}

type Item = { key: number; to: string; title: string; meta: ReactNode; aside: ReactNode };

function QueueCard(props: { title: string; more: string; items: Item[]; empty: string; loading: boolean }) {
  return (
    <Card
      size="small"
      title={props.title}
      extra={<Link to={props.more}>{t.viewAll}</Link>}
      loading={props.loading}
      className="dashboard-queue"
    >
      {props.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
      ) : (
        <ol aria-label={props.title} className="dashboard-queue-list">
          {props.items.map((item) => (
            <li key={item.key}>
              <Flex justify="space-between" align="center" gap={8}>
                <Link to={item.to} className="dashboard-queue-title" title={item.title}>
                  {item.title}
                </Link>
                <span className="dashboard-queue-aside">{item.aside}</span>
              </Flex>
              <Typography.Text type="secondary" className="dashboard-queue-meta">
                {item.meta}
              </Typography.Text>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function employerItems(data: Dashboard): Item[] {
  return data.queues.pendingEmployers.map((row) => {
    const day = formatDay(row.createdAt);
    return {
      key: row.id,
      to: links.employer(row.id),
      title: row.companyName,
      meta: [row.branchName, day].filter(Boolean).join(' · '),
      aside: (
        <Tag style={{ marginInlineEnd: 0 }}>
          {t.employers.waiting(waitingDays(row.createdAt, data.today))}
        </Tag>
      ),
    };
  });
}

function visaItems(data: Dashboard): Item[] {
  return data.queues.expiringVisas.map((row) => ({
    key: row.id,
    to: links.worker(row.id),
    title: row.name,
    meta: [
      `${nationalityLabel(row.nationality)} · ${row.visaType}`,
      t.visas.expires(row.visaExpiryDate),
    ].join(' · '),
    aside: (
      <Tag color={visaColor(row.daysLeft)} style={{ marginInlineEnd: 0 }}>
        {t.visas.dday(row.daysLeft)}
      </Tag>
    ),
  }));
}

function reviewItems(data: Dashboard): Item[] {
  return data.queues.reportedReviews.map((row) => ({
    key: row.id,
    to: links.review(row.id),
    title: row.excerpt,
    meta: t.reviews.parties(row.employerName, row.workerName),
    aside: (
      <Flex gap={4}>
        <StatusTag status={row.status} labels={REVIEW_STATUS_LABELS} colors={REVIEW_COLORS} />
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {t.reviews.reports(row.reportCount)}
        </Tag>
      </Flex>
    ),
  }));
}

/** What needs doing first: the longest-waiting employers, the nearest visa expiries, the most reported reviews. */
export function TodoQueues({ data }: { data: Dashboard | undefined }) {
  const loading = !data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <QueueCard
          title={t.employers.title}
          more={links.pendingEmployers}
          items={data ? employerItems(data) : []}
          empty={t.employers.empty}
          loading={loading}
        />
      </Col>
      <Col xs={24} lg={8}>
        <QueueCard
          title={t.visas.title}
          more={links.visaBoard}
          items={data ? visaItems(data) : []}
          empty={t.visas.empty}
          loading={loading}
        />
      </Col>
      <Col xs={24} lg={8}>
        <QueueCard
          title={t.reviews.title}
          more={links.moderation}
          items={data ? reviewItems(data) : []}
          empty={t.reviews.empty}
          loading={loading}
        />
      </Col>
    </Row>
  );
}
