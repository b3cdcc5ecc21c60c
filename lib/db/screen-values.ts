/**
 * The screen values: each company's chosen fact per (tenant, measure, fiscal year), kept in step with the facts
 * so that a universe screen reads one row per company and measure instead of every candidate fact of every
 * company (and choosing among them at every screen).
 *
 * A row holds what a screen computes for the key: among the active, consolidated, undimensioned facts labelled
 * FY of the fiscal year that belong to the measure (its id, or a concept of its chain), the value the typed
 * lookup chooses (`chooseScreenValue`: one set of dates, the earliest concept of the chain, one unit, the latest
 * version), or why there is none (the error the choice gives); and the calendar years the candidates' durations
 * end in (a "calendar 2024" screen takes the last fiscal year ending in 2024). The same function chooses for the
 * screens' fallback read, so the two paths give the same answer by construction
 * (lib/screens/screen-values.int.test.ts compares them).
 *
 * Visibility: candidates of revoked sources (the flag or the ledger) are left out, as no viewer sees them. When
 * any candidate comes from a source that some viewer of the tenant may not see (an ACL, or an embargo not yet
 * lapsed), the row is `mixed`: it holds no choice, and a screen computes that company from its facts with the
 * viewer's own visibility. So what a row holds is what every viewer of the tenant would compute.
 *
 * Kept in step by whatever changes what a row depends on, in the same transaction: fact writes
 * (lib/facts/write-facts.ts), a fact bound out of quarantine, fiscal labels re-derived, a source revoked or its
 * access changed, an entity's reporting currency (refreshScreenValues / refreshScreenValuesOfSources). A tenant
 * whose `screen_values_version` is not SCREEN_VALUES_VERSION (existing data when the table came, or a change of
 * the derivation) is answered from the facts until migrate() has rebuilt it (rebuildStaleScreenValues).
 */
import { sql } from 'drizzle-orm';
import { type SelectVersionResult, selectVersion, type VersionCandidate } from '@/lib/calc';
import type { FiscalPeriodCode, Period } from '@/lib/domain/types';
import { METRICS } from '@/lib/ontology/metrics';
import { type Db, pgArray, rowsOf } from './client';

/**
 * The derivation's version: a tenant whose rows were built by another one is rebuilt by migrate(). Bump it (and
 * the column's default, in a migration) when what a row holds changes: the choice, the candidates, the chains.
 */
export const SCREEN_VALUES_VERSION = 1;

/** A fact a screen may use: one measure of one company for one fiscal year, consolidated, no members. */
export type ScreenFact = VersionCandidate & {
  chainKey: string;
  version: number;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriodCode;
  sourceId: string;
};

/** The columns a screen fact is built from (the facts' names, dates and numbers as text). */
export interface ScreenFactRow {
  id: string;
  entity_id: string;
  metric_id: string | null;
  concept: string;
  value: string;
  unit: string;
  currency: string | null;
  period_type: 'instant' | 'duration';
  start_date: string | null;
  end_date: string;
  fiscal_year: number;
  chain_key: string;
  version: number;
  filed_at: string;
  revision_kind: string | null;
  accession: string | null;
  form: string | null;
  source_id: string;
}

/** A screen fact from its row; null for a duration stored without its start (no calculation may use it). */
export function screenFactOf(r: ScreenFactRow): ScreenFact | null {
  if (r.period_type === 'duration' && r.start_date === null) return null;
  const period: Period =
    r.period_type === 'duration' && r.start_date !== null
      ? { type: 'duration', start: r.start_date, end: r.end_date }
      : { type: 'instant', date: r.end_date };
  return {
    id: r.id,
    entityId: r.entity_id,
    metricId: r.metric_id,
    concept: r.concept,
    value: r.value,
    unit: r.unit,
    currency: r.currency,
    period,
    scope: 'consolidated',
    dimensions: {},
    fiscalYear: Number(r.fiscal_year),
    fiscalPeriod: 'FY',
    filedAt: r.filed_at,
    chainKey: r.chain_key,
    version: Number(r.version),
    revisionKind: r.revision_kind,
    accession: r.accession,
    form: r.form,
    status: 'active',
    factIds: [r.id],
    sourceId: r.source_id,
  };
}

