import type { CSSProperties } from 'react';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

/** New and contracted matchings per month: the statistics page and the dashboard draw the same chart. */
export const MATCHING_CREATED_COLOUR = '#1677ff';
export const MATCHING_CONTRACTED_COLOUR = '#52c41a';

export const tooltipNumber = (value: unknown) => Number(value).toLocaleString('ko-KR');

type MonthRow = { month: string; created: number; contracted: number };
type TrendLabels = { created: string; contracted: string; month: (month: string) => string };

export function MatchingTrendChart({
  data,
  labels,
  height,
}: {
  data: readonly MonthRow[];
  labels: TrendLabels;
  height: CSSProperties['height'];
}) {
  const rows = data.map((row) => ({ ...row, label: labels.month(row.month) }));
  return (
    <LineChart responsive style={{ width: '100%', height }} data={rows} margin={{ top: 8, right: 16 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 12 }} />
      <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
      <Tooltip formatter={tooltipNumber} />
      <Legend />
      {(
        [
          ['created', labels.created, MATCHING_CREATED_COLOUR],
          ['contracted', labels.contracted, MATCHING_CONTRACTED_COLOUR],
        ] as const
      ).map(([key, name, colour]) => (
        <Line
          key={key}
          isAnimationActive={false}
          type="monotone"
          dataKey={key}
          name={name}
          stroke={colour}
          strokeWidth={2}
          dot={{ r: 3 }}
        />
      ))}
    </LineChart>
  );
}
