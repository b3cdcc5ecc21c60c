/**
 * Fact rows through `COPY … FROM STDIN` into session-temporary staging tables, then merged set-wise
 * (`insert … select … on conflict do nothing returning`), on the connection of the open ingest
 * transaction. Only the transport differs from the default inserter of lib/facts/write-facts.ts: the
 * rows, their identity and the chain re-derivation are writeFacts' own, so both paths store the same facts.
 *
 * Referential checks, set-wise: row-level foreign-key triggers cost one `select … for key share` per
 * row and constraint (five for a fact, two for a sighting) — measured at about 40 % of the merge.
 * When the role may set `session_replication_role` (superuser, or `grant set on parameter`), the
 * merge runs with it at `replica` for that one statement (the way pg_restore --disable-triggers
 * loads), after the same checks done once per distinct value: every referenced tenant, entity,
 * metric, source and cell exists and is locked `for key share`, as the triggers would lock it, and
 * every sighting's fact exists (inserted by this transaction, or stored and locked). A missing row
 * raises 23503 like the trigger would. Without the privilege the triggers run as usual.
 */
import { getTableColumns } from 'drizzle-orm';
import type { Connection, Db } from '@/lib/db/client';
import { isCitusHandle } from '@/lib/db/citus';
import { facts } from '@/lib/db/schema';
import { WRITTEN_FACT_COLUMNS, type FactRow, type FactRowInserter, type SightingRow } from '@/lib/facts/write-facts';

const STAGE_FACTS = 'll_bulk_stage_facts';
const STAGE_SIGHTINGS = 'll_bulk_stage_sightings';

const COLUMNS = getTableColumns(facts);
const FACT_NAMES = WRITTEN_FACT_COLUMNS.map((k) => COLUMNS[k].name);
const FACT_LIST = FACT_NAMES.map((n) => `"${n}"`).join(', ');
const SIGHTING_LIST = 'tenant_id, entity_id, fact_id, source_id, accession, form, filed_at, labels';

const SPECIAL = /[\\\n\r\t]/;

export function escapeText(s: string): string {
  return SPECIAL.test(s) ? s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t') : s;
}

/** One field of COPY's text format: `\N` for null, backslash escapes for the four special characters. */
export function copyField(v: unknown, json = false): string {
  if (v === null || v === undefined) return '\\N';
  if (json) return jsonField(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return escapeText(String(v));
}

/** A jsonb field; the empty object (most dimensions and provenance) without serialising it. */
export function jsonField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'object' && !Array.isArray(v)) {
    let empty = true;
    for (const _ in v) {
      empty = false;
      break;
    }
    if (empty) return '{}';
  }
  return escapeText(JSON.stringify(v));
}

/**
 * How each written column is encoded, decided once from the schema: numbers and booleans as they
 * are, jsonb through JSON, text and dates escaped.
 */
type Enc = (v: unknown) => string;
const ENCODERS: Enc[] = WRITTEN_FACT_COLUMNS.map((k) => {
  const type = COLUMNS[k].getSQLType();
  if (type === 'jsonb') return jsonField;
  if (type === 'integer' || type === 'boolean') return (v) => (v === null || v === undefined ? '\\N' : String(v));
  return (v) => (v === null || v === undefined ? '\\N' : escapeText(String(v)));
});

const CHUNK = 1 << 20;

/**
 * COPY text as Buffers of about 1 MB (one socket write each), each line encoded into the Buffer as it
 * is made. Not `text += line` and one conversion per chunk: that builds a rope of ~40 pieces per line,
 * flattened and encoded at the end — measured at ~3× the CPU of writing each line (a short string,
 * flattened in cache) into the Buffer. A new Buffer per chunk: the stream may hold the previous one.
 */
