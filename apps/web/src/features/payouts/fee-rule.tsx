import { type FeeIssue, type Payout, payoutsApi } from '@ilson/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { endpointQuery } from '../../api/endpoint';
import { LegalBasisNote } from '../../components/legal-basis';
import { formatDateTime } from '../../lib/datetime';
import { koPayouts } from '../../locales/ko/payouts';
import { formatKrw } from './columns';

const t = koPayouts.feeRule;

type FeeRuleTarget = {
  type: Payout['type'] | undefined;
  matchingId: number | null | undefined;
  workerId: number | null | undefined;
  amount: number | null | undefined;
};

/** The fee rules the server applies to a fee (GET /payouts/fee-rule): each issue with its basis, and the cap. */
export function useFeeRule({ type, matchingId, workerId, amount }: FeeRuleTarget) {
  const enabled = type === 'matching_fee' && Boolean(matchingId || workerId);
  return useQuery({
    ...endpointQuery(payoutsApi.feeRule, {
      query: {
        matchingId: matchingId ?? undefined,
        workerId: matchingId ? undefined : (workerId ?? undefined),
        amount: amount ?? 0,
      },
    }),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

/**
 * What the law says of this fee (docs/law-as-data.md#fees): a refusal as the server would give it, with its
 * LegalBasisNote, or, for E-9 and E-8, the recorded legal basis that allows it; the cap with its numbers.
 */
export function FeeRulePanel({
  target,
  legalBasisNote,
}: {
  target: FeeRuleTarget;
  /** The basis recorded (or being recorded): it answers the public-placement issue, never the cap. */
  legalBasisNote: string | null | undefined;
}) {
  const rule = useFeeRule(target);
  if (target.type !== 'matching_fee' || !rule.data) return null;
  const { issues, cap } = rule.data;
  const answered = (issue: FeeIssue) =>
    issue.code === 'FEE_PUBLIC_PLACEMENT' && Boolean(legalBasisNote?.trim());
  return (
    <div
      style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}
      data-testid="fee-rule"
    >
      {issues.map((issue) => (
        <Alert
          key={issue.code}
          type={answered(issue) ? 'info' : 'error'}
          showIcon
          title={answered(issue) ? `${t.basisRecorded} ${issue.message}` : issue.message}
          description={<LegalBasisNote basis={issue.basis} />}
        />
      ))}
      {cap && issues.every((issue) => issue.code !== 'FEE_ABOVE_CAP') && (
        <Alert
          type="success"
          showIcon
          title={t.capLine(
            formatKrw(cap.cap),
            formatKrw(cap.monthly),
            cap.months,
            Math.round(cap.share * 100),
          )}
        />
      )}
    </div>
  );
}

/** The recorded legal basis of a payout, who recorded it and when (the detail page). */
export function LegalBasisRecorded({ payout }: { payout: Payout }) {
  if (!payout.legalBasisNote) return null;
  return (
    <span style={{ whiteSpace: 'pre-wrap' }}>
      {payout.legalBasisNote}
      {payout.legalBasisAt && (
        <> ({t.recordedBy(payout.legalBasisByName ?? '-', formatDateTime(payout.legalBasisAt))})</>
      )}
    </span>
  );
}
