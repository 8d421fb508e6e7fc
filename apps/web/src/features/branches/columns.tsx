import { BRANCH_STATUS_LABELS, type Branch, type BranchStatus, formatPhone } from '@ilson/contracts';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koBranches } from '../../locales/ko/branches';
import { koKit } from '../../locales/ko/kit';

const f = koBranches.fields;
const none = koKit.common.none;

export const BRANCH_STATUS_COLORS: Record<BranchStatus, StatusColor> = {
  active: 'green',
  inactive: 'default',
};

export function BranchStatusTag({ status }: { status: BranchStatus }) {
  return <StatusTag status={status} labels={BRANCH_STATUS_LABELS} colors={BRANCH_STATUS_COLORS} />;
}

export const branchPath = (branch: Pick<Branch, 'id'>) => screenHref('branch-detail', { id: branch.id });

export const branchColumns: ColumnsType<Branch> = [
  {
    title: f.name,
    key: 'name',
    sorter: true,
    render: (_, branch) => <Link to={branchPath(branch)}>{branch.name}</Link>,
  },
  { title: f.code, dataIndex: 'code', key: 'code', sorter: true },
  { title: f.region, dataIndex: 'region', key: 'region', sorter: true },
  { title: f.phone, dataIndex: 'phone', render: (phone: string) => (phone ? formatPhone(phone) : none) },
  { title: f.managerAdminId, dataIndex: 'managerName', render: (name: string | null) => name ?? none },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    render: (status: BranchStatus) => <BranchStatusTag status={status} />,
  },
  {
    title: koKit.detail.createdAt,
    dataIndex: 'createdAt',
    key: 'created_at',
    sorter: true,
    render: (value: string) => formatDateTime(value),
  },
];
