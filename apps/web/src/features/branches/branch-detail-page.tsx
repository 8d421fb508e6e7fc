import { EditOutlined } from '@ant-design/icons';
import {
  allowedTransitions,
  BRANCH_STATUS_LABELS,
  BRANCH_TRANSITIONS,
  type BranchDetail,
  formatPhone,
} from '@ilson/contracts';
import { Button, Card, Col, Row, Statistic, Tabs } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { HistoryTab } from '../../components/detail/history-tab';
import { InfoSection } from '../../components/detail/info-section';
import { parseId, RecordProblem, RecordState } from '../../components/detail/record-state';
import { StatusActions } from '../../components/detail/status-actions';
import { useConfirmDelete } from '../../components/detail/use-delete-action';
import { useTabParam } from '../../components/detail/use-tab-param';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koBranches } from '../../locales/ko/branches';
import { koKit } from '../../locales/ko/kit';
import { useBranch, useBranchHistory, useChangeBranchStatus, useDeleteBranch } from './api';
import { BranchStatusTag } from './columns';

const LIST_PATH = screenHref('branch-list');
const TABS = ['info', 'history'] as const;
const t = koBranches;
const none = koKit.common.none;

function BranchDetailView({ branch }: { branch: BranchDetail }) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const [tab, setTab] = useTabParam(TABS, 'info');
  const history = useBranchHistory(branch.id, tab === 'history');
  const changeStatus = useChangeBranchStatus(branch.id);
  const remove = useDeleteBranch(branch.id);
  const confirmDelete = useConfirmDelete();
  const transitions = allowedTransitions(BRANCH_TRANSITIONS, branch.status, can);
  const canWrite = can('branches:write');

  const handleDelete = () =>
    confirmDelete(async () => {
      await remove.mutateAsync();
      toast.success(koKit.common.deleted);
      navigate(LIST_PATH, { replace: true });
    });

  return (
    <>
      <PageHeader
        title={branch.name}
        tags={<BranchStatusTag status={branch.status} />}
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
                onClick={() => navigate(screenHref('branch-edit', { id: branch.id }))}
              >
                {koKit.common.edit}
              </Button>
            )}
            <StatusActions
              transitions={transitions}
              current={branch.status}
              labels={BRANCH_STATUS_LABELS}
              tone={() => 'default'}
              onRun={async (transition, reason) => {
                await changeStatus.mutateAsync({ status: transition.to, reason, version: branch.version });
                toast.success(koKit.common.statusChanged(transition.label));
              }}
            />
          </>
        }
      />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} md={12}>
          <Card size="small">
            <Statistic
              title={t.fields.employerCount}
              value={branch.employerCount}
              suffix={koKit.common.unitPlaces}
            />
            <Link to={screenHref('employer-list', { branch_id: branch.id })}>{t.viewEmployers}</Link>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small">
            <Statistic
              title={t.fields.workerCount}
              value={branch.workerCount}
              suffix={koKit.common.unitPeople}
            />
            <Link to={screenHref('worker-list', { branch_id: branch.id })}>{t.viewWorkers}</Link>
          </Card>
        </Col>
      </Row>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'info',
              label: koKit.detail.basicTab,
              children: (
                <InfoSection
                  title={t.sectionBasic}
                  items={[
                    { key: 'name', label: t.fields.name, children: branch.name },
                    { key: 'code', label: t.fields.code, children: branch.code },
                    { key: 'region', label: t.fields.region, children: branch.region },
                    {
                      key: 'phone',
                      label: t.fields.phone,
                      children: branch.phone ? formatPhone(branch.phone) : none,
                    },
                    { key: 'manager', label: t.fields.managerAdminId, children: branch.managerName ?? none },
                    {
                      key: 'status',
                      label: t.fields.status,
                      children: <BranchStatusTag status={branch.status} />,
                    },
                    {
                      key: 'address',
                      label: t.fields.address,
                      span: 'filled',
                      children: branch.address || none,
                    },
                    {
                      key: 'createdAt',
                      label: koKit.detail.createdAt,
                      children: formatDateTime(branch.createdAt),
                    },
                    {
                      key: 'updatedAt',
                      label: koKit.detail.updatedAt,
                      children: formatDateTime(branch.updatedAt),
                    },
                  ]}
                />
              ),
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

export default function BranchDetailPage() {
  const id = parseId(useParams().id);
  const result = useBranch(id);
  if (id === null) return <RecordProblem error={null} listPath={LIST_PATH} />;
  return (
    <RecordState result={result} listPath={LIST_PATH}>
      {(branch) => <BranchDetailView branch={branch} />}
    </RecordState>
  );
}
