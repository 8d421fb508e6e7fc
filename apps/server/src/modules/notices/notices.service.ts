import {
  NOTICE_STATUS_LABELS,
  NOTICE_TRANSITIONS,
  type Notice,
  type NoticeStatus,
  type noticeCreateSchema,
  type noticeListQuerySchema,
  type noticeStatusChangeSchema,
  type noticeUpdateSchema,
  recordMessages,
  type z,
} from '@ilson/contracts';
import { listTargetHistory } from '../../audit/history';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Actor } from '../../lib/actor';
import { isoOrNull } from '../../lib/dates';
import { changedFieldNames, creationDiff, type Diff, diffOf } from '../../lib/diff';
import { notFound, validationError } from '../../lib/errors';
import { hasVisibleContent, sanitizeRichText } from '../../lib/rich-text';
import { checkTransition, statusSummary, versionConflict } from '../../lib/status-change';
import { checkInTrash, logRestore, type Restored } from '../trash/trash.rules';
import {
  checkReversal,
  inChangeTransaction,
  keptFields,
  type Reversal,
  restoredFields,
  type UndoMove,
  undoRecorder,
} from '../undo/undo';
import * as repo from './notices.repository';

type NoticeCreate = z.output<typeof noticeCreateSchema>;
type NoticeUpdate = z.output<typeof noticeUpdateSchema>;
type NoticeListQuery = z.output<typeof noticeListQuerySchema>;
type StatusChange = z.output<typeof noticeStatusChangeSchema> & {
  /** An undo moving the notice back (docs/undo-and-trash.md#undo-of-a-status-change). */
  reversal?: Reversal;
};

/** Rich text in the access log: long HTML is cut (the record itself keeps all of it). */
const AUDIT_CONTENT_MAX = 5_000;
const auditContent = (html: string) =>
  html.length <= AUDIT_CONTENT_MAX ? html : `${html.slice(0, AUDIT_CONTENT_MAX)}… (총 ${html.length}자)`;

/** Field by field, not `{ ...rest }` of the row: see docs/performance.md#row-mappers. */
export function toNotice(row: repo.NoticeRow): Notice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    audience: row.audience,
    isPinned: row.isPinned,
    status: row.status,
    publishAt: isoOrNull(row.publishAt),
    publishedAt: isoOrNull(row.publishedAt),
    isScheduled: row.isScheduled,
    viewCount: row.viewCount,
    authorAdminId: row.authorAdminId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/**
 * When a notice moving to `published` goes live: at its `publishAt` when that is still to come (scheduled),
 * else at its earlier publication when it is shown again, else now.
 */
export function goLiveAt(publishAt: Date | null, publishedAt: Date | null, now: Date): Date {
  if (publishAt && publishAt > now) return publishAt;
  return publishedAt && publishedAt <= now ? publishedAt : now;
}

/** The HTML as stored: sanitised, and refused when nothing visible is left. */
function cleanContent(html: string): string {
  const clean = sanitizeRichText(html);
  if (!hasVisibleContent(clean)) {
    throw validationError([{ field: 'content', message: recordMessages.noticeContentEmpty }]);
  }
  return clean;
}

const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));

