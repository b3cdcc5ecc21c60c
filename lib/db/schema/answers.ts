import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants, users } from './tenancy';

export const ANSWER_STATUSES = ['answered', 'needs_clarification', 'insufficient_evidence', 'rejected'] as const;
export const PATHWAYS = ['detail', 'comparison', 'longitudinal'] as const;

/** Evidence manifest: everything behind one answer, stored for reviewers. */
export const manifests = pgTable(
  'manifests',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: text('user_id').references(() => users.id),
    threadId: text('thread_id'),
    question: text('question').notNull(),
    status: text('status', { enum: ANSWER_STATUSES }).notNull(),
    pathway: text('pathway', { enum: PATHWAYS }),
    intent: jsonb('intent').$type<unknown>(),
    candidates: jsonb('candidates').$type<unknown[]>().notNull().default([]),
    rejected: jsonb('rejected').$type<unknown[]>().notNull().default([]),
    operands: jsonb('operands').$type<unknown[]>().notNull().default([]),
    calculations: jsonb('calculations').$type<unknown[]>().notNull().default([]),
    answer: jsonb('answer').$type<unknown>().notNull(),
    /** versions of everything that produced the answer: planner, extractors, embedder, calendars */
    versions: jsonb('versions').$type<Record<string, string>>().notNull().default({}),
    errorCodes: text('error_codes').array().notNull().default([]),
    entityIds: text('entity_ids').array().notNull().default([]),
    latencyMs: integer('latency_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('manifests_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('manifests_status_idx').on(t.tenantId, t.status),
    index('manifests_thread_idx').on(t.tenantId, t.threadId, t.createdAt),
  ],
);

export const VERDICTS = ['correct', 'partial', 'incorrect', 'failure'] as const;

export const verdicts = pgTable(
  'verdicts',
  {
    id: text('id').primaryKey(),
    /** the manifest's tenant (row-level security tests the row itself) */
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    manifestId: text('manifest_id')
      .notNull()
      .references(() => manifests.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id').references(() => users.id),
    verdict: text('verdict', { enum: VERDICTS }).notNull(),
    failureClass: text('failure_class'),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default({}),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verdicts_manifest_idx').on(t.manifestId)],
);
