import { PAYOUT_STATUS_LABELS, type PayoutStatus } from '@ilson/contracts';
import { Card, Flex, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../../lib/datetime';
import { koPayouts } from '../../locales/ko/payouts';
import type { PayoutTotals } from './api';
import { formatKrw, Money, PAYOUT_STATUS_COLORS } from './columns';
import './payouts.css';

const t = koPayouts.totals;

export function sumTotals(totals: PayoutTotals) {
  return totals.reduce(
    (sum, row) => ({
      count: sum.count + row.count,
      amount: sum.amount + row.amount,
      vat: sum.vat + row.vat,
      total: sum.total + row.total,
    }),
    { count: 0, amount: 0, vat: 0, total: 0 },
  );
}

type TotalsByStatusProps = {
  totals: PayoutTotals | undefined;
  /** When the server summed them, if it reused earlier sums (many payouts); absent when live. */
  asOf?: string | null;
  active: string | undefined;
  onPick(status: PayoutStatus | null): void;
};

/** The current filter's sums by status (the server's `totals`); a status narrows the list to it. */
export function TotalsByStatus({ totals = [], asOf, active, onPick }: TotalsByStatusProps) {
  const all = sumTotals(totals);
  return (
    <Card
      size="small"
      title={t.title}
      extra={
        asOf ? (
          <Typography.Text type="secondary">
            {t.asOf(dayjs(asOf).tz(DISPLAY_TIME_ZONE).format('HH:mm:ss'))}
          </Typography.Text>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
      styles={{ body: { padding: 0 } }}
    >
      <ul className="payout-totals" aria-label={t.label}>
        <li>
          <button
            type="button"
            className={`payout-total${active === undefined ? ' is-active' : ''}`}
            onClick={() => onPick(null)}
          >
            <Typography.Text type="secondary">{t.all}</Typography.Text>
            <span className="payout-total-amount">{formatKrw(all.total)}</span>
            <Typography.Text type="secondary" className="payout-total-count">
              {t.countOf(all.count)}
            </Typography.Text>
          </button>
        </li>
        {totals.map((row) => (
          <li key={row.status}>
            <button
              type="button"
              className={`payout-total payout-total-${PAYOUT_STATUS_COLORS[row.status]}${active === row.status ? ' is-active' : ''}`}
              aria-pressed={active === row.status}
              onClick={() => onPick(active === row.status ? null : row.status)}
            >
              <Typography.Text type="secondary">{PAYOUT_STATUS_LABELS[row.status]}</Typography.Text>
              <span className="payout-total-amount">{formatKrw(row.total)}</span>
              <Typography.Text type="secondary" className="payout-total-count">
                {t.countOf(row.count)}
              </Typography.Text>
            </button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The table's last row: the sums of the whole filter (every page), under the amount columns. */
export function TotalsRow({
  totals,
  columns,
  selectable = false,
}: {
  totals: PayoutTotals | undefined;
  columns: number;
  /** The table has a selection column first (bulk actions): every cell moves one to the right. */
  selectable?: boolean;
}) {
  if (!totals) return null;
  const all = sumTotals(totals);
  const lead = selectable ? 1 : 0;
  return (
    <Table.Summary fixed="bottom">
      <Table.Summary.Row className="payout-summary-row">
        <Table.Summary.Cell index={0} colSpan={3 + lead}>
          <Flex gap={8} align="center">
            <Typography.Text strong>{koPayouts.fields.total}</Typography.Text>
            <Typography.Text type="secondary">{t.countOf(all.count)}</Typography.Text>
          </Flex>
        </Table.Summary.Cell>
        <Table.Summary.Cell index={3 + lead} align="right">
          <Money amount={all.amount} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={4 + lead} align="right">
          <Money amount={all.vat} />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={5 + lead} align="right">
          <Money amount={all.total} strong />
        </Table.Summary.Cell>
        <Table.Summary.Cell index={6 + lead} colSpan={columns - 6} />
      </Table.Summary.Row>
    </Table.Summary>
  );
}
