import { ClockCircleOutlined, PushpinFilled } from '@ant-design/icons';
import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_STATUS_LABELS,
  type Notice,
  type NoticeAudience,
  type NoticeStatus,
} from '@ilson/contracts';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koNotices } from '../../locales/ko/notices';

const t = koNotices;
const f = t.fields;
const none = koKit.common.none;

export const NOTICE_STATUS_COLORS: Record<NoticeStatus, StatusColor> = {
  draft: 'default',
  published: 'green',
  hidden: 'volcano',
};

export const AUDIENCE_COLORS: Record<NoticeAudience, StatusColor> = {
  all: 'blue',
  employers: 'geekblue',
  workers: 'cyan',
};

export const noticePath = (notice: Pick<Notice, 'id'>) => screenHref('notice-detail', { id: notice.id });

/** The status, and for a published notice still to go live, a "예약" tag with its time. */
export function NoticeStatusTags({
  notice,
}: {
  notice: Pick<Notice, 'status' | 'isScheduled' | 'publishedAt'>;
}) {
  return (
    <Flex gap={4} align="center" wrap={false}>
      <StatusTag status={notice.status} labels={NOTICE_STATUS_LABELS} colors={NOTICE_STATUS_COLORS} />
      {notice.isScheduled && notice.publishedAt && (
        <Tooltip title={t.scheduledAt(formatDateTime(notice.publishedAt))}>
          <Tag color="purple" icon={<ClockCircleOutlined />} style={{ marginInlineEnd: 0 }}>
            {t.scheduled} {formatDateTime(notice.publishedAt)}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

export function AudienceTag({ audience }: { audience: NoticeAudience }) {
  return <StatusTag status={audience} labels={NOTICE_AUDIENCE_LABELS} colors={AUDIENCE_COLORS} />;
}

export function PinMark() {
  return (
    <Tooltip title={t.pinnedMark}>
      <PushpinFilled aria-label={t.pinnedMark} style={{ color: '#fa541c' }} />
    </Tooltip>
  );
}

export const noticeColumns: ColumnsType<Notice> = [
  {
    title: f.title,
    key: 'title',
    sorter: true,
    render: (_, notice) => (
      <Flex gap={8} align="center" style={{ minWidth: 260, maxWidth: 520 }}>
        {notice.isPinned && <PinMark />}
        <Link to={noticePath(notice)} style={{ minWidth: 0, fontWeight: notice.isPinned ? 600 : undefined }}>
          <Typography.Text ellipsis={{ tooltip: notice.title }} style={{ color: 'inherit', maxWidth: 480 }}>
            {notice.title}
          </Typography.Text>
        </Link>
      </Flex>
    ),
  },
  {
    title: f.audience,
    dataIndex: 'audience',
    align: 'center',
    render: (audience: NoticeAudience) => <AudienceTag audience={audience} />,
  },
  {
    title: f.status,
    key: 'status',
    render: (_, notice) => <NoticeStatusTags notice={notice} />,
  },
  { title: f.author, dataIndex: 'authorName', render: (name: string | null) => name ?? none },
  {
    title: f.viewCount,
    key: 'view_count',
    sorter: true,
    align: 'right',
    render: (_, notice) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{notice.viewCount.toLocaleString('ko-KR')}</span>
    ),
  },
  {
    title: f.publishedAt,
    key: 'published_at',
    sorter: true,
    render: (_, notice) =>
      notice.publishedAt && !notice.isScheduled ? (
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatDateTime(notice.publishedAt)}
        </span>
      ) : (
        none
      ),
  },
];
