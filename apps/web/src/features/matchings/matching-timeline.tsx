import { ForwardOutlined } from '@ant-design/icons';
import { MATCHING_STATUS_LABELS, type MatchingStatus, recordMessages } from '@ilson/contracts';
import { Empty, Steps, Timeline, Typography, theme } from 'antd';
import { adminDisplayName } from '../../components/admin-name';
import { formatDateTime } from '../../lib/datetime';
import { koMatchings } from '../../locales/ko/matchings';
import type { MatchingDetail } from './api';

const t = koMatchings;

const TIMELINE_COLORS: Partial<Record<MatchingStatus, string>> = {
  cancelled: 'red',
  terminated: 'red',
  working: 'green',
  completed: 'gray',
};

type HistoryEntry = MatchingDetail['statusHistory'][number];

/** proposed → accepted: the interview was skipped (an explicit action with its reason). */
const skippedInterview = (entry: HistoryEntry) =>
  entry.fromStatus === 'proposed' && entry.toStatus === 'accepted';

export function interviewSkipped(matching: MatchingDetail): boolean {
  return matching.statusHistory.some(skippedInterview);
}

/** The server stores the skip's reason as `면접 생략: …`; the entry's title already says so. */
const SKIP_PREFIX = recordMessages.interviewSkipped('');
const reasonOf = (entry: HistoryEntry) =>
  entry.reason && skippedInterview(entry) && entry.reason.startsWith(SKIP_PREFIX)
    ? entry.reason.slice(SKIP_PREFIX.length)
    : entry.reason;

/** Every status change, oldest first: what, when, who (the admin's one display name), why. */
export function MatchingTimeline({ matching }: { matching: MatchingDetail }) {
  const entries = [...matching.statusHistory].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
  if (entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.timelineEmpty} />;
  }
  return (
    <Timeline
      aria-label={t.sections.timeline}
      items={entries.map((entry, index) => {
        const reason = reasonOf(entry);
        return {
          key: `${entry.changedAt}-${index}`,
          color: TIMELINE_COLORS[entry.toStatus] ?? 'blue',
          content: (
            <>
              <Typography.Text strong>
                {entry.fromStatus
                  ? `${MATCHING_STATUS_LABELS[entry.fromStatus]} → ${MATCHING_STATUS_LABELS[entry.toStatus]}`
                  : `${t.createdEntry} (${MATCHING_STATUS_LABELS[entry.toStatus]})`}
                {skippedInterview(entry) && ` · ${t.skipInterview.entry}`}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {t.timelineBy(
                  adminDisplayName({ name: entry.changedByName }),
                  formatDateTime(entry.changedAt),
                )}
              </Typography.Text>
              {reason && <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }}>{reason}</div>}
            </>
          ),
        };
      })}
    />
  );
}

const FLOW: MatchingStatus[] = ['proposed', 'interview', 'accepted', 'contracted', 'working', 'completed'];

/**
 * Where the matching stands on the main flow; a cancelled or terminated one shows where it stopped. A skipped
 * interview is not a step passed: it reads 면접 생략, greyed, with a skip icon.
 */
export function MatchingSteps({ matching }: { matching: MatchingDetail }) {
  const { token } = theme.useToken();
  const skipped = interviewSkipped(matching);
  const stopped = matching.status === 'cancelled' || matching.status === 'terminated';
  const stoppedAt = matching.statusHistory
    .filter((entry) => entry.toStatus === matching.status)
    .sort((a, b) => b.changedAt.localeCompare(a.changedAt))[0]?.fromStatus;
  const reached = stopped
    ? Math.max(0, FLOW.indexOf(stoppedAt ?? 'proposed'))
    : FLOW.indexOf(matching.status);
  return (
    <section aria-label={t.sections.flow}>
      <Steps
        size="small"
        current={reached}
        status={stopped ? 'error' : matching.status === 'completed' ? 'finish' : 'process'}
        responsive={false}
        // Narrow screens scroll the card sideways rather than squeeze six titles letter by letter.
        style={{ minWidth: 640 }}
        items={FLOW.map((status, index) =>
          skipped && status === 'interview'
            ? {
                title: t.skipInterview.step,
                status: 'wait' as const,
                icon: <ForwardOutlined style={{ color: token.colorTextQuaternary }} />,
              }
            : {
                title:
                  stopped && index === reached
                    ? `${MATCHING_STATUS_LABELS[status]} (${MATCHING_STATUS_LABELS[matching.status]})`
                    : MATCHING_STATUS_LABELS[status],
              },
        )}
      />
    </section>
  );
}
