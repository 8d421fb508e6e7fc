import {
  REVIEW_STATUS_LABELS,
  type Review,
  type ReviewStatus,
  reviewTransitionsFor,
  type Transition,
} from '@ilson/contracts';
import { Alert, Card, Col, Flex, Row, Tabs, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { InfoSection } from '../../components/detail/info-section';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { StatusActions, type TransitionTone } from '../../components/detail/status-actions';
import { useTabParam } from '../../components/detail/use-tab-param';
import { useUndoToast } from '../../components/undo-toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koReviews } from '../../locales/ko/reviews';
import { useChangeReviewStatus, useReview, useReviewHistory } from './api';
import { ReportTag, ReviewStatusTag, reviewerTypeLabel, Stars } from './columns';

const LIST_PATH = screenHref('review-list');
const TABS = ['info', 'history'] as const;
const t = koReviews;
const f = t.fields;
const none = koKit.common.none;

function tone(transition: Transition<ReviewStatus>): TransitionTone {
  return transition.to === 'published' ? 'primary' : 'danger';
}

function ReviewInfo({ review }: { review: Review }) {
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={14}>
        <Card size="small" title={t.sections.review}>
          <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }}>
            <Stars rating={review.rating} size={20} />
            <Typography.Text strong>{review.rating}점</Typography.Text>
            <Typography.Text type="secondary">{reviewerTypeLabel(review.reviewerType)}</Typography.Text>
          </Flex>
          <Typography.Paragraph
            style={{ fontSize: 16, lineHeight: 1.75, whiteSpace: 'pre-wrap', marginBottom: 8 }}
          >
            {review.content}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{formatDateTime(review.createdAt)}</Typography.Text>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <InfoSection
          title={t.sections.parties}
          items={[
            {
              key: 'matching',
              label: f.matchingId,
              span: 'filled',
              children: (
                <Link to={screenHref('matching-detail', { id: review.matchingId })}>
                  {t.matchingLink(review.matchingId)}
                </Link>
              ),
            },
            {
              key: 'employer',
              label: f.employer,
              span: 'filled',
              children: (
                <Link to={screenHref('employer-detail', { id: review.employerId })}>
                  {review.employerName}
                </Link>
              ),
            },
            {
              key: 'worker',
              label: f.worker,
              span: 'filled',
              children: (
                <Link to={screenHref('worker-detail', { id: review.workerId })}>{review.workerName}</Link>
              ),
            },
            {
              key: 'reports',
              label: f.reportCount,
              span: 'filled',
              children: <ReportTag count={review.reportCount} />,
            },
          ]}
        />
        <InfoSection
          title={t.sections.moderation}
          items={[
            {
              key: 'moderatedBy',
              label: f.moderatedBy,
              span: 'filled',
              children: review.moderatedByName ?? t.notModerated,
            },
            {
              key: 'moderatedAt',
              label: f.moderatedAt,
              span: 'filled',
              children: review.moderatedAt ? formatDateTime(review.moderatedAt) : none,
            },
            {
              key: 'reason',
              label: f.moderationReason,
              span: 'filled',
              children: review.moderationReason ?? none,
            },
          ]}
        />
      </Col>
    </Row>
  );
}

function ReviewView({ review }: { review: Review }) {
  const can = useCan();
  const undoToast = useUndoToast();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const history = useReviewHistory(review.id, tab === 'history');
  const change = useChangeReviewStatus();

  return (
    <>
      <PageHeader
        title={`${review.employerName} · ${review.workerName}`}
        tags={
          <>
            <ReviewStatusTag status={review.status} />
            {review.reportCount > 0 && <ReportTag count={review.reportCount} />}
          </>
        }
        extra={
          <StatusActions
            transitions={reviewTransitionsFor(review, can)}
            current={review.status}
            labels={REVIEW_STATUS_LABELS}
            tone={tone}
            onRun={async (transition, reason) => {
              const saved = await change.mutateAsync({
                id: review.id,
                body: { status: transition.to, reason, version: review.version },
              });
              undoToast(koKit.common.statusChanged(transition.label), {
                targetType: 'review',
                targetId: review.id,
                version: saved.version,
              });
            }}
          />
        }
      />
      {review.status === 'hidden' && review.moderationReason && (
        <Alert
          type="warning"
          showIcon
          title={`${t.hideReasonTitle}: ${review.moderationReason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'info', label: koKit.detail.basicTab, children: <ReviewInfo review={review} /> },
            {
              key: 'history',
              label: koKit.detail.historyTab,
              children: <HistoryTab result={history} fieldLabels={f} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function ReviewDetailPage() {
  const id = parseId(useParams().id);
  const result = useReview(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(review) => <ReviewView review={review} />}
    </RecordState>
  );
}
