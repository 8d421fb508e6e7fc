import { APP_USER_STORED_STATUSES, APP_USER_TYPES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, timestamps, tstz, version } from './columns';
import { employers } from './employers';
import { workers } from './workers';

/** The moment dormancy counts from: the last login, or the sign-up when the user never logged in. */
export const lastSeen = (t: { lastLoginAt: AnyPgColumn; joinedAt: AnyPgColumn }) =>
  sql`coalesce(${t.lastLoginAt}, ${t.joinedAt})`;

/**
 * 앱 회원: accounts of the mobile/web app, each linked to its employer or worker record (whose branch is
 * the account's branch). Users sign up in the app; the back office reads them and changes their status.
 */
export const appUsers = pgTable(
  'app_users',
  {
    id: id(),
    userType: text({ enum: APP_USER_TYPES }).notNull(),
    loginId: text().notNull(),
    email: text().notNull().default(''),
    /** Digits only. */
    phone: text().notNull().default(''),
    name: text().notNull(),
    employerId: integer().references(() => employers.id, { onDelete: 'restrict' }),
    workerId: integer().references(() => workers.id, { onDelete: 'restrict' }),
    preferredLanguage: text().notNull().default('ko'),
    joinedAt: tstz().notNull().defaultNow(),
    lastLoginAt: tstz(),
    /** Stored statuses only: `dormant` is computed from the last login (settings `dormantAfterDays`). */
    status: text({ enum: APP_USER_STORED_STATUSES }).notNull().default('active'),
    statusReason: text(),
    statusChangedAt: tstz(),
    ...timestamps,
    version: version(),
    /** When its personal data was destroyed at the end of its retention (docs/privacy-lifecycle.md). */
    destroyedAt: tstz(),
  },
  (t) => [
    check(
      'app_users_link_check',
      sql`(${t.userType} = 'employer' AND ${t.employerId} IS NOT NULL AND ${t.workerId} IS NULL)
        OR (${t.userType} = 'worker' AND ${t.workerId} IS NOT NULL AND ${t.employerId} IS NULL)`,
    ),
    check(
      'app_users_destroyed_check',
      sql`${t.destroyedAt} IS NULL OR (${t.name} = '파기됨' AND ${t.email} = '' AND ${t.phone} = ''
        AND ${t.loginId} = 'destroyed-' || ${t.id} AND ${t.statusReason} IS NULL)`,
    ),
    check('app_users_status_check', sql`${t.status} IN ('active', 'suspended', 'withdrawn')`),
    uniqueIndex('app_users_login_id_key').on(sql`lower(${t.loginId})`),
    index('app_users_joined_idx').on(t.joinedAt, t.id),
    index('app_users_type_joined_idx').on(t.userType, t.joinedAt, t.id),
    index('app_users_last_login_idx').on(t.lastLoginAt, t.id),
    index('app_users_name_idx').on(t.name, t.id),
    // `active` and `dormant` are one stored status split by the last-seen instant.
    index('app_users_status_last_seen_idx').on(t.status, lastSeen(t)),
    index('app_users_employer_idx').on(t.employerId),
    index('app_users_worker_idx').on(t.workerId),
  ],
);
