import { getTableColumns, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { facts } from '@/lib/db/schema';
import { refreshScreenValues } from '@/lib/db/screen-values';
import { dimensionKey, factChainKey, factIdOfNormalized, normalizeDecimal } from '@/lib/domain/identity';
import type { Fact, FactStatus, ObservedFact, Provenance } from '@/lib/domain/types';

/** One observed number, as an extractor produced it, for a tenant's entity, with the filing that reported it. */
export type FactInput = ObservedFact &
  Pick<Fact, 'tenantId' | 'entityId' | 'dimensions' | 'accountingStandard' | 'provenance'> & {
    cellId?: string | null;
    status?: Exclude<FactStatus, 'rejected'>;
    quarantineReason?: Fact['quarantineReason'];
    /** the filing that reported it */
    sighting: {
      sourceId: string;
      accession: string | null;
      form: string | null;
      filedAt: string;
      labels: Record<string, unknown>;
    };
  };

export interface WriteFactsResult {
  /** fact rows newly created */
  inserted: number;
  /** sightings newly recorded (a known value seen in another filing) */
  sightings: number;
  chainKeys: string[];
}

export interface WriteFactsOptions {
  /**
   * The caller guarantees that no stored fact shares a version chain with this batch (a company's
   * first source, written in batches that never split a chain): chains needing versions are then
   * found in the batch itself, without a query.
   */
  newChainsOnly?: boolean;
  /**
   * How the rows reach the tables (default: one `insert … select from jsonb_array_elements` per
   * batch). The bulk ingester passes a COPY-through-staging inserter (lib/ingest/bulk); every other
   * step — row identity, first sighting, dirty chains, version re-derivation — is this function's.
   */
  inserter?: FactRowInserter;
}

/** Writes fact rows and sighting rows idempotently; returns the ids that were new (facts) or newly sighted (sightings). */
export interface FactRowInserter {
  facts(db: Db, rows: FactRow[]): Promise<string[]>;
  sightings(db: Db, rows: SightingRow[]): Promise<string[]>;
}

/** Rows per statement. Rows travel as one jsonb parameter, so the limit is size, not parameter count. */
const BATCH = 5000;

function dayDiff(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/** A fact row as the insert writes it: every column of `facts` except those the chain re-derivation and defaults set. */
type NewFact = typeof facts.$inferInsert;
const DERIVED_COLUMNS = ['version', 'supersedes', 'revisionKind', 'isLatest', 'isOriginal', 'createdAt'] as const;
export type FactRow = Required<Omit<NewFact, (typeof DERIVED_COLUMNS)[number]>>;
type FactKey = keyof FactRow;
/** columns sent once per statement (they repeat in every row of a source's batch) */
const PER_STATEMENT = ['tenantId', 'entityId', 'sourceId'] as const satisfies readonly FactKey[];

const FACT_COLUMNS = getTableColumns(facts);
/** the written columns, in the schema's order (a new column without a default fails the FactRow type) */
export const WRITTEN_FACT_COLUMNS = (Object.keys(FACT_COLUMNS) as (keyof typeof FACT_COLUMNS)[]).filter(
  (k): k is FactKey => !(DERIVED_COLUMNS as readonly string[]).includes(k),
);
const WRITTEN = WRITTEN_FACT_COLUMNS;
const PER_ROW = WRITTEN.filter((k) => !(PER_STATEMENT as readonly string[]).includes(k));

/**
 * `insert into facts (<written columns>) select <one expression per column> from jsonb_array_elements($rows)`,
 * built from the drizzle table: a per-row column is `r->i` (jsonb) or `(r->>i)::<its SQL type>`; a
 * per-statement column is a parameter.
 */
function factInsert(perStatement: Pick<FactRow, (typeof PER_STATEMENT)[number]>, payload: string) {
  const names = sql.raw(WRITTEN.map((k) => `"${FACT_COLUMNS[k].name}"`).join(', '));
  const exprs = WRITTEN.map((k) => {
    const i = PER_ROW.indexOf(k);
    if (i < 0) return sql`${perStatement[k as (typeof PER_STATEMENT)[number]]}`;
    const type = FACT_COLUMNS[k].getSQLType();
    return sql.raw(type === 'jsonb' ? `r->${i}` : `(r->>${i})::${type}`);
  });
  return sql`insert into facts (${names})
    select ${sql.join(exprs, sql`, `)}
    from jsonb_array_elements(${payload}::jsonb) as r
    on conflict (entity_id, id) do nothing
    returning id`;
}

export interface SightingRow {
  /** the fact's tenant (row-level security reads it from the row) */
  tenant_id: string;
  /** the fact's entity (the shard key of fact_sightings) */
  entity_id: string;
  fact_id: string;
  source_id: string;
  accession: string;
  form: string | null;
  filed_at: string;
  labels: Record<string, unknown>;
}

/** The rows a batch of fact inputs becomes, before anything is written (prepareFacts). */
export interface PreparedFacts {
  /** one row per distinct fact id, each from its earliest sighting */
  rows: FactRow[];
  /** one row per distinct (fact, source, accession) */
  sightings: SightingRow[];
  /** facts printed in a table cell: (fact id → cell and provenance), first seen */
  cells: Map<string, { cellId: string; provenance: Provenance }>;
  /** every chain key the inputs touch, first seen first */
  chainKeys: string[];
  /** chains with several values among these rows (they need version re-derivation) */
  multiValueChains: string[];
}

/**
 * Fact inputs → fact and sighting rows, with their content ids (no database access). writeFacts
 * writes what this returns; the bulk archive writer (lib/ingest/bulk) writes the same rows for many
 * companies at once, so both store the same facts.
 */
export function prepareFacts(inputs: FactInput[]): PreparedFacts {
  const chainKeys = new Set<string>();
  const rows = new Map<string, FactRow>();
  const sightingRows = new Map<string, SightingRow>();
  const cells = new Map<string, { cellId: string; provenance: Provenance }>();
  const multi = new Set<string>();
  // earliest sighting first, so a new fact row starts with the filing that first reported it
  const ordered =
    inputs.length > 1
      ? [...inputs].sort((a, b) => (a.sighting.filedAt < b.sighting.filedAt ? -1 : a.sighting.filedAt > b.sighting.filedAt ? 1 : 0))
      : inputs;
  for (const f of ordered) {
    const value = normalizeDecimal(f.value);
    const dimsKey = dimensionKey(f.dimensions);
    const chainKey = factChainKey(f, dimsKey);
    // same as factId(f), without hashing the chain key twice or normalizing the value twice
    const id = factIdOfNormalized(chainKey, value);
    const p = f.period;
    if (!rows.has(id)) {
      if (chainKeys.has(chainKey)) multi.add(chainKey);
      rows.set(id, {
        id,
        tenantId: f.tenantId,
        entityId: f.entityId,
        metricId: f.metricId,
        concept: f.concept,
        value,
        unit: f.unit,
        currency: f.currency,
        scale: f.scale,
        decimals: f.decimals,
        periodType: p.type,
        startDate: p.type === 'duration' ? p.start : null,
        endDate: p.type === 'duration' ? p.end : p.date,
        durationDays: p.type === 'duration' ? dayDiff(p.start, p.end) : 0,
        fiscalYear: f.fiscalYear,
        fiscalPeriod: f.fiscalPeriod,
        scope: f.scope,
        dimensions: f.dimensions,
        dimsKey,
        accountingStandard: f.accountingStandard,
        sourceId: f.sighting.sourceId,
        accession: f.sighting.accession,
        form: f.sighting.form,
        filedAt: f.sighting.filedAt,
        chainKey,
        provenance: f.provenance,
        cellId: f.cellId ?? null,
        status: f.status ?? 'active',
        quarantineReason: f.quarantineReason ?? null,
        sourceLabels: f.sighting.labels,
      });
    }
    chainKeys.add(chainKey);
    const sKey = `${id}|${f.sighting.sourceId}|${f.sighting.accession ?? ''}`;
    if (!sightingRows.has(sKey)) {
      sightingRows.set(sKey, {
        tenant_id: f.tenantId,
        entity_id: f.entityId,
        fact_id: id,
        source_id: f.sighting.sourceId,
        accession: f.sighting.accession ?? '',
        form: f.sighting.form,
        filed_at: f.sighting.filedAt,
        // each sighting keeps the table cell it was printed in, so every one can be shown
        labels: f.cellId
          ? { ...f.sighting.labels, cellId: f.cellId, ...(f.provenance.tableId ? { tableId: f.provenance.tableId } : {}) }
          : f.sighting.labels,
      });
    }
    if (f.cellId && !cells.has(id)) cells.set(id, { cellId: f.cellId, provenance: f.provenance });
  }
  return {
    rows: [...rows.values()],
    sightings: [...sightingRows.values()],
    cells,
    chainKeys: [...chainKeys],
    multiValueChains: [...multi],
  };
}

/**
 * Idempotent write of facts and their sightings, then re-derivation of the version chains they touch and of the
 * written companies' screen values (lib/db/screen-values.ts). Call inside the ingestion transaction.
 */
export async function writeFacts(db: Db, inputs: FactInput[], options: WriteFactsOptions = {}): Promise<WriteFactsResult> {
  const prepared = prepareFacts(inputs);
  const inserter = options.inserter ?? jsonbInserter;
  const insertedIds = new Set<string>();
  const factList = prepared.rows;
  for (let i = 0; i < factList.length; i += BATCH) {
    for (const r of await inserter.facts(db, factList.slice(i, i + BATCH))) insertedIds.add(r);
  }
  const sightedIds = new Set<string>();
  let sightings = 0;
  const sightingList = prepared.sightings;
  for (let i = 0; i < sightingList.length; i += BATCH) {
    const ids = await inserter.sightings(db, sightingList.slice(i, i + BATCH));
    sightings += ids.length;
    for (const id of ids) sightedIds.add(id);
  }

  // A known fact seen again in a filing's table (companyfacts first, then the inline-XBRL 10-K that
  // tagged it): the fact takes that table cell when it had none, so its citation shows the table.
  const entityOf = new Map(factList.map((r) => [r.id, r.entityId]));
  const cellLinks = [...prepared.cells]
    .filter(([id]) => !insertedIds.has(id))
    .map(([id, c]) => [id, c.cellId, c.provenance, entityOf.get(id)!]);
  for (let i = 0; i < cellLinks.length; i += BATCH) {
    const slice = cellLinks.slice(i, i + BATCH);
    await db.execute(sql`
      update facts f set cell_id = r->>1, provenance = f.provenance || (r->2)
      from jsonb_array_elements(${JSON.stringify(slice)}::jsonb) as r
      where f.entity_id = r->>3 and f.id = r->>0 and f.cell_id is null`);
  }

  // Chains whose derived fields can change: several values in the chain, or a known value seen in
  // another filing (its first sighting may move). A new lone fact already carries its first sighting.
  const keys = prepared.chainKeys;
  const entityOfChain = new Map(factList.map((r) => [r.chainKey, r.entityId]));
  const refs = (list: Iterable<string>): ChainRef[] => [...list].map((chainKey) => ({ entityId: entityOfChain.get(chainKey)!, chainKey }));
  const dirty = new Set<string>(options.newChainsOnly ? prepared.multiValueChains : await chainsWithSeveralFacts(db, refs(keys)));
  let chainOf: Map<string, string> | null = null;
  for (const id of sightedIds) {
    if (insertedIds.has(id)) continue;
    chainOf ??= new Map(factList.map((r) => [r.id, r.chainKey]));
    dirty.add(chainOf.get(id)!);
  }
  if (dirty.size) await recomputeChains(db, refs(dirty));
  // the screen values of the companies written (their chosen facts may have changed), in the same transaction
  const written = new Map<string, Set<string>>();
  for (const r of factList) {
    const set = written.get(r.tenantId);
    if (set) set.add(r.entityId);
    else written.set(r.tenantId, new Set([r.entityId]));
  }
  for (const [tenantId, entityIds] of written) await refreshScreenValues(db, tenantId, entityIds);
  return { inserted: insertedIds.size, sightings, chainKeys: keys };
}

/** Rows grouped by the values that repeat in every row of a batch (sent once, not per row). */
function groupBy<T>(rows: T[], key: (r: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const g = groups.get(k);
    if (g) g.push(r);
    else groups.set(k, [r]);
  }
  return [...groups.values()];
}

/**
 * Rows travel as one jsonb parameter of positional arrays (no repeated keys), with tenant, entity
 * and source sent once per statement: the payload is about a third of row objects, which matters
 * most on the embedded database, where the parameter is encoded in JavaScript.
 */
async function insertFactRows(db: Db, batch: FactRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (const group of groupBy(batch, (r) => `${r.tenantId}|${r.entityId}|${r.sourceId}`)) {
    const { tenantId, entityId, sourceId } = group[0]!;
    const payload = JSON.stringify(group.map((r) => PER_ROW.map((k) => r[k])));
    const res = await db.execute(factInsert({ tenantId, entityId, sourceId }, payload));
    for (const row of rowsOf<{ id: string }>(res)) ids.push(row.id);
  }
  return ids;
}

async function insertSightingRows(db: Db, batch: SightingRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (const group of groupBy(batch, (r) => `${r.tenant_id}|${r.entity_id}|${r.source_id}`)) {
    const payload = JSON.stringify(group.map((r) => [r.fact_id, r.accession, r.form, r.filed_at, r.labels]));
    const { tenant_id, entity_id, source_id } = group[0]!;
    const res = await db.execute(sql`
      insert into fact_sightings (tenant_id, entity_id, fact_id, source_id, accession, form, filed_at, labels)
      select ${tenant_id}, ${entity_id}, r->>0, ${source_id}, r->>1, r->>2, (r->>3)::date, r->4
      from jsonb_array_elements(${payload}::jsonb) as r
      on conflict do nothing
      returning fact_id`);
    for (const row of rowsOf<{ fact_id: string }>(res)) ids.push(row.fact_id);
  }
  return ids;
}

/** The default transport: one `insert … select from jsonb_array_elements` per (tenant, entity, source) group. */
export const jsonbInserter: FactRowInserter = { facts: insertFactRows, sightings: insertSightingRows };

/** A version chain: its key and the entity it belongs to (the partition it lives in). */
export interface ChainRef {
  entityId: string;
  chainKey: string;
}

/**
 * Chains are read key by key: each (entity, chain key) of the batch joins the chain index (and a
 * sighting's key) on both columns, the partition or shard chosen from the entity. Not `entity_id in
 * (<constants>)`: an entity written in the same transaction has no statistics yet, the planner counts one
 * row for it, reads it by an entity index and walks every fact of the entity per sighting (minutes for a
 * large company). The keys are a joined relation, never referenced from a correlated subquery or a
 * lateral join: a distributed engine (Citus) joins a set-returning function with a table on every shard,
 * and plans neither of those.
 */
const keysOf = (refs: ChainRef[]) => JSON.stringify(refs.map((r) => [r.entityId, r.chainKey]));

async function chainsWithSeveralFacts(db: Db, refs: ChainRef[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < refs.length; i += BATCH * 2) {
    const res = await db.execute(sql`
      select f.chain_key
      from (select distinct k->>0 as entity_id, k->>1 as chain_key from jsonb_array_elements(${keysOf(refs.slice(i, i + BATCH * 2))}::jsonb) as k) keys
      join facts f on f.entity_id = keys.entity_id and f.chain_key = keys.chain_key
      group by f.entity_id, f.chain_key
      having count(*) > 1`);
    for (const r of rowsOf<{ chain_key: string }>(res)) out.push(r.chain_key);
  }
  return out;
}

/**
 * Re-derive version numbers and latest/original flags of the given chains from their sightings:
 * versions ordered by first filing; a fact's source/accession/filed_at are those of its first sighting; `latest` = the value most recently filed (ties: all tied are latest,
 * which the calculation service reports as RESTATEMENT_CONFLICT); `original` = first filed.
 * Each later version is labelled with why it differs from the one before (`revision_kind`):
 * `split_adjustment` (per-share or share values off by a whole split ratio), `rounding` (the values
 * agree to the precision of the rounder one) or `restatement` (anything else, reclassifications included).
 */
export async function recomputeChains(db: Db, chains: ChainRef[]): Promise<void> {
  for (let i = 0; i < chains.length; i += BATCH) {
    await db.execute(sql`
      with keys as (
        select distinct k->>0 as entity_id, k->>1 as chain_key from jsonb_array_elements(${keysOf(chains.slice(i, i + BATCH))}::jsonb) as k
      ), seen as (
        -- each fact of each chain with its sightings (a fact without one is not counted: the join is inner); of two
        -- sightings filed the same day under one accession (two companyfacts files), the first stored is the fact's source
        select f.entity_id, f.id, f.chain_key, f.value, f.unit,
               min(s.filed_at) as first_filed,
               max(s.filed_at) as last_filed,
               (array_agg(s.source_id order by s.filed_at, s.accession, s.ctid))[1] as first_source,
               (array_agg(s.accession order by s.filed_at, s.accession, s.ctid))[1] as first_accession,
               (array_agg(s.form order by s.filed_at, s.accession, s.ctid))[1] as first_form
        from keys
        join facts f on f.entity_id = keys.entity_id and f.chain_key = keys.chain_key
        join fact_sightings s on s.entity_id = f.entity_id and s.fact_id = f.id
        group by f.entity_id, f.id, f.chain_key, f.value, f.unit
      ), ranked as (
        select entity_id, id, chain_key, value, unit, first_filed, first_source, nullif(first_accession, '') as first_accession, first_form,
               row_number() over w as version,
               lag(id) over w as prev_id,
               lag(value) over w as prev_value,
               last_filed = max(last_filed) over c as is_latest,
               first_filed = min(first_filed) over c as is_original
        from seen
        window c as (partition by entity_id, chain_key), w as (partition by entity_id, chain_key order by first_filed, last_filed, id)
      ), labelled as (
        select r.*,
          case
            when r.prev_value is null then null
            when (r.unit = 'shares' or r.unit like '%/shares') and r.value <> 0 and r.prev_value <> 0
                 and greatest(abs(r.value), abs(r.prev_value)) / least(abs(r.value), abs(r.prev_value)) >= 1.9
                 and abs(greatest(abs(r.value), abs(r.prev_value)) / least(abs(r.value), abs(r.prev_value))
                         - round(greatest(abs(r.value), abs(r.prev_value)) / least(abs(r.value), abs(r.prev_value))))
                     <= 0.02 * round(greatest(abs(r.value), abs(r.prev_value)) / least(abs(r.value), abs(r.prev_value)))
              then 'split_adjustment'
            when abs(r.value - r.prev_value) * 2 <= power(10::numeric, greatest(
                   case when position('.' in r.value::text) > 0 then position('.' in r.value::text) - length(r.value::text)
                        else length(r.value::text) - length(rtrim(r.value::text, '0')) end,
                   case when position('.' in r.prev_value::text) > 0 then position('.' in r.prev_value::text) - length(r.prev_value::text)
                        else length(r.prev_value::text) - length(rtrim(r.prev_value::text, '0')) end))
                 and sign(r.value) = sign(r.prev_value)
              then 'rounding'
            else 'restatement'
          end as revision_kind
        from ranked r
      )
      update facts f set
        version = r.version,
        supersedes = r.prev_id,
        revision_kind = r.revision_kind,
        is_latest = r.is_latest,
        is_original = r.is_original,
        filed_at = r.first_filed,
        source_id = r.first_source,
        accession = r.first_accession,
        form = r.first_form
      from labelled r
      where f.entity_id = r.entity_id and f.id = r.id
        and (f.version is distinct from r.version or f.supersedes is distinct from r.prev_id
             or f.revision_kind is distinct from r.revision_kind
             or f.is_latest is distinct from r.is_latest or f.is_original is distinct from r.is_original
             or f.filed_at is distinct from r.first_filed or f.source_id is distinct from r.first_source
             or f.accession is distinct from r.first_accession or f.form is distinct from r.first_form)
    `);
  }
}
