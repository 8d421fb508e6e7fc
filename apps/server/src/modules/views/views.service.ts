import {
  camelToSnake,
  identifierLikeParam,
  type ListSettings,
  MAX_VIEWS_PER_LIST,
  type SavedView,
  type savedViewInputSchema,
  type savedViewUpdateSchema,
  VIEW_DROPPED_PARAMS,
  type ViewList,
  viewMessages,
  type z,
} from '@ilson/contracts';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import { admins, listSettings, savedViews } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { onUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound, validationError } from '../../lib/errors';
import { versionConflict } from '../../lib/status-change';

type ViewInput = z.output<typeof savedViewInputSchema>;
type ViewUpdate = z.output<typeof savedViewUpdateSchema>;

/** Team sharing is head office's: the roles that see every branch's records. */
const canShare = (actor: Actor) => actor.role === 'super_admin' || actor.role === 'admin';

const DEFAULT_SETTINGS: ListSettings = { columns: null, density: 'middle', pageSize: null };
const UNIQUE_NAME = 'saved_views_owner_name_key';
const nameTaken = () =>
  conflict(viewMessages.nameTaken, [{ field: 'name', message: viewMessages.nameTaken }]);

const dropped = new Set<string>(VIEW_DROPPED_PARAMS);

/**
 * docs/saved-views.md#no-identifiers-in-a-view: a view's query as it may be kept — a lookup's purpose dropped, and a
 * parameter holding a full identifier, a phone or an account number refused.
 */
function keptQuery(query: Record<string, string>): Record<string, string> {
  const refused = Object.entries(query).filter(([key, value]) => identifierLikeParam(key, value));
  if (refused.length > 0) {
    throw validationError(
      refused.map(([key]) => ({
        field: `query.${camelToSnake(key)}`,
        message: viewMessages.identifierInQuery,
      })),
      viewMessages.identifierInQuery,
    );
  }
  return Object.fromEntries(Object.entries(query).filter(([key]) => !dropped.has(key)));
}

/** A view stored before the rule is served without what it may not hold (nor sent to anyone). */
const servedQuery = (query: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(query).filter(([key, value]) => !dropped.has(key) && !identifierLikeParam(key, value)),
  );

/**
 * docs/saved-views.md. List settings are a person's display preferences: kept, not logged. Saved views are logged
 * (a shared one changes what the team is offered).
 */
