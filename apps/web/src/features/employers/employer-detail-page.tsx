import { EditOutlined } from '@ant-design/icons';
import {
  allowedTransitions,
  EMPLOYER_STATUS_LABELS,
  EMPLOYER_TRANSITIONS,
  type Employer,
  type EmployerStatus,
  type Transition,
} from '@ilson/contracts';
import { Alert, Button, Card, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { EmptyTab } from '../../components/detail/empty-tab';
import { HistoryTab } from '../../components/detail/history-tab';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { StatusActions, type TransitionTone } from '../../components/detail/status-actions';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useTabParam } from '../../components/detail/use-tab-param';
import { useToast } from '../../components/toast';
import { useUndoToast } from '../../components/undo-toast';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { useChangeEmployerStatus, useDeleteEmployer, useEmployer, useEmployerHistory } from './api';
import { EmployerStatusTag } from './columns';
import { EmployerEdit } from './employer-edit';
import { EmployerInfo } from './employer-info';
import { EmployerPermits } from './employer-permits';

const LIST_PATH = screenHref('employer-list');
const TABS = ['info', 'permits', 'workers', 'job-posts', 'matchings', 'history'] as const;
const t = koEmployers;

function tone(transition: Transition<EmployerStatus>): TransitionTone {
  if (transition.to === 'approved') return 'primary';
  return transition.reasonRequired ? 'danger' : 'default';
}

/** The server deletes only employers that never got going (the rest are withdrawn instead). */
const DELETABLE: readonly EmployerStatus[] = ['pending', 'rejected'];

const REASON_BANNERS: Partial<Record<EmployerStatus, string>> = t.reasonBanner;

export type EmployerDetailProps = {
  /** The employer's job posts and matchings, composed in by the route (features do not import each other). */
  related?: {
    workers(employer: Employer): ReactNode;
    jobPosts(employer: Employer): ReactNode;
    matchings(employer: Employer): ReactNode;
  };
};

function EmployerView({ employer, related }: { employer: Employer } & EmployerDetailProps) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const undoToast = useUndoToast();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const history = useEmployerHistory(employer.id, tab === 'history');
  const changeStatus = useChangeEmployerStatus(employer.id);
  const remove = useDeleteEmployer(employer.id);
  const confirmDelete = useConfirmDelete();
  const canWrite = can('employers:write');
  const reasonBanner = REASON_BANNERS[employer.status];

  const handleDelete = () =>
    confirmDelete(async () => {
      await remove.mutateAsync();
      toast.success(koKit.common.deleted);
      navigate(LIST_PATH, { replace: true });
    });

  return (
    <>
      <PageHeader
        title={employer.companyName}
        tags={<EmployerStatusTag status={employer.status} />}
        extra={
          <>
            {canWrite && DELETABLE.includes(employer.status) && (
              <Button danger onClick={handleDelete}>
                {koKit.common.delete}
              </Button>
            )}
            {canWrite && (
              <Button icon={<EditOutlined />} onClick={() => navigate('?mode=edit')}>
                {koKit.common.edit}
              </Button>
            )}
            <StatusActions
              transitions={allowedTransitions(EMPLOYER_TRANSITIONS, employer.status, can)}
              current={employer.status}
              labels={EMPLOYER_STATUS_LABELS}
              tone={tone}
              onRun={async (transition, reason) => {
                const saved = await changeStatus.mutateAsync({
                  status: transition.to,
                  reason,
                  version: employer.version,
                });
                undoToast(koKit.common.statusChanged(transition.label), {
                  targetType: 'employer',
                  targetId: employer.id,
                  version: saved.version,
                });
              }}
            />
          </>
        }
      />
      {reasonBanner && employer.statusReason && (
        <Alert
          type={employer.status === 'withdrawn' ? 'info' : 'warning'}
          showIcon
          title={`${reasonBanner}: ${employer.statusReason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'info', label: koKit.detail.basicTab, children: <EmployerInfo employer={employer} /> },
            {
              key: 'permits',
              label: t.tabs.permits,
              children: tab === 'permits' ? <EmployerPermits employer={employer} /> : null,
            },
            {
              key: 'workers',
              label: t.tabs.workers,
              children: related ? related.workers(employer) : <EmptyTab />,
            },
            {
              key: 'job-posts',
              label: t.tabs.jobPosts,
              children: related ? related.jobPosts(employer) : <EmptyTab />,
            },
            {
              key: 'matchings',
              label: t.tabs.matchings,
              children: related ? related.matchings(employer) : <EmptyTab />,
            },
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

export default function EmployerDetailPage({ related }: EmployerDetailProps) {
  const id = parseId(useParams().id);
  const [searchParams] = useSearchParams();
  const result = useEmployer(id);
  const can = useCan();
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  const editing = searchParams.get('mode') === 'edit' && can('employers:write');
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(employer) =>
        editing ? (
          <EmployerEdit
            employer={employer}
            reload={async () => (await result.refetch()).data}
            exitTo={screenHref('employer-detail', { id: employer.id })}
          />
        ) : (
          <EmployerView employer={employer} related={related} />
        )
      }
    </RecordState>
  );
}
