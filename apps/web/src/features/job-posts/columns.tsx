import {
  INDUSTRY_LABELS,
  type Industry,
  JOB_POST_STATUS_LABELS,
  type JobPost,
  type JobPostStatus,
  SALARY_TYPE_LABELS,
} from '@ilson/contracts';
import { Flex, Progress, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { daysUntil } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';

const t = koJobPosts;
const f = t.fields;
const none = koKit.common.none;

export const JOB_POST_STATUS_COLORS: Record<JobPostStatus, StatusColor> = {
  draft: 'default',
  pending: 'gold',
  active: 'green',
  rejected: 'red',
  closed: 'purple',
  suspended: 'volcano',
};

export function JobPostStatusTag({ status }: { status: JobPostStatus }) {
  return <StatusTag status={status} labels={JOB_POST_STATUS_LABELS} colors={JOB_POST_STATUS_COLORS} />;
}

export const jobPostPath = (post: Pick<JobPost, 'id'>) => screenHref('job-post-detail', { id: post.id });

export const payText = (post: Pick<JobPost, 'salaryType' | 'salaryAmount'>) =>
  `${SALARY_TYPE_LABELS[post.salaryType]} ${koKit.common.won(post.salaryAmount)}`;

export function Pay({ post }: { post: Pick<JobPost, 'salaryType' | 'salaryAmount' | 'hourlyEquivalent'> }) {
  return (
    <Flex vertical style={{ lineHeight: 1.35, whiteSpace: 'nowrap' }}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{payText(post)}</span>
      {post.salaryType !== 'hourly' && post.hourlyEquivalent !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.hourly(post.hourlyEquivalent)}
        </Typography.Text>
      )}
    </Flex>
  );
}

export function Headcount({ post }: { post: Pick<JobPost, 'filledCount' | 'headcount'> }) {
  const percent = post.headcount > 0 ? Math.round((post.filledCount / post.headcount) * 100) : 0;
  return (
    <Flex vertical style={{ minWidth: 72 }}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>
        {t.headcount(post.filledCount, post.headcount)}
      </span>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={percent >= 100 ? 'success' : 'normal'}
        aria-label={t.headcount(post.filledCount, post.headcount)}
      />
    </Flex>
  );
}

function deadlineColor(days: number): StatusColor {
  if (days < 0) return 'default';
  if (days <= 3) return 'red';
  if (days <= 7) return 'orange';
  return 'blue';
}

export function Deadline({ date, status }: { date: string | null; status?: JobPostStatus }) {
  if (!date) return <Typography.Text type="secondary">{t.deadlineNone}</Typography.Text>;
  const days = daysUntil(date);
  const open = status === undefined || status === 'active' || status === 'pending' || status === 'draft';
  return (
    <Flex gap={6} align="center" wrap={false}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{date}</span>
      {open && (
        <Tag color={deadlineColor(days)} style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}>
          {days === 0 ? t.dDay.today : days > 0 ? t.dDay.left(days) : t.dDay.over}
        </Tag>
      )}
    </Flex>
  );
}

export const jobPostColumns: ColumnsType<JobPost> = [
  {
    title: f.title,
    key: 'title',
    sorter: true,
    fixed: 'left',
    width: 220,
    render: (_, post) => (
      <Link to={jobPostPath(post)} style={{ display: 'inline-block', maxWidth: 210 }}>
        <Typography.Text ellipsis={{ tooltip: post.title }} style={{ color: 'inherit', maxWidth: 210 }}>
          {post.title}
        </Typography.Text>
      </Link>
    ),
  },
  { title: f.employerId, dataIndex: 'employerName' },
  {
    title: f.industry,
    dataIndex: 'industry',
    render: (value: Industry) => INDUSTRY_LABELS[value] ?? value,
  },
  {
    title: f.pay,
    key: 'salary_amount',
    sorter: true,
    render: (_, post) => <Pay post={post} />,
  },
  { title: f.filled, key: 'headcount', render: (_, post) => <Headcount post={post} /> },
  {
    title: f.deadline,
    key: 'deadline',
    sorter: true,
    render: (_, post) => <Deadline date={post.deadline} status={post.status} />,
  },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    render: (status: JobPostStatus) => <JobPostStatusTag status={status} />,
  },
  { title: f.branchId, dataIndex: 'branchName', render: (name: string | null) => name ?? none },
];

/** The columns of an employer's own posts: no employer, no branch. */
export const employerJobPostColumns = jobPostColumns.filter(
  (column) =>
    !('dataIndex' in column) || (column.dataIndex !== 'employerName' && column.dataIndex !== 'branchName'),
);
