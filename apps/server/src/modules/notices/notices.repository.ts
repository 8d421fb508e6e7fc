import type { NoticeAudience, NoticeStatus } from '@ilson/contracts';
import { and, asc, desc, eq, getTableColumns, ilike, isNull, not, sql } from 'drizzle-orm';
import { builtOnce, containsPattern, once, pageWindow, tableTotal } from '../../db/list';
import { admins, notices } from '../../db/schema';
import type { Executor } from '../../db/types';
import { lockLive, softDelete, undelete, updateVersioned } from '../../db/versioned';

export type NoticeRecord = typeof notices.$inferSelect;
export type NoticeValues = Omit<
  typeof notices.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'version' | 'deletedAt'
>;

export type NoticeListFilters = {
  status?: NoticeStatus;
  audience?: NoticeAudience;
  pinned?: boolean;
  scheduled?: boolean;
  q?: string;
  sort: 'published_at' | 'created_at' | 'view_count' | 'title';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
};

const SORT_COLUMNS = {
  published_at: notices.publishedAt,
  created_at: notices.createdAt,
  view_count: notices.viewCount,
  title: notices.title,
} as const;

/** Published but going live later: not visible yet (compared with the database's clock). */
const scheduled = sql<boolean>`(${notices.status} = 'published' AND coalesce(${notices.publishedAt} > now(), false))`;

const noticeColumns = { ...getTableColumns(notices), authorName: admins.name, isScheduled: scheduled };
export type NoticeRow = NoticeRecord & { authorName: string | null; isScheduled: boolean };

function selectNotices(executor: Executor) {
  return executor.select(noticeColumns).from(notices).leftJoin(admins, eq(admins.id, notices.authorAdminId));
}

const live = isNull(notices.deletedAt);

export async function listNotices(executor: Executor, filters: NoticeListFilters) {
  // Built once per filter (db/list.ts builtOnce): the WHERE only when a statement is.
  const where = once(() =>
    and(
      live,
      filters.status ? eq(notices.status, filters.status) : undefined,
      filters.audience ? eq(notices.audience, filters.audience) : undefined,
      filters.pinned === undefined ? undefined : eq(notices.isPinned, filters.pinned),
      filters.scheduled === undefined ? undefined : filters.scheduled ? scheduled : not(scheduled),
      filters.q ? ilike(notices.title, containsPattern(filters.q)) : undefined,
    ),
  );
  const reuse = { site: 'notices list', key: filters };
  const [rows, total] = await Promise.all([
    builtOnce(executor, reuse.site, reuse.key, () => {
      const direction = filters.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(filters);
      return selectNotices(executor)
        .where(where())
        .orderBy(desc(notices.isPinned), direction(SORT_COLUMNS[filters.sort]), direction(notices.id))
        .limit(limit)
        .offset(offset);
    }).execute(),
    tableTotal(executor, notices, where, reuse),
  ]);
  return { rows, ...total };
}

export async function findNotice(executor: Executor, id: number): Promise<NoticeRow | undefined> {
  const [row] = await selectNotices(executor)
    .where(and(eq(notices.id, id), live))
    .limit(1);
  return row;
}

export async function lockNotice(executor: Executor, id: number): Promise<NoticeRecord | undefined> {
  return lockLive(executor, notices, id, live);
}

/** The record, deleted or not, locked for a restore from the trash. */
export async function lockForRestore(executor: Executor, id: number): Promise<NoticeRecord | undefined> {
  return lockLive(executor, notices, id);
}

export async function restoreNotice(executor: Executor, id: number): Promise<boolean> {
  return undelete(executor, notices, id);
}

export async function insertNotice(executor: Executor, values: NoticeValues): Promise<number> {
  const [row] = await executor.insert(notices).values(values).returning({ id: notices.id });
  return row!.id;
}

export async function updateNotice(
  executor: Executor,
  target: { id: number; version: number },
  values: Partial<NoticeValues>,
): Promise<boolean> {
  return updateVersioned(executor, notices, target, values, live);
}

export async function softDeleteNotice(executor: Executor, id: number): Promise<void> {
  await softDelete(executor, notices, id, live);
}
