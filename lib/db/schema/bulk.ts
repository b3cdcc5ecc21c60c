import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenancy';

/**
 * Per-CIK progress of bulk archive ingestion (lib/ingest/bulk): one row per (tenant, CIK), naming the
 * archive entry last ingested (its CRC-32 and size), so a resumed run skips entries already done
 * without decompressing them, and retries the ones that failed.
 */
export const bulkIngestProgress = pgTable(
  'bulk_ingest_progress',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** 10-digit CIK, or the entry name when it carries none */
    cik: text('cik').notNull(),
    archive: text('archive').notNull(),
    entryName: text('entry_name').notNull(),
    /** the entry's CRC-32 (hex) and uncompressed size: together they identify its bytes */
    entryCrc32: text('entry_crc32').notNull(),
    entrySize: bigint('entry_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['ok', 'unchanged', 'failed'] }).notNull(),
    sourceId: text('source_id'),
    factsSeen: integer('facts_seen').notNull().default(0),
    factsAdded: integer('facts_added').notNull().default(0),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.cik] })],
);

/**
 * Secondary indexes of facts / fact_sightings dropped for an initial bulk load (lib/ingest/bulk,
 * `--defer-indexes`) and not yet rebuilt: the definition is written in the transaction that drops
 * the index, so a load killed mid-archive leaves a record and the next run (or its end) rebuilds it.
 */
export const bulkDeferredIndexes = pgTable('bulk_deferred_indexes', {
  indexName: text('index_name').primaryKey(),
  tableName: text('table_name').notNull(),
  /** pg_get_indexdef of the index as it was */
  definition: text('definition').notNull(),
  deferredAt: timestamp('deferred_at', { withTimezone: true }).notNull().defaultNow(),
});
