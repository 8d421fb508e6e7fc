import { RESUME_SORTS } from '@ilson/contracts';
import { Card } from 'antd';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { koResumes } from '../../locales/ko/resumes';
import { RESUME_FILTERS, useResumeList } from './api';
import { resumeColumns, resumePath } from './columns';
import { ResumeFilters } from './filters';
import './resumes.css';

export default function ResumeListPage() {
  const list = useListParams({ filters: RESUME_FILTERS, sorts: RESUME_SORTS, defaultSort: 'updated_at' });
  const result = useResumeList(list.query);
  const page = useCurrentPage();
  return (
    <>
      <PageHeader />
      <ResumeFilters list={list} />
      <Card>
        <ListTable
          settingsKey="resumes"
          label={page?.title ?? ''}
          list={list}
          result={result}
          columns={resumeColumns}
          emptyText={koResumes.empty}
          detailPath={resumePath}
          rowClassName={(resume) => (resume.isDeleted ? 'resume-row-deleted' : '')}
        />
      </Card>
    </>
  );
}
