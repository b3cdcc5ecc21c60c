import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sources } from './sources';
import { tenants, users } from './tenancy';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The bytes of a filing or report as ingested (inline XBRL / HTML / PDF), for the source viewer: the
 * cited cell or passage is highlighted in the document itself. One row per source; companyfacts and
 * other data files are not kept (nothing to show).
 */
export const sourceDocuments = pgTable('source_documents', {
  sourceId: text('source_id')
    .primaryKey()
    .references(() => sources.id, { onDelete: 'cascade' }),
  /** the source's tenant (row-level security tests the row itself) */
  tenantId: text('tenant_id')
    .notNull()
    .references(() => tenants.id),
  mediaType: text('media_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  content: bytea('content').notNull(),
});

/**
 * A conversation on /ask: one user's, in one tenant. Its turns are the manifests with this
 * `thread_id` (question + stored answer), so reopening shows exactly what was answered.
 */
export const threads = pgTable(
  'threads',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('threads_user_updated_idx').on(t.tenantId, t.userId, t.updatedAt)],
);
