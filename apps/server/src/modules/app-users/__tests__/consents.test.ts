import { CONSENT_ITEMS, type ConsentItem, consentMessages, isRequiredConsent } from '@ilson/contracts';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertAppUser, insertBranch, insertWorker, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { queryRows } from '../../../db/client';
import { appUserConsents } from '../../../db/schema';

/**
 * 동의 기록 (docs/privacy-lifecycle.md#consent-records) on the engine under test: read-only from the back office but
 * for a withdrawal taken by phone; the rules hold in the database for every other path.
 */

let ctx: TestContext;
let operator: Api;
let branchId: number;

const consented = new Date('2025-04-01T10:00:00+09:00');

async function member() {
  const worker = await insertWorker(ctx, branchId);
  return insertAppUser(ctx, { workerId: worker.id });
}

async function consent(appUserId: number, item: ConsentItem, at = consented) {
  const [row] = await ctx.db
    .insert(appUserConsents)
    .values({ appUserId, item, textVersion: '2025.03', consentedAt: at, channel: 'app' })
    .returning();
  return row!;
}

const withdraw = (userId: number, consentId: number, note = '본인 확인(생년월일) 후 전화로 철회 요청 받음') =>
  operator.post(`/users/${userId}/consents/${consentId}/withdraw`, { note });

