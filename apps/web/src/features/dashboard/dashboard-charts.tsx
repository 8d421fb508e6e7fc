import { nationalityLabel } from '@ilson/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { koDashboard } from '../../locales/ko-dashboard';
import type { Dashboard } from './api';

const t = koDashboard;
// The statistics page's colours, so the two screens read alike.
const CREATED = '#1677ff';
const CONTRACTED = '#52c41a';
/** Countries shown by name; the rest are summed as 기타. */
const TOP_NATIONALITIES = 7;

const tooltipNumber = (value: unknown) => Number(value).toLocaleString('ko-KR');

export function TrendChart({ data }: { data: Dashboard['monthly'] }) {
  const rows = data.map((row) => ({ ...row, label: t.trend.monthLabel(row.month) }));
  return (
    <LineChart
      responsive
      style={{ width: '100%', height: '100%' }}
      data={rows}
      margin={{ top: 8, right: 16 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
      <Tooltip formatter={tooltipNumber} />
      <Legend />
      <Line
        isAnimationActive={false}
        type="monotone"
        dataKey="created"
        name={t.trend.created}
        stroke={CREATED}
        strokeWidth={2}
        dot={{ r: 3 }}
      />
      <Line
        isAnimationActive={false}
        type="monotone"
        dataKey="contracted"
        name={t.trend.contracted}
        stroke={CONTRACTED}
        strokeWidth={2}
        dot={{ r: 3 }}
      />
    </LineChart>
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
