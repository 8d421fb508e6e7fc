import { NOTICE_AUDIENCES, NOTICE_STATUSES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, tstz, version } from './columns';

const live = sql`deleted_at IS NULL`;

/**
 * 공지사항. `content` is HTML as the server's sanitiser left it. A published notice goes live at
 * `publishedAt`: a future one (a `publishAt` still to come when it was published) is scheduled and not yet
 * visible; reads compare it with now(), so nothing has to flip it.
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    title: text().notNull(),
    content: text().notNull(),
    audience: text({ enum: NOTICE_AUDIENCES }).notNull().default('all'),
    isPinned: boolean().notNull().default(false),
    status: text({ enum: NOTICE_STATUSES }).notNull().default('draft'),
    publishAt: tstz(),
    publishedAt: tstz(),
    viewCount: integer().notNull().default(0),
    authorAdminId: integer().references(() => admins.id, { onDelete: 'set null' }),
    statusChangedAt: tstz(),
    ...timestamps,
    version: version(),
    deletedAt: tstz(),
  },
  (t) => [
    // Pinned first, then the sort in its default (descending) direction: ORDER BY … DESC is NULLS FIRST.
    index('notices_published_idx')
      .on(t.isPinned.desc().nullsFirst(), t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(live),
    index('notices_created_idx')
      .on(t.isPinned.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(live),
    index('notices_views_idx')
      .on(t.isPinned.desc().nullsFirst(), t.viewCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(live),
    index('notices_title_idx').on(t.isPinned.desc().nullsFirst(), t.title, t.id).where(live),
    index('notices_status_idx')
      .on(
        t.status,
        t.isPinned.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(live),
    index('notices_audience_idx')
      .on(
        t.audience,
        t.isPinned.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(live),
    index('notices_author_idx').on(t.authorAdminId),
  ],
);
