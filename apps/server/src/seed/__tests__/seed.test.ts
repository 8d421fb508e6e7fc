import { createHash } from 'node:crypto';
import {
  APP_USER_TRANSITIONS,
  BRANCH_TRANSITIONS,
  branchCreateSchema,
  checkEligibility,
  defaultPayoutVat,
  EMPLOYER_TRANSITIONS,
  EPS_COUNTRIES,
  employerCreateSchema,
  FREQUENT_COUNTRIES,
  findTransition,
  hourlyEquivalent,
  isRequiredConsent,
  isValidAlienRegNo,
  isValidBusinessRegNo,
  isValidMobilePhone,
  JOB_POST_TRANSITIONS,
  jobPostCreateSchema,
  keysToSnake,
  MATCHING_TRANSITIONS,
  matchingCreateSchema,
  matchingStatusChangeSchema,
  PAYOUT_TRANSITIONS,
  payoutCreateSchema,
  RESUME_TRANSITIONS,
  REVIEW_TRANSITIONS,
  resumeCreateSchema,
  reviewCreateSchema,
  SETTINGS_DEFAULTS,
  type Transition,
  VISA_RULES,
  WORKER_TRANSITIONS,
  weeklyHours,
  workerCreateSchema,
  workerExtensionSchema,
} from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, signedIn } from '../../../test/fixtures';
import { createTestContext, type TestContext, testConfig } from '../../../test/helpers';
import { chainHash, deriveAuditChainKey, GENESIS_HASH, verifyAuditChain } from '../../audit/chain';
import { queryRows } from '../../db/client';
import { runChecks } from '../../integrity/checks';
import { seoulToday } from '../../lib/dates';
import { createPiiCipher } from '../../lib/pii';
import { minimumWageError } from '../../modules/job-posts/job-posts.rules';
import { generateAccessLog } from '../access-log';
import type { SeedBranch } from '../branches';
import { addDays } from '../dates';
import type { SeedEmployer } from '../employers';
import type { SeedJobPost } from '../job-posts';
import { connect, setAsideIndexesAndKeys } from '../loader';
import { generateMatchings } from '../matchings';
import { generateReviews } from '../people';
import { NAME_POOLS } from '../pools';
import { generateResumes } from '../resumes';
import { generateAll, runSeed, SEEDED_TABLES, SeedError } from '../run';
import type { SeedWorker } from '../workers';

const SCALE = 0.05;
const TODAY = seoulToday();
const pii = createPiiCipher(testConfig.piiKey);
const chainKey = deriveAuditChainKey(testConfig.piiKey);

