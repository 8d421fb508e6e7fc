import { PlusOutlined } from '@ant-design/icons';
import { JOB_POST_SORTS, type JobPost } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { useBulkActions } from '../../components/bulk/bulk-actions';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { JOB_POST_FILTERS, useJobPostList } from './api';
import { jobPostColumns, jobPostPath } from './columns';
import { JobPostFilters } from './filters';

export default function JobPostListPage() {
  const list = useListParams({ filters: JOB_POST_FILTERS, sorts: JOB_POST_SORTS, defaultSort: 'created_at' });
  const result = useJobPostList(list.query);
  const bulk = useBulkActions<JobPost>({
    resource: 'job-posts',
    query: list.query,
    rows: result.data?.data ?? [],
    total: result.data?.meta.total ?? 0,
  });
  const can = useCan();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koJobPosts;

  return (
    <>
      <PageHeader
        extra={
          can('job_posts:write') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(screenHref('job-post-new'))}
            >
              {t.create}
            </Button>
          )
        }
      />
      <JobPostFilters list={list} />
      <Card>
        {bulk.bar}
        <ListTable
          settingsKey="job-posts"
          label={page?.title ?? ''}
          selection={bulk.selection}
          list={list}
          result={result}
          columns={jobPostColumns}
          emptyText={t.empty}
          detailPath={jobPostPath}
        />
      </Card>
    </>
  );
}
