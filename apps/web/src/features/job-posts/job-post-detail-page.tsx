import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  allowedTransitions,
  JOB_POST_STATUS_LABELS,
  JOB_POST_TRANSITIONS,
  type JobPost,
  type JobPostStatus,
  type Transition,
} from '@ilson/contracts';
import { Alert, Button, Card, Col, Row, Statistic, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { StatusActions, type TransitionTone } from '../../components/detail/status-actions';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useTabParam } from '../../components/detail/use-tab-param';
import { useToast } from '../../components/toast';
import { useUndoToast } from '../../components/undo-toast';
import { PageHeader } from '../../layout/page-header';
import { daysUntil } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { useChangeJobPostStatus, useDeleteJobPost, useJobPost, useJobPostHistory } from './api';
import { JobPostStatusTag } from './columns';
import { JobPostInfo } from './job-post-info';

const LIST_PATH = screenHref('job-post-list');
const TABS = ['info', 'matchings', 'history'] as const;
const t = koJobPosts;

/** The server deletes any post but an active one (closed first), while no matching on it is under way. */
const DELETABLE: readonly JobPostStatus[] = ['draft', 'pending', 'rejected', 'suspended', 'closed'];

function tone(transition: Transition<JobPostStatus>): TransitionTone {
  if (transition.to === 'active' || transition.to === 'pending') return 'primary';
  return transition.reasonRequired ? 'danger' : 'default';
}

export type JobPostDetailProps = {
  /** The post's matchings, composed in by the route (features do not import each other). */
  matchingsTab?: (post: JobPost) => ReactNode;
};

function KeyFigures({ post }: { post: JobPost }) {
  const days = post.deadline ? daysUntil(post.deadline) : null;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t.stats.views} value={post.viewCount} />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic title={t.stats.filled} value={post.filledCount} suffix={`/ ${post.headcount}명`} />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic
            title={t.stats.hourly}
            value={post.hourlyEquivalent ?? undefined}
            formatter={(value) =>
              value === undefined ? koKit.common.none : Number(value).toLocaleString('ko-KR')
            }
            suffix={post.hourlyEquivalent !== null ? '원' : undefined}
          />
        </Card>
      </Col>
      <Col xs={12} lg={6}>
        <Card size="small">
          <Statistic
            title={t.stats.deadline}
            value={post.deadline ?? t.deadlineNone}
            suffix={
              days !== null && days >= 0 && post.status === 'active'
                ? `(${days === 0 ? t.dDay.today : t.dDay.left(days)})`
                : undefined
            }
          />
        </Card>
      </Col>
    </Row>
  );
}

function JobPostView({ post, matchingsTab }: { post: JobPost } & JobPostDetailProps) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const undoToast = useUndoToast();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const history = useJobPostHistory(post.id, tab === 'history');
  const changeStatus = useChangeJobPostStatus(post.id);
  const remove = useDeleteJobPost(post.id);
  const confirmDelete = useConfirmDelete();
  const canWrite = can('job_posts:write');
  const reason =
    post.status === 'rejected' ? post.rejectReason : post.status === 'suspended' ? post.statusReason : null;
  const reasonLabel = (t.reasonBanner as Partial<Record<JobPostStatus, string>>)[post.status];
  const employerBlocks =
    post.employerStatus !== 'approved' && (post.status === 'pending' || post.status === 'suspended');

  const handleDelete = () =>
    confirmDelete(async () => {
      await remove.mutateAsync();
      toast.success(koKit.common.deleted);
      navigate(LIST_PATH, { replace: true });
    });

  return (
    <>
      <PageHeader
        title={post.title}
        tags={<JobPostStatusTag status={post.status} />}
        extra={
          <>
            {canWrite && DELETABLE.includes(post.status) && (
              <Button danger onClick={handleDelete}>
                {koKit.common.delete}
              </Button>
            )}
            {canWrite && post.status !== 'closed' && (
              <Button
                icon={<EditOutlined />}
                onClick={() => navigate(screenHref('job-post-edit', { id: post.id }))}
              >
                {koKit.common.edit}
              </Button>
            )}
            {can('matchings:write') && post.status === 'active' && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => navigate(screenHref('matching-new', { job_post_id: post.id }))}
              >
                {t.newMatching}
              </Button>
            )}
            <StatusActions
              transitions={allowedTransitions(JOB_POST_TRANSITIONS, post.status, can)}
              current={post.status}
              labels={JOB_POST_STATUS_LABELS}
              tone={tone}
              onRun={async (transition, reasonText) => {
                const saved = await changeStatus.mutateAsync({
                  status: transition.to,
                  reason: reasonText,
                  version: post.version,
                });
                undoToast(koKit.common.statusChanged(transition.label), {
                  targetType: 'job_post',
                  targetId: post.id,
                  version: saved.version,
                });
              }}
            />
          </>
        }
      />
      {employerBlocks && (
        <Alert type="warning" showIcon title={t.employerNotApproved} style={{ marginBottom: 16 }} />
      )}
      {reason && reasonLabel && (
        <Alert type="warning" showIcon title={`${reasonLabel}: ${reason}`} style={{ marginBottom: 16 }} />
      )}
      <KeyFigures post={post} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'info', label: t.tabs.info, children: <JobPostInfo post={post} /> },
            ...(matchingsTab
              ? [{ key: 'matchings', label: t.tabs.matchings, children: matchingsTab(post) }]
              : []),
            {
              key: 'history',
              label: koKit.detail.historyTab,
              children: <HistoryTab result={history} fieldLabels={t.fields} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function JobPostDetailPage({ matchingsTab }: JobPostDetailProps) {
  const id = parseId(useParams().id);
  const result = useJobPost(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(post) => <JobPostView post={post} matchingsTab={matchingsTab} />}
    </RecordState>
  );
}