export function* copyBuffers(lines: Iterable<string>): Generator<Buffer> {
  let buf = Buffer.allocUnsafe(CHUNK);
  let pos = 0;
  for (const line of lines) {
    // utf8: at most 3 bytes per UTF-16 unit
    if (pos + line.length * 3 > buf.length) {
      if (pos > 0) yield buf.subarray(0, pos);
      buf = Buffer.allocUnsafe(Math.max(CHUNK, line.length * 3));
      pos = 0;
    }
    pos += buf.write(line, pos);
  }
  if (pos > 0) yield buf.subarray(0, pos);
}

let scratch: Buffer | null = null;

/**
 * COPY text of `lines` as Buffers of exactly their bytes (each at most about 1 MB), encoded through one
 * reused scratch Buffer: for text kept a while (a batch's companies wait for their transaction), so
 * it holds only its bytes.
 */
export function copyBytes(lines: Iterable<string>): Buffer[] {
  const out: Buffer[] = [];
  let buf = (scratch ??= Buffer.allocUnsafe(CHUNK));
  let pos = 0;
  const keep = () => {
    const b = Buffer.allocUnsafe(pos);
    buf.copy(b, 0, 0, pos);
    out.push(b);
    pos = 0;
  };
  for (const line of lines) {
    if (pos + line.length * 3 > buf.length) {
      if (pos > 0) keep();
      if (line.length * 3 > buf.length) buf = Buffer.allocUnsafe(line.length * 3);
    }
    pos += buf.write(line, pos);
  }
  if (pos > 0) keep();
  return out;
}

/** Bytes of one arena segment (a batch of ~40,000 fact entries takes ~30 MB of COPY text: two segments). */
const SEGMENT = 16 << 20;

/**
 * COPY text kept in a few large reused Buffers (one arena per worker, reset after each batch's
 * transaction): `append` writes the lines straight into the current segment and returns views of
 * about 1 MB (one socket write each). Unlike copyBytes, no Buffer is allocated per company — a fresh
 * allocation of a MB-sized Buffer is mapped memory that page-faults on its first write (measured:
 * copyBytes' allocate-and-copy was ~1/3 of the encoding's CPU) — and nothing is copied twice.
 * The views stay valid until `reset()`: the caller resets only once the batch holding them is written.
 */
export class CopyArena {
  private readonly segments: Buffer[] = [];
  /** index of the segment being written, and the write position in it */
  private seg = -1;
  private pos = 0;

  /** `segmentBytes`: the size of each segment (tests make them small) */
  constructor(private readonly segmentBytes = SEGMENT) {}

  /** bytes of all segments (memory held between batches) */
  get capacity(): number {
    return this.segments.reduce((n, s) => n + s.length, 0);
  }

  private next(min: number): void {
    this.seg++;
    // a segment of the right size from an earlier batch, else a new one
    while (this.seg < this.segments.length && this.segments[this.seg]!.length < min) this.seg++;
    if (this.seg >= this.segments.length) {
      this.segments.push(Buffer.allocUnsafe(Math.max(this.segmentBytes, min)));
      this.seg = this.segments.length - 1;
    }
    this.pos = 0;
  }

  append(lines: Iterable<string>): Buffer[] {
    const list = Array.isArray(lines) ? (lines as string[]) : [...lines];
    return this.appendEach(list.length, (i) => list[i]!);
  }

  /** `append` of the lines `lineAt(0)` … `lineAt(count - 1)`, each made as it is written */
  appendEach(count: number, lineAt: (i: number) => string): Buffer[] {
    const out: Buffer[] = [];
    if (this.seg < 0) this.next(0);
    let buf = this.segments[this.seg]!;
    let start = this.pos;
    let pos = this.pos;
    for (let i = 0; i < count; i++) {
      const line = lineAt(i);
      // utf8: at most 3 bytes per UTF-16 unit
      const max = line.length * 3;
      if (pos + max > buf.length || pos - start >= Math.min(CHUNK, this.segmentBytes)) {
        if (pos > start) out.push(buf.subarray(start, pos));
        if (pos + max > buf.length) {
          this.next(max);
          buf = this.segments[this.seg]!;
          pos = 0;
        }
        start = pos;
      }
      pos += buf.write(line, pos);
    }
    if (pos > start) out.push(buf.subarray(start, pos));
    this.pos = pos;
    return out;
  }

