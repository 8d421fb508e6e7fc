import type { Review } from '@ilson/contracts';
import { Card, Flex, Spin, Tag, Typography } from 'antd';
import { koModeration } from '../../../locales/ko/reviews';
import { ReviewExcerpt, Stars } from '../columns';
import { ageOf } from './age';
import { Kbd } from './kbd';

const t = koModeration;
const s = t.shortcuts;

/** How many reviews the side list shows around the open one. */
const VISIBLE = 7;

type QueueListProps = {
  items: readonly Review[];
  index: number;
  skipped: ReadonlySet<number>;
  fetchingMore: boolean;
  exhausted: boolean;
  onSelect(id: number): void;
};

/** The open review and the ones after it; a click opens one. */
export function QueueList({ items, index, skipped, fetchingMore, exhausted, onSelect }: QueueListProps) {
  const start = Math.max(0, index - 1);
  const shown = items.slice(start, start + VISIBLE);
  return (
    <Card size="small" title={t.upNext} styles={{ body: { padding: 8 } }}>
      <ol className="moderation-list" aria-label={t.queueList}>
        {shown.map((review, offset) => {
          const active = start + offset === index;
          return (
            <li key={review.id}>
              <button
                type="button"
                className={`moderation-list-item${active ? ' is-active' : ''}`}
                aria-current={active ? 'true' : undefined}
                onClick={() => onSelect(review.id)}
              >
                <Flex justify="space-between" align="center" gap={8}>
                  <Stars rating={review.rating} size={11} />
                  <Flex gap={4}>
                    {review.reportCount > 0 && (
                      <Tag color="red" style={{ marginInlineEnd: 0 }}>
                        {t.reported(review.reportCount)}
                      </Tag>
                    )}
                    {skipped.has(review.id) && <Tag style={{ marginInlineEnd: 0 }}>{t.skipped}</Tag>}
                  </Flex>
                </Flex>
                <ReviewExcerpt content={review.content} width="100%" />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {review.employerName} · {review.workerName} · {ageOf(review.createdAt)}
                </Typography.Text>
              </button>
            </li>
          );
        })}
      </ol>
      {fetchingMore && (
        <Flex justify="center" gap={8} style={{ padding: 8 }}>
          <Spin size="small" />
          <Typography.Text type="secondary">{t.loadingMore}</Typography.Text>
        </Flex>
      )}
      {exhausted && index === items.length - 1 && (
        <Typography.Text type="secondary" style={{ display: 'block', padding: 8, textAlign: 'center' }}>
          {t.endOfLoaded}
        </Typography.Text>
      )}
    </Card>
  );
}

const SHORTCUTS: [string[], string][] = [
  [['A'], s.publish],
  [['H'], s.hide],
  [['J', '↓'], s.next],
  [['K', '↑'], s.previous],
  [['S'], s.skip],
  [['Enter'], s.confirm],
  [['Esc'], s.cancel],
];

export function ShortcutHelp({ canModerate }: { canModerate: boolean }) {
  const shown = canModerate
    ? SHORTCUTS
    : SHORTCUTS.filter(([keys]) => !['A', 'H', 'Enter', 'Esc'].includes(keys[0]!));
  return (
    <Card size="small" title={t.shortcutsTitle} style={{ marginTop: 16 }}>
      <dl className="moderation-shortcuts">
        {shown.map(([keys, label]) => (
          <div key={label}>
            <dt>
              {keys.map((key) => (
                <Kbd key={key}>{key}</Kbd>
              ))}
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
