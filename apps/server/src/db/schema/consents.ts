import { CONSENT_CHANNELS, CONSENT_ITEMS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { appUsers } from './app-users';
import { id, tstz } from './columns';

/**
 * 동의 기록 (docs/privacy-lifecycle.md#consent-records): one row per item an app user agreed to, with the text
 * version, instant and channel; a withdrawal closes it (a new consent is a new row). The rows carry no personal
 * data of their own, so they outlive the member's destruction as the proof of what was agreed.
 */
export const appUserConsents = pgTable(
  'app_user_consents',
  {
    id: id(),
    appUserId: integer()
      .notNull()
      .references(() => appUsers.id, { onDelete: 'restrict' }),
    item: text({ enum: CONSENT_ITEMS }).notNull(),
    textVersion: text().notNull(),
    consentedAt: tstz().notNull(),
    channel: text({ enum: CONSENT_CHANNELS }).notNull(),
    withdrawnAt: tstz(),
    withdrawalChannel: text({ enum: CONSENT_CHANNELS }),
    withdrawalNote: text().notNull().default(''),
    withdrawnByAdminId: integer().references(() => admins.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('app_user_consents_user_idx').on(t.appUserId, t.item),
    // One consent in force per item; agreeing again after a withdrawal is a new row.
    uniqueIndex('app_user_consents_in_force_key').on(t.appUserId, t.item).where(sql`withdrawn_at IS NULL`),
    check(
      'app_user_consents_item_check',
      sql`${t.item} IN ('terms', 'privacy_collection', 'privacy_third_party', 'marketing_sms', 'marketing_push')`,
    ),
    check('app_user_consents_channel_check', sql`${t.channel} IN ('app', 'web', 'paper', 'phone')`),
    check('app_user_consents_version_check', sql`${t.textVersion} ~ '^[0-9]{4}\\.[0-9]{2}$'`),
    // A withdrawal has its instant and channel together, after the consent; by phone it says what was said.
    check(
      'app_user_consents_withdrawal_check',
      sql`(${t.withdrawnAt} IS NULL) = (${t.withdrawalChannel} IS NULL)
        AND (${t.withdrawnAt} IS NULL OR ${t.withdrawnAt} >= ${t.consentedAt})
        AND (${t.withdrawalChannel} IS DISTINCT FROM 'phone' OR (btrim(${t.withdrawalNote}) <> '' AND ${t.withdrawnByAdminId} IS NOT NULL))`,
    ),
    // The required items end only with the membership (탈퇴), never by a withdrawal of their own.
    check(
      'app_user_consents_required_check',
      sql`${t.withdrawnAt} IS NULL OR ${t.item} NOT IN ('terms', 'privacy_collection')`,
    ),
  ],
);
