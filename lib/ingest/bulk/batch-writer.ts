/**
 * Many new companies in one transaction, set-wise: one statement per table for the whole batch
 * (entities, aliases, calendars, sources, concept labels, audit entries, run records, progress rows),
 * the fact and sighting rows of every company in one COPY each straight into `facts` and
 * `fact_sightings` (PostgreSQL; PGlite takes writeFacts' batched insert). Rows are those of
 * company-plan.ts — what the per-file ingest stores for a new company — with the version fields of
 * chains with several values derived in memory (lib/facts/chain-versions.ts; the few chains it
 * leaves to SQL, and on PGlite all of them, are re-derived by recomputeChains after the write).
 *
 * Why straight into the tables, without staging and `on conflict`: every fact id hashes its entity
 * id, and every company of a batch is new to the tenant (classifyBatch, in the transaction: no entity
 * with its CIK, no CIK-less entity of its name, its bytes not stored) — no stored fact can share an id
 * with the batch, and the batch's own ids are distinct (one id per chain and value, chains never
 * span companies). If a concurrent ingest created one of these entities or sources meanwhile, the
 * `returning` counts differ and the batch is rolled back; so is it on any other error — the caller
 * then ingests each company on its own (per-file path), so a failure rolls back only that company.
 *
 * Referential checks: as in copy-inserter.ts, when the role may set `session_replication_role`, the
 * batch's writes run with row triggers off after its outside references were checked (and locked
 * `for key share`) once: the tenant, the ontology metrics and any table cell the facts name; every
 * other row referenced (entities, sources, facts) is inserted by this transaction.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import { type Connection, type Db, rowsOf } from '@/lib/db/client';
import {
  auditLog,
  bulkIngestProgress,
  entities,
  entityAliases,
  facts as factsTable,
  fiscalCalendars,
  ingestRuns,
  sources,
} from '@/lib/db/schema';
import { jsonbInserter, recomputeChains, WRITTEN_FACT_COLUMNS, type FactRow, type SightingRow } from '@/lib/facts/write-facts';
import { copyBytes, copyField, escapeText, jsonField, type CopyArena } from './copy-inserter';
import type { CompanyPlan } from './company-plan';
import type { ArchiveEntry } from './zip-read';

export interface BatchItem {
  plan: CompanyPlan;
  /** progress key (10-digit CIK) and the archive entry */
  key: string;
  entry: Pick<ArchiveEntry, 'fileName' | 'crc32' | 'uncompressedSize'>;
  /** the entry's bytes: the per-file path needs them when the company leaves the batch */
  bytes: Buffer;
}

const FACT_COLUMNS = getTableColumns(factsTable);
/** the written columns, then the version fields (derived in memory for new chains: chain-versions.ts) */
const FACT_LIST = [
  ...WRITTEN_FACT_COLUMNS.map((k) => `"${FACT_COLUMNS[k].name}"`),
  'version',
  'supersedes',
  'revision_kind',
  'is_latest',
  'is_original',
].join(', ');
const UNDERIVED = '\t1\t\\N\t\\N\ttrue\ttrue\n';
const SIGHTING_LIST = 'tenant_id, entity_id, fact_id, source_id, accession, form, filed_at, labels';

/** The columns factLines writes, in this order (checked against the schema when this module loads). */
const FAST_COLUMNS =
  'id tenantId entityId metricId concept value unit currency scale decimals periodType startDate endDate durationDays fiscalYear fiscalPeriod scope dimensions dimsKey accountingStandard sourceId accession form filedAt chainKey provenance cellId status quarantineReason sourceLabels';
const FAST_TYPES =
  'text text text text text numeric text text integer integer text date date integer integer text text jsonb text text text text text date text jsonb text text text jsonb';
if (
  WRITTEN_FACT_COLUMNS.join(' ') !== FAST_COLUMNS ||
  WRITTEN_FACT_COLUMNS.map((k) => FACT_COLUMNS[k].getSQLType()).join(' ') !== FAST_TYPES
) {
  throw new Error('batch-writer: the written columns of facts changed; update factLines (FAST_COLUMNS, FAST_TYPES) to match');
}

/**
 * A text field that often repeats from one row to the next (the company's tenant, entity and source,
 * a concept, a unit, a date): its escaped form is kept and reused while the value stays the same.
 */
class Repeat {
  private last: string | null = null;
  private out = '';
  text(v: string | null | undefined): string {
    if (v === null || v === undefined) return '\\N';
    if (v !== this.last) {
      this.last = v;
      this.out = escapeText(v);
    }
    return this.out;
  }
}

