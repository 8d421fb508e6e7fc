import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import {
  allowedTransitions,
  nationalityLabel,
  RESUME_STATUS_LABELS,
  RESUME_TRANSITIONS,
  type Resume,
} from '@ilson/contracts';
import { Alert, Button, Card, Descriptions, Tabs } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { StatusActions } from '../../components/detail/status-actions';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useTabParam } from '../../components/detail/use-tab-param';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koResumes } from '../../locales/ko/resumes';
import { useChangeResumeStatus, useDeleteResume, useRestoreResume, useResume, useResumeHistory } from './api';
import { ResumeStatusTag, VisibilityTag } from './columns';
import { ResumeEditor } from './resume-editor';
import { ResumeView } from './resume-view';
import './resumes.css';

const LIST_PATH = screenHref('resume-list');
const TABS = ['resume', 'history'] as const;
const t = koResumes;
const f = t.fields;

const HISTORY_LABELS: Record<string, string> = {
  ...f,
  ...t.sections,
  status: f.status,
  isDeleted: t.deletedTag,
};

function Summary({ resume: r }: { resume: Resume }) {
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'code', label: f.resumeId, children: r.resumeId },
          {
            key: 'worker',
            label: f.worker,
            children: (
              <>
                <Link to={screenHref('worker-detail', { id: r.workerId })}>{r.workerName}</Link>
                {` · ${nationalityLabel(r.workerNationality)}`}
              </>
            ),
          },
          { key: 'visibility', label: f.visibility, children: <VisibilityTag visibility={r.visibility} /> },
          { key: 'views', label: f.viewsCount, children: `${r.viewsCount.toLocaleString('ko-KR')}회` },
          {
            key: 'lastViewed',
            label: f.lastViewedAt,
            children: r.lastViewedAt ? formatDateTime(r.lastViewedAt) : t.never,
          },
          { key: 'created', label: f.createdAt, children: formatDateTime(r.createdAt) },
          { key: 'updated', label: f.updatedAt, children: formatDateTime(r.updatedAt) },
          {
            key: 'all',
            label: t.viewWorkerResumes,
            children: (
              <Link to={screenHref('resume-of-worker', { workerId: r.workerId })}>
                {t.workerResumes(r.workerName)}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}

function ResumeDetail({ resume }: { resume: Resume }) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const [tab, setTab] = useTabParam(TABS, 'resume');
  const history = useResumeHistory(resume.id, tab === 'history');
  const changeStatus = useChangeResumeStatus(resume.id);
  const remove = useDeleteResume(resume.id);
  const restore = useRestoreResume(resume.id);
  const canWrite = can('resumes:write');

  const handleDelete = () =>
    confirmDelete(
      async () => {
        await remove.mutateAsync();
        toast.success(koKit.common.deleted);
      },
      { content: t.deleteBody },
    );

  const handleRestore = async () => {
    await restore.mutateAsync();
    toast.success(t.restored);
  };

  return (
    <>
      <PageHeader
        title={t.title(resume.workerName)}
        tags={<ResumeStatusTag resume={resume} />}
        extra={
          canWrite &&
          (resume.isDeleted ? (
            <Button
              type="primary"
              icon={<UndoOutlined />}
              loading={restore.isPending}
              onClick={() => void handleRestore().catch(() => undefined)}
            >
              {t.restore}
            </Button>
          ) : (
            <>
              <Button danger onClick={handleDelete}>
                {koKit.common.delete}
              </Button>
              <Button icon={<EditOutlined />} onClick={() => navigate('?mode=edit')}>
                {koKit.common.edit}
              </Button>
              <StatusActions
                transitions={allowedTransitions(RESUME_TRANSITIONS, resume.status, can)}
                current={resume.status}
                labels={RESUME_STATUS_LABELS}
                tone={(transition) =>
                  transition.to === 'active' ? 'primary' : transition.reasonRequired ? 'danger' : 'default'
                }
                onRun={async (transition, reason) => {
                  await changeStatus.mutateAsync({ status: transition.to, reason, version: resume.version });
                  toast.success(koKit.common.statusChanged(transition.label));
                }}
              />
            </>
          ))
        }
      />
      {resume.isDeleted && (
        <Alert type="warning" showIcon title={t.deletedBanner} style={{ marginBottom: 16 }} />
      )}
      <Summary resume={resume} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'resume',
              label: t.tabResume,
              children: <ResumeView resume={resume} />,
            },
            {
              key: 'history',
              label: koKit.detail.historyTab,
              children: <HistoryTab result={history} fieldLabels={HISTORY_LABELS} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

export default function ResumeDetailPage() {
  const id = parseId(useParams().id);
  const [searchParams] = useSearchParams();
  const result = useResume(id);
  const can = useCan();
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  const editing = searchParams.get('mode') === 'edit' && can('resumes:write');
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(resume) =>
        editing && !resume.isDeleted ? (
          <ResumeEditor
            resume={resume}
            reload={async () => (await result.refetch()).data}
            exitTo={screenHref('resume-detail', { id: resume.id })}
          />
        ) : (
          <ResumeDetail resume={resume} />
        )
      }
    </RecordState>
  );
}
