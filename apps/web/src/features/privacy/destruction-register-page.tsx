import { DeleteOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DESTRUCTION_TRIGGER_LABELS,
  type DestructionRecord,
  destructionRegisterFileName,
  RETENTION_KIND_LABELS,
  RETENTION_KINDS,
  RETENTION_METHOD_LABELS,
  type RetentionKind,
} from '@ilson/contracts';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useCan } from '../../auth/permissions';
import { saveBlob } from '../../components/export/download';
import { useListParams } from '../../components/list/use-list-params';
import { showErrorToast, useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime, todayInSeoul } from '../../lib/datetime';
import { koPrivacy } from '../../locales/ko/privacy';
import { fetchRegisterExport, useDestructions } from './api';
import { DestructionRunModal } from './destruction-run-modal';

const t = koPrivacy;
const REGISTER_FILTERS = ['kind', 'from', 'to'] as const;
/** The register's one order, newest first. */
const NEWEST_FIRST = ['destroyed_at'] as const;

const columns: TableColumnsType<DestructionRecord> = [
  {
    key: 'destroyedAt',
    title: t.columns.destroyedAt,
    dataIndex: 'destroyedAt',
    width: 170,
    render: (value: string) => formatDateTime(value),
  },
  {
    key: 'kind',
    title: t.columns.kind,
    dataIndex: 'kind',
    width: 100,
    render: (kind: RetentionKind) => RETENTION_KIND_LABELS[kind].label,
  },
  { key: 'count', title: t.columns.count, dataIndex: 'count', width: 90, align: 'right', render: t.count },
  { key: 'months', title: t.columns.months, dataIndex: 'months', width: 100, render: t.months },
  { key: 'basis', title: t.columns.basis, dataIndex: 'basis', width: 260, ellipsis: { showTitle: true } },
  {
    key: 'trigger',
    title: t.columns.trigger,
    dataIndex: 'trigger',
    width: 110,
    render: (trigger: DestructionRecord['trigger']) => DESTRUCTION_TRIGGER_LABELS[trigger],
  },
  {
    key: 'approvedBy',
    title: t.columns.approvedBy,
    dataIndex: 'approvedByName',
    width: 120,
    render: (name: string | null) => name ?? t.system,
  },
  {
    key: 'reason',
    title: t.columns.reason,
    dataIndex: 'reason',
    width: 160,
    ellipsis: { showTitle: true },
    render: (reason: string) => reason || '-',
  },
];

/**
 * 파기 대장 (docs/privacy-lifecycle.md#the-register): every destruction, newest first, with its basis and approver;
 * a super admin runs the destruction from here after seeing what is due. Filters stay in the address.
 */
export default function DestructionRegisterPage() {
  const can = useCan();
  const toast = useToast();
  const list = useListParams({ filters: REGISTER_FILTERS, sorts: NEWEST_FIRST, defaultSort: 'destroyed_at' });
  const [running, setRunning] = useState(false);
  const [exporting, setExporting] = useState(false);
  const kind = list.filters.kind as RetentionKind | undefined;
  const { from, to } = list.filters;
  const result = useDestructions({ kind, from, to, page: list.page, pageSize: list.pageSize });

  const handleExport = async () => {
    setExporting(true);
    try {
      const blob = await fetchRegisterExport({ kind, from, to });
      saveBlob(blob, destructionRegisterFileName(todayInSeoul()));
      toast.success(t.exported);
    } catch (error) {
      showErrorToast(toast, error, handleExport);
    } finally {
      setExporting(false);
    }
  };

  const range: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];

  return (
    <>
      <PageHeader
        extra={
          <Space wrap>
            <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={handleExport}>
              {t.export}
            </Button>
            {can('privacy:destroy') && (
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setRunning(true)}>
                {t.run.button}
              </Button>
            )}
          </Space>
        }
      />
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 16 }} />
      <Card>
        <Flex wrap gap={8} style={{ marginBottom: 16 }}>
          <Select<RetentionKind>
            allowClear
            aria-label={t.filters.kind}
            placeholder={t.filters.kind}
            value={kind}
            onChange={(value) => list.setFilters({ kind: value })}
            options={RETENTION_KINDS.map((value) => ({ value, label: RETENTION_KIND_LABELS[value].label }))}
            style={{ width: 160 }}
          />
          <DatePicker.RangePicker
            aria-label={t.filters.period}
            placeholder={[t.filters.periodFrom, t.filters.periodTo]}
            value={range}
            allowEmpty={[true, true]}
            onChange={(dates) =>
              list.setFilters({
                from: dates?.[0]?.format('YYYY-MM-DD'),
                to: dates?.[1]?.format('YYYY-MM-DD'),
              })
            }
          />
          <Button icon={<ReloadOutlined aria-hidden />} disabled={!list.hasFilters} onClick={list.reset}>
            {t.filters.reset}
          </Button>
        </Flex>
        <Table<DestructionRecord>
          rowKey="id"
          columns={columns}
          dataSource={result.data?.data ?? []}
          loading={result.isFetching}
          scroll={{ x: 1100 }}
          expandable={{
            expandedRowRender: (record) => (
              <>
                <Typography.Paragraph style={{ margin: 0 }}>
                  <Typography.Text type="secondary">{t.columns.method}: </Typography.Text>
                  {RETENTION_METHOD_LABELS[record.method]}
                </Typography.Paragraph>
                <Typography.Paragraph style={{ margin: 0 }}>
                  <Typography.Text type="secondary">{t.columns.targets}: </Typography.Text>
                  {record.kind === 'auditLogs' && record.targetIds.length === 2
                    ? t.idRange(record.targetIds[0]!, record.targetIds[1]!)
                    : record.targetIds.join(', ')}
                </Typography.Paragraph>
              </>
            ),
          }}
          locale={{ emptyText: <Typography.Text type="secondary">{t.empty}</Typography.Text> }}
          pagination={{
            current: list.page,
            pageSize: list.pageSize,
            total: result.data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: (page, size) => list.setPage(page, size),
          }}
        />
      </Card>
      {running && <DestructionRunModal onClose={() => setRunning(false)} />}
    </>
  );
}