export function createNoticesService({ db }: { db: Database }) {
  async function detail(executor: Executor, id: number): Promise<Notice> {
    const row = await repo.findNotice(executor, id);
    if (!row) throw notFound();
    return toNotice(row);
  }

  async function list(query: NoticeListQuery) {
    const { rows, total, totalEstimated } = await repo.listNotices(db, {
      ...query,
      pinned: query.pinned === undefined ? undefined : query.pinned === 'true',
      scheduled: query.scheduled === undefined ? undefined : query.scheduled === 'true',
    });
    return {
      data: rows.map(toNotice),
      meta: { page: query.page, pageSize: query.pageSize, total, totalEstimated },
    };
  }

  /** An operator's view is not counted: viewCount counts the app's views (docs/DOMAIN.md). */
  async function get(id: number): Promise<Notice> {
    return detail(db, id);
  }

  async function create(input: NoticeCreate, actor: Actor): Promise<Notice> {
    const now = new Date();
    const publishAt = toDate(input.publishAt);
    const values: repo.NoticeValues = {
      ...input,
      content: cleanContent(input.content),
      publishAt,
      publishedAt: input.status === 'published' ? goLiveAt(publishAt, null, now) : null,
      statusChangedAt: now,
      authorAdminId: actor.adminId,
    };
    return db.transaction(async (tx) => {
      const id = await repo.insertNotice(tx, values);
      const { statusChangedAt: _s, ...logged } = values;
      await appendAudit(tx, actor.audit, {
        action: 'CREATE',
        targetType: 'notice',
        targetId: id,
        summary: `공지 등록: ${input.title}`,
        diff: creationDiff({ ...logged, content: auditContent(values.content) }),
      });
      return detail(tx, id);
    });
  }

  async function update(id: number, input: NoticeUpdate, actor: Actor): Promise<Notice> {
    const { version, content, publishAt, ...rest } = input;
    const now = new Date();
    const changes: Partial<repo.NoticeValues> = {
      ...rest,
      ...(content === undefined ? {} : { content: cleanContent(content) }),
      ...(publishAt === undefined ? {} : { publishAt: toDate(publishAt) }),
    };
    return db.transaction(async (tx) => {
      const current = await repo.lockNotice(tx, id);
      if (!current) throw notFound();
      if (current.version !== version) throw versionConflict();
      const diff: Diff = diffOf(current, changes);
      if (Object.keys(diff).length === 0) return detail(tx, id);
      const values = Object.fromEntries(Object.keys(diff).map((key) => [key, diff[key]!.after]));
      if (diff.publishAt && current.status === 'published') {
        // Moving the time of a scheduled notice moves its go-live; a live one stays as it is.
        if (current.publishedAt && current.publishedAt <= now) {
          throw validationError([{ field: 'publish_at', message: recordMessages.noticePublishAtLocked }]);
        }
        values.publishedAt = goLiveAt(changes.publishAt ?? null, null, now);
        diff.publishedAt = { before: current.publishedAt, after: values.publishedAt };
      }
      if (!(await repo.updateNotice(tx, { id, version }, values))) throw versionConflict();
      if (diff.content) {
        diff.content = { before: auditContent(current.content), after: auditContent(changes.content!) };
      }
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'notice',
        targetId: id,
        summary: `공지 수정: ${changedFieldNames(diff)}`,
        diff,
      });
      return detail(tx, id);
    });
  }

  async function changeStatus(id: number, change: StatusChange, actor: Actor): Promise<Notice> {
    const now = new Date();
    return inChangeTransaction(db, change.reversal, async (tx) => {
      const current = await repo.lockNotice(tx, id);
      if (!current) throw notFound();
      if (current.version !== change.version) throw versionConflict();
      const undo = undoRecorder(tx, !change.reversal);
      const to: NoticeStatus = change.status;
      if (change.reversal) {
        checkReversal(NOTICE_TRANSITIONS, {
          from: current.status,
          to,
          role: actor.role,
          reversal: change.reversal,
        });
      } else {
        checkTransition(NOTICE_TRANSITIONS, NOTICE_STATUS_LABELS, {
          from: current.status,
          to,
          reason: change.reason,
          role: actor.role,
        });
      }
      const publishedAt =
        to === 'published'
          ? goLiveAt(current.publishAt, current.publishedAt, now)
          : to === 'draft'
            ? null
            : current.publishedAt;
      const values = change.reversal
        ? { ...restoredFields<repo.NoticeValues>(change.reversal.previous), status: to }
        : { status: to, publishedAt, statusChangedAt: now };
      if (!(await repo.updateNotice(tx, { id, version: change.version }, values))) throw versionConflict();
      await appendAudit(tx, actor.audit, {
        action: 'UPDATE',
        targetType: 'notice',
        targetId: id,
        summary:
          change.reversal?.summary ??
          `${statusSummary(NOTICE_STATUS_LABELS, current.status, to)} (${current.title})`,
        diff: diffOf(current, { status: to, publishedAt: values.publishedAt ?? null }),
        reason: change.reversal ? null : change.reason || null,
      });
      await undo.keep(
        actor,
        {
          type: 'notice',
          id,
          from: current.status,
          to,
          versionAfter: current.version + 1,
          previous: keptFields(current, Object.keys(values)),
        },
        `${statusSummary(NOTICE_STATUS_LABELS, current.status, to)} (${current.title})`,
      );
      return detail(tx, id);
    });
  }

  /** The undo's door: the notice moved back to where the change found it. */
  const reverseStatus = (move: UndoMove, reversal: Reversal, actor: Actor) =>
    changeStatus(
      move.id,
      { status: move.from as StatusChange['status'], version: move.versionAfter, reversal },
      actor,
    );

  async function remove(id: number, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const current = await repo.lockNotice(tx, id);
      if (!current) throw notFound();
      await repo.softDeleteNotice(tx, id);
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'notice',
        targetId: id,
        summary: `공지 삭제: ${current.title}`,
      });
    });
  }

  /** Out of the trash (docs/undo-and-trash.md, 휴지통): a notice has no rule of its own beyond the trash's. */
  async function restore(id: number, actor: Actor): Promise<Restored> {
    return db.transaction(async (tx) => {
      const current = await repo.lockForRestore(tx, id);
      checkInTrash(current);
      if (!(await repo.restoreNotice(tx, id))) throw versionConflict();
      const restored = { id, label: current.title };
      await logRestore(tx, actor, 'notice', restored);
      return restored;
    });
  }

  async function history(id: number) {
    if (!(await repo.findNotice(db, id))) throw notFound();
    return { data: await listTargetHistory(db, { type: 'notice', id }) };
  }

  return {
    list,
    get,
    create,
    update,
    changeStatus,
    reverseStatus,
    preview: (content: string) => ({ content: sanitizeRichText(content) }),
    remove,
    restore,
    history,
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
