import { BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { MATCHING_SORTS } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ExportButton } from '../../components/export/export-button';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koMatchings } from '../../locales/ko/matchings';
import { MATCHING_FILTERS, useMatchingList } from './api';
import { matchingColumns, matchingPath } from './columns';
import { MatchingFilters } from './filters';

export default function MatchingListPage() {
  const list = useListParams({ filters: MATCHING_FILTERS, sorts: MATCHING_SORTS, defaultSort: 'created_at' });
  const result = useMatchingList(list.query);
  const can = useCan();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koMatchings;

  return (
    <>
      <PageHeader
        extra={
          <>
            <Button icon={<BarChartOutlined />} onClick={() => navigate(screenHref('matching-stats'))}>
              {t.stats}
            </Button>
            <ExportButton resource="matchings" query={list.query} />
            {can('matchings:write') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(screenHref('matching-new'))}
              >
                {t.create}
              </Button>
            )}
          </>
        }
      />
      <MatchingFilters list={list} />
      <Card>
        <ListTable
          settingsKey="matchings"
          label={page?.title ?? ''}
          list={list}
          result={result}
          columns={matchingColumns}
          emptyText={t.empty}
          detailPath={matchingPath}
        />
      </Card>
    </>
  );
}
