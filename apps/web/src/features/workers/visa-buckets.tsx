import { Flex, Typography, theme } from 'antd';
import { koKit } from '../../locales/ko/kit';
import { koVisaExpiry } from '../../locales/ko/workers';

export type VisaBucket = { key: string; label: string; maxDays: number | null; count: number };

const t = koVisaExpiry;

type BucketTone = 'red' | 'volcano' | 'gold' | 'blue' | 'neutral';

function toneOf(bucket: VisaBucket | null): BucketTone {
  if (!bucket) return 'neutral';
  if (bucket.maxDays === null) return 'red';
  if (bucket.maxDays <= 30) return 'volcano';
  if (bucket.maxDays <= 60) return 'gold';
  return 'blue';
}

/** "31~60일 후 만료": each window starts where the one before it ended. */
function hintOf(bucket: VisaBucket, buckets: VisaBucket[]): string {
  if (bucket.maxDays === null) return t.bucketHint.overdue;
  const below = buckets
    .map((other) => other.maxDays)
    .filter((days): days is number => days !== null && days < (bucket.maxDays ?? 0));
  const from = below.length > 0 ? Math.max(...below) + 1 : 0;
  return t.bucketHint.range(from, bucket.maxDays);
}

type BucketCardProps = {
  title: string;
  hint: string;
  count: number | undefined;
  tone: BucketTone;
  selected: boolean;
  onClick: () => void;
};

function BucketCard({ title, hint, count, tone, selected, onClick }: BucketCardProps) {
  const { token } = theme.useToken();
  // Shade 7 for text (gold 9): shade 6 is too pale to read on white, gold 7 and 8 too (2.9:1, 4.4:1).
  const color = tone === 'neutral' ? token.colorText : token[`${tone}${tone === 'gold' ? 9 : 7}`];
  const border = tone === 'neutral' ? token.colorText : token[`${tone}6`];
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      style={{
        flex: '1 1 150px',
        minWidth: 140,
        textAlign: 'left',
        cursor: 'pointer',
        padding: '12px 16px',
        borderRadius: token.borderRadiusLG,
        border: `${selected ? 2 : 1}px solid ${selected ? border : token.colorBorderSecondary}`,
        margin: selected ? 0 : 1,
        background: selected ? token.colorFillQuaternary : token.colorBgContainer,
        boxShadow: selected ? token.boxShadowTertiary : 'none',
        font: 'inherit',
      }}
    >
      <Flex justify="space-between" align="baseline" gap={8}>
        <Typography.Text strong style={{ color }}>
          {title}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 24, fontWeight: 600, color, fontVariantNumeric: 'tabular-nums' }}>
          {count === undefined ? '–' : count.toLocaleString('ko-KR')}
          <span style={{ fontSize: 13, fontWeight: 400, marginInlineStart: 2 }}>
            {koKit.common.unitPeople}
          </span>
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </button>
  );
}

type VisaBucketsProps = {
  buckets: VisaBucket[] | undefined;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
};

/** The windows from settings (만료 경과, D-30 … D-120) with their counts; the picked one filters the table. */
export function VisaBuckets({ buckets = [], selected, onSelect }: VisaBucketsProps) {
  const total = buckets.length > 0 ? buckets.reduce((sum, bucket) => sum + bucket.count, 0) : undefined;
  const widest = buckets.reduce((max, bucket) => Math.max(max, bucket.maxDays ?? 0), 0);
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} role="group" aria-label={koVisaExpiry.bucketGroup}>
      <BucketCard
        title={t.all}
        hint={widest > 0 ? t.bucketHint.all(widest) : ''}
        count={total}
        tone="neutral"
        selected={selected === undefined}
        onClick={() => onSelect(undefined)}
      />
      {buckets.map((bucket) => (
        <BucketCard
          key={bucket.key}
          title={bucket.label}
          hint={hintOf(bucket, buckets)}
          count={bucket.count}
          tone={toneOf(bucket)}
          selected={selected === bucket.key}
          onClick={() => onSelect(bucket.key)}
        />
      ))}
    </Flex>
  );
}
