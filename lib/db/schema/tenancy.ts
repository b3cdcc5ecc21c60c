import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const ROLES = ['analyst', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Bumped after every committed change to the tenant's entities, aliases, calendars or facts
   * (ingest, admin edits): in-process caches (the planner's entity index, calendars) compare it.
   */
  dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
  /**
   * The derivation that built the tenant's screen values (lib/db/screen-values.ts SCREEN_VALUES_VERSION): screens
   * read them only when it is the current one. A new tenant starts with none to build (the current default); the
   * migration that added the table set 0 on the tenants that had data, which migrate() then rebuilt.
   */
  screenValuesVersion: integer('screen_values_version').notNull().default(1),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    /** unused: passwords live in auth_accounts (better-auth credential accounts, scrypt) */
    passwordHash: text('password_hash'),
    /** set when an admin disables the account: no sign-in, existing sessions stop working */
    disabled: text('disabled_at'),
    /** a demo account, or an account created while the server ran in demo mode: unusable outside demo mode */
    createdInDemo: boolean('created_in_demo').notNull().default(false),
    /** better-auth user fields */
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_tenant_idx').on(t.tenantId)],
);

/** Sign-in sessions (better-auth's session model): the cookie carries the signed token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_token_uq').on(t.token)],
);
