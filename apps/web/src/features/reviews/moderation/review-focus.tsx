import { ArrowRightOutlined, ExportOutlined } from '@ant-design/icons';
import type { Review } from '@ilson/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/datetime';
import { screenHref } from '../../../lib/screen-paths';
import { koModeration } from '../../../locales/ko/reviews';
import { ReviewStatusTag, reviewerTypeLabel, Stars } from '../columns';
import { ageOf } from './age';
import { Kbd } from './kbd';

const t = koModeration;

type ReviewFocusProps = {
  review: Review;
  position: string;
  skipped: boolean;
  /** The decision buttons, or the reason being typed. */
  children: ReactNode;
};

/** The review being moderated, shown large: rating, content, parties, reports, age. */
export function ReviewFocus({ review, position, skipped, children }: ReviewFocusProps) {
  const employer = {
    name: review.employerName,
    path: screenHref('employer-detail', { id: review.employerId }),
  };
  const worker = { name: review.workerName, path: screenHref('worker-detail', { id: review.workerId }) };
  const [from, to] = review.reviewerType === 'employer' ? [employer, worker] : [worker, employer];
  return (
    <Card
      className="moderation-focus"
      title={
        <Flex align="center" gap={8} wrap>
          <Typography.Text type="secondary" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {position}
          </Typography.Text>
          <ReviewStatusTag status={review.status} />
          {review.reportCount > 0 && <Tag color="red">{t.reported(review.reportCount)}</Tag>}
          {skipped && <Tag>{t.skipped}</Tag>}
        </Flex>
      }
      extra={
        <Link to={screenHref('review-detail', { id: review.id })} target="_blank">
          {t.openDetail} <ExportOutlined />
        </Link>
      }
    >
      <section aria-label={t.currentReview}>
        <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <Stars rating={review.rating} size={24} />
          <Typography.Text strong style={{ fontSize: 18 }}>
            {review.rating}점
          </Typography.Text>
        </Flex>
        <Typography.Paragraph className="moderation-content">{review.content}</Typography.Paragraph>
        <Flex gap={24} wrap className="moderation-meta">
          <span>
            <Typography.Text type="secondary">{t.parties} </Typography.Text>
            <Link to={from.path}>{from.name}</Link>
            <ArrowRightOutlined style={{ margin: '0 6px', fontSize: 12, color: '#8c8c8c' }} />
            <Link to={to.path}>{to.name}</Link>
            <Typography.Text type="secondary"> ({reviewerTypeLabel(review.reviewerType)})</Typography.Text>
          </span>
          <Typography.Text type="secondary" title={formatDateTime(review.createdAt)}>
            {t.age(ageOf(review.createdAt))}
          </Typography.Text>
        </Flex>
      </section>
      <div className="moderation-actions">{children}</div>
    </Card>
  );
}

export function ActionButton({
  label,
  shortcut,
  onClick,
  kind,
}: {
  label: string;
  shortcut: string;
  onClick(): void;
  kind: 'primary' | 'danger' | 'default';
}) {
  return (
    <Button
      size="large"
      type={kind === 'primary' ? 'primary' : 'default'}
      danger={kind === 'danger'}
      onClick={onClick}
      aria-keyshortcuts={shortcut}
    >
      {label} <Kbd>{shortcut}</Kbd>
    </Button>
  );
}
