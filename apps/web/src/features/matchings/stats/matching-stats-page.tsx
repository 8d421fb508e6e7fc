import type { MatchingStats, MatchingStatus } from '@ilson/contracts';
import { Card, Col, DatePicker, Empty, Flex, Row, Select, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useBranchOptions } from '../../../components/branch-select';
import { PageHeader } from '../../../layout/page-header';
import { DISPLAY_TIME_ZONE, parseDate, toDateString } from '../../../lib/datetime';
import { koMatchingStats } from '../../../locales/ko/matchings';
import { type StatsQuery, useMatchingStats } from '../api';
import { MatchingStatusTag } from '../columns';
import { BreakdownChart, MonthlyChart, StatusChart } from './stats-charts';

const t = koMatchingStats;
const num = (n: number) => n.toLocaleString('ko-KR');
const rate = (part: number, whole: number) => (whole > 0 ? t.percent(part / whole) : '-');

function today(): Dayjs {
  return dayjs().tz(DISPLAY_TIME_ZONE).startOf('day');
}

/** The last 12 months, this month included. */
export function defaultRange(now = today()) {
  return {
    from: now.subtract(11, 'month').startOf('month').format('YYYY-MM-DD'),
    to: now.format('YYYY-MM-DD'),
  };
}

/** Range and branch kept in the URL (`?from=&to=&branch_id=`), so a view of the numbers is a link. */
function useStatsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const fallback = defaultRange();
  const from = parseDate(searchParams.get('from')) ? searchParams.get('from')! : fallback.from;
  const to = parseDate(searchParams.get('to')) ? searchParams.get('to')! : fallback.to;
  const branch = Number(searchParams.get('branch_id'));
  const query: StatsQuery = { from, to, ...(branch > 0 ? { branchId: branch } : {}) };
  const set = (patch: Record<string, string | null>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { query, set };
}

type Kpi = { key: string; title: string; value: ReactNode; hint: string };

function Kpis({ stats }: { stats: MatchingStats }) {
  const items: Kpi[] = [
    { key: 'total', title: t.kpi.total, value: `${num(stats.conversion.proposed)}건`, hint: t.kpiHint.total },
    {
      key: 'contracted',
      title: t.kpi.contracted,
      value: `${num(stats.conversion.contracted)}건`,
      hint: t.kpiHint.contracted,
    },
    {
      key: 'conversion',
      title: t.kpi.conversion,
      value: t.percent(stats.conversion.rate),
      hint: t.kpiHint.conversion,
    },
    {
      key: 'avgDays',
      title: t.kpi.avgDays,
      value: stats.avgDaysToContract === null ? '-' : t.days(stats.avgDaysToContract),
      hint: t.kpiHint.avgDays,
    },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Col key={item.key} xs={12} xl={6}>
          <Card size="small">
            <Statistic title={item.title} value={item.value as string} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.hint}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

const monthlyColumns: ColumnsType<MatchingStats['monthly'][number]> = [
  { title: t.month, dataIndex: 'month', render: (month: string) => t.monthLabel(month) },
  { title: t.created, dataIndex: 'created', align: 'right', render: num },
  { title: t.contracted, dataIndex: 'contracted', align: 'right', render: num },
];

const statusColumns = (total: number): ColumnsType<MatchingStats['byStatus'][number]> => [
  {
    title: t.status,
    dataIndex: 'status',
    render: (status: MatchingStatus) => <MatchingStatusTag status={status} />,
  },
  { title: t.count, dataIndex: 'count', align: 'right', render: num },
  { title: t.share, key: 'share', align: 'right', render: (_, row) => rate(row.count, total) },
];

const breakdownColumns: ColumnsType<MatchingStats['byNationality'][number]> = [
  { title: t.item, dataIndex: 'label' },
  { title: t.created, dataIndex: 'count', align: 'right', render: num },
  { title: t.contracted, dataIndex: 'contracted', align: 'right', render: num },
  { title: t.rate, key: 'rate', align: 'right', render: (_, row) => rate(row.contracted, row.count) },
];

function NumbersTable<T extends object>({
  title,
  columns,
  data,
  rowKey,
  height,
}: {
  title: string;
  columns: ColumnsType<T>;
  data: T[];
  rowKey: keyof T & string;
  /** Scroll within this height beside a chart of that height. */
  height?: number;
}) {
  // A scrolling box rather than antd's `scroll.y`, which splits header and body into two tables.
  return (
    <div className="scroll-region" style={{ maxHeight: height ?? 400, overflowY: 'auto' }}>
      <Table<T>
        aria-label={t.tableLabel(title)}
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={data}
        pagination={false}
      />
    </div>
  );
}

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  return (
    <figure aria-label={t.chartLabel(title)} style={{ margin: 0, minWidth: 0 }}>
      {children}
    </figure>
  );
}

