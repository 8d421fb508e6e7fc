import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { tstz } from './columns';

/**
 * An admin's authenticator app (docs/second-factor.md): the TOTP secret encrypted with PII_KEY like the
 * identifiers, inactive until a first code confirms it. `lastStep` is the last time step accepted: a code is taken
 * only for a later step, so a code is never accepted twice, whichever process sees it.
 */
export const adminTotp = pgTable('admin_totp', {
  adminId: integer()
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  createdAt: tstz().notNull().defaultNow(),
  confirmedAt: tstz(),
  lastStep: bigint({ mode: 'number' }),
});

/** Ten single-use codes per admin, kept only as keyed hashes (docs/second-factor.md#enrolment). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    usedAt: tstz(),
  },
  (t) => [uniqueIndex('admin_recovery_codes_hash_key').on(t.adminId, t.codeHash)],
);

/**
 * The second step of a login (docs/second-factor.md#the-login-on-the-wire): after the password, the reply carries an
 * opaque token whose hash is kept here for five minutes; the code (or passkey) redeems it once for a session.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    tokenHash: text().primaryKey(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    remember: boolean().notNull(),
    ip: text(),
    createdAt: tstz().notNull().defaultNow(),
    expiresAt: tstz().notNull(),
    consumedAt: tstz(),
    /** The WebAuthn challenge of a passkey sign-in begun with this token. */
    webauthnChallenge: text(),
  },
  (t) => [index('mfa_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * An admin's passkeys (WebAuthn, docs/second-factor.md#passkeys): the credential's id and public key as the
 * authenticator gave them (a public key is no secret), its signature counter, and a name the admin chose.
 */
export const adminPasskeys = pgTable(
  'admin_passkeys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    createdAt: tstz().notNull().defaultNow(),
    lastUsedAt: tstz(),
  },
  (t) => [
    uniqueIndex('admin_passkeys_credential_key').on(t.credentialId),
    index('admin_passkeys_admin_idx').on(t.adminId),
  ],
);
