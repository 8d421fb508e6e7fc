/**
 * A viewer sees every phone number and e-mail masked, in every reply it can get (docs/SECURITY.md#personal-data):
 * every GET route a viewer may call is called on records whose contacts are known, and no reply holds one whole —
 * workers', their linked app accounts', employers' and their managers', references' — nor their history's diffs.
 * A viewer finds a contact by the digits it sees only: the last four.
 */
import { can, ENDPOINTS, endpointPath } from '@ilson/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  employerBody,
  insertAppUser,
  insertBranch,
  insertMatching,
  resumeBody,
  signedIn,
  workerBody,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let viewer: Api;
let admin: Api;
const ids: Record<string, number> = {};

const contacts = {
  workerPhone: '01024681357',
  workerEmail: 'nguyen.vanan@mail.test',
  userPhone: '01097531864',
  userEmail: 'vanan.app@mail.test',
  employerPhone: '0312468135',
  employerEmail: 'hr.hanbit@corp.test',
  managerPhone: '01086427531',
  referencePhone: '01075319864',
  /** What the worker's phone was before an edit: the history's diff holds it. */
  oldWorkerPhone: '01011223344',
  oldManagerPhone: '01055667788',
};
/** Each whole value as replies might spell it: digits, dashed, or as stored. */
const spellings = Object.values(contacts).flatMap((v) =>
  /^\d+$/.test(v) ? [v, v.replace(/^(01\d|0\d{2})(\d{3,4})(\d{4})$/, '$1-$2-$3')] : [v],
);

beforeAll(async () => {
  ctx = await createTestContext();
  const branch = (await insertBranch(ctx, { name: '마스킹지점', code: 'MK' })).id;
  admin = (await signedIn(ctx, 'admin')).api;
  viewer = (await signedIn(ctx, 'viewer')).api;
  const employer = await admin.post(
    '/employers',
    employerBody(branch, {
      phone: contacts.employerPhone,
      email: contacts.employerEmail,
      manager_name: '김담당',
      manager_phone: contacts.oldManagerPhone,
    }),
  );
  expect(employer.statusCode, employer.body).toBe(201);
  const e = employer.json();
  const edited = await admin.patch(`/employers/${e.id}`, {
    manager_phone: contacts.managerPhone,
    version: e.version,
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const worker = await admin.post(
    '/workers',
    workerBody(branch, { phone_number: contacts.oldWorkerPhone, email_address: contacts.workerEmail }),
  );
  expect(worker.statusCode, worker.body).toBe(201);
  const w = worker.json();
  const wEdited = await admin.patch(`/workers/${w.id}`, {
    phone_number: contacts.workerPhone,
    version: w.version,
  });
  expect(wEdited.statusCode, wEdited.body).toBe(200);
  const resume = await admin.post(
    '/resumes',
    resumeBody(w.id, {
      references: [
        { name: '김반장', relationship: '상사', company: '(주)한빛', phone: contacts.referencePhone },
      ],
    }),
  );
  expect(resume.statusCode, resume.body).toBe(201);
  const user = await insertAppUser(
    ctx,
    { workerId: w.id },
    { phone: contacts.userPhone, email: contacts.userEmail },
  );
  const matching = await insertMatching(ctx, { employerId: e.id, workerId: w.id, branchId: branch });
  Object.assign(ids, {
    employers: e.id,
    workers: w.id,
    resumes: resume.json().id,
    users: user.id,
    matchings: matching.id,
    'job-posts': matching.jobPostId,
    branches: branch,
  });
});
afterAll(async () => {
  await ctx?.close();
});

const whole = (body: string) => spellings.filter((s) => body.includes(s));

describe('a viewer sees every contact masked', () => {
  it('in no reply of any route it may read is a phone or an e-mail whole', async () => {
    const reads = ENDPOINTS.filter(
      (e) =>
        e.method === 'GET' &&
        (e.access === 'authenticated' || (e.access !== 'public' && can('viewer', e.access))),
    );
    const seen: string[] = [];
    const leaks: string[] = [];
    for (const endpoint of reads) {
      const resource = endpoint.path.split('/')[1]!;
      if (endpoint.path.includes(':') && !(resource in ids)) continue;
      if (/:(?!id\b)[a-z]/i.test(endpoint.path)) continue;
      const path = endpointPath(endpoint, { id: ids[resource] });
      const query = endpoint.path === '/search' ? '?q=응우옌' : '';
      const reply = await viewer.get(`${path}${query}`);
      if (reply.statusCode !== 200) continue;
      seen.push(endpoint.key);
      const found = whole(reply.body);
      if (found.length) leaks.push(`${endpoint.key}: ${found.join(', ')}`);
    }
    // The routes that carry contacts were read, not skipped.
    for (const key of [
      'GET /users',
      'GET /users/:id',
      'GET /employers',
      'GET /employers/:id',
      'GET /employers/:id/history',
      'GET /workers/:id',
      'GET /workers/:id/history',
      'GET /resumes/:id',
      'GET /search',
    ]) {
      expect(seen).toContain(key);
    }
    expect(leaks).toEqual([]);
    // An admin reads them whole: the masks are the viewer's.
    expect((await admin.get(`/users/${ids.users}`)).body).toContain(contacts.userEmail);
    expect((await admin.get(`/employers/${ids.employers}`)).body).toContain(contacts.managerPhone);
  });

  it('finds an app account or an employer by the last four digits only', async () => {
    const middle = (phone: string) => phone.slice(3, 7);
    const last = (phone: string) => phone.slice(-4);
    const count = async (api: Api, url: string) => (await api.get(url)).json().meta.total as number;
    expect(await count(viewer, `/users?q=${middle(contacts.userPhone)}`)).toBe(0);
    expect(await count(viewer, `/users?q=${last(contacts.userPhone)}`)).toBe(1);
    expect(await count(admin, `/users?q=${middle(contacts.userPhone)}`)).toBe(1);
    expect(await count(viewer, `/employers?q=${middle(contacts.managerPhone)}`)).toBe(0);
    expect(await count(viewer, `/employers?q=${last(contacts.managerPhone)}`)).toBe(1);
    expect(await count(admin, `/employers?q=${middle(contacts.managerPhone)}`)).toBe(1);
    // An e-mail by its hidden part finds nothing for a viewer either.
    expect(await count(viewer, `/users?q=${encodeURIComponent('vanan.app')}`)).toBe(0);
  });
});