const nullable = (v: string | null | undefined) => (v === null || v === undefined ? '\\N' : escapeText(v));
const num = (v: number | null | undefined) => (v === null || v === undefined ? '\\N' : String(v));

/**
 * The COPY lines of a plan's facts, with their version fields (the defaults of a lone value, or those
 * derived for its chain) — the bytes factLine would give each row (with the derived first sighting in
 * place of the row's), unrolled over the known columns: one string per line, no row copied, and the
 * escapes of repeating fields reused.
 */
function factLines(p: CompanyPlan, rows: readonly FactRow[]): (i: number) => string {
  const tenant = new Repeat();
  const entity = new Repeat();
  const metric = new Repeat();
  const concept = new Repeat();
  const unit = new Repeat();
  const currency = new Repeat();
  const periodType = new Repeat();
  const start = new Repeat();
  const end = new Repeat();
  const fiscalPeriod = new Repeat();
  const scope = new Repeat();
  const dimsKey = new Repeat();
  const standard = new Repeat();
  const source = new Repeat();
  const accession = new Repeat();
  const form = new Repeat();
  const filed = new Repeat();
  const status = new Repeat();
  const reason = new Repeat();
  return (i) => {
    const r = rows[i]!;
    const d = p.derived.get(r.id);
    const head =
      `${escapeText(r.id)}\t${tenant.text(r.tenantId)}\t${entity.text(r.entityId)}\t${metric.text(r.metricId)}\t${concept.text(r.concept)}\t${nullable(r.value)}\t${unit.text(r.unit)}\t${currency.text(r.currency)}` +
      `\t${num(r.scale)}\t${num(r.decimals)}\t${periodType.text(r.periodType)}\t${start.text(r.startDate)}\t${end.text(r.endDate)}\t${num(r.durationDays)}\t${num(r.fiscalYear)}\t${fiscalPeriod.text(r.fiscalPeriod)}` +
      `\t${scope.text(r.scope)}\t${jsonField(r.dimensions)}\t${dimsKey.text(r.dimsKey)}\t${standard.text(r.accountingStandard)}`;
    const sighting = d
      ? `\t${source.text(d.sourceId)}\t${accession.text(d.accession)}\t${form.text(d.form)}\t${filed.text(d.filedAt)}`
      : `\t${source.text(r.sourceId)}\t${accession.text(r.accession)}\t${form.text(r.form)}\t${filed.text(r.filedAt)}`;
    const tail = `\t${escapeText(r.chainKey)}\t${jsonField(r.provenance)}\t${nullable(r.cellId)}\t${status.text(r.status)}\t${reason.text(r.quarantineReason)}\t${jsonField(r.sourceLabels)}`;
    return d
      ? `${head}${sighting}${tail}\t${d.version}\t${copyField(d.supersedes)}\t${copyField(d.revisionKind)}\t${d.isLatest}\t${d.isOriginal}\n`
      : `${head}${sighting}${tail}${UNDERIVED}`;
  };
}

/** The COPY lines of sighting rows: sightingLine's bytes, the escapes of repeating fields reused. */
function sightingLines(rows: readonly SightingRow[]): (i: number) => string {
  const tenant = new Repeat();
  const entity = new Repeat();
  const source = new Repeat();
  const accession = new Repeat();
  const form = new Repeat();
  const filed = new Repeat();
  return (i) => {
    const r = rows[i]!;
    return `${tenant.text(r.tenant_id)}\t${entity.text(r.entity_id)}\t${escapeText(r.fact_id)}\t${source.text(r.source_id)}\t${accession.text(r.accession)}\t${form.text(r.form)}\t${filed.text(r.filed_at)}\t${jsonField(r.labels)}\n`;
  };
}

/**
 * Encodes a plan's fact and sighting rows as COPY text now (PostgreSQL), and lets go of the row objects:
 * a batch then holds ~0.8 KB of bytes per fact instead of objects that survive into the old generation
 * of the heap while the batch fills (measured: the garbage collector took ~18 % of the process's CPU).
 * With an `arena` (the worker's, reset once the batch is written) the bytes go into its reused
 * segments instead of Buffers of their own.
 * Each company's rows in primary-key order: the keys' btrees take them as an ascending run of
 * neighbouring entries instead of at random places (measured: ~20 % less backend CPU per COPY).
 */
