import { MATCHING_STATUS_LABELS, type MatchingStats } from '@ilson/contracts';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  MATCHING_CONTRACTED_COLOUR as CONTRACTED,
  MATCHING_CREATED_COLOUR as CREATED,
  MatchingTrendChart,
  tooltipNumber,
} from '../../../components/charts/matching-trend-chart';
import { koMatchingStats } from '../../../locales/ko/matchings';

const t = koMatchingStats;
const CHART_HEIGHT = 280;

/** One colour per status, in the order of MATCHING_STATUSES. */
const STATUS_FILLS = ['#bfbfbf', '#1677ff', '#13c2c2', '#2f54eb', '#52c41a', '#722ed1', '#ff4d4f', '#fa541c'];

export function MonthlyChart({ data }: { data: MatchingStats['monthly'] }) {
  return (
    <MatchingTrendChart
      data={data}
      labels={{ created: t.created, contracted: t.contracted, month: t.monthLabel }}
      height={CHART_HEIGHT}
    />
  );
}

export function StatusChart({ data }: { data: MatchingStats['byStatus'] }) {
  const rows = data
    .map((row, index) => ({
      name: MATCHING_STATUS_LABELS[row.status],
      value: row.count,
      fill: STATUS_FILLS[index],
    }))
    .filter((row) => row.value > 0);
  return (
    <PieChart responsive style={{ width: '100%', height: CHART_HEIGHT }}>
      <Pie
        isAnimationActive={false}
        data={rows}
        dataKey="value"
        nameKey="name"
        innerRadius="50%"
        outerRadius="80%"
        paddingAngle={1}
      >
        {rows.map((row) => (
          <Cell key={row.name} fill={row.fill} />
        ))}
      </Pie>
      <Tooltip formatter={tooltipNumber} />
      <Legend />
    </PieChart>
  );
}

type BreakdownRow = MatchingStats['byNationality'][number];

/** Created and contracted side by side, one category a row (long Korean names read well horizontally). */
export function BreakdownChart({ data }: { data: BreakdownRow[] }) {
  const rows = data.slice(0, 10);
  const height = Math.max(160, rows.length * 36 + 60);
  return (
    <BarChart
      responsive
      layout="vertical"
      style={{ width: '100%', height }}
      data={rows}
      margin={{ top: 4, right: 16, left: 8 }}
      barGap={2}
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
      <YAxis type="category" dataKey="label" width={110} tick={{ fontSize: 12 }} />
      <Tooltip formatter={tooltipNumber} />
      <Legend />
      <Bar
        isAnimationActive={false}
        dataKey="count"
        name={t.created}
        fill={CREATED}
        radius={[0, 3, 3, 0]}
        maxBarSize={14}
      />
      <Bar
        isAnimationActive={false}
        dataKey="contracted"
        name={t.contracted}
        fill={CONTRACTED}
        radius={[0, 3, 3, 0]}
        maxBarSize={14}
      />
    </BarChart>
  );
}
