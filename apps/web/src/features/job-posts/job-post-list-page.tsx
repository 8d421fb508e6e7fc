import { PlusOutlined } from '@ant-design/icons';
import { JOB_POST_SORTS } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { koJobPosts } from '../../locales/ko/job-posts';
import { JOB_POST_FILTERS, useJobPostList } from './api';
import { jobPostColumns, jobPostPath } from './columns';
import { JobPostFilters } from './filters';

export default function JobPostListPage() {
  const list = useListParams({ filters: JOB_POST_FILTERS, sorts: JOB_POST_SORTS, defaultSort: 'created_at' });
  const result = useJobPostList(list.query);
  const can = useCan();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koJobPosts;

  return (
    <>
      <PageHeader
        extra={
          can('job_posts:write') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/job-posts/new')}>
              {t.create}
            </Button>
          )
        }
      />
      <JobPostFilters list={list} />
      <Card>
        <ListTable
          label={page?.title ?? ''}
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
