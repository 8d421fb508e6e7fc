import {
  contactsMaskedFor,
  maskEmail,
  maskPhone,
  RESUME_STATUS_LABELS,
  RESUME_TRANSITIONS,
  type Reference,
  type Resume,
  type ResumeStatus,
  type Role,
  recordMessages,
  resumeCode,
  type resumeCreateSchema,
  type resumeListQuerySchema,
  type resumeUpdateSchema,
  trashMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { isoOrNull } from '../../lib/dates';
import { changedFieldNames, creationDiff, diffOf } from '../../lib/diff';
import { conflict, notFound, validationError } from '../../lib/errors';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { guardNoLiveMatchings } from '../matchings/matchings.integrity';
import { checkInTrash, logRestore, type Restored } from '../trash/trash.rules';
import { listViewEntry } from '../workers/workers.pii';
import * as repo from './resumes.repository';

type ResumeCreate = z.output<typeof resumeCreateSchema>;
type ResumeUpdate = z.output<typeof resumeUpdateSchema>;
type ResumeListQuery = z.output<typeof resumeListQuerySchema>;

const workerName = (row: { workerNameKo: string; workerFirstName: string; workerLastName: string }) =>
  row.workerNameKo || `${row.workerFirstName} ${row.workerLastName}`;

/** The resume (docs/DOMAIN.md#records): `resumeId` is the display code; the flags follow visibility, status and deletion. */
export function toResume(row: repo.ResumeRow): Resume {
  return {
    id: row.id,
    resumeId: resumeCode(row.id),
    workerId: row.workerId,
    workerName: workerName(row),
    workerNationality: row.workerNationality,
    branchId: row.branchId,
    workExperience: row.workExperience,
    educationHistory: row.educationHistory,
    languageSkills: row.languageSkills,
    certifications: row.certifications,
    skills: row.skills,
    references: row.references,
    viewsCount: row.viewsCount,
    lastViewedAt: isoOrNull(row.lastViewedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isPublic: row.visibility === 'public',
    isActive: row.status === 'active',
    isDeleted: row.deletedAt !== null,
    status: row.status,
    visibility: row.visibility,
    version: row.version,
  };
}

/** docs/SECURITY.md: `viewer` sees the references' phone numbers and emails masked, as it sees workers' own. */
export function resumeShownTo(resume: Resume, role: Role): Resume {
  if (!contactsMaskedFor(role)) return resume;
  const masked = (reference: Reference): Reference => ({
    ...reference,
    phone: maskPhone(reference.phone),
    email: maskEmail(reference.email),
  });
  return { ...resume, references: resume.references.map(masked) };
}

export function createResumesService({ db }: { db: Database }) {
  async function detail(executor: Executor, id: number, actor: Actor): Promise<Resume> {
    const row = await repo.findResume(executor, id, actor.scope);
    if (!row) throw notFound();
    return resumeShownTo(toResume(row), actor.role);
  }

  /** The live, in-scope record for a change; a deleted one must be restored first. */
  async function lockLive(tx: Executor, id: number, actor: Actor, version?: number) {
    const current = await repo.lockResume(tx, id, actor.scope);
    if (!current) throw notFound();
    if (current.deletedAt) throw conflict(recordMessages.resumeDeleted);
    if (version !== undefined && current.version !== version) throw versionConflict();
    return current;
  }

  /** A resume is a worker's personal data (history, references): one access-log entry per list request. */
  async function list(query: ResumeListQuery, actor: Actor) {
    const { rows, total, totalEstimated } = await repo.listResumes(db, actor.scope, query);
    await appendAudit(
      db,
      actor.audit,
      listViewEntry({
        label: '이력서 목록 조회',
        targetType: 'resume',
        filters: query,
        ids: rows.map((row) => row.id),
        total,
      }),
    );
    return {
      data: rows.map((row) => resumeShownTo(toResume(row), actor.role)),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /**
   * An operator opening a resume: logged as a view of personal data, not counted (viewsCount and
   * lastViewedAt count the app's views, docs/DOMAIN.md).
   */
  async function get(id: number, actor: Actor): Promise<Resume> {
    return db.transaction(async (tx) => {
      const row = await repo.findResume(tx, id, actor.scope);
      if (!row) throw notFound();
      await appendAudit(tx, actor.audit, {
        action: 'VIEW_PII',
        targetType: 'resume',
        targetId: id,
        summary: `이력서 조회: ${resumeCode(id)} ${workerName(row)}`,
      });
      return detail(tx, id, actor);
    });
  }

  async function create(input: ResumeCreate, actor: Actor): Promise<Resume> {
    return db.transaction(async (tx) => {
      const worker = await repo.shareWorkerFor(tx, input.workerId, actor.scope);
      if (!worker) throw validationError([{ field: 'worker_id', message: recordMessages.workerNotFound }]);
      // A destroyed person's data is gone for good: no new resume brings it back (docs/privacy-lifecycle.md#the-rule).
      if (worker.destroyedAt) {
        throw validationError([{ field: 'worker_id', message: recordMessages.resumeWorkerDestroyed }]);
      }
      const id = await repo.insertResume(tx, input);
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'resume',
        targetId: id,
        summary: `이력서 등록: ${resumeCode(id)} ${worker.nameKo || `${worker.firstName} ${worker.lastName}`}`,
        diff: creationDiff(input),
      });
      return detail(tx, id, actor);
    });
  }

  async function update(id: number, input: ResumeUpdate, actor: Actor): Promise<Resume> {
    const { version, ...changes } = input;
    return db.transaction(async (tx) => {
      const current = await lockLive(tx, id, actor, version);
      const diff = diffOf(current, changes);
      if (Object.keys(diff).length === 0) return detail(tx, id, actor);
      const values = Object.fromEntries(Object.keys(diff).map((key) => [key, diff[key]!.after]));
      if (!(await repo.updateResume(tx, { id, version }, values))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'resume',
        targetId: id,
        summary: `이력서 수정: ${changedFieldNames(diff)}`,
        diff,
      });
      return detail(tx, id, actor);
    });
  }

  async function changeStatus(
    id: number,
    change: { status: ResumeStatus; reason?: string; version: number },
    actor: Actor,
  ): Promise<Resume> {
    return db.transaction(async (tx) => {
      const current = await lockLive(tx, id, actor, change.version);
      checkTransition(RESUME_TRANSITIONS, RESUME_STATUS_LABELS, {
        from: current.status,
        to: change.status,
        reason: change.reason,
        role: actor.role,
      });
      const values = { status: change.status, statusReason: change.reason || null };
      if (!(await repo.updateResume(tx, { id, version: change.version }, values))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'resume',
        targetId: id,
        summary: statusSummary(RESUME_STATUS_LABELS, current.status, change.status),
        diff: { status: { before: current.status, after: change.status } },
        reason: change.reason || null,
      });
      return detail(tx, id, actor);
    });
  }

  /**
   * One resume to the trash, in the caller's transaction. `withWorker`: it goes because its worker does (docs/DOMAIN.md#invariants, I-22), which
   * its log entry says and its row keeps, so that the worker's restore brings back this one and no other.
   */
  async function removeIn(tx: Executor, id: number, actor: Actor, withWorker = false): Promise<void> {
    const current = await repo.lockResume(tx, id, actor.scope);
    if (!current || current.deletedAt) throw notFound();
    await guardNoLiveMatchings(tx, { resumeId: id }, recordMessages.resumeHasLiveMatchings);
    const values = { deletedAt: new Date(), deletedWithWorker: withWorker };
    if (!(await repo.updateResume(tx, { id, version: current.version }, values))) throw versionConflict();
    await appendAudit(tx, actor.audit, {
      action: 'DELETE',
      targetType: 'resume',
      targetId: id,
      summary: `이력서 삭제: ${resumeCode(id)} ${workerName(current)}`,
      reason: withWorker ? recordMessages.resumeFollowsWorker('삭제') : null,
    });
  }

  async function remove(id: number, actor: Actor): Promise<void> {
    await db.transaction((tx) => removeIn(tx, id, actor));
  }

  /**
   * Out of the trash, one operation whichever door asks (the trash, the resume's own 복원, its worker's restore), with
   * its create's rule: a live worker (docs/undo-and-trash.md, 휴지통). The worker is shared before the resume is
   * locked, the order a matching takes them in. Answers the resume for its screen and its name in the trash.
   */
  async function restoreIn(
    tx: Executor,
    id: number,
    actor: Actor,
    withWorker = false,
  ): Promise<Restored & { resume: Resume }> {
    const workerId = await repo.workerIdOfResume(tx, id);
    if (workerId === undefined) throw notFound();
    const workerLive = await repo.shareLiveWorker(tx, workerId);
    const current = await repo.lockResume(tx, id, actor.scope);
    checkInTrash(current);
    if (current.workerId !== workerId) throw versionConflict();
    if (!workerLive) {
      const name = `${current.workerFirstName} ${current.workerLastName}`;
      throw conflict(trashMessages.workerDeleted, [
        { message: trashMessages.parentInTrash('근로자', name), label: name },
      ]);
    }
    const values = { deletedAt: null, deletedWithWorker: false };
    if (!(await repo.updateResume(tx, { id, version: current.version }, values))) throw versionConflict();
    const restored = {
      id,
      label: `${resumeCode(id)} ${current.workerFirstName} ${current.workerLastName}`,
    };
    await logRestore(
      tx,
      actor,
      'resume',
      restored,
      withWorker ? recordMessages.resumeFollowsWorker('복원') : null,
    );
    return { ...restored, resume: await detail(tx, id, actor) };
  }

  function restore(id: number, actor: Actor): Promise<Restored & { resume: Resume }> {
    return db.transaction((tx) => restoreIn(tx, id, actor));
  }

  /**
   * A worker's live resumes go to the trash with it (docs/DOMAIN.md#invariants, I-22), each by its own remove, in the worker's
   * transaction, whose lock on the worker keeps a new resume from slipping in meanwhile (`shareWorkerFor`).
   */
  async function removeWithWorker(tx: Executor, workerId: number, actor: Actor): Promise<void> {
    for (const id of await repo.liveResumeIdsOf(tx, workerId)) await removeIn(tx, id, actor, true);
  }

  /** The worker back from the trash brings back the resumes that went with it, each by its own restore. */
  async function restoreWithWorker(tx: Executor, workerId: number, actor: Actor): Promise<void> {
    for (const id of await repo.resumeIdsDeletedWith(tx, workerId)) await restoreIn(tx, id, actor, true);
  }

  /** Changes only; the views (VIEW_PII) stay in the full access log. */
  async function history(id: number, actor: Actor) {
    if (!(await repo.findResume(db, id, actor.scope))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'resume', id, excludeActions: ['VIEW_PII'] }) };
  }

  return {
    list,
    get,
    create,
    update,
    changeStatus,
    remove,
    restore,
    removeWithWorker,
    restoreWithWorker,
    history,
  };
}
export type ResumesService = ReturnType<typeof createResumesService>;
