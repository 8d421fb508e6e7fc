import { MATCHING_STATUS_LABELS, type MatchingStatus } from '@ilson/contracts';
import { Empty, Steps, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../lib/datetime';
import { koHiring } from '../../locales/ko-hiring';
import type { MatchingDetail } from './api';

const t = koHiring.matchings;

const TIMELINE_COLORS: Partial<Record<MatchingStatus, string>> = {
  cancelled: 'red',
  terminated: 'red',
  working: 'green',
  completed: 'gray',
};

/** Every status change, oldest first: what, when, who, why. */
export function MatchingTimeline({ matching }: { matching: MatchingDetail }) {
  const entries = [...matching.statusHistory].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.timelineEmpty} />;
  }
  return (
    <Timeline
      aria-label={t.sections.timeline}
      items={entries.map((entry, index) => ({
        key: `${entry.changedAt}-${index}`,
        color: TIMELINE_COLORS[entry.toStatus] ?? 'blue',
        content: (
          <>
            <Typography.Text strong>
              {entry.fromStatus
                ? `${MATCHING_STATUS_LABELS[entry.fromStatus]} → ${MATCHING_STATUS_LABELS[entry.toStatus]}`
                : `${t.createdEntry} (${MATCHING_STATUS_LABELS[entry.toStatus]})`}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t.timelineBy(entry.changedByName, formatDateTime(entry.changedAt))}
            </Typography.Text>
            {entry.reason && <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }}>{entry.reason}</div>}
          </>
        ),
      }))}
    />
  );
}

const FLOW: MatchingStatus[] = ['proposed', 'interview', 'accepted', 'contracted', 'working', 'completed'];

/** Where the matching stands on the main flow; a cancelled or terminated one shows where it stopped. */
export function MatchingSteps({ matching }: { matching: MatchingDetail }) {
  const stopped = matching.status === 'cancelled' || matching.status === 'terminated';
  const stoppedAt = matching.statusHistory
    .filter((entry) => entry.toStatus === matching.status)
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt))[0]?.fromStatus;
  const reached = stopped
    ? Math.max(0, FLOW.indexOf(stoppedAt ?? 'proposed'))
    : FLOW.indexOf(matching.status);
  return (
    <Steps
      size="small"
      current={reached}
      status={stopped ? 'error' : matching.status === 'completed' ? 'finish' : 'process'}
      responsive={false}
      items={FLOW.map((status, index) => ({
        title:
          stopped && index === reached
            ? `${MATCHING_STATUS_LABELS[status]} (${MATCHING_STATUS_LABELS[matching.status]})`
            : MATCHING_STATUS_LABELS[status],
      }))}
    />
  );
}