export function encodeForCopy(p: CompanyPlan, arena?: CopyArena): void {
  if (p.encoded) return;
  // line by line into the bytes (a company's lines are never all held as strings at once)
  const encode = (count: number, lineAt: (i: number) => string) =>
    arena ? arena.appendEach(count, lineAt) : copyBytes(eachLine(count, lineAt));
  const metricIds = new Set<string>();
  const cellIds = new Set<string>();
  for (const r of p.facts) {
    if (r.metricId !== null) metricIds.add(r.metricId);
    if (r.cellId !== null) cellIds.add(`${r.entityId}|${r.cellId}`);
  }
  p.encoded = {
    // sorted in place: the row objects are dropped right after
    facts: encode(p.facts.length, factLines(p, p.facts.sort(byId))),
    sightings: encode(p.sightings.length, sightingLines(p.sightings.sort(bySightingKey))),
    metricIds: [...metricIds],
    cellIds: [...cellIds],
  };
  p.facts = [];
  p.sightings = [];
  p.derived = new Map();
}

function* eachLine(count: number, lineAt: (i: number) => string): Generator<string> {
  for (let i = 0; i < count; i++) yield lineAt(i);
}

/**
 * Primary-key order within one entity (ids are lowercase hex: their code-unit order is the database's).
 * Only the speed of the COPY depends on it, not what is stored.
 */
