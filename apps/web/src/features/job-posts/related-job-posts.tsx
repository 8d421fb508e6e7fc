import { PlusOutlined } from '@ant-design/icons';
import type { JOB_POST_SORTS } from '@ilson/contracts';
import { Button, Flex } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ListTable } from '../../components/list/list-table';
import { useLocalListParams } from '../../components/list/use-local-list-params';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { type JOB_POST_FILTERS, useJobPostList } from './api';
import { employerJobPostColumns, jobPostPath } from './columns';

const t = koJobPosts;

/** An employer's posts, for the employer's detail tab: newest first, ten a page. */
export function EmployerJobPosts({ employerId }: { employerId: number }) {
  const can = useCan();
  const list = useLocalListParams<(typeof JOB_POST_FILTERS)[number], (typeof JOB_POST_SORTS)[number]>({
    filters: { employerId: String(employerId) },
    defaultSort: 'created_at',
  });
  const result = useJobPostList(list.query);
  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Link to={screenHref('job-post-list', { employer_id: employerId })}>{koKit.common.viewAll}</Link>
        {can('job_posts:write') && (
          <Link to={screenHref('job-post-new', { employer_id: employerId })}>
            <Button icon={<PlusOutlined />}>{t.create}</Button>
          </Link>
        )}
      </Flex>
      <ListTable
        label={koJobPosts.tabs.ofEmployer}
        list={list}
        result={result}
        columns={employerJobPostColumns}
        emptyText={t.emptyOfEmployer}
        detailPath={jobPostPath}
      />
    </>
  );
}