  /** every view handed out so far may be overwritten from now on */
  reset(): void {
    this.seg = this.segments.length ? 0 : -1;
    this.pos = 0;
  }
}

export function* linesOf<T>(rows: readonly T[], line: (r: T) => string): Generator<string> {
  for (const r of rows) yield line(r);
}

/** Lines of COPY text, in Buffers of about 1 MB. */
function copyChunks<T>(rows: readonly T[], line: (r: T) => string): Generator<Buffer> {
  return copyBuffers(linesOf(rows, line));
}

export function factLine(r: FactRow): string {
  let out = ENCODERS[0]!(r[WRITTEN_FACT_COLUMNS[0]!]);
  for (let i = 1; i < WRITTEN_FACT_COLUMNS.length; i++) out += `\t${ENCODERS[i]!(r[WRITTEN_FACT_COLUMNS[i]!])}`;
  return `${out}\n`;
}

const text = (v: string | null) => (v === null ? '\\N' : escapeText(v));

export function sightingLine(r: SightingRow): string {
  return `${escapeText(r.tenant_id)}\t${escapeText(r.entity_id)}\t${escapeText(r.fact_id)}\t${escapeText(r.source_id)}\t${escapeText(r.accession)}\t${text(r.form)}\t${text(r.filed_at)}\t${jsonField(r.labels)}\n`;
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
 * Whether this session may set `session_replication_role` (and so merge with set-wise referential
 * checks instead of row triggers). Run outside a transaction: a refused SET inside one aborts it.
 * Never on a Citus coordinator: the rows are written by the workers' connections, where the shards'
 * own triggers check them whatever the coordinator's setting, and a distributed table (source_cells)
 * cannot be locked `for key share` from the coordinator across shards.
 */
export async function canSkipRowTriggers(conn: Connection): Promise<boolean> {
  if (isCitusHandle(conn.db)) return false;
  try {
    await conn.query('set session_replication_role = origin');
    return true;
  } catch {
    return false;
  }
}

function distinct(values: Iterable<string | null | undefined>): string[] {
  const s = new Set<string>();
  for (const v of values) if (v !== null && v !== undefined) s.add(v);
  return [...s];
}

/** References to tables keyed by (entity_id, id): checked as `entity_id|id` pairs. */
const COMPOSITE = new Set(['cell_id', 'fact_id']);

function missingReference(table: string, what: string, missing: string[]): Error {
  const e = new Error(
    `insert or update on table "${table}" violates foreign key constraint: ${what} ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''} not present`,
  );
  (e as Error & { code: string }).code = '23503';
  return e;
}

export interface CopyInserterOptions {
  /** merge with set-wise referential checks instead of row triggers (canSkipRowTriggers said yes) */
  setWiseChecks?: boolean;
}

/**
 * The COPY inserter for a PostgreSQL connection (createStaging first). Each call stages one batch
 * (truncate, COPY) and merges it; the caller's transaction makes the company atomic.
 */
export function copyInserter(conn: Connection, o: CopyInserterOptions = {}): FactRowInserter {
  const copyFrom = conn.copyFrom;
  if (!copyFrom) throw new Error('copyInserter: this connection has no COPY FROM STDIN (PostgreSQL only)');
  const setWise = o.setWiseChecks === true;
  /**
   * Fact ids inserted by the facts() calls since the last sightings(): writeFacts writes a batch's
   * facts, then its sightings, whose facts are all among those rows — the ones this transaction
   * inserted need no check; the others (already stored) are checked and locked.
   */
  let inserted = new Set<string>();
  let afterSightings = true;
  let sightingsStaged = false;

  /**
   * One round trip: locks every referenced row `for key share` (as the row triggers would), and —
   * when none is missing — turns row triggers off for the rest of the transaction's merge
   * (`set_config(…, true)`: local to the transaction, restored by its rollback). Throws 23503 naming
   * the first reference that is missing.
   */
  const checkAndDisableTriggers = async (table: string, refs: [string, string, string[]][]): Promise<void> => {
    // a reference is an id, or `entity_id|id` for the tables keyed by (entity_id, id)
    const ctes = refs.map(([t, column], i) =>
      COMPOSITE.has(column)
        ? `r${i} as (select x.entity_id || '|' || x.id as id from ${t} x where (x.entity_id, x.id) in (select split_part(v, '|', 1), split_part(v, '|', 2) from unnest($${i + 1}::text[]) v) for key share of x)`
        : `r${i} as (select id from ${t} where id = any($${i + 1}::text[]) for key share)`,
    );
    const found = refs.map((_, i) => `array(select id from r${i}) as f${i}`);
    const rows = await conn.query<Record<string, string[]>>(
      `with ${ctes.join(', ')} select ${found.join(', ')}, set_config('session_replication_role', case when ${refs.map((r, i) => `(select count(*) from r${i}) = ${r[2].length}`).join(' and ')} then 'replica' else 'origin' end, true) as role`,
      refs.map((r) => r[2]),
    );
    const row = rows[0]!;
    refs.forEach(([, column, ids], i) => {
      const have = new Set(row[`f${i}`]);
      const missing = ids.filter((id) => !have.has(id));
      if (missing.length) throw missingReference(table, column, missing);
    });
  };

  return {
    async facts(_db: Db, rows: FactRow[]): Promise<string[]> {
      if (afterSightings) inserted = new Set();
      afterSightings = false;
      if (!rows.length) return [];
      // both stages at once: a batch's sightings are staged after its facts
      await conn.query(`truncate ${STAGE_FACTS}, ${STAGE_SIGHTINGS}`);
      sightingsStaged = false;
      await copyFrom(`copy ${STAGE_FACTS} (${FACT_LIST}) from stdin`, copyChunks(rows, factLine));
      if (setWise) {
        await checkAndDisableTriggers('facts', [
          ['tenants', 'tenant_id', distinct(rows.map((r) => r.tenantId))],
          ['entities', 'entity_id', distinct(rows.map((r) => r.entityId))],
          ['metrics', 'metric_id', distinct(rows.map((r) => r.metricId))],
          ['sources', 'source_id', distinct(rows.map((r) => r.sourceId))],
          ['source_cells', 'cell_id', distinct(rows.map((r) => (r.cellId === null ? null : `${r.entityId}|${r.cellId}`)))],
        ]);
      }
      const ids = await conn.query<{ id: string }>(
        `insert into facts (${FACT_LIST}) select ${FACT_LIST} from ${STAGE_FACTS} on conflict (entity_id, id) do nothing returning id`,
      );
      const out = ids.map((r) => r.id);
      for (const id of out) inserted.add(id);
      return out;
    },
    async sightings(_db: Db, rows: SightingRow[]): Promise<string[]> {
      afterSightings = true;
      if (!rows.length) return [];
      if (sightingsStaged) await conn.query(`truncate ${STAGE_SIGHTINGS}`);
      sightingsStaged = true;
      await copyFrom(`copy ${STAGE_SIGHTINGS} (${SIGHTING_LIST}) from stdin`, copyChunks(rows, sightingLine));
      if (setWise) {
        await checkAndDisableTriggers('fact_sightings', [
          ['sources', 'source_id', distinct(rows.map((r) => r.source_id))],
          ['facts', 'fact_id', distinct(rows.filter((r) => !inserted.has(r.fact_id)).map((r) => `${r.entity_id}|${r.fact_id}`))],
        ]);
      }
      try {
        const ids = await conn.query<{ fact_id: string }>(
          `insert into fact_sightings (${SIGHTING_LIST}) select ${SIGHTING_LIST} from ${STAGE_SIGHTINGS} on conflict do nothing returning fact_id`,
        );
        return ids.map((r) => r.fact_id);
      } finally {
        // row triggers back on for the rest of the transaction (after an error its rollback does it)
        if (setWise) await conn.query(`select set_config('session_replication_role', 'origin', true)`).catch(() => undefined);
      }
    },
  };
}
