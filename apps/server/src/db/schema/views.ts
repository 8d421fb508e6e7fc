import { DENSITIES, VIEW_LISTS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, version } from './columns';

/** One admin's display settings of one list (docs/saved-views.md). */
export const listSettings = pgTable(
  'list_settings',
  {
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    list: text({ enum: VIEW_LISTS }).notNull(),
    columns: jsonb().$type<string[] | null>(),
    density: text({ enum: DENSITIES }).notNull().default('middle'),
    pageSize: integer(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.adminId, t.list] })],
);

/** A named filter set of a list: its owner's, or shared with the team. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    list: text({ enum: VIEW_LISTS }).notNull(),
    name: text().notNull(),
    query: jsonb().$type<Record<string, string>>().notNull(),
    shared: boolean().notNull().default(false),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex('saved_views_owner_name_key').on(t.adminId, t.list, t.name),
    index('saved_views_shared_idx').on(t.list).where(sql`shared`),
  ],
);
