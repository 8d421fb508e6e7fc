import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { AUDIT_LOG_SORTS, type AuditLogRow } from '@ilson/contracts';
import { Button, Card, Result, Segmented } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { parseId } from '../../components/detail/record-state';
import { useTabParam } from '../../components/detail/use-tab-param';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { SettingsNav } from '../../layout/settings-nav';
import { screenHref } from '../../lib/screen-paths';
import { koAudit } from '../../locales/ko/audit-logs';
import { koKit } from '../../locales/ko/kit';
import { AUDIT_LOG_FILTERS, useAuditLogList, useVerifyAuditChain } from './api';
import { auditLogColumns } from './columns';
import { AuditExportModal } from './export-modal';
import { AuditLogFilters } from './filters';
import { AccessFindings } from './findings';
import { LogDrawer } from './log-drawer';
import { AuditReviews } from './reviews';
import { CheckedRangeTag, VerifyResult } from './verify-result';

const t = koAudit;
const TABS = ['logs', 'reviews'] as const;

/**
 * `/settings/logs`: the access log (접속기록) with its filters in the URL, a row's detail in a drawer
 * (`?log=`), the hash-chain check and the rows it walked (`?to_id=`), the CSV export, and the monthly review
 * records (`?tab=reviews`).
 */
export default function AuditLogPage() {
  const can = useCan();
  const allowed = can('audit_logs:read');
  const list = useListParams({
    filters: AUDIT_LOG_FILTERS,
    sorts: AUDIT_LOG_SORTS,
    defaultSort: 'created_at',
  });
  const [tab, setTab] = useTabParam(TABS, 'logs');
  const result = useAuditLogList(list.query, allowed && tab === 'logs');
  const verify = useVerifyAuditChain();
  const [exportOpen, setExportOpen] = useState(false);
  const page = useCurrentPage();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = parseId(searchParams.get('log') ?? undefined);
  const checkedTo = parseId(list.filters.toId);

  const withLog = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id === null) next.delete('log');
    else next.set('log', String(id));
    next.delete('tab');
    return next;
  };

  if (!allowed) {
    return (
      <>
        <PageHeader />
        <SettingsNav />
        <Result status="403" title={koKit.detail.forbiddenTitle} subTitle={t.forbidden} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        extra={
          <>
            <Button
              icon={<SafetyCertificateOutlined />}
              loading={verify.isPending}
              onClick={() => verify.mutate()}
            >
              {t.verify.button}
            </Button>
            {tab === 'logs' && (
              <Button icon={<DownloadOutlined />} onClick={() => setExportOpen(true)}>
                {t.export.button}
              </Button>
            )}
          </>
        }
      />
      <SettingsNav />
      <VerifyResult
        running={verify.isPending}
        result={verify.data}
        onOpen={(id) => setSearchParams(withLog(id))}
        // The whole log up to the check's last row, no other filter: the total is the check's count.
        onShowRange={(lastId) => setSearchParams(new URLSearchParams({ to_id: String(lastId) }))}
        onClose={() => verify.reset()}
      />
      <Segmented<(typeof TABS)[number]>
        aria-label={t.tabs.label}
        value={tab}
        onChange={setTab}
        options={TABS.map((key) => ({ value: key, label: t.tabs[key] }))}
        style={{ marginBottom: 16 }}
      />
      {tab === 'logs' ? (
        <>
          <AuditLogFilters list={list} />
          {checkedTo && (
            <CheckedRangeTag lastId={checkedTo} onClear={() => list.setFilters({ toId: null })} />
          )}
          <Card>
            <ListTable<AuditLogRow>
              label={page?.title ?? t.tabs.logs}
              list={list}
              result={result}
              columns={auditLogColumns}
              emptyText={t.empty}
              detailPath={(row) => screenHref('settings-logs', withLog(row.id))}
              rowClassName={(row) => (row.id === openId ? 'ant-table-row-selected' : '')}
            />
          </Card>
        </>
      ) : (
        <>
          <AccessFindings />
          <AuditReviews />
        </>
      )}
      <LogDrawer id={openId} onClose={() => setSearchParams(withLog(null))} />
      {exportOpen && <AuditExportModal query={list.query} onClose={() => setExportOpen(false)} />}
    </>
  );
}
