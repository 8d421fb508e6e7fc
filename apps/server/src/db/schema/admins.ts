import { ADMIN_STATUSES, ROLES } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { id, timestamps, tstz, version } from './columns';

export const admins = pgTable(
  'admins',
  {
    id: id(),
    loginId: text().notNull(),
    email: text().notNull(),
    name: text().notNull(),
    phone: text().notNull().default(''),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull(),
    branchId: integer().references((): AnyPgColumn => branches.id, { onDelete: 'restrict' }),
    status: text({ enum: ADMIN_STATUSES }).notNull().default('active'),
    failedLoginCount: integer().notNull().default(0),
    lockedUntil: tstz(),
    mustChangePassword: boolean().notNull().default(false),
    passwordChangedAt: tstz().notNull().defaultNow(),
    lastLoginAt: tstz(),
    lastLoginIp: text(),
    ...timestamps,
    version: version(),
  },
  (t) => [
    uniqueIndex('admins_login_id_key').on(sql`lower(${t.loginId})`),
    uniqueIndex('admins_email_key').on(sql`lower(${t.email})`),
  ],
);
