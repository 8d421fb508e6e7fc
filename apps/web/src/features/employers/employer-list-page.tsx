import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { EMPLOYER_SORTS, type Employer } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { useBulkActions } from '../../components/bulk/bulk-actions';
import { ExportButton } from '../../components/export/export-button';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { ko } from '../../locales/ko/common';
import { koEmployers } from '../../locales/ko/employers';
import { EMPLOYER_FILTERS, useEmployerList } from './api';
import { employerColumns, employerPath } from './columns';
import { EmployerFilters } from './filters';

export default function EmployerListPage() {
  const list = useListParams({ filters: EMPLOYER_FILTERS, sorts: EMPLOYER_SORTS, defaultSort: 'created_at' });
  const result = useEmployerList(list.query);
  const can = useCan();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koEmployers;
  const bulk = useBulkActions<Employer>({
    resource: 'employers',
    query: list.query,
    rows: result.data?.data ?? [],
    total: result.data?.meta.total ?? 0,
  });

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton resource="employers" query={list.query} />
            {can('employers:write') && (
              <Button icon={<UploadOutlined />} onClick={() => navigate(screenHref('employer-import'))}>
                {ko.menu.import}
              </Button>
            )}
            {can('employers:write') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(screenHref('employer-new'))}
              >
                {t.create}
              </Button>
            )}
          </>
        }
      />
      <EmployerFilters list={list} />
      <Card>
        {bulk.bar}
        <ListTable
          settingsKey="employers"
          label={page?.title ?? ''}
          list={list}
          result={result}
          columns={employerColumns}
          emptyText={t.empty}
          detailPath={employerPath}
          selection={bulk.selection}
        />
      </Card>
    </>
  );
}
