import {
  MATCHING_STATUS_LABELS,
  type Matching,
  type MatchingStatus,
  nationalityLabel,
  SALARY_TYPE_LABELS,
  VISA_TYPE_LABELS,
} from '@ilson/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDay } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';

const f = koMatchings.fields;
const none = koKit.common.none;

export const MATCHING_STATUS_COLORS: Record<MatchingStatus, StatusColor> = {
  proposed: 'default',
  interview: 'blue',
  accepted: 'cyan',
  contracted: 'geekblue',
  working: 'green',
  completed: 'purple',
  cancelled: 'red',
  terminated: 'volcano',
};

export function MatchingStatusTag({ status }: { status: MatchingStatus }) {
  return <StatusTag status={status} labels={MATCHING_STATUS_LABELS} colors={MATCHING_STATUS_COLORS} />;
}

export const matchingPath = (matching: Pick<Matching, 'id'>) =>
  screenHref('matching-detail', { id: matching.id });

export const agreedPay = (m: Pick<Matching, 'agreedSalaryType' | 'agreedSalaryAmount'>) =>
  m.agreedSalaryType && m.agreedSalaryAmount !== null
    ? `${SALARY_TYPE_LABELS[m.agreedSalaryType]} ${koKit.common.won(m.agreedSalaryAmount)}`
    : none;

export function MatchingWorker({ matching: m, link }: { matching: Matching; link?: boolean }) {
  return (
    <Flex vertical style={{ lineHeight: 1.35 }}>
      {link ? (
        <Link to={screenHref('worker-detail', { id: m.workerId })}>{m.workerName}</Link>
      ) : (
        <span>{m.workerName}</span>
      )}
      <Flex gap={4} align="center" wrap={false}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {nationalityLabel(m.workerNationality)}
        </Typography.Text>
        {m.workerVisaType && (
          <Tag
            title={VISA_TYPE_LABELS[m.workerVisaType]}
            style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}
          >
            {m.workerVisaType}
          </Tag>
        )}
      </Flex>
    </Flex>
  );
}

const workerColumn: ColumnsType<Matching>[number] = {
  title: f.worker,
  key: 'worker',
  fixed: 'left',
  render: (_, m) => <MatchingWorker matching={m} />,
};
const employerColumn: ColumnsType<Matching>[number] = { title: f.employer, dataIndex: 'employerName' };
const jobPostColumn: ColumnsType<Matching>[number] = {
  title: f.jobPost,
  dataIndex: 'jobPostTitle',
  render: (title: string) => (
    <Typography.Text ellipsis={{ tooltip: title }} style={{ maxWidth: 220 }}>
      {title}
    </Typography.Text>
  ),
};
const statusColumn: ColumnsType<Matching>[number] = {
  title: f.status,
  dataIndex: 'status',
  key: 'status',
  sorter: true,
  align: 'center',
  render: (status: MatchingStatus) => <MatchingStatusTag status={status} />,
};
const startColumn: ColumnsType<Matching>[number] = {
  title: f.startDate,
  dataIndex: 'startDate',
  key: 'start_date',
  sorter: true,
  render: (date: string | null) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{date ?? none}</span>,
};
const createdColumn: ColumnsType<Matching>[number] = {
  title: f.createdAt,
  dataIndex: 'createdAt',
  key: 'created_at',
  sorter: true,
  render: (value: string) => formatDay(value),
};

export const matchingColumns: ColumnsType<Matching> = [
  workerColumn,
  employerColumn,
  jobPostColumn,
  statusColumn,
  startColumn,
  { title: f.manager, dataIndex: 'managerName', render: (name: string | null) => name ?? none },
  { title: f.branchId, dataIndex: 'branchName', render: (name: string | null) => name ?? none },
  createdColumn,
];

/** Inside another record's tab the record's own column is left out. */
export const relatedMatchingColumns = {
  employer: [workerColumn, jobPostColumn, statusColumn, startColumn, createdColumn],
  worker: [employerColumn, jobPostColumn, statusColumn, startColumn, createdColumn],
  jobPost: [workerColumn, statusColumn, startColumn, createdColumn],
} satisfies Record<string, ColumnsType<Matching>>;
