import {
  PAYOUT_METHOD_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TYPE_LABELS,
  type Payout,
  type PayoutStatus,
  type PayoutType,
} from '@ilson/contracts';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
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

export const payoutPath = (payout: Pick<Payout, 'id'>) => screenHref('payout-detail', { id: payout.id });

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

/** A name cut to its column's width, whole in a tooltip. */
function ClippedName({ name, width }: { name: string; width: number }) {
  return (
    <Typography.Text ellipsis={{ tooltip: name }} style={{ color: 'inherit', maxWidth: width }}>
      {name}
    </Typography.Text>
  );
}

/** `2026-05-20 14:06` on two lines (the day, then the time): the column stays as narrow as a date. */
function Moment({ value }: { value: string | null }) {
  if (!value) return none;
  const [day, time] = formatDateTime(value).split(' ');
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', fontVariantNumeric: 'tabular-nums' }}>
      <span style={{ whiteSpace: 'nowrap' }}>{day}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </span>
  );
}

/** How it is paid (and to which bank) above the masked number: one narrow column for both. */
function MethodAndAccount({ payout }: { payout: Payout }) {
  const method = PAYOUT_METHOD_LABELS[payout.method] ?? payout.method;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {payout.bankName ? `${method} · ${payout.bankName}` : method}
      </Typography.Text>
      {payout.accountNo && (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {payout.accountNo}
        </Typography.Text>
      )}
    </span>
  );
}

/**
 * Every column has its width (cells cut or wrap to it) and the status stays pinned on the right: at 1440 px with the
 * menu open the whole table fits beside the menu, so the pinned status never covers 지급일시; on narrower screens
 * the table scrolls inside its card under the pinned columns (docs/web-app.md#phones).
 */
export const payoutColumns: ColumnsType<Payout> = [
  {
    title: f.type,
    dataIndex: 'type',
    fixed: 'left',
    width: 104,
    render: (type: PayoutType) => <PayoutTypeTag type={type} />,
  },
  {
    title: f.employer,
    dataIndex: 'employerName',
    fixed: 'left',
    width: 120,
    render: (name: string, payout) => (
      <Link to={payoutPath(payout)} style={{ display: 'inline-block', maxWidth: 104 }}>
        <ClippedName name={name} width={104} />
      </Link>
    ),
  },
  {
    title: f.worker,
    dataIndex: 'workerName',
    width: 92,
    render: (name: string | null) => (name ? <ClippedName name={name} width={76} /> : none),
  },
  {
    title: f.amount,
    key: 'amount',
    sorter: true,
    align: 'right',
    width: 116,
    render: (_, payout) => <Money amount={payout.amount} />,
  },
  {
    title: f.vat,
    dataIndex: 'vat',
    align: 'right',
    width: 92,
    render: (vat: number) => <Money amount={vat} />,
  },
  {
    title: f.total,
    dataIndex: 'total',
    align: 'right',
    width: 124,
    render: (total: number) => <Money amount={total} strong />,
  },
  {
    title: f.methodAndAccount,
    key: 'accountNo',
    width: 140,
    render: (_, payout) => <MethodAndAccount payout={payout} />,
  },
  {
    title: f.scheduledDate,
    key: 'scheduled_date',
    sorter: true,
    width: 100,
    render: (_, payout) => nowrap(payout.scheduledDate ?? none),
  },
  {
    title: f.paidAt,
    key: 'paid_at',
    sorter: true,
    width: 96,
    render: (_, payout) => <Moment value={payout.paidAt} />,
  },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    fixed: 'right',
    width: 80,
    render: (status: PayoutStatus) => <PayoutStatusTag status={status} />,
  },
];
