import { EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { allowedTransitions, WORKER_STATUS_LABELS, WORKER_TRANSITIONS, type Worker } from '@ilson/contracts';
import { Button, Card, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { EmptyTab } from '../../components/detail/empty-tab';
import { HistoryTab } from '../../components/detail/history-tab';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { StatusActions } from '../../components/detail/status-actions';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useTabParam } from '../../components/detail/use-tab-param';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { daysUntil } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { useChangeWorkerStatus, useDeleteWorker, useWorker, useWorkerHistory } from './api';
import { DdayTag, displayName, WorkerStatusTag } from './columns';
import { ExtensionModal, type ExtensionTarget } from './extension-modal';
import { ReentryModal } from './reentry-modal';
import { WorkerEdit } from './worker-edit';
import { WorkerInfo } from './worker-info';
import { WorkplaceChangesSection } from './workplace-changes';

const LIST_PATH = screenHref('worker-list');
const TABS = ['info', 'matchings', 'history'] as const;
const t = koWorkers;

function extensionTarget(worker: Worker): ExtensionTarget {
  return {
    id: worker.id,
    version: worker.version,
    name: displayName(worker),
    visaExpiryDate: worker.visaExpiryDate,
    extensionStatus: worker.extensionStatus,
    extensionAppliedAt: worker.extensionAppliedAt,
    extensionApprovedAt: worker.extensionApprovedAt,
  };
}

export type WorkerDetailProps = {
  /** The worker's matchings, composed in by the route (features do not import each other). */
  matchingsTab?: (worker: Worker) => ReactNode;
};

function WorkerView({ worker, matchingsTab }: { worker: Worker } & WorkerDetailProps) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const [extending, setExtending] = useState(false);
  const [reentering, setReentering] = useState(false);
  const transitions = allowedTransitions(WORKER_TRANSITIONS, worker.status, can);
  // 재입국 asks for the entry date and its kind (docs/law-as-data.md#reentry): a dialog of its own.
  const reenter = transitions.find((transition) => transition.action === 'reenter');
  const history = useWorkerHistory(worker.id, tab === 'history');
  const changeStatus = useChangeWorkerStatus(worker.id);
  const remove = useDeleteWorker(worker.id);
  const confirmDelete = useConfirmDelete();
  const canWrite = can('workers:write');

  const handleDelete = () =>
    confirmDelete(
      async () => {
        await remove.mutateAsync();
        toast.success(koKit.common.deleted);
        navigate(LIST_PATH, { replace: true });
      },
      { content: t.deleteConfirmBody },
    );

  return (
    <>
      <PageHeader
        title={displayName(worker)}
        tags={
          <>
            <WorkerStatusTag status={worker.status} />
            {worker.visaExpiryDate && <DdayTag days={daysUntil(worker.visaExpiryDate)} />}
          </>
        }
        extra={
          <>
            <Link
              to={screenHref('resume-of-worker', { workerId: worker.id })}
              style={{ alignSelf: 'center', marginInlineEnd: 8 }}
            >
              <FileTextOutlined /> {t.resumes}
            </Link>
            {canWrite && (
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
              transitions={transitions.filter((transition) => transition.action !== 'reenter')}
              current={worker.status}
              labels={WORKER_STATUS_LABELS}
              onRun={async (transition, reason) => {
                await changeStatus.mutateAsync({ status: transition.to, reason, version: worker.version });
                toast.success(koKit.common.statusChanged(transition.label));
              }}
            />
            {reenter && <Button onClick={() => setReentering(true)}>{reenter.label}</Button>}
          </>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'info',
              label: koKit.detail.basicTab,
              children: (
                <>
                  <WorkerInfo worker={worker} onExtension={canWrite ? () => setExtending(true) : undefined} />
                  <WorkplaceChangesSection worker={worker} canWrite={canWrite} />
                </>
              ),
            },
            {
              key: 'matchings',
              label: t.tabs.matchings,
              children: matchingsTab ? matchingsTab(worker) : <EmptyTab />,
            },
            {
              key: 'history',
              label: koKit.detail.historyTab,
              children: <HistoryTab result={history} fieldLabels={t.fields} />,
            },
          ]}
        />
      </Card>
      {reentering && <ReentryModal worker={worker} onClose={() => setReentering(false)} />}
      <ExtensionModal
        target={extending ? extensionTarget(worker) : null}
        onClose={() => setExtending(false)}
      />
    </>
  );
}

export default function WorkerDetailPage({ matchingsTab }: WorkerDetailProps) {
  const id = parseId(useParams().id);
  const [searchParams] = useSearchParams();
  const result = useWorker(id);
  const can = useCan();
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  const editing = searchParams.get('mode') === 'edit' && can('workers:write');
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(worker) =>
        editing ? (
          <WorkerEdit
            worker={worker}
            reload={async () => (await result.refetch()).data}
            exitTo={screenHref('worker-detail', { id: worker.id })}
          />
        ) : (
          <WorkerView worker={worker} matchingsTab={matchingsTab} />
        )
      }
    </RecordState>
  );
}
