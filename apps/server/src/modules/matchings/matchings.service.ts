import {
  type EligibilityIssue,
  type EligibilityStage,
  employerQuotaIssues,
  hasHardIssue,
  MATCHING_STATUS_LABELS,
  MATCHING_TRANSITIONS,
  type Matching,
  type MatchingStatus,
  type matchingCreateSchema,
  matchingDateErrors,
  type matchingListQuerySchema,
  type matchingStatusChangeSchema,
  type matchingUpdateSchema,
  minimumWageFor,
  minimumWageUnknownMessage,
  recordMessages,
  type SalaryType,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { addDays, isoOrNull, seoulDayStart, seoulToday } from '../../lib/dates';
import { onUniqueViolation } from '../../lib/db-errors';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { conflict, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { employerQuotaInput } from '../employers/employer-permits.repository';
import { employeeCountOf, type JobPostRecord } from '../job-posts/job-posts.repository';
import { minimumWageError, scheduleOf } from '../job-posts/job-posts.rules';
import { guardFees } from '../payouts/payouts.fees';
import type { SettingsService } from '../settings/settings.service';
import { moveInput } from '../workplace-changes/workplace-changes.repository';
import { eligibilityIssues, enforceEligibility, ruleInput } from './matchings.eligibility';
import { followMatching } from './matchings.follow';
import { ENGAGED_WORKER_INDEX, engagedElsewhere, guardHeldMatchings } from './matchings.integrity';
import * as repo from './matchings.repository';

type MatchingCreate = z.output<typeof matchingCreateSchema>;
type MatchingUpdate = z.output<typeof matchingUpdateSchema>;
type MatchingListQuery = z.output<typeof matchingListQuerySchema>;
type StatusChange = z.output<typeof matchingStatusChangeSchema>;
type Salary = { salaryType: SalaryType; salaryAmount: number };

const OPEN_PAIR = 'matchings_open_pair_key';

const duplicateOpen = () =>
  conflict(recordMessages.duplicateOpenMatching, [
    { field: 'worker_id', message: recordMessages.duplicateOpenMatching },
  ]);

const workerEngaged = () =>
  conflict(recordMessages.workerEngaged, [{ field: 'worker_id', message: recordMessages.workerEngaged }]);

/** The step of the rule engine a status change is checked at; other targets are not checked. */
const STAGE_OF: Partial<Record<MatchingStatus, EligibilityStage>> = {
  accepted: 'accept',
  contracted: 'contract',
  working: 'start',
};

const workerName = (w: { workerNameKo: string; workerFirstName: string; workerLastName: string }) =>
  w.workerNameKo || `${w.workerFirstName} ${w.workerLastName}`;

export function toMatching(row: repo.MatchingRow): Matching {
  return {
    id: row.id,
    jobPostId: row.jobPostId,
    jobPostTitle: row.jobPostTitle,
    employerId: row.employerId,
    employerName: row.employerName,
    workerId: row.workerId,
    workerName: workerName(row),
    workerNationality: row.workerNationality,
    workerVisaType: row.workerVisaType,
    industry: row.industry,
    resumeId: row.resumeId,
    source: row.source,
    managerAdminId: row.managerAdminId,
    managerName: row.managerName,
    branchId: row.branchId,
    branchName: row.branchName,
    interviewAt: isoOrNull(row.interviewAt),
    contractDate: row.contractDate,
    startDate: row.startDate,
    endDate: row.endDate,
    agreedSalaryType: row.agreedSalaryType,
    agreedSalaryAmount: row.agreedSalaryAmount,
    feeAmount: row.feeAmount,
    memo: row.memo,
    cancelReason: row.cancelReason,
    overrideReason: row.overrideReason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function checkDates(status: MatchingStatus, dates: { startDate: string | null; endDate: string | null }) {
  const errors = matchingDateErrors(status, dates, seoulToday());
  if (errors.length > 0) throw validationError(errors);
}

/** The list screen's query as repository filters (the export of the same list shares it). */
export function matchingFilters(
  query: MatchingFilterQuery,
  minimumWageByYear?: Record<string, number>,
): repo.MatchingFilterValues {
  let belowMinimumWage: number | undefined;
  if (query.belowMinimumWageYear !== undefined && minimumWageByYear) {
    const minimum = minimumWageFor(query.belowMinimumWageYear, minimumWageByYear);
    if (minimum === null) {
      throw validationError([
        { field: 'below_minimum_wage_year', message: minimumWageUnknownMessage(query.belowMinimumWageYear) },
      ]);
    }
    belowMinimumWage = minimum;
  }
  if (query.createdFrom && query.createdTo && query.createdFrom > query.createdTo) {
    throw validationError([{ field: 'created_to', message: recordMessages.dateRangeInverted }]);
  }
  return {
    status: query.status,
    branchId: query.branchId,
    employerId: query.employerId,
    jobPostId: query.jobPostId,
    workerId: query.workerId,
    nationality: query.nationality,
    visaType: query.visaType,
    createdFrom: query.createdFrom ? seoulDayStart(query.createdFrom) : undefined,
    createdBefore: query.createdTo ? seoulDayStart(addDays(query.createdTo, 1)) : undefined,
    q: query.q,
    belowMinimumWage,
  };
}
type MatchingFilterQuery = Omit<MatchingListQuery, 'page' | 'pageSize' | 'sort' | 'order'>;

/**
 * The post's employer and branch held `FOR SHARE`, then the post itself locked: the order every write that reads a
 * post's employer takes them in (docs/domain-integrity.md#locks). The post is read first only to learn them; one
 * moved to another employer in between is a stale write.
 */
async function lockPostWithStanding(
  tx: Executor,
  jobPostId: number,
  scope?: Actor['scope'],
  employerLock: true | 'update' = true,
) {
  const seen = await repo.jobPostFor(tx, jobPostId, { scope, lock: false });
  if (!seen) return undefined;
  const standing = await repo.postStanding(tx, seen, { lock: employerLock });
  const post = await repo.jobPostFor(tx, jobPostId, { scope });
  if (!post) return undefined;
  if (post.employerId !== seen.employerId || post.branchId !== seen.branchId) throw versionConflict();
  return { post, standing };
}

export function createMatchingsService({ db, settings }: { db: Database; settings: SettingsService }) {
  async function detail(executor: Executor, id: number, actor: Actor) {
    const row = await repo.findMatching(executor, id, actor.scope);
    if (!row) throw notFound();
    const history = await repo.listStatusHistory(executor, id);
    return {
      ...toMatching(row),
      statusHistory: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
    };
  }

  /** Agreed pay may not be below the minimum wage of the year work starts (today when not yet known). */
  async function checkPay(executor: Executor, salary: Salary, post: JobPostRecord, startDate: string | null) {
    const { minimumWageByYear } = await settings.get(executor);
    const employeeCount = await employeeCountOf(executor, post.employerId);
    const pay = { ...scheduleOf(post), ...salary, industry: post.industry, employeeCount };
    const error = minimumWageError(pay, startDate ?? seoulToday(), minimumWageByYear, 'agreed_salary_amount');
    if (error) throw validationError([error]);
  }

  async function list(query: MatchingListQuery, actor: Actor) {
    const { rows, total, totalEstimated } = await repo.listMatchings(db, actor.scope, {
      ...matchingFilters(query, (await settings.get()).minimumWageByYear),
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      data: rows.map(toMatching),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /** Whether the pair may be matched: `eligible` is false only for hard issues (warnings can be overridden). */
  async function eligibility(
    query: { jobPostId: number; workerId: number; startDate?: string },
    actor: Actor,
  ): Promise<{ eligible: boolean; issues: EligibilityIssue[] }> {
    const post = await repo.jobPostFor(db, query.jobPostId, { scope: actor.scope, lock: false });
    const worker = post && (await repo.workerFor(db, query.workerId, { scope: actor.scope, lock: false }));
    if (!post || !worker) throw notFound();
    const input = ruleInput({
      worker,
      post,
      standing: await repo.postStanding(db, post),
      startDate: query.startDate ?? null,
      today: seoulToday(),
      engagedIn: await engagedElsewhere(db, worker.id),
      workplaceChanges: await moveInput(db, { workerId: worker.id, employerId: post.employerId }),
      employerQuota: await employerQuotaInput(db, post.employerId),
      pilotSectors: (await settings.get(db)).pilotSectors,
    });
    const issues = eligibilityIssues(input, 'propose');
    return { eligible: !hasHardIssue(issues), issues };
  }

  async function create(input: MatchingCreate, actor: Actor) {
    const today = seoulToday();
    return onUniqueViolation(OPEN_PAIR, duplicateOpen, () =>
      db.transaction(async (tx) => {
        const locked = await lockPostWithStanding(tx, input.jobPostId, actor.scope);
        if (!locked) {
          throw validationError([{ field: 'job_post_id', message: recordMessages.jobPostNotFound }]);
        }
        const { post, standing } = locked;
        const worker = await repo.workerFor(tx, input.workerId, { scope: actor.scope });
        if (!worker) throw validationError([{ field: 'worker_id', message: recordMessages.workerNotFound }]);
        // Held FOR UPDATE above: a destruction at the same moment has either seen this matching or gone first
        // (docs/privacy-lifecycle.md#destruction-and-writes-at-once).
        if (worker.destroyedAt) {
          throw validationError([{ field: 'worker_id', message: recordMessages.workerDestroyed }]);
        }
        if (input.resumeId && !(await repo.resumeOfWorker(tx, input.resumeId, worker.id))) {
          throw validationError([{ field: 'resume_id', message: recordMessages.resumeNotOfWorker }]);
        }
        if (await repo.openMatchingExists(tx, post.id, worker.id)) throw duplicateOpen();
        const rules = ruleInput({
          worker,
          post,
          standing,
          startDate: input.startDate,
          today,
          engagedIn: await engagedElsewhere(tx, worker.id),
          workplaceChanges: await moveInput(tx, { workerId: worker.id, employerId: post.employerId }),
          employerQuota: await employerQuotaInput(tx, post.employerId),
          pilotSectors: (await settings.get(tx)).pilotSectors,
        });
        const overridden = enforceEligibility(eligibilityIssues(rules, 'propose'), {
          overrideReason: input.overrideReason,
          role: actor.role,
        });
        // The post's pay unless another was agreed; a different pay type needs its own amount.
        const salaryType = input.agreedSalaryType ?? post.salaryType;
        const salaryAmount =
          input.agreedSalaryAmount ?? (salaryType === post.salaryType ? post.salaryAmount : null);
        if (salaryAmount === null) {
          throw validationError([
            { field: 'agreed_salary_amount', message: recordMessages.agreedSalaryRequired },
          ]);
        }
        const salary: Salary = { salaryType, salaryAmount };
        await checkPay(tx, salary, post, input.startDate);
        const { defaultMatchingFee } = await settings.get(tx);
        const overrideReason = overridden.length > 0 ? input.overrideReason! : null;
        const values: repo.MatchingValues = {
          jobPostId: post.id,
          employerId: post.employerId,
          workerId: worker.id,
          resumeId: input.resumeId,
          branchId: post.branchId,
          source: input.source,
          managerAdminId: actor.adminId,
          workerNationality: worker.nationality,
          workerVisaType: worker.visaType,
          industry: post.industry,
          startDate: input.startDate,
          agreedSalaryType: salary.salaryType,
          agreedSalaryAmount: salary.salaryAmount,
          feeAmount: input.feeAmount ?? defaultMatchingFee,
          memo: input.memo,
          overrideReason,
          overriddenWarnings: overridden,
          status: 'proposed',
          statusChangedAt: new Date(),
        };
        const id = await repo.insertMatching(tx, values);
        await repo.insertStatusHistory(tx, {
          matchingId: id,
          fromStatus: null,
          toStatus: 'proposed',
          reason: overrideReason ? recordMessages.overrideNote(overrideReason) : null,
          changedBy: actor.adminId,
        });
        const name = worker.nameKo || `${worker.firstName} ${worker.lastName}`;
        await appendAudit(tx, actor.audit, {
          action: 'CREATE',
          targetType: 'matching',
          targetId: id,
          summary: `매칭 등록: ${name} → ${post.title}${overrideReason ? ' (예외 진행)' : ''}`,
          diff: creationDiff(values),
          reason: overrideReason,
        });
        await followMatching(tx, { matchingId: id, jobPostId: post.id, workerId: worker.id }, actor);
        return detail(tx, id, actor);
      }),
    );
  }

  async function update(id: number, input: MatchingUpdate, actor: Actor) {
    const { version, interviewAt, ...rest } = input;
    const changes = {
      ...rest,
      ...(interviewAt === undefined
        ? {}
        : { interviewAt: interviewAt === null ? null : new Date(interviewAt) }),
    };
    return db.transaction(async (tx) => {
      const current = await repo.lockMatching(tx, id, actor.scope);
      if (!current) throw notFound();
      if (current.version !== version) throw versionConflict();
      const diff = diffOf(current, changes);
      if (Object.keys(diff).length === 0) return detail(tx, id, actor);
      const next = { ...current, ...changes };
      if (diff.startDate || diff.endDate) checkDates(next.status, next);
      if (diff.agreedSalaryType || diff.agreedSalaryAmount || diff.startDate) {
        // A contract moved to another start is counted against the employer's permits on that day (docs/DOMAIN.md#invariants, I-30): the
        // employer is taken first, as at the contract step, then post and worker (docs/domain-integrity.md).
        const moved = Boolean(diff.startDate) && (next.status === 'contracted' || next.status === 'working');
        if (moved) await repo.postStanding(tx, current, { lock: 'update' });
        // Post, then worker: the order every matching write locks them in (docs/domain-integrity.md).
        const post = await repo.jobPostFor(tx, current.jobPostId);
        const worker = await repo.workerFor(tx, current.workerId);
        if (moved && post && worker) {
          const quota = await employerQuotaInput(tx, current.employerId, id);
          const on = (startDate: string | null) =>
            quota
              ? employerQuotaIssues({
                  visa: worker.visaType,
                  startDate,
                  contractMonths: post.contractMonths,
                  today: seoulToday(),
                  employer: quota,
                })
              : [];
          // What the old start already broke does not block (as guardHeldMatchings compares hard issues).
          const had = new Set(on(current.startDate).map((issue) => issue.code));
          const broken = on(next.startDate).filter((issue) => !had.has(issue.code));
          if (broken.length > 0) {
            throw validationError(broken.map((issue) => ({ field: 'start_date', message: issue.message })));
          }
        }
        if (post && next.agreedSalaryType && next.agreedSalaryAmount) {
          const salary = { salaryType: next.agreedSalaryType, salaryAmount: next.agreedSalaryAmount };
          await checkPay(tx, salary, post, next.startDate);
        }
        const { minimumWageByYear, pilotSectors } = await settings.get(tx);
        await guardHeldMatchings(
          tx,
          { id },
          { matching: next },
          {
            today: seoulToday(),
            minimumWageByYear,
            pilotSectors,
            field: diff.startDate ? 'start_date' : 'agreed_salary_amount',
          },
        );
      }
      const values = Object.fromEntries(
        Object.keys(diff).map((key) => [key, changes[key as keyof typeof changes]]),
      );
      if (!(await repo.updateMatching(tx, { id, version }, values))) throw versionConflict();
      // Its fees stay within the cap of the pay now agreed (I-31, docs/law-as-data.md#fees).
      if (diff.agreedSalaryType || diff.agreedSalaryAmount || diff.startDate) {
        await guardFees(tx, { matchingId: id }, diff.startDate ? 'start_date' : 'agreed_salary_amount');
      }
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'matching',
        targetId: id,
        summary: `매칭 수정: ${changedFieldNames(diff)}`,
        diff,
      });
      return detail(tx, id, actor);
    });
  }

  /**
   * One step of the flow. `contracted` checks the visa again against the start date (a hard issue cannot be
   * overridden; a new warning needs an override). The worker's status and the post's headcount follow.
   */
  async function changeStatus(id: number, change: StatusChange, actor: Actor) {
    const today = seoulToday();
    return onUniqueViolation(ENGAGED_WORKER_INDEX, workerEngaged, () =>
      db.transaction(async (tx) => {
        const current = await repo.lockMatching(tx, id, actor.scope);
        if (!current) throw notFound();
        if (current.version !== change.version) throw versionConflict();
        const to: MatchingStatus = change.status;
        checkTransition(MATCHING_TRANSITIONS, MATCHING_STATUS_LABELS, {
          from: current.status,
          to,
          reason: change.reason,
          role: actor.role,
        });
        const values: Partial<repo.MatchingValues> = { status: to, statusChangedAt: new Date() };
        if (change.interviewAt) values.interviewAt = new Date(change.interviewAt);
        if (change.contractDate) values.contractDate = change.contractDate;
        if (change.startDate) values.startDate = change.startDate;
        if (change.endDate) values.endDate = change.endDate;
        let historyReason = change.reason || null;
        if (current.status === 'proposed' && to === 'accepted') {
          historyReason = recordMessages.interviewSkipped(change.reason!.trim());
        }
        if (to === 'contracted') values.contractDate = change.contractDate ?? current.contractDate ?? today;
        if (to === 'working') {
          // Work that begins before the planned day begins today.
          const planned = current.startDate;
          values.startDate = change.startDate ?? (planned && planned <= today ? planned : today);
        }
        if (to === 'completed' || to === 'terminated') {
          values.endDate =
            change.endDate ?? (current.endDate && current.endDate <= today ? current.endDate : today);
        }
        if (to === 'cancelled' || to === 'terminated') values.cancelReason = change.reason ?? null;
        const startDate = values.startDate ?? current.startDate;
        checkDates(to, { startDate, endDate: values.endDate ?? current.endDate });

        const stage = STAGE_OF[to];
        if (stage) {
          // Employer and branch shared, post and worker locked, in that order: a change of any of them waits for
          // this step, or this one sees it (docs/domain-integrity.md#locks).
          // A contract counts against the employer's permits and 고용허용인원: the employer is taken for this
          // step alone, so a second contract at the employer waits and then counts this one (law/quota.ts).
          const locked = await lockPostWithStanding(
            tx,
            current.jobPostId,
            undefined,
            stage === 'contract' ? 'update' : true,
          );
          const worker = await repo.workerFor(tx, current.workerId);
          if (!locked || !worker) throw notFound();
          const { post, standing } = locked;
          const { minimumWageByYear, pilotSectors } = await settings.get(tx);
          const rules = ruleInput({
            worker,
            post,
            standing,
            startDate,
            today,
            pay:
              current.agreedSalaryType && current.agreedSalaryAmount
                ? { salaryType: current.agreedSalaryType, salaryAmount: current.agreedSalaryAmount }
                : null,
            minimumWageByYear,
            engagedIn: await engagedElsewhere(tx, worker.id, id),
            // 사업장 변경 (docs/law-as-data.md#workplace-changes): read under the worker's lock.
            workplaceChanges: await moveInput(tx, {
              workerId: worker.id,
              employerId: post.employerId,
              matchingId: id,
            }),
            employerQuota: stage === 'start' ? null : await employerQuotaInput(tx, post.employerId, id),
            pilotSectors,
          });
          const overridden = enforceEligibility(eligibilityIssues(rules, stage), {
            overrideReason: change.overrideReason,
            role: actor.role,
            overridden: current.overriddenWarnings,
            hardOnly: stage !== 'contract',
          });
          if (overridden.length > 0) {
            values.overriddenWarnings = [...current.overriddenWarnings, ...overridden];
            values.overrideReason = change.overrideReason!;
            historyReason = [historyReason, recordMessages.overrideNote(change.overrideReason!)]
              .filter(Boolean)
              .join(' / ');
          }
        }

        if (!(await repo.updateMatching(tx, { id, version: change.version }, values)))
          throw versionConflict();
        // A start set or moved by the step: the fees are measured on it (I-31, docs/law-as-data.md#fees).
        if (values.startDate !== undefined && values.startDate !== current.startDate) {
          await guardFees(tx, { matchingId: id }, 'start_date');
        }
        await repo.insertStatusHistory(tx, {
          matchingId: id,
          fromStatus: current.status,
          toStatus: to,
          reason: historyReason,
          changedBy: actor.adminId,
        });
        const { statusChangedAt: _at, ...logged } = values;
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: 'matching',
          targetId: id,
          summary: statusSummary(MATCHING_STATUS_LABELS, current.status, to),
          diff: diffOf(current, logged),
          reason: historyReason,
        });
        await followMatching(
          tx,
          { matchingId: id, jobPostId: current.jobPostId, workerId: current.workerId },
          actor,
        );
        return detail(tx, id, actor);
      }),
    );
  }

  async function history(id: number, actor: Actor) {
    if (!(await repo.findMatching(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'matching', id }) };
  }

  return {
    list,
    get: (id: number, actor: Actor) => detail(db, id, actor),
    eligibility,
    create,
    update,
    changeStatus,
    history,
  };
}
export type MatchingsService = ReturnType<typeof createMatchingsService>;