function collect(scale: number, seed: number, today = TODAY) {
  const data = generateAll(scale, seed, today);
  return {
    counts: data.counts,
    branches: data.branches,
    employers: [...data.employers()],
    workers: [...data.workers()],
    jobPosts: [...data.jobPosts()],
    matchings: [...data.matchings()],
    payouts: [...data.payouts()],
    resumes: [...data.resumes()],
    reviews: [...data.reviews()],
    appUsers: [...data.appUsers()],
    consents: [...data.consents()],
  };
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The shortest walk through a status table from the state a record is created in. */
function pathTo<S extends string>(
  table: readonly Transition<S, string>[],
  from: S,
  to: S,
): Transition<S, string>[] {
  const queue: { at: S; path: Transition<S, string>[] }[] = [{ at: from, path: [] }];
  const seen = new Set<S>([from]);
  while (queue.length > 0) {
    const { at, path } = queue.shift()!;
    if (at === to) return path;
    for (const t of table) {
      const next = t.to;
      if (seen.has(next) || !findTransition(table, at, next)) continue;
      seen.add(next);
      queue.push({ at: next, path: [...path, findTransition(table, at, next)!] });
    }
  }
  throw new Error(`${to} cannot be reached from ${from}`);
}

const branchInput = (b: SeedBranch) => ({
  name: b.name,
  code: b.code,
  region: b.region,
  address: b.address,
  phone: b.phone,
});

const employerInput = (e: SeedEmployer, branchId = e.branchId) => ({
  companyName: e.companyName,
  businessRegNo: e.businessRegNo,
  ceoName: e.ceoName,
  openingDate: e.openingDate,
  bizEntityType: e.bizEntityType,
  industry: e.industry,
  region: e.region,
  zipCode: e.zipCode,
  roadAddress: e.roadAddress,
  addressDetail: e.addressDetail,
  phone: e.phone,
  email: e.email,
  managerName: e.managerName,
  managerPhone: e.managerPhone,
  employeeCount: e.employeeCount,
  foreignWorkerCount: e.foreignWorkerCount,
  branchId,
});

const workerInput = (w: SeedWorker, branchId = w.branchId) => ({
  nameKo: w.nameKo,
  firstName: w.firstName,
  lastName: w.lastName,
  gender: w.gender,
  dateOfBirth: w.dateOfBirth,
  nationality: w.nationality,
  phoneNumber: w.phoneNumber,
  emailAddress: w.emailAddress,
  alienRegNo: w.alienRegNo,
  passportNo: w.passportNo,
  passportExpiryDate: w.passportExpiryDate,
  visaType: w.visaType,
  // 심사 중 comes from a filed extension, never from the form (docs/DOMAIN.md#invariants, I-19): the record is made
  // with its visa as its dates say, and the extension filed after.
  visaStatus: w.visaStatus === 'pending' ? 'valid' : w.visaStatus,
  visaExpiryDate: w.visaExpiryDate,
  entryDate: w.entryDate,
  employmentPeriodEndDate: w.employmentPeriodEndDate,
  koreanLevel: w.koreanLevel,
  desiredIndustries: w.desiredIndustries,
  streetAddress: w.streetAddress,
  city: w.city,
  stateProvince: w.stateProvince,
  postalCode: w.postalCode,
  country: w.country,
  branchId,
});

const jobPostInput = (p: SeedJobPost, employerId = p.employerId) => ({
  employerId,
  title: p.title,
  industry: p.industry,
  duty: p.duty,
  jobDescription: p.jobDescription,
  isSimpleLabour: p.isSimpleLabour,
  headcount: p.headcount,
  region: p.region,
  zipCode: p.zipCode,
  workAddress: p.workAddress,
  employmentType: p.employmentType,
  contractMonths: p.contractMonths,
  workDays: p.workDays,
  workStartTime: p.workStartTime,
  workEndTime: p.workEndTime,
  breakMinutes: p.breakMinutes,
  salaryType: p.salaryType,
  salaryAmount: p.salaryAmount,
  dormitoryProvided: p.dormitoryProvided,
  mealProvided: p.mealProvided,
  allowedVisaTypes: p.allowedVisaTypes,
  requiredKoreanLevel: p.requiredKoreanLevel,
  deadline: p.deadline,
  submit: false,
});

describe('seed generator: records (docs/DOMAIN.md rules, contracts schemas)', () => {
  // A scale a little larger than the loaded one, so the rarer visa and status branches occur.
  const data = collect(2, 7);

  it('scales: scale 1 is the demo, counts follow the scale', () => {
    expect(collect(1, 1).counts).toEqual({
      branches: 17,
      employers: 200,
      workers: 1000,
      jobPosts: 300,
      matchings: 1000,
      payouts: 500,
      accessLog: 1000,
    });
    expect(data.employers).toHaveLength(400);
    expect(data.workers).toHaveLength(2000);
  });

  it('is deterministic: the same seed and day give identical rows; another seed does not', () => {
    expect(digest(collect(SCALE, 3))).toBe(digest(collect(SCALE, 3)));
    expect(digest(collect(SCALE, 3))).not.toBe(digest(collect(SCALE, 4)));
  });

  it('branches pass the create schema, cover every 시도 and have distinct codes', () => {
    for (const b of data.branches) {
      const parsed = branchCreateSchema.safeParse(branchInput(b));
      expect(parsed.success, `${b.code}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data).toMatchObject({ code: b.code, phone: b.phone });
      if (b.status !== 'active') expect(findTransition(BRANCH_TRANSITIONS, 'active', b.status)).toBeDefined();
    }
    expect(new Set(data.branches.map((b) => b.region)).size).toBe(17);
    expect(new Set(data.branches.map((b) => b.code)).size).toBe(data.branches.length);
  });

  it('employers pass the create schema, have valid distinct 사업자등록번호 and reachable statuses', () => {
    const numbers = new Set<string>();
    for (const e of data.employers) {
      const parsed = employerCreateSchema.safeParse(employerInput(e));
      expect(parsed.success, `${e.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data).toMatchObject({ businessRegNo: e.businessRegNo, phone: e.phone });
      expect(isValidBusinessRegNo(e.businessRegNo)).toBe(true);
      numbers.add(e.businessRegNo);
      const path = pathTo(EMPLOYER_TRANSITIONS, 'pending', e.status);
      expect(e.statusReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      expect(e.approvedAt !== null).toBe(
        e.status === 'approved' || e.status === 'suspended' || e.approvedAt !== null,
      );
      if (e.status === 'approved' || e.status === 'suspended') expect(e.approvedAt).not.toBeNull();
      if (e.status === 'pending') expect(e.statusChangedAt).toBeNull();
      // A pending request is days old, not years (the demo's approval queue looks like a real one).
      if (e.status === 'pending') expect(Date.now() - e.createdAt.getTime()).toBeLessThan(15 * 86_400_000);
      expect(e.createdAt.getTime()).toBeLessThan(Date.now());
      expect(e.updatedAt.getTime()).toBeGreaterThanOrEqual(e.createdAt.getTime());
      expect(e.openingDate < TODAY).toBe(true);
      expect(e.roadAddress.startsWith(e.region)).toBe(true);
      expect(e.foreignWorkerCount).toBeLessThanOrEqual(e.employeeCount);
      expect(data.branches.find((b) => b.id === e.branchId)?.status).toBe('active');
    }
    expect(numbers.size).toBe(data.employers.length);
    expect(new Set(data.employers.map((e) => e.status))).toEqual(
      new Set(['pending', 'approved', 'rejected', 'suspended', 'withdrawn']),
    );
  });

  it('workers pass the create schema; identifiers, visa and entry/expiry dates fit the rules', () => {
    const alienNos = new Set<string>();
    const seen = { overdue: 0, soon: 0, applied: 0, approved: 0 };
    for (const w of data.workers) {
      const parsed = workerCreateSchema.safeParse(workerInput(w));
      expect(parsed.success, `${w.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect([...EPS_COUNTRIES, ...FREQUENT_COUNTRIES]).toContain(w.nationality);
      // Names follow the nationality: every seeded country has a name pool of its own.
      const names = NAME_POOLS[w.nationality];
      expect(names, w.nationality).toBeDefined();
      expect(names!.last.map(([latin]) => latin)).toContain(w.lastName);
      expect(names!.first.map(([latin]) => latin)).toContain(w.firstName);
      if (w.visaType === 'E-9') expect(EPS_COUNTRIES).toContain(w.nationality);
      if (w.alienRegNo !== null) {
        expect(isValidAlienRegNo(w.alienRegNo)).toBe(true);
        expect(w.alienRegNo.slice(0, 6)).toBe(w.dateOfBirth.slice(2).replaceAll('-', ''));
        const male = ['5', '7'].includes(w.alienRegNo[6]!);
        expect(male).toBe(w.gender === 'male');
        alienNos.add(w.alienRegNo);
      }
      // Entered in the past, aged 20–39 at entry (EPS), the visa running after entry.
      expect(w.entryDate <= TODAY).toBe(true);
      expect(w.dateOfBirth < addDays(w.entryDate, -20 * 365)).toBe(true);
      expect(w.dateOfBirth > addDays(w.entryDate, -41 * 365)).toBe(true);
      if (w.visaType === 'F-5') expect(w.visaExpiryDate).toBeNull();
      else {
        expect(w.visaExpiryDate! > w.entryDate).toBe(true);
        const overdue = w.visaExpiryDate! < TODAY;
        if (overdue) seen.overdue++;
        else if (w.visaExpiryDate! <= addDays(TODAY, 120)) seen.soon++;
        expect(w.visaStatus).toBe(
          overdue
            ? w.extensionStatus === 'applied'
              ? 'pending'
              : 'expired'
            : w.status === 'departed'
              ? 'cancelled'
              : 'valid',
        );
        if (overdue && w.extensionStatus !== 'applied') expect(w.status).toBe('departed');
      }
      expect(w.passportExpiryDate > (w.visaExpiryDate ?? w.entryDate)).toBe(true);
      if (w.employmentPeriodEndDate) expect(w.employmentPeriodEndDate).toBe(w.visaExpiryDate);
      // Extensions: E-9/H-2 (and E-8's seasonal one) only, applied before approved, both in the past, the new expiry after approval.
      expect(
        workerExtensionSchema.safeParse({
          extensionStatus: w.extensionStatus,
          extensionAppliedAt: w.extensionAppliedAt,
          extensionApprovedAt: w.extensionApprovedAt,
          version: 1,
        }).success,
      ).toBe(true);
      if (w.extensionStatus !== 'none') {
        seen[w.extensionStatus]++;
        expect(['E-9', 'H-2', 'E-8']).toContain(w.visaType);
        expect(w.extensionAppliedAt! < TODAY && w.extensionAppliedAt! > w.entryDate).toBe(true);
      }
      if (w.extensionStatus === 'approved') {
        expect(w.extensionApprovedAt! >= w.extensionAppliedAt! && w.extensionApprovedAt! < TODAY).toBe(true);
        expect(w.visaExpiryDate! > addDays(w.entryDate, 1095)).toBe(true);
      } else expect(w.extensionApprovedAt).toBeNull();
      // Desired industries are ones the visa may work in.
      const allowed = VISA_RULES[w.visaType].industries;
      if (allowed !== 'all') for (const i of w.desiredIndustries) expect(allowed).toContain(i);
      // Statuses an operator can reach by hand from 'seeking'; matched and working follow the matchings.
      if (w.status === 'matched' || w.status === 'working') expect(w.statusReason).toMatch(/^매칭 #\d+ /);
      else {
        const path = pathTo(WORKER_TRANSITIONS, 'seeking', w.status);
        expect(w.statusReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      }
      expect(w.createdAt.getTime()).toBeLessThan(Date.now());
      expect(w.createdAt.toISOString().slice(0, 10) >= addDays(w.entryDate, -1)).toBe(true);
    }
    expect(alienNos.size).toBe(data.workers.filter((w) => w.alienRegNo !== null).length);
    expect(seen.overdue).toBeGreaterThan(0);
    expect(seen.soon).toBeGreaterThan(0);
    expect(seen.applied).toBeGreaterThan(0);
    expect(seen.approved).toBeGreaterThan(0);
  });
});

describe('seed generator: job posts', () => {
  const data = collect(2, 7);
  const employers = new Map(data.employers.map((e) => [e.id, e]));

  it('pass the create schema, pay at least the minimum wage, and allow only visas that may do the work', () => {
    for (const p of data.jobPosts) {
      const parsed = jobPostCreateSchema.safeParse(jobPostInput(p));
      expect(parsed.success, `${p.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const employer = employers.get(p.employerId)!;
      const pay = { ...p, employeeCount: employer.employeeCount };
      expect(minimumWageError(pay, p.deadline ?? TODAY, SETTINGS_DEFAULTS.minimumWageByYear)).toBeNull();
      expect(minimumWageError(pay, TODAY, SETTINGS_DEFAULTS.minimumWageByYear)).toBeNull();
      expect(p).toMatchObject({
        branchId: employer.branchId,
        region: employer.region,
        industry: employer.industry,
      });
      for (const visa of p.allowedVisaTypes) {
        const rule = VISA_RULES[visa];
        if (rule.industries !== 'all') expect(rule.industries).toContain(p.industry);
        if (p.isSimpleLabour) expect(rule.simpleLabourAllowed).toBe(true);
        if (rule.partTimeOnly) expect(p.employmentType).toBe('part_time');
      }
    }
  });

  it('have statuses reachable from draft, live only for approved employers, with fitting dates', () => {
    for (const p of data.jobPosts) {
      const employer = employers.get(p.employerId)!;
      const path = pathTo(JOB_POST_TRANSITIONS, 'draft', p.status);
      expect(p.statusReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      if (p.status === 'pending') expect(Date.now() - p.createdAt.getTime()).toBeLessThan(15 * 86_400_000);
      expect(p.rejectReason !== null).toBe(p.status === 'rejected');
      const published = path.some((t) => t.to === 'active');
      expect(p.publishedAt !== null).toBe(published);
      if (published) {
        expect(employer.status).toBe('approved');
        expect(p.publishedAt!.getTime()).toBeGreaterThanOrEqual(employer.approvedAt!.getTime() - 86_400_000);
      }
      // An active post past its deadline would read as closed: live ones run to today or later.
      if (p.status === 'active' || p.status === 'suspended')
        expect(p.deadline === null || p.deadline >= TODAY).toBe(true);
      if (p.status === 'closed') {
        expect(p.deadline! < TODAY && p.closedAt !== null).toBe(true);
        expect(p.closedAt!.getTime()).toBeLessThan(Date.now());
      } else expect(p.closedAt).toBeNull();
      expect(p.createdAt.getTime()).toBeGreaterThanOrEqual(employer.createdAt.getTime() - 86_400_000);
      expect(p.updatedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
    }
    expect(new Set(data.jobPosts.map((p) => p.status))).toEqual(
      new Set(['draft', 'pending', 'active', 'rejected', 'closed', 'suspended']),
    );
  });
});

describe('seed generator: matchings', () => {
  const data = collect(2, 7);
  const posts = new Map(data.jobPosts.map((p) => [p.id, p]));
  const workers = new Map(data.workers.map((w) => [w.id, w]));
  const resumes = new Map(data.resumes.map((r) => [r.id, r]));
  const now = Date.now();

  it('replaying the attempts the plan accepted gives what trying every attempt gives, for any seed (and the resumes from its index what they get from the workers)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(0.2, 0.5, 1), (seed, scale) => {
        const generated = generateAll(scale, seed, TODAY);
        const { posts, index } = generated.plan();
        const tried = [...generateMatchings(generated.counts.matchings, seed, posts, index, TODAY)];
        const replayed = [...generated.matchings()];
        expect(replayed.length).toBe(tried.length);
        expect(digest(replayed)).toBe(digest(tried));
        // The payouts and reviews read the replayed matchings too.
        expect(digest([...generated.reviews()])).toBe(digest([...generateReviews(seed, tried, TODAY)]));
        // The resumes come from the plan's worker index: the same as from the workers themselves.
        expect(digest([...generated.resumes()])).toBe(
          digest([...generateResumes(seed, generated.workers(), TODAY)]),
        );
      }),
      { numRuns: 6 },
    );
  });

  it('start contracts in a year whose minimum wage the table knows, on any day of the year (December too)', () => {
    const known = SETTINGS_DEFAULTS.minimumWageByYear;
    const lastYear = Math.max(...Object.keys(known).map(Number));
    // Seeded late in the last year the table knows: the contracts not yet started would begin in the next.
    const december = collect(0.5, 7, `${lastYear}-12-20`);
    const upcoming = december.matchings.filter((m) => m.status === 'contracted');
    expect(upcoming.length).toBeGreaterThan(0);
    for (const m of upcoming) expect(m.startDate!.slice(0, 4) in known, m.startDate!).toBe(true);
  });

  it('reach the planned count and every status', () => {
    expect(data.matchings.length).toBe(data.counts.matchings);
    expect(new Set(data.matchings.map((m) => m.status)).size).toBe(8);
    expect(data.matchings.some((m) => m.resumeId !== null)).toBe(true);
  });

  it('have histories that follow the transition table, with reasons where required', () => {
    for (const m of data.matchings) {
      const [first, ...rest] = m.history;
      expect(first).toMatchObject({ fromStatus: null, toStatus: 'proposed' });
      expect(first!.changedAt).toEqual(m.createdAt);
      let previous = first!;
      for (const step of rest) {
        const transition = findTransition(MATCHING_TRANSITIONS, step.fromStatus!, step.toStatus);
        expect(transition, `${m.id}: ${step.fromStatus} → ${step.toStatus}`).toBeDefined();
        expect(step.fromStatus).toBe(previous.toStatus);
        expect(step.changedAt.getTime()).toBeGreaterThan(previous.changedAt.getTime());
        expect(step.reason !== null).toBe(transition!.reasonRequired);
        expect(
          matchingStatusChangeSchema.safeParse({
            status: step.toStatus,
            reason: step.reason ?? undefined,
            version: 1,
          }).success,
        ).toBe(true);
        previous = step;
      }
      expect(previous.toStatus).toBe(m.status);
      expect(previous.changedAt).toEqual(m.statusChangedAt);
      expect(m.statusChangedAt.getTime()).toBeLessThan(now);
      expect(m.version).toBe(m.history.length);
      expect(m.cancelReason !== null).toBe(m.status === 'cancelled' || m.status === 'terminated');
    }
  });

  it('pass the create schema and eligibility with no issue to override, at the minimum wage or more', () => {
    for (const m of data.matchings) {
      const post = posts.get(m.jobPostId)!;
      const worker = workers.get(m.workerId)!;
      const input = {
        jobPostId: m.jobPostId,
        workerId: m.workerId,
        source: m.source,
        startDate: m.startDate,
        agreedSalaryType: m.agreedSalaryType,
        agreedSalaryAmount: m.agreedSalaryAmount,
        feeAmount: m.feeAmount,
      };
      expect(matchingCreateSchema.safeParse({ ...input, resumeId: m.resumeId }).success).toBe(true);
      if (m.resumeId !== null) {
        const resume = resumes.get(m.resumeId)!;
        expect(resume).toMatchObject({ workerId: m.workerId, status: 'active' });
      }
      expect(m).toMatchObject({
        employerId: post.employerId,
        branchId: post.branchId,
        industry: post.industry,
        workerNationality: worker.nationality,
        workerVisaType: worker.visaType,
      });
      // As things stood when the matching was made: the worker free, the post open.
      const issues = checkEligibility({
        worker: { ...worker, status: 'seeking', visaStatus: 'valid' },
        post: {
          ...post,
          status: 'active',
          filledCount: 0,
          weeklyHours: weeklyHours(post),
          employerStatus: 'approved',
          branchStatus: 'active',
        },
        startDate: m.startDate,
        today: m.createdAt.toISOString().slice(0, 10),
      });
      expect(issues, `${m.id}`).toEqual([]);
      expect(hourlyEquivalent(m.agreedSalaryType, m.agreedSalaryAmount, post)!).toBeGreaterThanOrEqual(
        10_320,
      );
      // Made while the post was live and the worker registered.
      expect(post.publishedAt).not.toBeNull();
      expect(m.createdAt.getTime()).toBeGreaterThan(post.publishedAt!.getTime() - 86_400_000);
      if (post.closedAt) expect(m.createdAt.getTime()).toBeLessThan(post.closedAt.getTime());
      expect(m.createdAt.getTime()).toBeGreaterThan(worker.createdAt.getTime());
      // Dates by status.
      const reached = new Set(m.history.map((h) => h.toStatus));
      expect(m.contractDate !== null).toBe(reached.has('contracted'));
      expect(m.startDate !== null).toBe(reached.has('contracted'));
      expect(m.endDate !== null).toBe(m.status === 'completed' || m.status === 'terminated');
      if (m.startDate) expect(m.startDate > m.contractDate!).toBe(true);
      if (reached.has('working')) expect(m.startDate! < TODAY).toBe(true);
      if (m.status === 'contracted') expect(m.startDate! > TODAY).toBe(true);
      if (m.endDate) expect(m.endDate > m.startDate! && m.endDate < TODAY).toBe(true);
      expect(m.interviewAt !== null).toBe(reached.has('interview'));
    }
  });

  it('keep workers, posts and matchings consistent: one matching at a time, headcount, follow-up statuses', () => {
    const byWorker = new Map<number, typeof data.matchings>();
    for (const m of data.matchings) byWorker.set(m.workerId, [...(byWorker.get(m.workerId) ?? []), m]);
    for (const w of data.workers) {
      const own = (byWorker.get(w.id) ?? []).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (let i = 1; i < own.length; i++) {
        expect(own[i]!.createdAt.getTime()).toBeGreaterThan(own[i - 1]!.statusChangedAt.getTime());
      }
      const live = own.filter((m) => !['completed', 'cancelled', 'terminated'].includes(m.status));
      expect(live.length).toBeLessThanOrEqual(1);
      const expected = live[0]?.status === 'working' ? 'working' : live.length > 0 ? 'matched' : undefined;
      if (expected) {
        expect(w.status).toBe(expected);
        expect(w.statusReason).toBe(`매칭 #${live[0]!.id} 상태에 따른 자동 변경`);
      } else if (own.length > 0) expect(w.status).toBe('seeking');
      else expect(['seeking', 'inactive', 'departed']).toContain(w.status);
    }
    for (const p of data.jobPosts) {
      const own = data.matchings.filter((m) => m.jobPostId === p.id);
      expect(p.filledCount).toBe(
        own.filter((m) => m.status === 'contracted' || m.status === 'working').length,
      );
      expect(own.filter((m) => m.contractDate !== null).length).toBeLessThan(Math.max(p.headcount, 1));
    }
  });
});

describe('seed generator: payouts', () => {
  const data = collect(2, 7);
  const matchings = new Map(data.matchings.map((m) => [m.id, m]));

  it('follow contracted matchings, pass the create schema and the status table', () => {
    expect(data.payouts.length).toBe(data.counts.payouts);
    for (const p of data.payouts) {
      const input = {
        matchingId: p.matchingId,
        employerId: p.employerId,
        workerId: p.workerId,
        type: p.type,
        amount: p.amount,
        vat: p.vat,
        method: p.method,
        bankName: p.bankName,
        accountNo: `${p.accountNo.slice(0, 3)}-${p.accountNo.slice(3)}`,
        accountHolder: p.accountHolder,
        scheduledDate: p.scheduledDate,
        memo: p.memo,
      };
      const parsed = payoutCreateSchema.safeParse(input);
      expect(parsed.success, `${p.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data?.accountNo).toBe(p.accountNo);
      expect(p.vat).toBe(defaultPayoutVat(p.type, p.amount));
      const m = matchings.get(p.matchingId)!;
      expect(m.contractDate).not.toBeNull();
      expect(p.employerId).toBe(m.employerId);
      if (p.workerId !== null) expect(p.workerId).toBe(m.workerId);
      if (p.type === 'wage') expect(p.workerId).not.toBeNull();
      if (p.type === 'refund') expect(m.status).toBe('terminated');
      expect(p.scheduledDate > m.contractDate!).toBe(true);
      const path = pathTo(PAYOUT_TRANSITIONS, 'pending', p.status);
      expect(p.statusReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      expect(p.version).toBe(1 + path.length);
      expect(p.paidAt !== null).toBe(p.status === 'paid');
      if (p.paidAt) expect(p.paidAt.getTime()).toBeLessThan(Date.now());
      expect(p.createdAt.getTime()).toBeLessThan(Date.now());
      if (p.statusChangedAt)
        expect(p.statusChangedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
    }
    expect(new Set(data.payouts.map((p) => p.status)).size).toBe(5);
    expect(new Set(data.payouts.map((p) => p.type)).size).toBe(3);
  });
});

describe('seed generator: reviews and app users', () => {
  const data = collect(2, 7);
  const matchings = new Map(data.matchings.map((m) => [m.id, m]));
  const employers = new Map(data.employers.map((e) => [e.id, e]));
  const workers = new Map(data.workers.map((w) => [w.id, w]));

  it('resumes: pass the create schema, history before entry, statuses by the table', () => {
    expect(data.resumes.length).toBeGreaterThan(data.workers.length / 2);
    for (const r of data.resumes) {
      const worker = workers.get(r.workerId)!;
      const parsed = resumeCreateSchema.safeParse({
        ...r,
        status: r.status === 'draft' ? 'draft' : 'active',
      });
      expect(parsed.success, `${r.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      const path = pathTo(RESUME_TRANSITIONS, 'draft', r.status);
      expect(r.statusReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      for (const job of r.workExperience) {
        expect(job.startDate < job.endDate! && job.endDate! < worker.entryDate).toBe(true);
        expect(job.startDate > worker.dateOfBirth).toBe(true);
      }
      expect(r.languageSkills.some((l) => l.language === '한국어')).toBe(true);
      expect(r.createdAt.getTime()).toBeGreaterThanOrEqual(worker.createdAt.getTime() - 86_400_000);
      expect(r.updatedAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(data.resumes.map((r) => r.status)).size).toBe(3);
  });

  it('reviews: only of matchings where work began, one per side, moderated by the table', () => {
    expect(data.reviews.length).toBeGreaterThan(0);
    const sides = new Set<string>();
    for (const r of data.reviews) {
      expect(reviewCreateSchema.safeParse(r).success, `${r.id}`).toBe(true);
      const m = matchings.get(r.matchingId)!;
      expect(['working', 'completed']).toContain(m.status);
      expect(r).toMatchObject({ employerId: m.employerId, workerId: m.workerId, branchId: m.branchId });
      const side = `${r.matchingId}:${r.reviewerType}`;
      expect(sides.has(side)).toBe(false);
      sides.add(side);
      const path = pathTo(REVIEW_TRANSITIONS, 'pending', r.status);
      expect(r.moderationReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      expect(r.moderatedAt !== null).toBe(r.status !== 'pending');
      expect(r.createdAt.toISOString().slice(0, 10) >= m.startDate!).toBe(true);
      expect(r.updatedAt.getTime()).toBeLessThan(Date.now());
    }
    expect(new Set(data.reviews.map((r) => r.status)).size).toBe(3);
  });

  it('app users: linked to exactly one employer or worker, unique login ids, stored statuses only', () => {
    expect(data.appUsers.length).toBeGreaterThan(0);
    const logins = new Set<string>();
    for (const u of data.appUsers) {
      expect((u.employerId === null) !== (u.workerId === null)).toBe(true);
      expect(u.userType).toBe(u.employerId !== null ? 'employer' : 'worker');
      expect(logins.has(u.loginId.toLowerCase())).toBe(false);
      logins.add(u.loginId.toLowerCase());
      expect(u.phone === '' || isValidMobilePhone(u.phone)).toBe(true);
      const path = pathTo(APP_USER_TRANSITIONS, 'active', u.status);
      expect(u.statusReason !== null).toBe(path.at(-1)?.reasonRequired ?? false);
      const linked = u.employerId !== null ? employers.get(u.employerId)! : workers.get(u.workerId!)!;
      expect(u.joinedAt.getTime()).toBeGreaterThan(linked.createdAt.getTime() - 86_400_000);
      expect(u.joinedAt.getTime()).toBeLessThan(Date.now());
      if (u.lastLoginAt) expect(u.lastLoginAt.getTime()).toBeGreaterThan(u.joinedAt.getTime());
      if (u.employerId !== null) expect(employers.get(u.employerId)!.status).toBe('approved');
    }
    expect(new Set(data.appUsers.map((u) => u.userType)).size).toBe(2);
  });

  it('consents: the required items for every member, one in force per item, withdrawals only of optional ones', () => {
    const members = new Map(data.appUsers.map((u) => [u.id, u]));
    const inForce = new Set<string>();
    for (const c of data.consents) {
      const u = members.get(c.appUserId)!;
      expect(c.consentedAt.getTime()).toBe(u.joinedAt.getTime());
      expect(c.textVersion).toMatch(/^\d{4}\.\d{2}$/);
      if (c.withdrawnAt) {
        expect(isRequiredConsent(c.item)).toBe(false);
        expect(c.withdrawnAt.getTime()).toBeGreaterThanOrEqual(c.consentedAt.getTime());
        expect(c.withdrawnAt.getTime()).toBeLessThan(Date.now());
        expect(c.withdrawalChannel).toBe('app');
      } else {
        expect(inForce.has(`${c.appUserId}:${c.item}`)).toBe(false);
        inForce.add(`${c.appUserId}:${c.item}`);
        if (u.status === 'withdrawn') expect(isRequiredConsent(c.item)).toBe(true);
      }
    }
    for (const u of data.appUsers) {
      expect(inForce.has(`${u.id}:terms`) && inForce.has(`${u.id}:privacy_collection`)).toBe(true);
    }
    expect(new Set(data.consents.map((c) => c.item)).size).toBe(5);
    expect(data.consents.some((c) => c.withdrawnAt)).toBe(true);
  });
});

describe('seed generator: access log', () => {
  it('chains every row onto the previous one with the chain key, oldest first, all in the past, deterministically', () => {
    const actors = [
      { id: 1, loginId: 'admin' },
      { id: 2, loginId: 'manager' },
    ];
    const make = () => [
      ...generateAccessLog(
        300,
        5,
        actors,
        { workers: 100, employers: 20, payouts: 50 },
        TODAY,
        GENESIS_HASH,
        chainKey,
      ),
    ];
    const rows = make();
    expect(rows).toHaveLength(300);
    let previous = GENESIS_HASH;
    for (const row of rows) {
      expect(row.prevHash).toBe(previous);
      const { prevHash: _p, hash, ...fields } = row;
      expect(hash).toBe(chainHash(previous, fields, chainKey));
      expect(row.createdAt.getTime()).toBeLessThan(Date.now());
      if (row.action === 'REVEAL' || row.action === 'EXPORT') expect(row.reason).toBeTruthy();
      previous = hash;
    }
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.createdAt.getTime()).toBeGreaterThan(rows[i - 1]!.createdAt.getTime());
    }
    expect(digest(make())).toBe(digest(rows));
    expect([
      ...generateAccessLog(
        10,
        5,
        [],
        { workers: 1, employers: 1, payouts: 1 },
        TODAY,
        GENESIS_HASH,
        chainKey,
      ),
    ]).toEqual([]);
  });
});

/** The seeded tables' indexes and foreign keys as the catalog defines them. */
function indexesAndKeys(ctx: TestContext) {
  const tables = sql.raw(`ARRAY[${SEEDED_TABLES.map((table) => `'${table}'`).join(', ')}]::regclass[]`);
  return queryRows<{ name: string; definition: string }>(
    ctx.db,
    sql`SELECT name, definition FROM (
          SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
            FROM pg_index WHERE indrelid = ANY(${tables})
          UNION ALL
          SELECT conname, pg_get_constraintdef(oid) || CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END
            FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(${tables})
        ) catalog ORDER BY name`,
  );
}

describe('seed loader (COPY) on the test database', () => {
  let ctx: TestContext;
  let admin: Api;
  let migrated: { name: string; definition: string }[];
  const data = collect(SCALE, 1);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await signedIn(ctx, 'super_admin')).api;
    migrated = await indexesAndKeys(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the API itself accepts every generated record and its status path', async () => {
    const branchIds = new Map<number, number>();
    for (const b of data.branches) {
      const created = await admin.post('/branches', keysToSnake(branchInput(b)));
      expect(created.statusCode, created.body).toBe(201);
      branchIds.set(b.id, created.json().id);
    }
    for (const e of data.employers) {
      const created = await admin.post(
        '/employers',
        keysToSnake(employerInput(e, branchIds.get(e.branchId))),
      );
      expect(created.statusCode, created.body).toBe(201);
      let version = created.json().version as number;
      for (const step of pathTo(EMPLOYER_TRANSITIONS, 'pending', e.status)) {
        const changed = await admin.post(`/employers/${created.json().id}/status`, {
          status: step.to,
          reason: step.reasonRequired ? e.statusReason : undefined,
          version,
        });
        expect(changed.statusCode, changed.body).toBe(200);
        version = changed.json().version;
      }
    }
    for (const w of data.workers) {
      const created = await admin.post('/workers', keysToSnake(workerInput(w, branchIds.get(w.branchId))));
      expect(created.statusCode, created.body).toBe(201);
      let version = created.json().version as number;
      if (w.visaStatus === 'pending') {
        const filed = await admin.patch(`/workers/${created.json().id}/extension`, {
          extension_status: 'applied',
          extension_applied_at: w.extensionAppliedAt,
          version,
        });
        expect(filed.statusCode, filed.body).toBe(200);
        expect(filed.json().visa_status).toBe('pending');
        version = filed.json().version;
      }
      // matched and working are reached through matchings, checked in their own tests.
      const manual = w.status === 'matched' || w.status === 'working' ? 'seeking' : w.status;
      for (const step of pathTo(WORKER_TRANSITIONS, 'seeking', manual)) {
        const changed = await admin.post(`/workers/${created.json().id}/status`, {
          status: step.to,
          reason: step.reasonRequired ? w.statusReason : undefined,
          version,
        });
        expect(changed.statusCode, changed.body).toBe(200);
        version = changed.json().version;
      }
    }
  });

  it('the API accepts every generated job post and its status path (closed ones up to active)', async () => {
    const employerIds = new Map<number, number>();
    const list = (await admin.get('/employers?page_size=100&sort=created_at&order=asc')).json();
    // Employers were created in generation order, so the n-th created is generated employer n.
    const created = [...list.data].sort((a: { id: number }, b: { id: number }) => a.id - b.id);
    for (const [i, e] of data.employers.entries()) employerIds.set(e.id, created[i].id);
    for (const p of data.jobPosts) {
      // A closed post's deadline has passed, which the API refuses on entry: it goes in without one.
      const input = {
        ...jobPostInput(p, employerIds.get(p.employerId)),
        deadline: p.status === 'closed' ? null : p.deadline,
      };
      const response = await admin.post('/job-posts', keysToSnake(input));
      expect(response.statusCode, response.body).toBe(201);
      let version = response.json().version as number;
      const steps = pathTo(JOB_POST_TRANSITIONS, 'draft', p.status).filter(
        (step) => !(p.status === 'closed' && step.to === 'closed'),
      );
      for (const step of steps) {
        const changed = await admin.post(`/job-posts/${response.json().id}/status`, {
          status: step.to,
          reason: step.reasonRequired ? p.statusReason : undefined,
          version,
        });
        expect(changed.statusCode, `${p.id} → ${step.to}: ${changed.body}`).toBe(200);
        version = changed.json().version;
      }
    }
  });

  it('refuses a non-empty database without --reset, in Korean', async () => {
    await expect(runSeed(ctx.handle, { scale: SCALE, seed: 1, reset: false, pii })).rejects.toThrow(
      /이미 데이터가 있습니다.*--reset/,
    );
    await expect(runSeed(ctx.handle, { scale: 0, seed: 1, reset: true, pii })).rejects.toBeInstanceOf(
      SeedError,
    );
  });

  it('with --reset empties the record tables, keeps the admins and loads by COPY', async () => {
    const [before] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM admins`);
    const result = await runSeed(ctx.handle, { scale: SCALE, seed: 1, reset: true, pii, today: TODAY });
    expect(result.counts).toEqual(data.counts);
    expect(result.tables.map((t) => [t.table, t.rows])).toEqual([
      ['branches', data.counts.branches],
      ['employers', data.counts.employers],
      ['workers', data.counts.workers],
      ['resumes', data.resumes.length],
      ['job_posts', data.counts.jobPosts],
      ['matchings', data.counts.matchings],
      ['matching_status_history', data.matchings.reduce((n, m) => n + m.history.length, 0)],
      ['payouts', data.payouts.length],
      ['reviews', data.reviews.length],
      ['app_users', data.appUsers.length],
      ['app_user_consents', data.consents.length],
      // The permits the contracted E-9/H-2 workers need, read from the loaded matchings (seed/permits.ts).
      ['employer_permits', expect.any(Number)],
      ['audit_logs', data.counts.accessLog],
    ]);
    const permits = result.tables.find((t) => t.table === 'employer_permits')!.rows;
    expect(permits).toBeGreaterThan(0);
    const [stored] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM employer_permits`,
    );
    expect(stored!.n).toBe(permits);
    const [after] = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM admins`);
    expect(after!.n).toBe(before!.n);
  });

  it('puts back every index and foreign key it set aside for the load (docs/seed.md#bulk-load)', async () => {
    expect(migrated.length).toBeGreaterThan(100);
    expect(await indexesAndKeys(ctx)).toEqual(migrated);
  });

  it('a load that breaks a unique index or a foreign key fails as they are put back, and keeps nothing', async () => {
    const breaks = [
      // branches_code_key, a unique index (not a constraint) the load sets aside
      [
        'UPDATE branches SET code = (SELECT code FROM branches ORDER BY id LIMIT 1) WHERE id = (SELECT max(id) FROM branches)',
        '23505',
      ],
      // payouts_worker_id_workers_id_fk, set aside (a missing employer is refused at once: moving a payout to
      // another employer looks up the branch it copies, migration 0026)
      ['UPDATE payouts SET worker_id = 2147483647 WHERE id = (SELECT min(id) FROM payouts)', '23503'],
    ] as const;
    for (const [breakIt, code] of breaks) {
      const conn = await connect(ctx.handle);
      try {
        await conn.query('BEGIN');
        const putBack = await setAsideIndexesAndKeys(conn, SEEDED_TABLES);
        await conn.query(breakIt);
        await expect(putBack()).rejects.toMatchObject({ code });
      } finally {
        await conn.query('ROLLBACK');
        await conn.release();
      }
    }
    expect(await indexesAndKeys(ctx)).toEqual(migrated);
  });

  it('keeps every rule `npm run check:data` checks (docs/DOMAIN.md invariants), whatever the month', async () => {
    const broken = (await runChecks(ctx.db))
      .filter((check) => check.violations.length > 0)
      .map((check) => `${check.code}: ${JSON.stringify(check.violations.slice(0, 3))}`);
    expect(broken).toEqual([]);
  });

  it('the API lists the seeded records with the generated values', async () => {
    const workers = await admin.get('/workers?page_size=100');
    expect(workers.statusCode, workers.body).toBe(200);
    expect(workers.json().meta.total).toBe(data.counts.workers);
    expect((await admin.get('/employers')).json().meta.total).toBe(data.counts.employers);
    expect((await admin.get('/branches')).json().meta.total).toBe(data.counts.branches);
    expect((await admin.get('/job-posts')).json().meta.total).toBe(data.counts.jobPosts);
    expect((await admin.get('/matchings')).json().meta.total).toBe(data.counts.matchings);
    expect((await admin.get('/payouts')).json().meta.total).toBe(data.payouts.length);
    expect((await admin.get('/reviews')).json().meta.total).toBe(data.reviews.length);
    expect((await admin.get('/resumes')).json().meta.total).toBe(data.resumes.length);
    expect((await admin.get('/users')).json().meta.total).toBe(data.appUsers.length);
    const payout = data.payouts[0]!;
    const revealed = await admin.post(`/payouts/${payout.id}/reveal`, { reason: '시드 검증' });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().value.replace(/\D/g, '')).toBe(payout.accountNo);
    const found = await admin.get(`/payouts?q=${payout.accountNo}`);
    expect(found.json().data.map((r: { id: number }) => r.id)).toContain(payout.id);
    expect((await admin.get(`/payouts/${payout.id}`)).json()).toMatchObject({
      amount: payout.amount,
      vat: payout.vat,
      status: payout.status,
      account_no: `${'*'.repeat(payout.accountNo.length - 4)}${payout.accountNo.slice(-4)}`,
    });
    const m = data.matchings.find((x) => x.status === 'completed')!;
    expect((await admin.get(`/matchings/${m.id}`)).json()).toMatchObject({
      status: 'completed',
      start_date: m.startDate,
      end_date: m.endDate,
      status_history: m.history.map((h) => ({
        from_status: h.fromStatus,
        to_status: h.toStatus,
        reason: h.reason,
        changed_at: h.changedAt.toISOString(),
      })),
    });
    const w = data.workers.find((x) => x.alienRegNo !== null && x.extensionStatus === 'none')!;
    const detail = (await admin.get(`/workers/${w.id}`)).json();
    expect(detail).toMatchObject({
      name_ko: w.nameKo,
      nationality: w.nationality,
      visa_type: w.visaType,
      visa_expiry_date: w.visaExpiryDate,
      status: w.status,
      desired_industries: w.desiredIndustries,
      alien_reg_no: `${w.alienRegNo!.slice(0, 6)}-${w.alienRegNo![6]}******`,
    });
    const e = data.employers[0]!;
    expect((await admin.get(`/employers/${e.id}`)).json()).toMatchObject({
      company_name: e.companyName,
      business_reg_no: e.businessRegNo,
      status: e.status,
    });
  });

  it('stores identifiers so the app can reveal and search them (same cipher and keyed hash)', async () => {
    const w = data.workers.find((x) => x.alienRegNo !== null)!;
    const revealed = await admin.post(`/workers/${w.id}/reveal`, {
      field: 'alien_reg_no',
      reason: '시드 검증',
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().value.replace(/\D/g, '')).toBe(w.alienRegNo);
    const passport = await admin.post(`/workers/${w.id}/reveal`, {
      field: 'passport_no',
      reason: '시드 검증',
    });
    expect(passport.json().value).toBe(w.passportNo);
    const found = await admin.get(`/workers?q=${w.alienRegNo}&reason=${encodeURIComponent('시드 검증')}`);
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([w.id]);
  });

  it('continues the id sequences and the access-log chain', async () => {
    const created = await admin.post('/branches', { name: '신규지점', code: 'NEW-01', region: '경기도' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().id).toBe(data.counts.branches + 1);
    const chain = await verifyAuditChain(ctx.db);
    expect(chain).toMatchObject({ ok: true, problemCount: 0, legacyRows: 0 });
    const [{ n: permitCount }] = (await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM employer_permits`,
    )) as [{ n: number }];
    const [log] = await queryRows<{ summary: string; record_count: number }>(
      ctx.db,
      sql`SELECT summary, record_count FROM audit_logs WHERE target_type = 'seed'`,
    );
    expect(log!.record_count).toBe(
      data.counts.branches +
        data.counts.employers +
        data.counts.workers +
        data.counts.jobPosts +
        data.counts.matchings +
        data.matchings.reduce((n, m) => n + m.history.length, 0) +
        data.payouts.length +
        data.reviews.length +
        data.resumes.length +
        data.appUsers.length +
        data.consents.length +
        permitCount +
        data.counts.accessLog,
    );
    expect(log!.summary).toContain('초기화 후');
  });
});