export type ScreenChoice = { ok: true; fact: ScreenFact } | { ok: false; code: string; message: string; factIds: string[] };

/**
 * The value of one measure of one company for one fiscal year, chosen as the typed lookup chooses it for a
 * period named by its fiscal label: label matches with one set of dates (else a conflict), the earliest concept
 * of the measure's chain, one unit (the reporting currency, else USD), then the latest version.
 */
export function chooseScreenValue(candidates: ScreenFact[], chain: string[], reportingCurrency: string | null): ScreenChoice {
  if (candidates.length === 0) return { ok: false, code: 'MISSING_FACT', message: 'not reported', factIds: [] };
  const bounds = new Set(candidates.map((c) => (c.period.type === 'instant' ? c.period.date : `${c.period.start}/${c.period.end}`)));
  if (bounds.size > 1)
    return {
      ok: false,
      code: 'PERIOD_MISMATCH',
      message: `facts labelled FY${candidates[0]?.fiscalYear} carry ${bounds.size} different date ranges`,
      factIds: candidates.map((c) => c.id),
    };
  const rank = (c: ScreenFact) => {
    const i = chain.indexOf(c.concept);
    return i < 0 ? chain.length : i;
  };
  const best = Math.min(...candidates.map(rank));
  let pool = candidates.filter((c) => rank(c) === best);
  const units = [...new Set(pool.map((c) => c.unit))].sort();
  if (units.length > 1) {
    const unit = units.find((u) => u === reportingCurrency) ?? units.find((u) => u === 'USD') ?? units[0];
    pool = pool.filter((c) => c.unit === unit);
  }
  const chosen: SelectVersionResult<ScreenFact> = selectVersion(pool, { kind: 'latest' });
  if (!chosen.ok) {
    const e = chosen.errors[0];
    return { ok: false, code: e?.code ?? 'MISSING_FACT', message: e?.message ?? 'no version chosen', factIds: e?.factIds ?? [] };
  }
  return { ok: true, fact: chosen.fact };
}

/** The measures a row is kept for: every measure of the ontology, with its concept chain. */
const CHAINS = new Map(METRICS.map((m) => [m.id, m.concepts]));
const ALL_METRIC_IDS = [...CHAINS.keys()];
const ALL_CONCEPTS = [...new Set([...CHAINS.values()].flat())];
/** concept → the measures whose chain lists it */
const METRICS_OF_CONCEPT = new Map<string, string[]>();
for (const [m, chain] of CHAINS)
  for (const c of new Set(chain)) {
    const list = METRICS_OF_CONCEPT.get(c);
    if (list) list.push(m);
    else METRICS_OF_CONCEPT.set(c, [m]);
  }

/** Whether screens read the measure from the screen values (every ontology measure; `concept:` columns do not). */
export function keptInScreenValues(metric: string): boolean {
  return CHAINS.has(metric);
}

const ALL_METRICS_PARAM = pgArray(ALL_METRIC_IDS);
const ALL_CONCEPTS_PARAM = pgArray(ALL_CONCEPTS);

/** The calendar year a period ends in (a "calendar 2024" screen takes the last fiscal year whose duration ends in 2024). */
export const endYearOf = (p: Period) => Number((p.type === 'instant' ? p.date : p.end).slice(0, 4));

interface CandidateRow extends ScreenFactRow {
  restricted: boolean;
}

/** Entities per refresh statement (their candidate facts are read, chosen, and their rows replaced). */
const ENTITY_BATCH = 100;

/**
 * Recompute the screen values of these entities of the tenant from their facts (delete, then insert what the
 * choice gives now). Idempotent; call inside the transaction that changed what they depend on.
 */
export async function refreshScreenValues(db: Db, tenantId: string, entityIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(entityIds)].sort();
  for (let i = 0; i < ids.length; i += ENTITY_BATCH) await refreshBatch(db, tenantId, ids.slice(i, i + ENTITY_BATCH));
}

