import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Provenance } from '@/lib/domain/types';
import { entities } from './entities';
import { metrics } from './metrics';
import { sourceCells, sources } from './sources';
import { tenants } from './tenancy';

export const FACT_STATUSES = ['active', 'quarantined', 'rejected'] as const;
export const SCOPES = ['consolidated', 'standalone'] as const;
export const PERIOD_TYPES = ['instant', 'duration'] as const;

/**
 * One row per distinct (tenant, entity, concept, unit, period, scope, dimensions, value).
 * Every filing that reported it is a row of fact_sightings; a version chain groups the
 * distinct values of one (entity, concept, unit, period, scope, dimensions).
 *
 * The shard key is `entity_id`: facts, fact_sightings, chunks, source_tables and source_cells are
 * hash-partitioned by it (16 partitions, drizzle/0014_partition_by_entity.sql — drizzle's table
 * builder has no partitioning, so the migration is written by hand), their keys lead with it, and the
 * references between them carry it, so one company's rows live in one partition (one shard under
 * Citus: docs/architecture.md, "Scaling out").
 */
export const PARTITIONS = 16;

export const facts = pgTable(
  'facts',
  {
    id: text('id').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id')
      .notNull()
      .references(() => entities.id),
    metricId: text('metric_id').references(() => metrics.id),
    concept: text('concept').notNull(),
    /** exact decimal in base units */
    value: numeric('value').notNull(),
    unit: text('unit').notNull(),
    currency: text('currency'),
    scale: integer('scale').notNull().default(0),
    decimals: integer('decimals'),
    periodType: text('period_type', { enum: PERIOD_TYPES }).notNull(),
    /** null for instants */
    startDate: date('start_date'),
    /** the instant date for instants */
    endDate: date('end_date').notNull(),
    /** end − start in days (0 for instants) */
    durationDays: integer('duration_days').notNull(),
    fiscalYear: integer('fiscal_year'),
    fiscalPeriod: text('fiscal_period'),
    scope: text('scope', { enum: SCOPES }).notNull().default('consolidated'),
    dimensions: jsonb('dimensions').$type<Record<string, string>>().notNull().default({}),
    /** canonical text of dimensions ('' for none) so the common case is an equality */
    dimsKey: text('dims_key').notNull().default(''),
    accountingStandard: text('accounting_standard').notNull(),
    /** the source that first reported this value */
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id),
    accession: text('accession'),
    form: text('form'),
    filedAt: date('filed_at').notNull(),
    chainKey: text('chain_key').notNull(),
    version: integer('version').notNull().default(1),
    supersedes: text('supersedes'),
    /** why this version differs from the one it supersedes: restatement | split_adjustment | rounding (null for version 1) */
    revisionKind: text('revision_kind'),
    isLatest: boolean('is_latest').notNull().default(true),
    isOriginal: boolean('is_original').notNull().default(true),
    provenance: jsonb('provenance').$type<Provenance>().notNull().default({}),
    /** the table cell it was read from; (entity_id, cell_id) references source_cells (on delete: cell_id set null) */
    cellId: text('cell_id'),
    status: text('status', { enum: FACT_STATUSES }).notNull().default('active'),
    quarantineReason: text('quarantine_reason'),
    /** the source's own labels (fy/fp/frame, column header) — kept for audit, never used for identity */
    sourceLabels: jsonb('source_labels').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'facts_pkey', columns: [t.entityId, t.id] }),
    foreignKey({ name: 'facts_cell_fk', columns: [t.entityId, t.cellId], foreignColumns: [sourceCells.entityId, sourceCells.id] }).onDelete(
      'set null',
    ),
    // a fact by its id alone (citations, manifests): one probe per partition
    index('facts_id_idx').on(t.id),
    index('facts_lookup_idx').on(t.tenantId, t.entityId, t.metricId, t.endDate),
    index('facts_bucket_idx').on(t.entityId, t.fiscalYear),
    index('facts_concept_idx').on(t.entityId, t.concept, t.endDate),
    index('facts_chain_idx').on(t.entityId, t.chainKey, t.version),
    index('facts_status_idx').on(t.tenantId, t.status).where(sql`${t.status} <> 'active'`),
    index('facts_source_idx').on(t.sourceId),
    // the latest reported annual/quarterly period of an entity (lib/planner/catalog.ts latestPeriodEnd):
    // an index-only scan, source_id included for the visibility semi-join
    // the dimensional facts of an entity (lib/retrieval/members.ts, per question for the companies it
    // names): most companies have none or few, so the member catalogue reads only those rows instead of
    // every fact of the entity
    index('facts_dims_entity_idx').on(t.tenantId, t.entityId).where(sql`${t.dimsKey} <> '' and ${t.status} = 'active'`),
    // the entity's split-adjusted versions (lib/retrieval/filings.ts splitEvents, per per-share question
    // about a company): few or none per company, so the read touches only those instead of every fact of
    // the entity (a pass over ~600 facts, 185 pages, 3–27 ms at 2,000 companies)
    index('facts_split_idx').on(t.tenantId, t.entityId).where(sql`${t.revisionKind} = 'split_adjustment' and ${t.status} = 'active'`),
    // the concepts an entity reports outside the ontology (lib/retrieval/concepts.ts, built once per
    // company, data version and role on its first question): an index-only scan of the keys that tell a
    // concept's period type and its sources' visibility, instead of every consolidated fact's heap row
    // (10–17k for a large real company, ~1,600 pages). Few distinct keys per company (the facts of one
    // concept, period type and source collapse into one deduplicated entry), so it stays small
    index('facts_concept_catalog_idx')
      .on(t.tenantId, t.entityId, t.concept, t.periodType, t.sourceId)
      .where(sql`${t.status} = 'active' and ${t.dimsKey} = ''`),
    // universe screens (lib/screens): one measure of every company for one fiscal year or period, each
    // company's own; a screen reads the facts of that key only, by the stored measure or by its concepts
    index('facts_screen_metric_idx')
      .on(t.tenantId, t.fiscalYear, t.fiscalPeriod, t.metricId)
      .where(sql`${t.status} = 'active' and ${t.dimsKey} = ''`),
    index('facts_screen_concept_idx')
      .on(t.tenantId, t.fiscalYear, t.fiscalPeriod, t.concept)
      .where(sql`${t.status} = 'active' and ${t.dimsKey} = ''`),
    // the facts browser's default order and its exports (lib/facts/list-facts.ts factsAfter): a page of
    // active facts by period end read from the index, resuming after the last row, never every match sorted
    index('facts_browse_end_idx').on(t.tenantId, t.endDate, t.id).where(sql`${t.status} = 'active'`),
    index('facts_latest_period_idx')
      .on(t.tenantId, t.entityId, t.endDate, t.sourceId)
      .where(sql`${t.status} = 'active' and ${t.periodType} = 'duration' and ${t.fiscalPeriod} in ('FY', 'Q1', 'Q2', 'Q3', 'Q4')`),
  ],
);

/** Every filing in which a fact value was seen. */
export const factSightings = pgTable(
  'fact_sightings',
  {
    /** the fact's tenant (row-level security tests the row itself: a distributed table's policy cannot look up its parent) */
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** the fact's entity (the shard key): (entity_id, fact_id) references facts */
    entityId: text('entity_id').notNull(),
    factId: text('fact_id').notNull(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    accession: text('accession').notNull().default(''),
    form: text('form'),
    filedAt: date('filed_at').notNull(),
    /** source labels of this sighting (fy, fp, frame, column header) */
    labels: jsonb('labels').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ name: 'fact_sightings_pkey', columns: [t.entityId, t.factId, t.sourceId, t.accession] }),
    foreignKey({ name: 'fact_sightings_fact_fk', columns: [t.entityId, t.factId], foreignColumns: [facts.entityId, facts.id] }).onDelete(
      'cascade',
    ),
    // a fact's sightings by its id alone: one probe per partition (a join on (entity_id, fact_id) uses the key)
    index('fact_sightings_fact_idx').on(t.factId),
    index('fact_sightings_source_idx').on(t.sourceId),
  ],
);
