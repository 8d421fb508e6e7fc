import type { AuditAction } from '@ilson/contracts';
import { type ChainedFields, chainHash } from '../audit/chain';
import { addDays, instantOn } from './dates';
import { createRng } from './random';

export type SeedAuditRow = ChainedFields & { prevHash: string; hash: string };

export type AuditActorRef = { id: number; loginId: string };

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

/**
 * 접속기록 of past working days by the existing admins: sign-ins, views of personal data, reveals with a
 * reason, exports. Oldest first, each row chained onto the one before (`prevHash` is the log's last hash)
 * with the chain key (`key`, from PII_KEY) as the server chains them, so the chain still verifies after the
 * load. The log must already be keyed (upgradeAuditChain) before these rows go in.
 */
export function* generateAccessLog(
  count: number,
  seed: number,
  actors: readonly AuditActorRef[],
  targets: { workers: number; employers: number; payouts: number },
  today: string,
  prevHash: string,
  key: Buffer,
): Generator<SeedAuditRow> {
  if (actors.length === 0) return;
  const rng = createRng(seed, 'access_log');
  // Spread over the last 180 days before today, in time order.
  const startMs = instantOn(addDays(today, -180), 0).getTime();
  const endMs = instantOn(addDays(today, -1), 64_800).getTime();
  const stepMs = (endMs - startMs) / Math.max(count, 1);
  let previous = prevHash;
  for (let i = 0; i < count; i++) {
    const actor = rng.pick(actors);
    const createdAt = new Date(Math.floor(startMs + i * stepMs + rng.next() * stepMs * 0.5));
    const ip = `10.${rng.int(0, 20)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
    const kind = rng.weighted<AuditAction>([
      ['LOGIN', 30],
      ['LOGOUT', 15],
      ['LOGIN_FAILED', 3],
      ['VIEW_PII', 30],
      ['REVEAL', 12],
      ['EXPORT', 10],
    ]);
    let fields: Pick<
      ChainedFields,
      'targetType' | 'targetId' | 'summary' | 'diff' | 'recordCount' | 'reason'
    >;
    if (kind === 'LOGIN' || kind === 'LOGOUT') {
      fields = {
        targetType: 'admin',
        targetId: String(actor.id),
        summary: kind === 'LOGIN' ? '로그인' : '로그아웃',
        diff: null,
        recordCount: null,
        reason: null,
      };
    } else if (kind === 'LOGIN_FAILED') {
      fields = {
        targetType: 'admin',
        targetId: String(actor.id),
        summary: '로그인 실패: 비밀번호 불일치',
        diff: null,
        recordCount: null,
        reason: null,
      };
    } else if (kind === 'VIEW_PII') {
      const worker = rng.chance(0.7) && targets.workers > 0;
      const id = worker ? rng.int(1, targets.workers) : rng.int(1, Math.max(targets.employers, 1));
      fields = {
        targetType: worker ? 'worker' : 'employer',
        targetId: String(id),
        summary: worker ? `근로자 상세 조회 #${id}` : `사업주 상세 조회 #${id}`,
        diff: null,
        recordCount: null,
        reason: null,
      };
    } else if (kind === 'REVEAL') {
      const payout = rng.chance(0.3) && targets.payouts > 0;
      const id = payout ? rng.int(1, targets.payouts) : rng.int(1, Math.max(targets.workers, 1));
      fields = payout
        ? {
            targetType: 'payout',
            targetId: String(id),
            summary: `계좌번호 열람: 정산 #${id}`,
            diff: null,
            recordCount: null,
            reason: '정산 계좌 확인',
          }
        : {
            targetType: 'worker',
            targetId: String(id),
            summary: `외국인등록번호 열람: 근로자 #${id}`,
            diff: { field: 'alienRegNo' },
            recordCount: null,
            reason: rng.pick(['출입국 서류 확인', '고용허가 신청서 작성', '체류기간 연장 신청']),
          };
    } else {
      const target = rng.pick(['worker', 'employer', 'matching', 'payout'] as const);
      const rows = rng.int(10, 5_000);
      fields = {
        targetType: target,
        targetId: null,
        summary: `${{ worker: '근로자', employer: '사업주', matching: '매칭', payout: '정산' }[target]} 목록 내보내기 (Excel, ${rows.toLocaleString('ko-KR')}건)`,
        diff: { format: 'excel', unmasked: false },
        recordCount: rows,
        reason: rng.pick(['월간 보고', '고용센터 제출 자료', '정산 대사']),
      };
    }
    const row: ChainedFields = {
      createdAt,
      actorAdminId: kind === 'LOGIN_FAILED' ? null : actor.id,
      actorLoginId: actor.loginId,
      action: kind,
      ...fields,
      ip,
      userAgent: rng.pick(USER_AGENTS),
    };
    const hash = chainHash(previous, row, key);
    yield { ...row, prevHash: previous, hash };
    previous = hash;
  }
}
