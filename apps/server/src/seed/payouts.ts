import {
  defaultPayoutVat,
  type PayoutMethod,
  type PayoutStatus,
  type PayoutType,
  publicPlacementRow,
} from '@ilson/contracts';
import { addDays, fromDay, instantOn, toDay } from './dates';
import type { SeedMatching } from './matchings';
import { createRng, type Weighted } from './random';

export type SeedPayout = {
  id: number;
  matchingId: number;
  employerId: number;
  /** The employer's branch, which the payout keeps a copy of (migration 0026): given, the database need not look it up. */
  employerBranchId: number;
  workerId: number | null;
  type: PayoutType;
  amount: number;
  vat: number;
  method: PayoutMethod;
  bankName: string;
  /** Digits, plain: the loader encrypts them. */
  accountNo: string;
  accountHolder: string;
  scheduledDate: string;
  paidAt: Date | null;
  memo: string;
  status: PayoutStatus;
  statusReason: string | null;
  statusChangedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

const BANKS = [
  'KB국민은행',
  '신한은행',
  '우리은행',
  '하나은행',
  'NH농협은행',
  'IBK기업은행',
  '부산은행',
  '대구은행',
];
const METHODS: Weighted<PayoutMethod> = [
  ['bank_transfer', 70],
  ['virtual_account', 20],
  ['card', 8],
  ['cash', 2],
];
const CANCEL_REASONS = ['중복 등록', '매칭 취소에 따른 정산 취소', '금액 정정 후 재등록'];
const FAIL_REASONS = ['계좌번호 오류로 이체 실패', '예금주 불일치'];

/**
 * Payouts follow the matchings that reached a contract: the matching fee (VAT 10%; none for E-9 and E-8 workers), monthly wages while the
 * worker worked, a refund now and then for a contract ended early. A payout due in the future is not yet paid.
 */
export function* generatePayouts(
  count: number,
  seed: number,
  matchings: Iterable<SeedMatching>,
  employers: { name(id: number): string; branch(id: number): number },
  workerName: (id: number) => string,
  today: string,
): Generator<SeedPayout> {
  const rng = createRng(seed, 'payouts');
  const lastDay = toDay(today) - 1;
  let id = 0;
  for (const m of matchings) {
    if (id >= count) return;
    if (!m.contractDate) continue;
    const planned: { type: PayoutType; day: number; amount: number }[] = [];
    // No private fee where the law gives the placement to the public service (E-9, E-8: docs/law-as-data.md#fees);
    // the draw is made all the same, so the rest of the demo data stays as it was.
    if (rng.chance(0.9) && !publicPlacementRow(m.workerVisaType, m.contractDate))
      planned.push({
        type: 'matching_fee',
        day: toDay(m.contractDate) + rng.int(3, 14),
        amount: m.feeAmount,
      });
    if (m.startDate && (m.status === 'working' || m.status === 'completed' || m.status === 'terminated')) {
      const monthly =
        m.agreedSalaryType === 'monthly' ? m.agreedSalaryAmount : 2_200_000 + rng.int(0, 20) * 50_000;
      const until = m.endDate ? toDay(m.endDate) : lastDay;
      for (let day = toDay(m.startDate) + 40; day <= until && planned.length < 12; day += 30) {
        if (rng.chance(0.9)) planned.push({ type: 'wage', day, amount: monthly });
      }
    }
    if (
      m.status === 'terminated' &&
      rng.chance(0.3) &&
      !publicPlacementRow(m.workerVisaType, m.contractDate)
    ) {
      planned.push({
        type: 'refund',
        day: toDay(m.endDate!) + rng.int(3, 20),
        amount: Math.round(m.feeAmount / 2),
      });
    }
    for (const p of planned) {
      if (id >= count) return;
      id++;
      const due = p.day <= lastDay;
      const status: PayoutStatus = due
        ? rng.weighted<PayoutStatus>([
            ['paid', 75],
            ['approved', 6],
            ['pending', 6],
            ['cancelled', 7],
            ['failed', 6],
          ])
        : rng.weighted<PayoutStatus>([
            ['pending', 60],
            ['approved', 35],
            ['cancelled', 5],
          ]);
      const createdDay = Math.min(Math.max(p.day - rng.int(3, 10), toDay(m.contractDate)), lastDay);
      const createdAt = instantOn(fromDay(createdDay), rng.int(32_400, 64_800));
      const changedDay = Math.min(due ? p.day : createdDay + rng.int(0, 2), lastDay);
      const changedAt =
        status === 'pending' ? null : instantOn(fromDay(Math.max(changedDay, createdDay)), 66_000);
      const forWorker = p.type === 'wage';
      const digits = `${rng.int(100, 999)}${rng.digits(rng.int(8, 11))}`;
      yield {
        id,
        matchingId: m.id,
        employerId: m.employerId,
        employerBranchId: employers.branch(m.employerId),
        workerId: forWorker || rng.chance(0.5) ? m.workerId : null,
        type: p.type,
        amount: p.amount,
        vat: defaultPayoutVat(p.type, p.amount),
        method: rng.weighted(METHODS),
        bankName: rng.pick(BANKS),
        accountNo: digits,
        accountHolder: forWorker ? workerName(m.workerId) : employers.name(m.employerId),
        scheduledDate: fromDay(p.day),
        paidAt: status === 'paid' ? changedAt : null,
        memo: p.type === 'wage' ? `${addDays(fromDay(p.day), -30).slice(0, 7)} 급여` : '',
        status,
        statusReason:
          status === 'cancelled'
            ? rng.pick(CANCEL_REASONS)
            : status === 'failed'
              ? rng.pick(FAIL_REASONS)
              : null,
        statusChangedAt: changedAt,
        createdAt,
        updatedAt: changedAt ?? createdAt,
        version: { pending: 1, approved: 2, cancelled: 2, paid: 3, failed: 3 }[status],
      };
    }
  }
}
