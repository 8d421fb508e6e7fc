import { PlusOutlined } from '@ant-design/icons';
import { nationalityLabel } from '@ilson/contracts';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency';
import { useCan } from '../../auth/permissions';
import { parseId, RecordProblem } from '../../components/detail/record-state';
import { ListTable } from '../../components/list/list-table';
import { useLocalListParams } from '../../components/list/use-local-list-params';
import { useToast } from '../../components/toast';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koResumes } from '../../locales/ko/resumes';
import {
  type ResumeFilter,
  type ResumeSort,
  useCreateResume,
  useResumeList,
  useWorkerForResumes,
} from './api';
import { resumePath, workerResumeColumns } from './columns';
import './resumes.css';

const t = koResumes;

function WorkerResumes({ workerId }: { workerId: number }) {
  const can = useCan();
  const navigate = useNavigate();
  const toast = useToast();
  const page = useCurrentPage();
  const create = useCreateResume();
  // One key per click on "이력서 작성": the automatic retry reuses it, a second click makes a second draft.
  const [key, setKey] = useState(newIdempotencyKey);
  const list = useLocalListParams<ResumeFilter, ResumeSort>({
    filters: { workerId: String(workerId), deleted: 'include' },
    defaultSort: 'updated_at',
    pageSize: 20,
  });
  const result = useResumeList(list.query);
  const first = result.data?.data[0];
  const worker = useWorkerForResumes(workerId, result.isFetched && !first);
  const name =
    first?.workerName ??
    (worker.data ? worker.data.nameKo || `${worker.data.lastName} ${worker.data.firstName}` : null);
  const nationality = first?.workerNationality ?? worker.data?.nationality;

  const handleCreate = async () => {
    const resume = await create.mutateAsync({ workerId, idempotencyKey: key });
    setKey(newIdempotencyKey());
    toast.success(t.created);
    navigate(screenHref('resume-detail', { id: resume.id }, { mode: 'edit' }));
  };

  return (
    <>
      <PageHeader
        title={name ? t.workerResumes(name) : page?.title}
        tags={
          nationality && <Typography.Text type="secondary">{nationalityLabel(nationality)}</Typography.Text>
        }
        extra={
          <>
            <Link to={screenHref('worker-detail', { id: workerId })}>
              <Button>{t.viewWorker}</Button>
            </Link>
            {can('resumes:write') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                loading={create.isPending}
                onClick={() => void handleCreate().catch(() => undefined)}
              >
                {t.create}
              </Button>
            )}
          </>
        }
      />
      <Card>
        <Flex vertical gap={0}>
          <ListTable
            label={page?.title ?? ''}
            list={list}
            result={result}
            columns={workerResumeColumns}
            emptyText={t.emptyOfWorker}
            detailPath={resumePath}
            rowClassName={(resume) => (resume.isDeleted ? 'resume-row-deleted' : '')}
          />
        </Flex>
      </Card>
    </>
  );
}

export default function WorkerResumesPage() {
  const workerId = parseId(useParams().workerId);
  if (workerId === null) return <RecordProblem error={null} listPath="/resumes" />;
  return <WorkerResumes workerId={workerId} />;
}
