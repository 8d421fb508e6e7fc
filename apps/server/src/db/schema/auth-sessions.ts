import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { tstz } from './columns';

/** One login = one session = one refresh-token family. Revoking it ends every token of the family. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    remember: boolean().notNull(),
    /** Hash of the browser-session cookie that a not-remembered session must present to refresh. */
    browserBindingHash: text(),
    ip: text(),
    userAgent: text(),
    createdAt: tstz().notNull().defaultNow(),
    lastUsedAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    revokedAt: tstz(),
    revokedReason: text(),
    /**
     * The policy asks this admin for a second factor and they have none yet: the session reaches only the
     * enrolment (docs/second-factor.md#policy) until one is confirmed.
     */
    mfaEnrolmentRequired: boolean().notNull().default(false),
    /** When this session last proved a second factor (the login's or a step-up's); null: never. */
    secondFactorAt: tstz(),
    /** The challenge of a passkey registration or step-up this session began (docs/second-factor.md#passkeys). */
    webauthnChallenge: text(),
  },
  (t) => [index('auth_sessions_admin_idx').on(t.adminId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    createdAt: tstz().notNull().defaultNow(),
    /** Set when the token is rotated; presenting it again is reuse and revokes the family. */
    usedAt: tstz(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);
