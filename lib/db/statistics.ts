/**
 * Planner statistics after a bulk write. Embedded PGlite runs no autovacuum, so without this its
 * planner estimates one row for every table an ingest filled and picks nested loops that re-run a
 * grouped scan per outer row (the concept catalogue took 3.5 s per entity instead of 0.2 s).
 * PostgreSQL's autovacuum gets there eventually; analysing right after the commit makes the next
 * question fast on both.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The tables an ingest writes in bulk. */
const INGESTED_TABLES = [
  'facts',
  'fact_sightings',
  'sources',
  'source_tables',
  'source_cells',
  'chunks',
  'concept_labels',
  'entities',
  'entity_aliases',
  'fiscal_calendars',
] as const;

/** One table per statement: Citus refuses one ANALYZE over a distributed and a reference table together. */
export async function refreshStatistics(db: Db): Promise<void> {
  for (const t of INGESTED_TABLES) await db.execute(sql.raw(`analyze ${t}`));
}
