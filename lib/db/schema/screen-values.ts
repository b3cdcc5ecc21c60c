import { boolean, date, index, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * Each company's chosen fact per (tenant, measure, fiscal year), kept in step with the facts by every write that
 * changes what it depends on (lib/db/screen-values.ts): a universe screen reads one row per company and measure.
 * Either a fact (its columns copied, as the screens' fallback read gives them), or the choice's error, or `mixed`
 * (a candidate from a source some viewer may not see: the screen computes that company from its facts).
 * Distributed by tenant on Citus (a screen is one tenant's rows: one shard), a reference-free table on one server.
 */
export const screenValues = pgTable(
  'screen_values',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** the ontology measure */
    metricId: text('metric_id').notNull(),
    fiscalYear: integer('fiscal_year').notNull(),
    entityId: text('entity_id').notNull(),
    /** a candidate comes from a source with an ACL or a pending embargo: no choice stored, computed per viewer */
    mixed: boolean('mixed').notNull().default(false),
    /** the calendar years the candidates' durations end in (a calendar-year screen picks its fiscal year by them) */
    endYears: integer('end_years').array().notNull(),
    /** no value: the choice's error */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errorFactIds: text('error_fact_ids').array(),
    /** the chosen fact */
    factId: text('fact_id'),
    factMetricId: text('fact_metric_id'),
    concept: text('concept'),
    value: numeric('value'),
    unit: text('unit'),
    currency: text('currency'),
    periodType: text('period_type'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    chainKey: text('chain_key'),
    version: integer('version'),
    filedAt: date('filed_at'),
    revisionKind: text('revision_kind'),
    accession: text('accession'),
    form: text('form'),
    sourceId: text('source_id'),
  },
  (t) => [
    // the migration's key INCLUDEs every column but the error texts (drizzle has no INCLUDE): a screen's read is an
    // index-only scan of one (tenant, measure, year) range
    primaryKey({ name: 'screen_values_pkey', columns: [t.tenantId, t.metricId, t.fiscalYear, t.entityId] }),
    index('screen_values_entity_idx').on(t.tenantId, t.entityId),
  ],
);