export function createViewsService({ db }: { db: Database }) {
  async function settings(list: ViewList, actor: Actor): Promise<ListSettings> {
    const [row] = await db
      .select()
      .from(listSettings)
      .where(and(eq(listSettings.adminId, actor.adminId), eq(listSettings.list, list)));
    return row
      ? { columns: row.columns ?? null, density: row.density, pageSize: row.pageSize }
      : DEFAULT_SETTINGS;
  }

  async function saveSettings(list: ViewList, input: ListSettings, actor: Actor): Promise<ListSettings> {
    await db
      .insert(listSettings)
      .values({ adminId: actor.adminId, list, ...input })
      .onConflictDoUpdate({
        target: [listSettings.adminId, listSettings.list],
        set: {
          columns: input.columns,
          density: input.density,
          pageSize: input.pageSize,
          updatedAt: new Date(),
        },
      });
    return settings(list, actor);
  }

  const viewColumns = { view: savedViews, ownerName: admins.name };
  const toView = (
    row: { view: typeof savedViews.$inferSelect; ownerName: string | null },
    actor: Actor,
  ): SavedView => ({
    id: row.view.id,
    list: row.view.list,
    name: row.view.name,
    query: servedQuery(row.view.query),
    shared: row.view.shared,
    mine: row.view.adminId === actor.adminId,
    ownerName: row.ownerName,
    createdAt: row.view.createdAt.toISOString(),
    updatedAt: row.view.updatedAt.toISOString(),
    version: row.view.version,
  });

  async function find(id: number, actor: Actor) {
    const [row] = await db
      .select(viewColumns)
      .from(savedViews)
      .leftJoin(admins, eq(admins.id, savedViews.adminId))
      .where(
        and(eq(savedViews.id, id), or(eq(savedViews.adminId, actor.adminId), eq(savedViews.shared, true))),
      );
    if (!row) throw notFound();
    return row;
  }

  async function list(list: ViewList, actor: Actor) {
    const rows = await db
      .select(viewColumns)
      .from(savedViews)
      .leftJoin(admins, eq(admins.id, savedViews.adminId))
      .where(
        and(
          eq(savedViews.list, list),
          or(eq(savedViews.adminId, actor.adminId), eq(savedViews.shared, true)),
        ),
      )
      // Mine first, then the team's; by name within each.
      .orderBy(desc(sql`${savedViews.adminId} = ${actor.adminId}`), asc(savedViews.name), asc(savedViews.id));
    return { data: rows.map((row) => toView(row, actor)) };
  }

  async function create(raw: ViewInput, actor: Actor): Promise<SavedView> {
    if (raw.shared && !canShare(actor)) throw forbidden(viewMessages.shareForbidden);
    const input = { ...raw, query: keptQuery(raw.query) };
    return onUniqueViolation(UNIQUE_NAME, nameTaken, () =>
      db.transaction(async (tx) => {
        const [mine] = await tx
          .select({ n: count() })
          .from(savedViews)
          .where(and(eq(savedViews.adminId, actor.adminId), eq(savedViews.list, input.list)));
        if ((mine?.n ?? 0) >= MAX_VIEWS_PER_LIST) throw conflict(viewMessages.tooMany);
        const [row] = await tx
          .insert(savedViews)
          .values({ adminId: actor.adminId, ...input })
          .returning({ id: savedViews.id });
        await appendAudit(tx, actor.audit, {
          action: 'CREATE',
          targetType: 'saved_view',
          targetId: row!.id,
          summary: `보기 저장: ${input.name} (${input.list}${input.shared ? ', 팀 공유' : ''})`,
          diff: { query: input.query, shared: input.shared },
        });
        return row!.id;
      }),
    ).then(async (id) => toView(await find(id, actor), actor));
  }

  async function update(id: number, input: ViewUpdate, actor: Actor): Promise<SavedView> {
    const current = await find(id, actor);
    if (current.view.adminId !== actor.adminId) throw forbidden(viewMessages.notYours);
    if (input.shared && !canShare(actor)) throw forbidden(viewMessages.shareForbidden);
    const { version, ...asked } = input;
    const changes = asked.query ? { ...asked, query: keptQuery(asked.query) } : asked;
    await onUniqueViolation(UNIQUE_NAME, nameTaken, () =>
      db.transaction(async (tx) => {
        const rows = await tx
          .update(savedViews)
          .set({ ...changes, version: sql`${savedViews.version} + 1`, updatedAt: new Date() })
          .where(and(eq(savedViews.id, id), eq(savedViews.version, version)))
          .returning({ id: savedViews.id });
        if (rows.length === 0) throw versionConflict();
        await appendAudit(tx, actor.audit, {
          action: 'UPDATE',
          targetType: 'saved_view',
          targetId: id,
          summary: `보기 변경: ${changes.name ?? current.view.name}`,
          diff: changes,
        });
      }),
    );
    return toView(await find(id, actor), actor);
  }

  async function remove(id: number, actor: Actor) {
    const current = await find(id, actor);
    if (current.view.adminId !== actor.adminId) throw forbidden(viewMessages.notYours);
    await db.transaction(async (tx) => {
      await tx.delete(savedViews).where(eq(savedViews.id, id));
      await appendAudit(tx, actor.audit, {
        action: 'DELETE',
        targetType: 'saved_view',
        targetId: id,
        summary: `보기 삭제: ${current.view.name}`,
      });
    });
  }

  return { settings, saveSettings, list, create, update, remove };
}
export type ViewsService = ReturnType<typeof createViewsService>;
