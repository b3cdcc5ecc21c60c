/**
 * Fact rows through `COPY … FROM STDIN` into session-temporary staging tables, then merged set-wise
 * (`insert … select … on conflict do nothing returning`), on the connection of the open ingest
 * transaction. Only the transport differs from the default inserter of lib/facts/write-facts.ts: the
 * rows, their identity and the chain re-derivation are writeFacts' own, so both paths store the same facts.
 */
import { getTableColumns } from 'drizzle-orm';
import type { Connection, Db } from '@/lib/db/client';
import { facts } from '@/lib/db/schema';
import { WRITTEN_FACT_COLUMNS, type FactRow, type FactRowInserter, type SightingRow } from '@/lib/facts/write-facts';

const STAGE_FACTS = 'll_bulk_stage_facts';
const STAGE_SIGHTINGS = 'll_bulk_stage_sightings';

const COLUMNS = getTableColumns(facts);
const FACT_NAMES = WRITTEN_FACT_COLUMNS.map((k) => COLUMNS[k].name);
const FACT_JSON = WRITTEN_FACT_COLUMNS.map((k) => COLUMNS[k].getSQLType() === 'jsonb');
const FACT_LIST = FACT_NAMES.map((n) => `"${n}"`).join(', ');
const SIGHTING_LIST = 'fact_id, source_id, accession, form, filed_at, labels';

/** One field of COPY's text format: `\N` for null, backslash escapes for the four special characters. */
export function copyField(v: unknown, json = false): string {
  if (v === null || v === undefined) return '\\N';
  const s = json ? JSON.stringify(v) : String(v);
  return /[\\\n\r\t]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t') : s;
}

/** Lines of COPY text, grouped into chunks of about 256 KB (one write each). */
function* copyChunks<T>(rows: T[], line: (r: T) => string): Generator<string> {
  let buf: string[] = [];
  let size = 0;
  for (const r of rows) {
    const l = line(r);
    buf.push(l);
    size += l.length;
    if (size >= 256 * 1024) {
      yield buf.join('');
      buf = [];
      size = 0;
    }
  }
  if (buf.length) yield buf.join('');
}

function factLine(r: FactRow): string {
  let out = '';
  for (let i = 0; i < WRITTEN_FACT_COLUMNS.length; i++) {
    if (i) out += '\t';
    out += copyField(r[WRITTEN_FACT_COLUMNS[i]!], FACT_JSON[i]);
  }
  return `${out}\n`;
}

function sightingLine(r: SightingRow): string {
  return `${copyField(r.fact_id)}\t${copyField(r.source_id)}\t${copyField(r.accession)}\t${copyField(r.form)}\t${copyField(r.filed_at)}\t${copyField(r.labels, true)}\n`;
}

/** Creates the staging tables of this session (temporary: never WAL-logged, gone with the connection). */
export async function createStaging(conn: Connection): Promise<void> {
  await conn.query(`create temp table if not exists ${STAGE_FACTS} (like facts including defaults)`);
  await conn.query(`create temp table if not exists ${STAGE_SIGHTINGS} (like fact_sightings including defaults)`);
}

export async function dropStaging(conn: Connection): Promise<void> {
  await conn.query(`drop table if exists ${STAGE_FACTS}, ${STAGE_SIGHTINGS}`);
}

/**
 * The COPY inserter for a PostgreSQL connection (createStaging first). Each call stages one batch
 * (truncate, COPY) and merges it; the caller's transaction makes the company atomic.
 */
export function copyInserter(conn: Connection): FactRowInserter {
  const copyFrom = conn.copyFrom;
  if (!copyFrom) throw new Error('copyInserter: this connection has no COPY FROM STDIN (PostgreSQL only)');
  return {
    async facts(_db: Db, rows: FactRow[]): Promise<string[]> {
      if (!rows.length) return [];
      await conn.query(`truncate ${STAGE_FACTS}`);
      await copyFrom(`copy ${STAGE_FACTS} (${FACT_LIST}) from stdin`, copyChunks(rows, factLine));
      const ids = await conn.query<{ id: string }>(
        `insert into facts (${FACT_LIST}) select ${FACT_LIST} from ${STAGE_FACTS} on conflict (id) do nothing returning id`,
      );
      return ids.map((r) => r.id);
    },
    async sightings(_db: Db, rows: SightingRow[]): Promise<string[]> {
      if (!rows.length) return [];
      await conn.query(`truncate ${STAGE_SIGHTINGS}`);
      await copyFrom(`copy ${STAGE_SIGHTINGS} (${SIGHTING_LIST}) from stdin`, copyChunks(rows, sightingLine));
      const ids = await conn.query<{ fact_id: string }>(
        `insert into fact_sightings (${SIGHTING_LIST}) select ${SIGHTING_LIST} from ${STAGE_SIGHTINGS} on conflict do nothing returning fact_id`,
      );
      return ids.map((r) => r.fact_id);
    },
  };
}
