import {
  PAYOUT_METHOD_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TYPE_LABELS,
  type Payout,
  type PayoutMethod,
  type PayoutStatus,
  type PayoutType,
} from '@ilson/contracts';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koPayouts } from '../../locales/ko/payouts';

const f = koPayouts.fields;
const none = koKit.common.none;

export const PAYOUT_STATUS_COLORS: Record<PayoutStatus, StatusColor> = {
  pending: 'gold',
  approved: 'blue',
  paid: 'green',
  cancelled: 'default',
  failed: 'red',
};

export const PAYOUT_TYPE_COLORS: Record<PayoutType, StatusColor> = {
  matching_fee: 'geekblue',
  wage: 'cyan',
  refund: 'magenta',
};

export function PayoutStatusTag({ status }: { status: PayoutStatus }) {
  return <StatusTag status={status} labels={PAYOUT_STATUS_LABELS} colors={PAYOUT_STATUS_COLORS} />;
}

export function PayoutTypeTag({ type }: { type: PayoutType }) {
  return <StatusTag status={type} labels={PAYOUT_TYPE_LABELS} colors={PAYOUT_TYPE_COLORS} />;
}

export const payoutPath = (payout: Pick<Payout, 'id'>) => `/payouts/${payout.id}`;

/** Won with the sign and thousands separators: ₩1,234,000. */
export const formatKrw = (amount: number) => `₩${amount.toLocaleString('ko-KR')}`;

export function Money({ amount, strong }: { amount: number; strong?: boolean }) {
  return (
    <span
      style={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontWeight: strong ? 600 : undefined,
      }}
    >
      {formatKrw(amount)}
    </span>
  );
}

const nowrap = (text: string) => (
  <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{text}</span>
);

export const payoutColumns: ColumnsType<Payout> = [
  {
    title: f.type,
    dataIndex: 'type',
    fixed: 'left',
    render: (type: PayoutType) => <PayoutTypeTag type={type} />,
  },
  {
    title: f.employer,
    dataIndex: 'employerName',
    fixed: 'left',
    render: (name: string, payout) => (
      <Link to={payoutPath(payout)} style={{ display: 'inline-block', maxWidth: 200 }}>
        <Typography.Text ellipsis={{ tooltip: name }} style={{ color: 'inherit', maxWidth: 200 }}>
          {name}
        </Typography.Text>
      </Link>
    ),
  },
  { title: f.worker, dataIndex: 'workerName', render: (name: string | null) => name ?? none },
  {
    title: f.amount,
    key: 'amount',
    sorter: true,
    align: 'right',
    render: (_, payout) => <Money amount={payout.amount} />,
  },
  { title: f.vat, dataIndex: 'vat', align: 'right', render: (vat: number) => <Money amount={vat} /> },
  {
    title: f.total,
    dataIndex: 'total',
    align: 'right',
    render: (total: number) => <Money amount={total} strong />,
  },
  {
    title: f.method,
    dataIndex: 'method',
    render: (method: PayoutMethod) => nowrap(PAYOUT_METHOD_LABELS[method] ?? method),
  },
  {
    title: f.accountNo,
    key: 'accountNo',
    render: (_, payout) =>
      payout.accountNo ? (
        <span style={{ whiteSpace: 'nowrap' }}>
          {payout.bankName && <Typography.Text type="secondary">{payout.bankName} </Typography.Text>}
          <Typography.Text code>{payout.accountNo}</Typography.Text>
        </span>
      ) : (
        none
      ),
  },
  {
    title: f.scheduledDate,
    key: 'scheduled_date',
    sorter: true,
    render: (_, payout) => nowrap(payout.scheduledDate ?? none),
  },
  {
    title: f.paidAt,
    key: 'paid_at',
    sorter: true,
    render: (_, payout) => nowrap(payout.paidAt ? formatDateTime(payout.paidAt) : none),
  },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    fixed: 'right',
    render: (status: PayoutStatus) => <PayoutStatusTag status={status} />,
  },
];
