import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy';

/**
 * better-auth models besides users and sessions (tenancy.ts): credential accounts (the scrypt
 * password hash lives here) and verification tokens.
 */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the user id for credential accounts */
    accountId: text('account_id').notNull(),
    /** `credential` for email + password */
    providerId: text('provider_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId), uniqueIndex('auth_accounts_provider_uq').on(t.providerId, t.accountId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/** Server secrets generated on first start when none is configured (cookie signing). */
export const authSecrets = pgTable('auth_secrets', {
  id: text('id').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Append-only revocation ledger. A revoked document stays invisible even if its source row is
 * re-created or its `revoked` flag is reset (re-ingestion, re-indexing, restore of an older state):
 * the visibility predicate checks both the flag and this ledger (by tenant + content hash).
 */
export const sourceRevocations = pgTable(
  'source_revocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sourceId: text('source_id').notNull(),
    sha256: text('sha256').notNull(),
    actor: text('actor').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('source_revocations_tenant_sha_uq').on(t.tenantId, t.sha256)],
);
