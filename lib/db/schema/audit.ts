import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/** Append-only record of admin actions, calendar changes, ingestions and revocations. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').references(() => tenants.id),
    /** user id, or `system`/`cli` */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** One row per ingestion attempt (successful or not), for monitoring. */
export const ingestRuns = pgTable(
  'ingest_runs',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').references(() => tenants.id),
    sourceId: text('source_id'),
    fileName: text('file_name').notNull(),
    format: text('format'),
    extractorVersion: text('extractor_version'),
    status: text('status', { enum: ['ok', 'unchanged', 'failed'] }).notNull(),
    factsAdded: integer('facts_added').notNull().default(0),
    factsQuarantined: integer('facts_quarantined').notNull().default(0),
    chunksAdded: integer('chunks_added').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    counters: jsonb('counters').$type<Record<string, number>>().notNull().default({}),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ingest_runs_created_idx').on(t.createdAt)],
);
