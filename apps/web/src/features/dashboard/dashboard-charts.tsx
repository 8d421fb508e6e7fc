import { nationalityLabel } from '@ilson/contracts';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import {
  MATCHING_CREATED_COLOUR as CREATED,
  MatchingTrendChart,
  tooltipNumber,
} from '../../components/charts/matching-trend-chart';
import { koDashboard } from '../../locales/ko/dashboard';
import type { Dashboard } from './api';

const t = koDashboard;
/** Countries shown by name; the rest are summed as 기타. */
const TOP_NATIONALITIES = 7;

export function TrendChart({ data }: { data: Dashboard['monthly'] }) {
  return (
    <MatchingTrendChart
      data={data}
      labels={{ created: t.trend.created, contracted: t.trend.contracted, month: t.trend.monthLabel }}
      height="100%"
    />
  );
}

/** The largest nationalities by Korean name, then the rest as one bar. */
function nationalityRows(data: Dashboard['byNationality']) {
  const top = data
    .slice(0, TOP_NATIONALITIES)
    .map((row) => ({ key: row.nationality, label: nationalityLabel(row.nationality), count: row.count }));
  const rest = data.slice(TOP_NATIONALITIES).reduce((sum, row) => sum + row.count, 0);
  return rest > 0 ? [...top, { key: 'others', label: t.nationality.others, count: rest }] : top;
}

export function NationalityChart({ data }: { data: Dashboard['byNationality'] }) {
  const rows = nationalityRows(data);
  return (
    <BarChart
      responsive
      layout="vertical"
      style={{ width: '100%', height: '100%' }}
      data={rows}
      margin={{ top: 4, right: 40, left: 0, bottom: 4 }}
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
      <YAxis type="category" dataKey="label" width={88} tick={{ fontSize: 12 }} interval={0} />
      <Tooltip formatter={tooltipNumber} />
      <Bar
        isAnimationActive={false}
        dataKey="count"
        name={t.nationality.count}
        fill={CREATED}
        radius={[0, 3, 3, 0]}
        maxBarSize={18}
      >
        <LabelList dataKey="count" position="right" fontSize={12} formatter={tooltipNumber} />
      </Bar>
    </BarChart>
  );
}
