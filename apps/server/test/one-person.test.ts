/**
 * One person, one live worker (docs/DOMAIN.md#one-person-one-worker): a second record of a person, by the same
 * 여권번호 with a new or no 외국인등록번호, or by name, birth date and nationality in an import, is refused at every
 * door — the form's create and edit, an import's dry run and commit (against the records and within the file), the
 * trash's restore — with the field named, and in the neutral words when the holder is outside the admin's branches.
 */
import { recordMessages, trashMessages, workerPiiMessages } from '@ilson/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { auditLogs, workers } from '../src/db/schema';
import { type Api, insertBranch, signedIn, workerBody } from './fixtures';
import { createTestContext, databaseBefore, type TestContext } from './helpers';
import { commitBatch, csvFile, dryRun, importHeaders, workerCells } from './import-fixtures';

let ctx: TestContext;
let admin: Api;
let managerA: Api;
let managerB: Api;
let branchA: number;
let branchB: number;
const A = '한사람안산지점';
const B = '한사람김해지점';
const PASSPORT = 'N12340077';

beforeAll(async () => {
  ctx = await createTestContext();
  branchA = (await insertBranch(ctx, { name: A, code: 'OA' })).id;
  branchB = (await insertBranch(ctx, { name: B, code: 'OB' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  managerA = (await signedIn(ctx, 'branch_manager', branchA)).api;
  managerB = (await signedIn(ctx, 'branch_manager', branchB)).api;
  const first = await admin.post(
    '/workers',
    workerBody(branchA, { alien_reg_no: '900101-5400001', passport_no: PASSPORT, first_name: 'Thi Lan' }),
  );
  expect(first.statusCode, first.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
});

const livePassportHolders = async () =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(workers)
      .where(and(isNull(workers.deletedAt), sql`passport_no_masked = 'N12****77'`))
  )[0]!.n;

describe('the form', () => {
  it('refuses a second worker with the same 여권번호 and a new or no 외국인등록번호, naming the field', async () => {
    for (const alienRegNo of ['900101-5400002', null]) {
      const reply = await admin.post(
        '/workers',
        workerBody(branchB, { alien_reg_no: alienRegNo, passport_no: ` ${PASSPORT.toLowerCase()} ` }),
      );
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json().error).toEqual({
        code: 'CONFLICT',
        message: recordMessages.duplicatePassportNo,
        details: [{ field: 'passport_no', message: recordMessages.duplicatePassportNo }],
      });
    }
    expect(await livePassportHolders()).toBe(1);
  });

  it('refuses an edit that gives a worker a 여권번호 another live worker holds', async () => {
    const other = await managerA.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: '900101-5400003', passport_no: 'N55550001' }),
    );
    expect(other.statusCode, other.body).toBe(201);
    const edit = await managerA.patch(`/workers/${other.json().id}`, { passport_no: PASSPORT, version: 1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.details).toEqual([
      { field: 'passport_no', message: recordMessages.duplicatePassportNo },
    ]);
    // Its own number again is no change and no refusal.
    const same = await managerA.patch(`/workers/${other.json().id}`, {
      passport_no: 'N55550001',
      version: 1,
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('answers a manager of another branch in the neutral words, logged and counted', async () => {
    const before = await lastLogId();
    const reply = await managerB.post(
      '/workers',
      workerBody(branchB, { alien_reg_no: null, passport_no: PASSPORT }),
    );
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toEqual({
      code: 'CONFLICT',
      message: workerPiiMessages.passportNoUnavailable,
      details: [{ field: 'passport_no', message: workerPiiMessages.passportNoUnavailable }],
    });
    expect(reply.body).not.toContain(recordMessages.duplicatePassportNo);
    const logged = await logsAfter(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toContain('여권번호 중복: N12****77');
    expect(JSON.stringify(logged)).not.toContain(PASSPORT);
  });
});

describe('the import', () => {
  it('dry run and commit: a row sharing any key with a live worker, or with an earlier row, is a duplicate', async () => {
    const rows = [
      // Row 2: the registered person's 여권번호, a new 외국인등록번호.
      workerCells(410_001, A, { passportNo: PASSPORT }),
      // Row 3: no identifiers, but the registered person's name, birth date and nationality (another case).
      workerCells(410_002, A, {
        alienRegNo: '',
        lastName: 'nguyen',
        firstName: 'THI LAN',
        dateOfBirth: '1990-01-01',
        nationality: 'VN',
      }),
      // Row 4: a new person; row 5 has row 4's 여권번호 and another 외국인등록번호.
      workerCells(410_003, A, { passportNo: 'K77770001' }),
      workerCells(410_004, A, { passportNo: 'K77770001' }),
      // Row 6: a new person with no identifiers; row 7 the same name, birth date and nationality with one.
      workerCells(410_005, A, { alienRegNo: '', firstName: 'MINH' }),
      workerCells(410_006, A, { firstName: 'MINH' }),
    ];
    const batch = await dryRun(
      managerA,
      'workers',
      csvFile(importHeaders('workers'), rows, 'utf-8'),
      'p.csv',
    );
    expect({ valid: batch.validRows, error: batch.errorRows, duplicate: batch.duplicateRows }).toEqual({
      valid: 2,
      error: 0,
      duplicate: 4,
    });
    const examples = Object.fromEntries(batch.fieldErrors.map((f) => [f.field, f.examples]));
    expect(examples.passport_no).toEqual([
      { rowNo: 2, message: recordMessages.duplicatePassportNo },
      { rowNo: 5, message: '파일의 4행과 중복입니다.' },
    ]);
    expect(examples.last_name).toEqual([
      { rowNo: 3, message: '이름·생년월일·국적이 같은 근로자가 이미 등록되어 있습니다.' },
      { rowNo: 7, message: '파일의 6행과 중복입니다.' },
    ]);

    // Between the dry run and the commit the form registers row 4's person: the commit checks every key again.
    const raced = await admin.post(
      '/workers',
      workerBody(branchB, { alien_reg_no: null, passport_no: 'K77770001', first_name: 'Other' }),
    );
    expect(raced.statusCode, raced.body).toBe(201);
    const committed = await commitBatch(managerA, 'workers', batch.id);
    expect(committed.status).toBe('committed');
    expect(committed.committedRows).toBe(1);
    expect(await livePassportHolders()).toBe(1);
  });

  it('refuses, in the neutral words, a row whose 여권번호 a worker outside the manager’s branch holds', async () => {
    const before = await lastLogId();
    const file = csvFile(
      importHeaders('workers'),
      [workerCells(410_101, B, { passportNo: PASSPORT })],
      'utf-8',
    );
    const batch = await dryRun(managerB, 'workers', file, 'q.csv');
    expect({ valid: batch.validRows, error: batch.errorRows }).toEqual({ valid: 0, error: 1 });
    expect(batch.fieldErrors).toEqual([
      expect.objectContaining({
        field: 'passport_no',
        examples: [{ rowNo: 2, message: workerPiiMessages.passportNoUnavailable }],
      }),
    ]);
    const logged = (await logsAfter(before)).filter((l) => l.action === 'VIEW_PII' && l.targetId !== null);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.summary).toContain('여권번호 중복: N12****77');
  });
});

describe('the trash', () => {
  it('refuses a restore when a live worker took the 여권번호 since, naming it', async () => {
    const made = await managerA.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: null, passport_no: 'R90000001', first_name: 'Restore' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    expect((await managerA.delete(`/workers/${id}`)).statusCode).toBe(200);
    const taken = await managerA.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: '900101-5400009', passport_no: 'R90000001', first_name: 'Since' }),
    );
    expect(taken.statusCode, taken.body).toBe(201);
    const reply = await managerA.post(`/trash/worker/${id}/restore`, {});
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.message).toBe(trashMessages.duplicateWorkerPassportNo);
    const [row] = await ctx.db.select().from(workers).where(eq(workers.id, id));
    expect(row?.deletedAt).not.toBeNull();

    // The one who took it moves to another branch: its manager's restore reads the neutral words.
    const moved = await admin.patch(`/workers/${taken.json().id}`, { branch_id: branchB, version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await lastLogId();
    const hidden = await managerA.post(`/trash/worker/${id}/restore`, {});
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().error.message).toBe(workerPiiMessages.passportNoUnavailable);
    expect((await logsAfter(before)).map((l) => l.summary)).toEqual([
      expect.stringContaining('여권번호 중복: R90****01'),
    ]);
  });
});

describe('migration 0033 on workers that already share a 여권번호', () => {
  it('keeps every record, leaves the key with one, records each repair, then holds the rule', {
    timeout: 120_000,
  }, async () => {
    const { handle, drop } = await databaseBefore('0033_identity_keys');
    try {
      const branch = (await insertBranch({ db: handle.db })).id;
      // Plain SQL: the schema of today has what 0033 adds.
      const worker = async (values: { arc?: string; deleted?: boolean; hash?: string }) => {
        const [row] = await queryRows<{ id: number }>(
          handle.db,
          sql`INSERT INTO workers (first_name, last_name, gender, date_of_birth, nationality, visa_type, branch_id,
                passport_no_enc, passport_no_hash, passport_no_masked, alien_reg_no_hash, deleted_at)
              VALUES ('An', 'Nguyen', 'male', '1990-01-01', 'VN', 'E-9', ${branch}, 'v1:x.y.z',
                ${values.hash ?? 'same-passport'}, 'M12****78', ${values.arc ?? null},
                ${values.deleted ? sql`now()` : sql`NULL`}) RETURNING id`,
        );
        return row!.id;
      };
      const oldest = await worker({});
      const registered = await worker({ arc: 'arc-hash' });
      const third = await worker({});
      const deleted = await worker({ deleted: true });
      const alone = await worker({ hash: 'another-passport' });

      await runMigrations(handle);
      const rows = await queryRows<{
        id: number;
        passport_no_hash: string | null;
        passport_no_enc: string | null;
      }>(handle.db, sql`SELECT id, passport_no_hash, passport_no_enc FROM workers ORDER BY id`);
      const hashOf = Object.fromEntries(rows.map((r) => [r.id, r.passport_no_hash]));
      expect(hashOf).toEqual({
        [oldest]: null,
        [registered]: 'same-passport',
        [third]: null,
        [deleted]: 'same-passport',
        [alone]: 'another-passport',
      });
      expect(rows.every((r) => r.passport_no_enc === 'v1:x.y.z')).toBe(true);
      const repairs = await queryRows<{ check_code: string; target_id: number; action: string }>(
        handle.db,
        sql`SELECT check_code, target_id, action FROM data_repairs ORDER BY target_id`,
      );
      expect(repairs.map((r) => [r.check_code, r.target_id])).toEqual([
        ['duplicate_passport_no', oldest],
        ['duplicate_passport_no', third],
      ]);
      expect(repairs[0]!.action).toContain(`근로자 #${registered}`);
      await expect(worker({})).rejects.toThrow();
    } finally {
      await handle.close();
      await drop();
    }
  });
});

async function lastLogId() {
  const [row] = await ctx.db
    .select({ id: sql<number>`coalesce(max(id), 0)::int` })
    .from(auditLogs)
    .where(sql`true`);
  return row!.id;
}

/** The refusals logged for the head office (VIEW_PII, 접근 범위 밖 …) after `afterId`. */
async function logsAfter(afterId: number) {
  return (
    await ctx.db.select().from(auditLogs).where(gt(auditLogs.id, afterId)).orderBy(auditLogs.id)
  ).filter((log) => log.action === 'VIEW_PII' && log.summary.startsWith('접근 범위 밖'));
}
