import { type VisaExpiryRow, visaBucketKey } from '@ilson/contracts';
import { Card } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader } from '../../layout/page-header';
import { ko } from '../../locales/ko/common';
import { koVisaExpiry } from '../../locales/ko/workers';
import { useVisaExpiry, VISA_EXPIRY_FILTERS, type VisaExpiryListQuery } from './api';
import { displayName, workerPath } from './columns';
import { ExtensionModal, type ExtensionTarget } from './extension-modal';
import { VisaExpiryFilters } from './filters';
import { useIdentifierSearch } from './identifier-search';
import { VisaBuckets } from './visa-buckets';
import { visaExpiryColumns } from './visa-expiry-columns';

/** The table is always by days left (the endpoint's own order); there is no other sort to pick. */
const SORTS = ['days_left'] as const;

function toTarget(row: VisaExpiryRow): ExtensionTarget {
  return {
    id: row.id,
    version: row.version,
    name: displayName(row),
    visaExpiryDate: row.visaExpiryDate,
    extensionStatus: row.extensionStatus,
    extensionAppliedAt: row.extensionAppliedAt,
    extensionApprovedAt: row.extensionApprovedAt,
  };
}

export default function VisaExpiryPage() {
  const list = useListParams({ filters: VISA_EXPIRY_FILTERS, sorts: SORTS, defaultSort: 'days_left' });
  const [searchParams, setSearchParams] = useSearchParams();
  const can = useCan();
  const [extending, setExtending] = useState<ExtensionTarget | null>(null);
  const raw = searchParams.get('bucket');
  const bucket = raw && visaBucketKey.safeParse(raw).success ? raw : undefined;

  const identifierSearch = useIdentifierSearch(list);
  const query = useMemo((): VisaExpiryListQuery => {
    const { sort: _sort, order: _order, ...rest } = list.query;
    const reason = identifierSearch.reason;
    return { ...rest, ...(bucket ? { bucket } : {}), ...(reason ? { reason } : {}) };
  }, [list.query, bucket, identifierSearch.reason]);
  const result = useVisaExpiry(query, identifierSearch.enabled);

  const selectBucket = (key: string | undefined) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (key) next.set('bucket', key);
      else next.delete('bucket');
      next.delete('page');
      return next;
    });

  const columns = useMemo(
    () => visaExpiryColumns(can('workers:write') ? (row) => setExtending(toTarget(row)) : undefined),
    [can],
  );

  return (
    <>
      <PageHeader />
      <VisaBuckets buckets={result.data?.buckets} selected={bucket} onSelect={selectBucket} />
      <VisaExpiryFilters list={list} />
      {identifierSearch.element}
      <Card>
        <ListTable
          label={ko.pages.workerVisaExpiry}
          list={list}
          result={result}
          columns={columns}
          emptyText={koVisaExpiry.empty}
          detailPath={workerPath}
        />
      </Card>
      <ExtensionModal target={extending} onClose={() => setExtending(null)} />
    </>
  );
}
