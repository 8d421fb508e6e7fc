import { identityMessages, VISA_TYPE_LABELS } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, signedIn, workerBody } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';
import { csvFile, dryRun, importHeaders, workerCells } from '../../../../test/import-fixtures';

/**
 * Identity checks on workers (docs/DOMAIN.md#identity) at each door that writes them: the form's create and edit,
 * and the import's dry run. Runs on PGlite and PostgreSQL.
 */

let ctx: TestContext;
let admin: Api;
let branchA: number;
let branchCode: string;
let seed = 620_000;

const ARC_MALE_1990 = '900101-5620001';

beforeAll(async () => {
  ctx = await createTestContext();
  const branch = await insertBranch(ctx, { code: 'ID' });
  branchA = branch.id;
  branchCode = branch.name;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const details = (reply: { json(): { error: { details: unknown } } }) => reply.json().error.details;

describe('POST /workers', () => {
  it.each([
    [{ date_of_birth: '1990-01-02' }, 'alien_reg_no', identityMessages.arcBirthMismatch],
    [{ date_of_birth: '2090-01-01' }, 'alien_reg_no', identityMessages.arcBirthMismatch],
    [{ gender: 'female' }, 'alien_reg_no', identityMessages.arcGenderMismatch(5, '남성', 1900)],
    [
      { visa_expiry_date: null },
      'visa_expiry_date',
      identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9']),
    ],
  ])('refuses %o on %s', async (change, field, message) => {
    const reply = await admin.post('/workers', {
      ...workerBody(branchA, { alien_reg_no: ARC_MALE_1990 }),
      ...change,
    });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(details(reply)).toEqual([{ field, message }]);
  });

  it('takes an agreeing number, and an F-5 without an expiry date', async () => {
    const reply = await admin.post(
      '/workers',
      workerBody(branchA, { alien_reg_no: '050607-8620002', visa_type: 'F-5', visa_expiry_date: null }),
    );
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ gender: 'female', date_of_birth: '2005-06-07' });
  });
});

describe('PATCH /workers/:id', () => {
  async function created() {
    const arc = `900101-5${String(seed++).padStart(6, '0')}`;
    const reply = await admin.post('/workers', workerBody(branchA, { alien_reg_no: arc }));
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json() as { id: number; version: number };
  }

  it('checks a changed birth date or gender against the stored number, on the changed field', async () => {
    const { id } = await created();
    const dob = await admin.patch(`/workers/${id}`, { date_of_birth: '1991-01-01', version: 1 });
    expect(dob.statusCode, dob.body).toBe(422);
    expect(details(dob)).toEqual([
      { field: 'date_of_birth', message: identityMessages.storedArcBirthMismatch('900101-5') },
    ]);
    const gender = await admin.patch(`/workers/${id}`, { gender: 'female', version: 1 });
    expect(details(gender)).toEqual([
      { field: 'gender', message: identityMessages.storedArcGenderMismatch('900101-5', '남성') },
    ]);
  });

  it('checks a new number against the record, and takes one that agrees', async () => {
    const { id } = await created();
    const wrong = await admin.patch(`/workers/${id}`, { alien_reg_no: '9001026620099', version: 1 });
    expect(details(wrong)).toEqual([
      { field: 'alien_reg_no', message: identityMessages.arcBirthMismatch },
      { field: 'alien_reg_no', message: identityMessages.arcGenderMismatch(6, '여성', 1900) },
    ]);
    const right = await admin.patch(`/workers/${id}`, {
      alien_reg_no: '9001026620099',
      date_of_birth: '1990-01-02',
      gender: 'female',
      version: 1,
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('requires the expiry date when the visa fields change, and lets an unrelated edit pass', async () => {
    const { id } = await created();
    const cleared = await admin.patch(`/workers/${id}`, { visa_expiry_date: null, version: 1 });
    expect(details(cleared)).toEqual([
      { field: 'visa_expiry_date', message: identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9']) },
    ]);
    const f5 = await admin.patch(`/workers/${id}`, { visa_type: 'F-5', visa_expiry_date: null, version: 1 });
    expect(f5.statusCode, f5.body).toBe(200);
    const back = await admin.patch(`/workers/${id}`, { visa_type: 'H-2', version: 2 });
    expect(details(back)).toEqual([
      { field: 'visa_expiry_date', message: identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['H-2']) },
    ]);
    const memo = await admin.patch(`/workers/${id}`, { admin_memo: '확인', version: 2 });
    expect(memo.statusCode, memo.body).toBe(200);
  });
});

describe('the import of workers', () => {
  it('refuses, at the dry run, each row that breaks a rule with the form’s message', async () => {
    const rows = [
      workerCells(630_001, branchCode),
      workerCells(630_002, branchCode, { dateOfBirth: '1990-01-05' }),
      workerCells(630_003, branchCode, { gender: '여성', alienRegNo: '900101-5630003' }),
      workerCells(630_004, branchCode, { visaExpiryDate: '' }),
    ];
    const batch = await dryRun(admin, 'workers', csvFile(importHeaders('workers'), rows, 'utf-8'), 'id.csv');
    expect({ valid: batch.validRows, error: batch.errorRows }).toEqual({ valid: 1, error: 3 });
    const examples = Object.fromEntries(
      batch.fieldErrors.map((f: { field: string; examples: unknown }) => [f.field, f.examples]),
    );
    expect(examples.alien_reg_no).toEqual([
      { rowNo: 3, message: identityMessages.arcBirthMismatch },
      { rowNo: 4, message: identityMessages.arcGenderMismatch(5, '남성', 1900) },
    ]);
    expect(examples.visa_expiry_date).toEqual([
      { rowNo: 5, message: identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9']) },
    ]);
  });
});