const byId = (a: FactRow, b: FactRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const bySightingKey = (a: SightingRow, b: SightingRow) =>
  a.fact_id < b.fact_id
    ? -1
    : a.fact_id > b.fact_id
      ? 1
      : a.source_id < b.source_id
        ? -1
        : a.source_id > b.source_id
          ? 1
          : a.accession < b.accession
            ? -1
            : a.accession > b.accession
              ? 1
              : 0;

/** The new companies one worker has prepared and not yet written. */
export class CompanyBatch {
  items: BatchItem[] = [];
  facts = 0;
  private readonly ciks = new Set<string>();

  has(cik: string): boolean {
    return this.ciks.has(cik);
  }

  add(item: BatchItem): void {
    this.items.push(item);
    this.ciks.add(item.plan.cik);
    this.facts += item.plan.factsSeen;
  }

  /** empties the batch, returning what it held */
  take(): BatchItem[] {
    const out = this.items;
    this.items = [];
    this.facts = 0;
    this.ciks.clear();
    return out;
  }
}

export interface Classification {
  /** companies that are not new (their CIK or name is taken, or their bytes are stored): per-file path */
  notNew: Set<BatchItem>;
}

/**
 * Which companies of the batch are not new to the tenant: an entity with the CIK exists, or a
 * CIK-less entity goes by the same normalized name (upsertEntity would adopt it), or the same bytes
 * are stored, or were revoked (the per-file path inserts them revoked, from the ledger). One statement.
 */
export async function classifyBatch(db: Db, tenantId: string, items: BatchItem[]): Promise<Classification> {
  const res = await db.execute(sql`
    select 'cik' as kind, e.cik as value from entities e
     where e.tenant_id = ${tenantId} and e.cik in (select jsonb_array_elements_text(${JSON.stringify(items.map((i) => i.plan.cik))}::jsonb))
    union all
    select 'name', a.normalized from entity_aliases a join entities e on e.id = a.entity_id
     where e.tenant_id = ${tenantId} and e.cik is null and a.normalized in (select jsonb_array_elements_text(${JSON.stringify(items.map((i) => i.plan.normalizedName))}::jsonb))
    union all
    select 'sha', s.sha256 from sources s
     where s.tenant_id = ${tenantId} and s.sha256 in (select jsonb_array_elements_text(${JSON.stringify(items.map((i) => i.plan.source.sha256))}::jsonb))
    union all
    select 'sha', r.sha256 from source_revocations r
     where r.tenant_id = ${tenantId} and r.sha256 in (select jsonb_array_elements_text(${JSON.stringify(items.map((i) => i.plan.source.sha256))}::jsonb))`);
  const taken = new Set(rowsOf<{ kind: string; value: string }>(res).map((r) => `${r.kind}:${r.value}`));
  const notNew = new Set<BatchItem>();
  for (const i of items) {
    if (taken.has(`cik:${i.plan.cik}`) || taken.has(`name:${i.plan.normalizedName}`) || taken.has(`sha:${i.plan.source.sha256}`))
      notNew.add(i);
  }
  return { notNew };
}

/** The batch's writes would not be what the per-file path writes (a concurrent ingest got there first). */
export class BatchConflict extends Error {}

export interface BatchWriteOptions {
  tenantId: string;
  archive: string;
  /** merge with set-wise reference checks instead of row triggers (canSkipRowTriggers said yes) */
  setWiseChecks: boolean;
}

/**
 * Writes the batch's companies in the caller's transaction `tx` (on `conn`, whose COPY runs in it).
 * Every item must be new (classifyBatch first); throws BatchConflict when one turns out not to be.
 */
export async function writeBatch(conn: Connection, tx: Db, items: BatchItem[], o: BatchWriteOptions): Promise<void> {
  if (!items.length) return;
  const plans = items.map((i) => i.plan);
  const { tenantId } = o;

  // set-wise reference checks: the tenant and the metrics are checked and locked once; every other
  // row referenced is inserted by this transaction (entities, sources, facts) — row triggers off until the end
  if (conn.copyFrom) for (const p of plans) encodeForCopy(p);
  if (o.setWiseChecks) {
    const metricIds = new Set<string>();
    const cellIds = new Set<string>();
    for (const p of plans) {
      if (p.encoded) {
        for (const m of p.encoded.metricIds) metricIds.add(m);
        for (const c of p.encoded.cellIds) cellIds.add(c);
        continue;
      }
      for (const r of p.facts) {
        if (r.metricId !== null) metricIds.add(r.metricId);
        if (r.cellId !== null) cellIds.add(`${r.entityId}|${r.cellId}`);
      }
    }
    await checkAndDisableTriggers(tx, tenantId, [...metricIds], [...cellIds]);
  }
  const ents = await tx
    .insert(entities)
    .values(plans.map((p) => p.entity))
    .onConflictDoNothing()
    .returning({ id: entities.id });
  if (ents.length !== plans.length) throw new BatchConflict(`${plans.length - ents.length} entit(ies) created meanwhile`);
  // lockEntity for each (serializes with per-file ingests of the same companies), in one order
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('entity:' || id, 0)) from (select jsonb_array_elements_text(${JSON.stringify(plans.map((p) => p.entityId).sort())}::jsonb) as id) k`,
  );
  const aliases = plans.flatMap((p) => p.aliases);
  for (let i = 0; i < aliases.length; i += 5000)
    await tx
      .insert(entityAliases)
      .values(aliases.slice(i, i + 5000))
      .onConflictDoNothing();
  const calendars = plans.flatMap((p) => p.calendars);
  if (calendars.length) {
    await tx
      .insert(fiscalCalendars)
      .values(calendars)
      .onConflictDoUpdate({
        target: fiscalCalendars.id,
        set: { supersededAt: null, confidence: sql`excluded.confidence`, reason: sql`excluded.reason` },
      });
  }
  const srcs = await tx
    .insert(sources)
    .values(plans.map((p) => p.source))
    .onConflictDoNothing()
    .returning({ id: sources.id });
  if (srcs.length !== plans.length) throw new BatchConflict(`${plans.length - srcs.length} source(s) stored meanwhile`);

  // facts and sightings
  if (conn.copyFrom) {
    // the COPY text encodeForCopy made, company after company
    await conn.copyFrom(
      `copy facts (${FACT_LIST}) from stdin`,
      plans.flatMap((p) => p.encoded!.facts),
    );
    await conn.copyFrom(
      `copy fact_sightings (${SIGHTING_LIST}) from stdin`,
      plans.flatMap((p) => p.encoded!.sightings),
    );
    const dirty = plans.flatMap((p) => p.sqlChains.map((chainKey) => ({ entityId: p.entityId, chainKey })));
    if (dirty.length) await recomputeChains(tx, dirty);
  } else {
    // the batched insert writes the columns writeFacts writes; every chain with several values is re-derived in SQL
    const rows: FactRow[] = plans.flatMap((p) => p.facts);
    for (let i = 0; i < rows.length; i += 5000) await jsonbInserter.facts(tx, rows.slice(i, i + 5000));
    const sightings: SightingRow[] = plans.flatMap((p) => p.sightings);
    for (let i = 0; i < sightings.length; i += 5000) await jsonbInserter.sightings(tx, sightings.slice(i, i + 5000));
    const dirty = plans.flatMap((p) => p.multiValueChains.map((chainKey) => ({ entityId: p.entityId, chainKey })));
    if (dirty.length) await recomputeChains(tx, dirty);
  }

  const labels = plans.flatMap((p) =>
    p.labels.map((l) => ({ entity_id: p.entityId, source_id: p.sourceId, concept: l.concept, label: l.label, description: l.description })),
  );
  // no parameter in DO UPDATE SET (the time travels as a column: Citus cannot type a parameter there when it
  // sends the statement to every shard)
  const now = new Date().toISOString();
  for (let i = 0; i < labels.length; i += 20000) {
    await tx.execute(sql`
      insert into concept_labels (tenant_id, entity_id, concept, label, description, source_id, updated_at)
      select ${tenantId}, x.entity_id, x.concept, x.label, x.description, x.source_id, ${now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(labels.slice(i, i + 20000))}::jsonb) as x(entity_id text, concept text, label text, description text, source_id text)
      on conflict (tenant_id, entity_id, concept) do update set label = excluded.label, description = excluded.description, source_id = excluded.source_id, updated_at = excluded.updated_at`);
  }
  await tx.insert(auditLog).values(plans.flatMap((p) => p.audit));
  await tx.insert(ingestRuns).values(plans.map((p) => p.run));
  const progress = items.map((i) => ({
    tenantId,
    cik: i.key,
    archive: o.archive,
    entryName: i.entry.fileName,
    entryCrc32: i.entry.crc32,
    entrySize: i.entry.uncompressedSize,
    status: 'ok' as const,
    sourceId: i.plan.sourceId,
    factsSeen: i.plan.factsSeen,
    factsAdded: i.plan.factsAdded,
    errorCode: null,
    errorMessage: null,
    updatedAt: new Date(),
  }));
  await tx
    .insert(bulkIngestProgress)
    .values(progress)
    .onConflictDoUpdate({
      target: [bulkIngestProgress.tenantId, bulkIngestProgress.cik],
      set: {
        archive: sql`excluded.archive`,
        entryName: sql`excluded.entry_name`,
        entryCrc32: sql`excluded.entry_crc32`,
        entrySize: sql`excluded.entry_size`,
        status: sql`excluded.status`,
        sourceId: sql`excluded.source_id`,
        factsSeen: sql`excluded.facts_seen`,
        factsAdded: sql`excluded.facts_added`,
        errorCode: sql`excluded.error_code`,
        errorMessage: sql`excluded.error_message`,
        updatedAt: new Date(),
      },
    });
  // row triggers back on for the rest of the transaction (after an error, its rollback restores them)
  if (o.setWiseChecks) await tx.execute(sql`select set_config('session_replication_role', 'origin', true)`);
}

/**
 * Locks the tenant, the metrics and the cells (`entity_id|id`) the batch's facts name `for key share` (as the foreign-key
 * triggers would), fails with 23503 when one is missing, else turns row triggers off for the rest of
 * the transaction (until set back).
 */
async function checkAndDisableTriggers(tx: Db, tenantId: string, metricIds: string[], cellIds: string[]): Promise<void> {
  const res = await tx.execute(sql`
    with t as (select id from tenants where id = ${tenantId} for key share),
         m as (select id from metrics where id in (select jsonb_array_elements_text(${JSON.stringify(metricIds)}::jsonb)) for key share),
         c as (select x.entity_id || '|' || x.id as id from source_cells x
                where (x.entity_id, x.id) in (select split_part(v, '|', 1), split_part(v, '|', 2) from jsonb_array_elements_text(${JSON.stringify(cellIds)}::jsonb) v) for key share of x)
    select (select count(*) from t)::int as tenants, array(select id from m) as metrics, array(select id from c) as cells,
           set_config('session_replication_role',
                      case when (select count(*) from t) = 1 and (select count(*) from m) = ${metricIds.length} and (select count(*) from c) = ${cellIds.length}
                           then 'replica' else 'origin' end, true) as role`);
  const row = rowsOf<{ tenants: number; metrics: string[]; cells: string[] }>(res)[0]!;
  const have = new Set([...row.metrics, ...row.cells]);
  const missing =
    row.tenants !== 1
      ? [`tenant_id ${tenantId}`]
      : [
          ...metricIds.filter((m) => !have.has(m)).map((m) => `metric_id ${m}`),
          ...cellIds.filter((c) => !have.has(c)).map((c) => `cell_id ${c}`),
        ];
  if (missing.length) {
    const e = new Error(`insert or update on table "facts" violates foreign key constraint: ${missing.slice(0, 3).join(', ')} not present`);
    (e as Error & { code: string }).code = '23503';
    throw e;
  }
}
