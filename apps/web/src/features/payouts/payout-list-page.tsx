import { PlusOutlined } from '@ant-design/icons';
import { PAYOUT_SORTS, type Payout } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { useBulkActions } from '../../components/bulk/bulk-actions';
import { ExportButton } from '../../components/export/export-button';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koPayouts } from '../../locales/ko/payouts';
import { PAYOUT_FILTERS, usePayoutList } from './api';
import { payoutColumns, payoutPath } from './columns';
import { PayoutFilters } from './filters';
import { TotalsByStatus, TotalsRow } from './totals';

export default function PayoutListPage() {
  const list = useListParams({ filters: PAYOUT_FILTERS, sorts: PAYOUT_SORTS, defaultSort: 'created_at' });
  const result = usePayoutList(list.query);
  const bulk = useBulkActions<Payout>({
    resource: 'payouts',
    query: list.query,
    rows: result.data?.data ?? [],
    total: result.data?.meta.total ?? 0,
  });
  const can = useCan();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koPayouts;
  const totals = result.data?.totals;

  return (
    <>
      <PageHeader
        extra={
          <>
            <ExportButton resource="payments" query={list.query} />
            {can('payouts:write') && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(screenHref('payout-new'))}
              >
                {t.create}
              </Button>
            )}
          </>
        }
      />
      <PayoutFilters list={list} />
      <TotalsByStatus
        totals={totals}
        asOf={result.data?.totalsAsOf}
        active={list.filters.status}
        onPick={(status) => list.setFilters({ status })}
      />
      <Card>
        {bulk.bar}
        <ListTable<Payout>
          settingsKey="payouts"
          label={page?.title ?? ''}
          selection={bulk.selection}
          list={list}
          result={result}
          columns={payoutColumns}
          emptyText={t.empty}
          detailPath={payoutPath}
          summary={() =>
            result.data?.data.length ? (
              <TotalsRow
                totals={totals}
                columns={payoutColumns.length}
                selectable={Boolean(bulk.selection)}
              />
            ) : null
          }
        />
      </Card>
    </>
  );
}
