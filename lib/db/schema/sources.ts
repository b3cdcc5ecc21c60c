import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { tenants } from './tenancy';

export const SOURCE_KINDS = ['companyfacts', 'xbrl-instance', 'ixbrl', 'html-report', 'pdf-report', 'manual'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** A filing or document as ingested. id = sha256(tenant, file bytes). */
export const sources = pgTable(
  'sources',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id').references(() => entities.id),
    kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
    title: text('title').notNull(),
    fileName: text('file_name'),
    form: text('form'),
    accession: text('accession'),
    filedAt: date('filed_at'),
    periodOfReport: date('period_of_report'),
    sha256: text('sha256').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** increases when the same logical document (tenant, entity, kind, accession/file name) is re-ingested with new bytes */
    version: integer('version').notNull().default(1),
    supersedes: text('supersedes'),
    /** roles allowed to see the source within its tenant; empty = every role of the tenant */
    aclRoles: text('acl_roles').array().notNull().default([]),
    /** invisible before this instant (embargo) */
    effectiveAt: timestamp('effective_at', { withTimezone: true }),
    revoked: boolean('revoked').notNull().default(false),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /**
     * The source's bytes (tenant + sha256) are in the revocation ledger (source_revocations). Written only from
     * the ledger: with the ledger entry in the revocation's transaction, on insert of a source whose bytes are
     * revoked, and again on every start (lib/db/migrate.ts), never cleared. The visibility predicate reads it
     * instead of the ledger, so it tests the source row's own columns only (a subquery there cannot run on Citus).
     */
    contentRevoked: boolean('content_revoked').notNull().default(false),
    extractorVersion: text('extractor_version').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sources_tenant_sha_uq').on(t.tenantId, t.sha256),
    index('sources_entity_idx').on(t.entityId),
    index('sources_accession_idx').on(t.accession),
    // not for lookups: ANALYZE keeps statistics for an indexed expression, so the planner knows how
    // many sources pass the ACL test of lib/auth/visibility.ts (without them it guesses 0.5% and starts
    // every fact/chunk read from sources — 10× slower lookups at scale; see scripts/bench)
    index('sources_acl_cardinality_idx').on(sql`cardinality(${t.aclRoles})`),
  ],
);

/** A table as it appears in a source (financial statement, note, results table); partitioned by entity_id (schema/facts.ts). */
export const sourceTables = pgTable(
  'source_tables',
  {
    id: text('id').notNull(),
    /** the source's tenant (row-level security tests the row itself: a distributed table's policy cannot look up its parent) */
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** the source's entity (the shard key) */
    entityId: text('entity_id').notNull(),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    title: text('title'),
    section: text('section'),
    page: integer('page'),
    /** e.g. "₹ in crore", "in millions, except per share data" */
    unitLine: text('unit_line'),
    scale: integer('scale'),
    currency: text('currency'),
    /** header rows as rendered: string[][] */
    headerRows: jsonb('header_rows').$type<string[][]>().notNull().default([]),
    rowCount: integer('row_count').notNull(),
    columnCount: integer('column_count').notNull(),
  },
  (t) => [
    primaryKey({ name: 'source_tables_pkey', columns: [t.entityId, t.id] }),
    index('source_tables_source_idx').on(t.sourceId, t.ordinal),
    // a table by its id alone (a stored answer's citations, resolved at read time): one probe per partition
    index('source_tables_id_idx').on(t.id),
  ],
);

/** A cell of a source table; (entity_id, table_id) references source_tables. Partitioned by entity_id (schema/facts.ts). */
export const sourceCells = pgTable(
  'source_cells',
  {
    id: text('id').notNull(),
    /** the table's tenant (row-level security tests the row itself) */
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** the table's entity (the shard key) */
    entityId: text('entity_id').notNull(),
    tableId: text('table_id').notNull(),
    /** the table's source: row-level security hides the cells of a source the viewer may not see */
    sourceId: text('source_id').notNull(),
    rowIndex: integer('row_index').notNull(),
    colIndex: integer('col_index').notNull(),
    rowLabel: text('row_label'),
    /** inherited column header path, outermost first */
    columnPath: text('column_path').array().notNull().default([]),
    text: text('text').notNull(),
    numericValue: numeric('numeric_value'),
    page: integer('page'),
    spanStart: integer('span_start'),
    spanEnd: integer('span_end'),
    /** the fact this cell is tagged with (inline XBRL); a fact can sit in several cells and sources */
    factId: text('fact_id'),
  },
  (t) => [
    primaryKey({ name: 'source_cells_pkey', columns: [t.entityId, t.id] }),
    foreignKey({
      name: 'source_cells_table_fk',
      columns: [t.entityId, t.tableId],
      foreignColumns: [sourceTables.entityId, sourceTables.id],
    }).onDelete('cascade'),
    // a cell by its id alone (citations): one probe per partition
    index('source_cells_id_idx').on(t.id),
    index('source_cells_table_idx').on(t.tableId, t.rowIndex, t.colIndex),
    index('source_cells_fact_idx').on(t.factId),
  ],
);