beforeAll(async () => {
  ctx = await createTestContext();
  operator = (await signedIn(ctx, 'admin')).api;
  branchId = (await insertBranch(ctx)).id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('reading and withdrawing', () => {
  it('lists what the member agreed to, oldest first, marking the required items', async () => {
    const user = await member();
    await consent(user.id, 'terms');
    await consent(user.id, 'privacy_collection');
    await consent(user.id, 'marketing_push', new Date('2025-05-01T09:00:00+09:00'));
    const reply = await operator.get(`/users/${user.id}/consents`);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject([
      { item: 'terms', required: true, text_version: '2025.03', channel: 'app', withdrawn_at: null },
      { item: 'privacy_collection', required: true },
      { item: 'marketing_push', required: false, consented_at: '2025-05-01T00:00:00.000Z' },
    ]);
  });

  it('records a withdrawal by phone with the note and who took it, in the access log and the history', async () => {
    const user = await member();
    const row = await consent(user.id, 'marketing_sms');
    const reply = await withdraw(user.id, row.id);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      item: 'marketing_sms',
      withdrawal_channel: 'phone',
      withdrawal_note: '본인 확인(생년월일) 후 전화로 철회 요청 받음',
    });
    expect(reply.json().withdrawn_at).toBeTruthy();
    expect(reply.json().withdrawn_by_name).toBeTruthy();

    const history = await operator.get(`/users/${user.id}/history`);
    expect(history.json().data[0]).toMatchObject({
      action: 'UPDATE',
      summary: expect.stringContaining('동의 철회 기록 (전화): 마케팅 정보 수신'),
    });
    const again = await withdraw(user.id, row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(consentMessages.alreadyWithdrawn);
  });

  it('refuses the required items, a blank note and another member’s consent, in Korean', async () => {
    const user = await member();
    const other = await member();
    const terms = await consent(user.id, 'terms');
    const push = await consent(other.id, 'marketing_push');
    const required = await withdraw(user.id, terms.id);
    expect(required.statusCode).toBe(409);
    expect(required.json().error.message).toBe(consentMessages.required);
    const blank = await withdraw(other.id, push.id, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(consentMessages.noteRequired);
    expect((await withdraw(user.id, push.id)).statusCode).toBe(404);
    const [still] = await ctx.db.select().from(appUserConsents).where(eq(appUserConsents.id, push.id));
    expect(still!.withdrawnAt).toBeNull();
  });

  it('keeps a branch manager to their own branch', async () => {
    const otherBranch = (await insertBranch(ctx)).id;
    const manager = (await signedIn(ctx, 'branch_manager', otherBranch)).api;
    const user = await member();
    const push = await consent(user.id, 'marketing_push');
    expect((await manager.get(`/users/${user.id}/consents`)).statusCode).toBe(404);
    expect(
      (await manager.post(`/users/${user.id}/consents/${push.id}/withdraw`, { note: '전화' })).statusCode,
    ).toBe(404);
  });
});

describe('the rules in the database', () => {
  it('refuses every change but one withdrawal, any delete, and a second consent in force for an item', async () => {
    const user = await member();
    const terms = await consent(user.id, 'terms');
    const sms = await consent(user.id, 'marketing_sms');
    const refused = (statement: ReturnType<typeof sql>) =>
      expect(ctx.db.execute(statement)).rejects.toThrow();
    await refused(
      sql`UPDATE app_user_consents SET withdrawn_at = now(), withdrawal_channel = 'app' WHERE id = ${terms.id}`,
    );
    await refused(sql`UPDATE app_user_consents SET item = 'marketing_push' WHERE id = ${sms.id}`);
    await refused(sql`UPDATE app_user_consents SET consented_at = now() WHERE id = ${sms.id}`);
    await refused(sql`DELETE FROM app_user_consents WHERE id = ${sms.id}`);
    await refused(
      sql`UPDATE app_user_consents SET withdrawn_at = now(), withdrawal_channel = 'phone' WHERE id = ${sms.id}`,
    );
    await refused(
      sql`UPDATE app_user_consents SET withdrawn_at = '2000-01-01', withdrawal_channel = 'app' WHERE id = ${sms.id}`,
    );
    await expect(consent(user.id, 'marketing_sms')).rejects.toThrow();
    await ctx.db.execute(
      sql`UPDATE app_user_consents SET withdrawn_at = now(), withdrawal_channel = 'app' WHERE id = ${sms.id}`,
    );
    await refused(
      sql`UPDATE app_user_consents SET withdrawn_at = NULL, withdrawal_channel = NULL WHERE id = ${sms.id}`,
    );
    // Agreeing again after a withdrawal is a new record.
    await consent(user.id, 'marketing_sms', new Date());
  });

  it('keeps, over any sequence of withdrawals, re-consents and raw writes, one consent in force per item and the required ones never withdrawn', async () => {
    const op = fc.oneof(
      fc.record({ type: fc.constant('withdraw' as const), item: fc.constantFrom(...CONSENT_ITEMS) }),
      fc.record({ type: fc.constant('consent' as const), item: fc.constantFrom(...CONSENT_ITEMS) }),
      fc.record({ type: fc.constant('raw-withdraw' as const), item: fc.constantFrom(...CONSENT_ITEMS) }),
      fc.record({ type: fc.constant('raw-delete' as const), item: fc.constantFrom(...CONSENT_ITEMS) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const user = await member();
        // The model: which items are in force.
        const inForce = new Set<ConsentItem>(['terms', 'privacy_collection']);
        for (const item of inForce) await consent(user.id, item);
        for (const { type, item } of ops) {
          const [open] = await queryRows<{ id: number }>(
            ctx.db,
            sql`SELECT id FROM app_user_consents WHERE app_user_id = ${user.id} AND item = ${item} AND withdrawn_at IS NULL`,
          );
          if (type === 'consent') {
            const saved = await consent(user.id, item, new Date()).then(
              () => true,
              () => false,
            );
            expect(saved, `${item}: a second consent in force`).toBe(!inForce.has(item));
            inForce.add(item);
          } else if (type === 'withdraw') {
            if (!open) continue;
            const reply = await withdraw(user.id, open.id);
            expect(reply.statusCode, reply.body).toBe(isRequiredConsent(item) ? 409 : 200);
            if (!isRequiredConsent(item)) inForce.delete(item);
          } else if (open) {
            const statement =
              type === 'raw-delete'
                ? sql`DELETE FROM app_user_consents WHERE id = ${open.id}`
                : sql`UPDATE app_user_consents SET withdrawn_at = now(), withdrawal_channel = 'app' WHERE id = ${open.id}`;
            const done = await ctx.db.execute(statement).then(
              () => true,
              () => false,
            );
            expect(done, `${type} of ${item}`).toBe(type === 'raw-withdraw' && !isRequiredConsent(item));
            if (done) inForce.delete(item);
          }
        }
        const rows = await queryRows<{ item: ConsentItem }>(
          ctx.db,
          sql`SELECT item FROM app_user_consents WHERE app_user_id = ${user.id} AND withdrawn_at IS NULL ORDER BY item`,
        );
        expect(rows.map((r) => r.item)).toEqual([...inForce].sort());
        expect(rows.filter((r) => r.item === 'terms')).toHaveLength(1);
      }),
      { numRuns: 25 },
    );
  });
});
