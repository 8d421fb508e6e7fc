import { StarFilled, WarningFilled } from '@ant-design/icons';
import {
  REVIEW_STATUS_LABELS,
  REVIEWER_TYPE_LABELS,
  type Review,
  type ReviewerType,
  type ReviewStatus,
} from '@ilson/contracts';
import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koReviews } from '../../locales/ko/reviews';
import './stars.css';

const t = koReviews;
const f = t.fields;

export const REVIEW_STATUS_COLORS: Record<ReviewStatus, StatusColor> = {
  pending: 'gold',
  published: 'green',
  hidden: 'default',
};

export function ReviewStatusTag({ status }: { status: ReviewStatus }) {
  return <StatusTag status={status} labels={REVIEW_STATUS_LABELS} colors={REVIEW_STATUS_COLORS} />;
}

export const reviewPath = (review: Pick<Review, 'id'>) => screenHref('review-detail', { id: review.id });

/** Five stars, drawn, not antd's Rate: a Rate is a control (radio buttons) and may not sit inside a link or a row button. */
const STAR_SLOTS = [0, 1, 2, 3, 4];

export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  return (
    <span role="img" aria-label={t.ratingLabel(rating)} className="review-stars" style={{ fontSize: size }}>
      {STAR_SLOTS.map((slot) => (
        <StarFilled key={slot} aria-hidden className={slot < rating ? 'review-star-on' : 'review-star-off'} />
      ))}
    </span>
  );
}

export function ReportTag({ count }: { count: number }) {
  if (count === 0) return <Typography.Text type="secondary">0</Typography.Text>;
  return (
    <Tag color="red" icon={<WarningFilled />} style={{ marginInlineEnd: 0 }}>
      {t.reports(count)}
    </Tag>
  );
}

export const reviewerTypeLabel = (type: ReviewerType) => REVIEWER_TYPE_LABELS[type] ?? type;

/**
 * A review's text on one line, cut with an ellipsis at `width`, and always whole (its line breaks kept) in a
 * tooltip: a list never hides what a review says.
 */
export function ReviewExcerpt({ content, width }: { content: string; width: number | string }) {
  return (
    <Tooltip
      title={<span style={{ whiteSpace: 'pre-wrap' }}>{content}</span>}
      placement="topLeft"
      styles={{ root: { maxWidth: 480 } }}
    >
      <span
        style={{
          display: 'block',
          maxWidth: width,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {content}
      </span>
    </Tooltip>
  );
}

export const reviewColumns: ColumnsType<Review> = [
  {
    title: f.rating,
    key: 'rating',
    sorter: true,
    render: (_, review) => <Stars rating={review.rating} size={12} />,
  },
  {
    title: f.reviewerType,
    dataIndex: 'reviewerType',
    render: (type: ReviewerType) => <span style={{ whiteSpace: 'nowrap' }}>{reviewerTypeLabel(type)}</span>,
  },
  {
    title: f.employer,
    dataIndex: 'employerName',
    render: (name: string, review) => (
      <Link to={screenHref('employer-detail', { id: review.employerId })} style={{ whiteSpace: 'nowrap' }}>
        {name}
      </Link>
    ),
  },
  {
    title: f.worker,
    dataIndex: 'workerName',
    render: (name: string, review) => (
      <Link to={screenHref('worker-detail', { id: review.workerId })} style={{ whiteSpace: 'nowrap' }}>
        {name}
      </Link>
    ),
  },
  {
    title: f.excerpt,
    key: 'content',
    width: 240,
    render: (_, review) => (
      <Link to={reviewPath(review)} style={{ display: 'block' }}>
        <ReviewExcerpt content={review.content} width={220} />
      </Link>
    ),
  },
  {
    title: f.reportCount,
    key: 'report_count',
    sorter: true,
    align: 'center',
    render: (_, review) => <ReportTag count={review.reportCount} />,
  },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    render: (status: ReviewStatus) => <ReviewStatusTag status={status} />,
  },
  {
    title: f.createdAt,
    key: 'created_at',
    sorter: true,
    render: (_, review) => (
      <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatDateTime(review.createdAt)}
      </span>
    ),
  },
];
