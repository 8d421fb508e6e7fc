import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, insertBranch, insertEmployer, insertWorker, signedIn } from '../../../../test/fixtures';
import { createTestContext, type TestContext } from '../../../../test/helpers';

/** `GET /trash?q=`: the trash searched by what a row is named, as the lists search (docs/undo-and-trash.md). */
let ctx: TestContext;
let admin: Api;
let branch: number;

beforeAll(async () => {
  ctx = await createTestContext();
  branch = (await insertBranch(ctx, { name: '검색지점', code: 'TS' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
});
afterAll(async () => {
  await ctx?.close();
});

const deleted = async (resource: string, id: number) =>
  expect((await admin.delete(`/${resource}/${id}`)).statusCode).toBe(200);

const labels = async (url: string) => {
  const reply = await admin.get(url);
  expect(reply.statusCode, reply.body).toBe(200);
  const body = reply.json() as { data: { label: string }[]; meta: { total: number } };
  expect(body.meta.total).toBe(body.data.length);
  return body.data.map((row) => row.label).sort();
};

describe('휴지통 search', () => {
  it('finds deleted records by name or title, case and pattern characters taken literally', async () => {
    for (const name of ['한빛정밀', '한빛물산', '대한100%상사']) {
      await deleted(
        'employers',
        (await insertEmployer(ctx, branch, { status: 'pending', companyName: name })).id,
      );
    }
    expect(await labels('/trash?type=employer&q=한빛')).toEqual(['한빛물산', '한빛정밀']);
    expect(await labels(`/trash?type=employer&q=${encodeURIComponent('100%')}`)).toEqual(['대한100%상사']);
    expect(await labels(`/trash?type=employer&q=${encodeURIComponent('%')}`)).toEqual(['대한100%상사']);
    expect(await labels('/trash?type=employer&q=없는회사')).toEqual([]);
    expect(await labels('/trash?type=employer')).toHaveLength(3);

    await deleted(
      'workers',
      (await insertWorker(ctx, branch, { nameKo: '', firstName: 'Bat', lastName: 'Dorj' })).id,
    );
    await deleted('workers', (await insertWorker(ctx, branch, { nameKo: '응우옌 반 안' })).id);
    expect(await labels('/trash?type=worker&q=dorj')).toEqual(['Bat Dorj']);
    expect(await labels('/trash?type=worker&q=응우옌')).toEqual(['응우옌 반 안 (Van An Nguyen)']);
  });
});
