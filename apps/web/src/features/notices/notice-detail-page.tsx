import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import {
  allowedTransitions,
  NOTICE_STATUS_LABELS,
  NOTICE_TRANSITIONS,
  type Notice,
  type NoticeStatus,
  type Transition,
} from '@ilson/contracts';
import { Alert, Button, Card, Col, Descriptions, Row, Tabs, Typography } from 'antd';
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
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koNotices } from '../../locales/ko/notices';
import { useChangeNoticeStatus, useDeleteNotice, useNotice, useNoticeHistory } from './api';
import { AudienceTag, NoticeStatusTags, PinMark } from './columns';
import { NoticeContent } from './notice-content';

const LIST_PATH = screenHref('notice-list');
const TABS = ['content', 'history'] as const;
const t = koNotices;
const f = t.fields;
const none = koKit.common.none;

function tone(transition: Transition<NoticeStatus>): TransitionTone {
  if (transition.to === 'published') return 'primary';
  return transition.to === 'hidden' ? 'danger' : 'default';
}

function NoticeMeta({ notice }: { notice: Notice }) {
  return (
    <Descriptions
      size="small"
      column={1}
      styles={{ label: { width: 110 } }}
      items={[
        { key: 'audience', label: f.audience, children: <AudienceTag audience={notice.audience} /> },
        { key: 'author', label: f.author, children: notice.authorName ?? none },
        {
          key: 'views',
          label: f.viewCount,
          children: (
            <span>
              <EyeOutlined style={{ marginInlineEnd: 6 }} />
              {notice.viewCount.toLocaleString('ko-KR')}
            </span>
          ),
        },
        {
          key: 'publishedAt',
          label: notice.isScheduled ? f.publishAt : f.publishedAt,
          children: notice.publishedAt ? formatDateTime(notice.publishedAt) : none,
        },
        {
          key: 'isPinned',
          label: f.isPinned,
          children: notice.isPinned ? koKit.common.yes : koKit.common.no,
        },
        { key: 'createdAt', label: f.createdAt, children: formatDateTime(notice.createdAt) },
        { key: 'updatedAt', label: f.updatedAt, children: formatDateTime(notice.updatedAt) },
      ]}
    />
  );
}

function NoticeView({ notice }: { notice: Notice }) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const undoToast = useUndoToast();
  const [tab, setTab] = useTabParam(TABS, 'content');
  const history = useNoticeHistory(notice.id, tab === 'history');
  const changeStatus = useChangeNoticeStatus(notice.id);
  const remove = useDeleteNotice(notice.id);
  const confirmDelete = useConfirmDelete();
  const canWrite = can('notices:write');

  const handleDelete = () =>
    confirmDelete(async () => {
      await remove.mutateAsync();
      toast.success(koKit.common.deleted);
      navigate(LIST_PATH, { replace: true });
    });

  return (
    <>
      <PageHeader
        title={notice.title}
        tags={
          <>
            {notice.isPinned && <PinMark />}
            <NoticeStatusTags notice={notice} />
          </>
        }
        extra={
          <>
            {canWrite && (
              <Button danger onClick={handleDelete}>
                {koKit.common.delete}
              </Button>
            )}
            {canWrite && (
              <Button
                icon={<EditOutlined />}
                onClick={() => navigate(screenHref('notice-edit', { id: notice.id }))}
              >
                {koKit.common.edit}
              </Button>
            )}
            <StatusActions
              transitions={allowedTransitions(NOTICE_TRANSITIONS, notice.status, can)}
              current={notice.status}
              labels={NOTICE_STATUS_LABELS}
              tone={tone}
              onRun={async (transition, reason) => {
                const saved = await changeStatus.mutateAsync({
                  status: transition.to,
                  reason,
                  version: notice.version,
                });
                undoToast(koKit.common.statusChanged(transition.label), {
                  targetType: 'notice',
                  targetId: notice.id,
                  version: saved.version,
                });
              }}
            />
          </>
        }
      />
      {notice.isScheduled && notice.publishedAt && (
        <Alert
          type="info"
          showIcon
          title={t.scheduledBanner(formatDateTime(notice.publishedAt))}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'content',
              label: t.tabs.content,
              children: (
                <Row gutter={[32, 24]}>
                  <Col xs={24} xl={17}>
                    <Typography.Title level={3} style={{ marginTop: 0 }}>
                      {notice.title}
                    </Typography.Title>
                    <div style={{ maxWidth: 860 }}>
                      <NoticeContent html={notice.content} />
                    </div>
                  </Col>
                  <Col xs={24} xl={7}>
                    <Card size="small" title={t.sections.info}>
                      <NoticeMeta notice={notice} />
                    </Card>
                  </Col>
                </Row>
              ),
            },
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

export default function NoticeDetailPage() {
  const id = parseId(useParams().id);
  const result = useNotice(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(notice) => <NoticeView notice={notice} />}
    </RecordState>
  );
}