function Breakdown({ title, data }: { title: string; data: MatchingStats['byNationality'] }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noData} />
      ) : (
        <>
          <ChartFigure title={title}>
            <BreakdownChart data={data} />
          </ChartFigure>
          <NumbersTable title={title} columns={breakdownColumns} data={data} rowKey="key" />
        </>
      )}
    </Card>
  );
}

export default function MatchingStatsPage() {
  const { query, set } = useStatsParams();
  const result = useMatchingStats(query);
  const branches = useBranchOptions();
  const stats = result.data;
  const total = stats?.byStatus.reduce((sum, row) => sum + row.count, 0) ?? 0;
  const now = today();

  return (
    <>
      <PageHeader
        extra={
          <Flex gap={8} wrap>
            <DatePicker.RangePicker
              aria-label={t.range}
              allowClear={false}
              value={[parseDate(query.from), parseDate(query.to)]}
              onChange={(dates) => set({ from: toDateString(dates?.[0]), to: toDateString(dates?.[1]) })}
              presets={[
                { label: t.presets.months3, value: [now.subtract(2, 'month').startOf('month'), now] },
                { label: t.presets.months6, value: [now.subtract(5, 'month').startOf('month'), now] },
                { label: t.presets.months12, value: [now.subtract(11, 'month').startOf('month'), now] },
                { label: t.presets.thisYear, value: [now.startOf('year'), now] },
              ]}
              style={{ width: 260 }}
            />
            <Select
              aria-label={t.branch}
              placeholder={t.allBranches}
              allowClear
              value={query.branchId}
              options={branches.options}
              onChange={(id: number | undefined) => set({ branch_id: id ? String(id) : null })}
              style={{ width: 160 }}
            />
          </Flex>
        }
      />
      {!stats ? (
        <Card loading={result.isFetching} />
      ) : (
        <div style={{ opacity: result.isFetching ? 0.6 : 1, transition: 'opacity .2s' }}>
          <Kpis stats={stats} />
          <Card size="small" title={t.monthly} style={{ marginBottom: 16 }}>
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={16}>
                <ChartFigure title={t.monthly}>
                  <MonthlyChart data={stats.monthly} />
                </ChartFigure>
              </Col>
              <Col xs={24} xl={8}>
                <NumbersTable
                  title={t.monthly}
                  columns={monthlyColumns}
                  data={[...stats.monthly].reverse()}
                  rowKey="month"
                  height={236}
                />
              </Col>
            </Row>
          </Card>
          <Card size="small" title={t.byStatus} style={{ marginBottom: 16 }}>
            <Row gutter={[24, 16]}>
              <Col xs={24} xl={12}>
                {total === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noData} />
                ) : (
                  <ChartFigure title={t.byStatus}>
                    <StatusChart data={stats.byStatus} />
                  </ChartFigure>
                )}
              </Col>
              <Col xs={24} xl={12}>
                <NumbersTable
                  title={t.byStatus}
                  columns={statusColumns(total)}
                  data={stats.byStatus}
                  rowKey="status"
                />
              </Col>
            </Row>
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Breakdown title={t.byNationality} data={stats.byNationality} />
            </Col>
            <Col xs={24} xl={12}>
              <Breakdown title={t.byIndustry} data={stats.byIndustry} />
            </Col>
            <Col xs={24} xl={12}>
              <Breakdown title={t.byVisaType} data={stats.byVisaType} />
            </Col>
            <Col xs={24} xl={12}>
              <Breakdown title={t.byBranch} data={stats.byBranch} />
            </Col>
          </Row>
        </div>
      )}
    </>
  );
}