async function refreshBatch(db: Db, tenantId: string, entityIds: string[]): Promise<void> {
  const idsParam = pgArray(entityIds);
  // the planner cannot tell which partitions (shards) a list of entities falls in, so it counts every partition's
  // share of the list's facts: at 10,000 companies a batch's read was costed past JIT's threshold, and compiling it
  // took 14 s of a 17 s statement. The read is a few index probes per company: no JIT (for this transaction)
  await db.execute(sql`set local jit = off`);
  // every candidate of every kept measure: no viewer sees a revoked source's facts; a source some viewer may not
  // see (ACL, an embargo not lapsed) makes its keys `mixed`
  const res = await db.execute(sql`
    select f.id, f.entity_id, f.metric_id, f.concept, f.value::text as value, f.unit, f.currency, f.period_type,
           f.start_date::text as start_date, f.end_date::text as end_date, f.fiscal_year, f.chain_key, f.version,
           f.filed_at::text as filed_at, f.revision_kind, f.accession, f.form, f.source_id,
           (cardinality(s.acl_roles) > 0 or (s.effective_at is not null and s.effective_at > now())) as restricted
    from facts f join sources s on s.id = f.source_id
    where f.tenant_id = ${tenantId} and f.entity_id = any(${idsParam}::text[])
      and f.status = 'active' and f.dims_key = '' and f.scope = 'consolidated' and f.fiscal_period = 'FY'
      and f.fiscal_year is not null
      and (f.metric_id = any(${ALL_METRICS_PARAM}::text[]) or f.concept = any(${ALL_CONCEPTS_PARAM}::text[]))
      and s.tenant_id = ${tenantId} and s.revoked = false and s.content_revoked = false`);
  const candidates = rowsOf<CandidateRow>(res);
  const currencies = new Map<string, string | null>();
  if (candidates.length) {
    const cur = await db.execute(
      sql`select id, reporting_currency from entities where tenant_id = ${tenantId} and id = any(${idsParam}::text[])`,
    );
    for (const r of rowsOf<{ id: string; reporting_currency: string | null }>(cur)) currencies.set(r.id, r.reporting_currency);
  }
  // the facts' id order, as the screens' read takes them (the choice's error lists keep that order)
  candidates.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups = new Map<string, { entityId: string; metric: string; year: number; facts: ScreenFact[]; restricted: boolean }>();
  for (const r of candidates) {
    const fact = screenFactOf(r);
    if (!fact) continue;
    const metrics = new Set<string>(METRICS_OF_CONCEPT.get(r.concept) ?? []);
    if (r.metric_id && CHAINS.has(r.metric_id)) metrics.add(r.metric_id);
    for (const metric of metrics) {
      const key = `${r.entity_id}\u0000${metric}\u0000${fact.fiscalYear}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { entityId: r.entity_id, metric, year: fact.fiscalYear, facts: [], restricted: false }));
      g.facts.push(fact);
      if (r.restricted) g.restricted = true;
    }
  }
  const rows: unknown[][] = [];
  for (const g of groups.values()) {
    const endYears = [...new Set(g.facts.filter((f) => f.period.type === 'duration').map((f) => endYearOf(f.period)))].sort();
    if (g.restricted) {
      rows.push([g.entityId, g.metric, g.year, true, endYears, null, null, null, null]);
      continue;
    }
    const c = chooseScreenValue(g.facts, CHAINS.get(g.metric) ?? [], currencies.get(g.entityId) ?? null);
    if (c.ok) rows.push([g.entityId, g.metric, g.year, false, endYears, c.fact.id, null, null, null]);
    else rows.push([g.entityId, g.metric, g.year, false, endYears, null, c.code, c.message, c.factIds]);
  }
  await db.execute(sql`delete from screen_values where tenant_id = ${tenantId} and entity_id = any(${idsParam}::text[])`);
  if (rows.length === 0) return;
  const byId = new Map(candidates.map((r) => [r.id, r]));
  const encoded = rows.map(([entityId, metric, year, mixed, endYears, factId, code, message, factIds]) => {
    const f = factId ? byId.get(factId as string) : undefined;
    return [
      entityId,
      metric,
      year,
      mixed,
      endYears,
      code,
      message,
      factIds,
      f ? [f.id, f.metric_id, f.concept, f.value, f.unit, f.currency, f.period_type, f.start_date, f.end_date] : null,
      f ? [f.chain_key, f.version, f.filed_at, f.revision_kind, f.accession, f.form, f.source_id] : null,
    ];
  });
  for (let i = 0; i < encoded.length; i += 5000) {
    const slice = JSON.stringify(encoded.slice(i, i + 5000));
    await db.execute(sql`
      insert into screen_values (tenant_id, entity_id, metric_id, fiscal_year, mixed, end_years, error_code, error_message,
        error_fact_ids, fact_id, fact_metric_id, concept, value, unit, currency, period_type, start_date, end_date,
        chain_key, version, filed_at, revision_kind, accession, form, source_id)
      select ${tenantId}, r->>0, r->>1, (r->>2)::int, (r->>3)::boolean,
        array(select jsonb_array_elements_text(r->4))::int[], r->>5, r->>6,
        case when jsonb_typeof(r->7) = 'array' then array(select jsonb_array_elements_text(r->7)) end,
        r->8->>0, r->8->>1, r->8->>2, (r->8->>3)::numeric, r->8->>4, r->8->>5, r->8->>6, (r->8->>7)::date, (r->8->>8)::date,
        r->9->>0, (r->9->>1)::int, (r->9->>2)::date, r->9->>3, r->9->>4, r->9->>5, r->9->>6
      from jsonb_array_elements(${slice}::jsonb) as r`);
  }
}

/** Recompute the screen values of every entity with a fact from these sources (a source revoked, its access changed). */
export async function refreshScreenValuesOfSources(db: Db, tenantId: string, sourceIds: string[]): Promise<void> {
  if (sourceIds.length === 0) return;
  const res = await db.execute(
    sql`select distinct entity_id from facts where tenant_id = ${tenantId} and source_id = any(${pgArray(sourceIds)}::text[])`,
  );
  await refreshScreenValues(
    db,
    tenantId,
    rowsOf<{ entity_id: string }>(res).map((r) => r.entity_id),
  );
}

/** Rebuild every screen value of the tenant, then mark it current (one transaction per batch of entities). */
export async function rebuildScreenValues(db: Db, tenantId: string, log?: (line: string) => void): Promise<void> {
  const res = await db.execute(sql`select id from entities where tenant_id = ${tenantId} order by id`);
  const ids = rowsOf<{ id: string }>(res).map((r) => r.id);
  const t0 = performance.now();
  for (let i = 0; i < ids.length; i += ENTITY_BATCH) {
    const batch = ids.slice(i, i + ENTITY_BATCH);
    await db.transaction(async (tx) => refreshBatch(tx, tenantId, batch));
    if (log && (i / ENTITY_BATCH) % 10 === 9)
      log(`screen values: ${i + batch.length} of ${ids.length} companies (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  // rows of entities that are gone
  await db.execute(sql`delete from screen_values v where v.tenant_id = ${tenantId}
    and not exists (select 1 from entities e where e.id = v.entity_id and e.tenant_id = v.tenant_id)`);
  await db.execute(sql`update tenants set screen_values_version = ${SCREEN_VALUES_VERSION} where id = ${tenantId}`);
}

/** Rebuild the tenants whose screen values were built by another derivation, or never (migrate() runs this). */
export async function rebuildStaleScreenValues(db: Db, log?: (line: string) => void): Promise<string[]> {
  const res = await db.execute(sql`select id from tenants where screen_values_version <> ${SCREEN_VALUES_VERSION} order by id`);
  const stale = rowsOf<{ id: string }>(res).map((r) => r.id);
  for (const t of stale) {
    log?.(`screen values: rebuilding tenant ${t}`);
    await rebuildScreenValues(db, t, log);
  }
  return stale;
}

/** Whether the tenant's screen values are current (else screens read the facts). */
export async function screenValuesCurrent(db: Db, tenantId: string): Promise<boolean> {
  const res = await db.execute(sql`select screen_values_version from tenants where id = ${tenantId}`);
  const v = rowsOf<{ screen_values_version: number }>(res)[0]?.screen_values_version;
  return Number(v) === SCREEN_VALUES_VERSION;
}
