import {
  EMPLOYER_STATUS_LABELS,
  type Employer,
  type EmployerStatus,
  formatBusinessRegNo,
  formatPhone,
  INDUSTRY_LABELS,
  type Industry,
} from '@ilson/contracts';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDay } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';

const f = koEmployers.fields;
const none = koKit.common.none;

export const EMPLOYER_STATUS_COLORS: Record<EmployerStatus, StatusColor> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  suspended: 'volcano',
  withdrawn: 'default',
};

export function EmployerStatusTag({ status }: { status: EmployerStatus }) {
  return <StatusTag status={status} labels={EMPLOYER_STATUS_LABELS} colors={EMPLOYER_STATUS_COLORS} />;
}

export const employerPath = (employer: Pick<Employer, 'id'>) =>
  screenHref('employer-detail', { id: employer.id });

export const showPhone = (phone: string) => (phone ? formatPhone(phone) : none);

export const employerColumns: ColumnsType<Employer> = [
  {
    title: f.companyName,
    key: 'company_name',
    sorter: true,
    fixed: 'left',
    render: (_, employer) => <Link to={employerPath(employer)}>{employer.companyName}</Link>,
  },
  {
    title: f.businessRegNo,
    dataIndex: 'businessRegNo',
    render: (value: string) => (
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatBusinessRegNo(value)}</span>
    ),
  },
  { title: f.ceoName, dataIndex: 'ceoName' },
  { title: f.industry, dataIndex: 'industry', render: (value: Industry) => INDUSTRY_LABELS[value] ?? value },
  { title: f.region, dataIndex: 'region' },
  { title: f.branchId, dataIndex: 'branchName', render: (name: string | null) => name ?? none },
  { title: f.phone, dataIndex: 'phone', render: showPhone },
  {
    title: f.status,
    dataIndex: 'status',
    key: 'status',
    sorter: true,
    align: 'center',
    render: (status: EmployerStatus) => <EmployerStatusTag status={status} />,
  },
  {
    title: f.createdAt,
    dataIndex: 'createdAt',
    key: 'created_at',
    sorter: true,
    render: (value: string) => formatDay(value),
  },
];
