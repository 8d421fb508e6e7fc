import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { WORKER_SORTS, type Worker } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { useBulkActions } from '../../components/bulk/bulk-actions';
import { ExportButton } from '../../components/export/export-button';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { ko } from '../../locales/ko/common';
import { koWorkers } from '../../locales/ko/workers';
import { useWorkerList, WORKER_FILTERS } from './api';
import { workerColumns, workerPath } from './columns';
import { WorkerFilters } from './filters';
import { useIdentifierSearch } from './identifier-search';

export default function WorkerListPage() {
  const list = useListParams({ filters: WORKER_FILTERS, sorts: WORKER_SORTS, defaultSort: 'created_at' });
  const identifierSearch = useIdentifierSearch(list);
  const query = useMemo(
    () => (identifierSearch.reason ? { ...list.query, reason: identifierSearch.reason } : list.query),
    [list.query, identifierSearch.reason],
  );
  const result = useWorkerList(query, identifierSearch.enabled);
  const bulk = useBulkActions<Worker>({
    resource: 'workers',
    query: list.query,
    rows: result.data?.data ?? [],
    total: result.data?.meta.total ?? 0,
  });
  const can = useCan();
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton resource="workers" query={list.query} />
            {can('workers:write') && (
              <Button icon={<UploadOutlined />} onClick={() => navigate(screenHref('worker-import'))}>
                {ko.menu.import}
              </Button>
            )}
            {can('workers:write') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(screenHref('worker-new'))}
              >
                {koWorkers.create}
              </Button>
            )}
          </>
        }
      />
      <WorkerFilters list={list} />
      {identifierSearch.element}
      <Card>
        {bulk.bar}
        <ListTable
          settingsKey="workers"
          label={ko.pages.workerList}
          selection={bulk.selection}
          list={list}
          result={result}
          columns={workerColumns}
          emptyText={koWorkers.empty}
          detailPath={workerPath}
        />
      </Card>
    </>
  );
}
