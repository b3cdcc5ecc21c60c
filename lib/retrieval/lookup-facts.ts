import { sql, type SQL } from 'drizzle-orm';
import { sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import type { Role } from '@/lib/db/schema';
import type { Basis, FiscalPeriodCode, Period, Provenance, Scope } from '@/lib/domain/types';
import { relabelSplitVersions, selectVersion, type ChainVersion, type SplitEvent, type VersionCandidate } from '@/lib/calc';
import { withoutNeutral } from '@/lib/ontology/members';
import { onStatements, type StatementKind } from './statement-scope';
import { measureConcepts, oneFigurePerMemberSet, withProvenFamily } from './concept-family';

/** Where a cited number lives in its source. */
export interface Citation {
  factId: string;
  sourceId: string;
  sourceTitle: string;
  accession: string | null;
  form: string | null;
  filedAt: string;
  tableId: string | null;
  table: string | null;
  cellId: string | null;
  row: string | null;
  column: string | null;
  columnPath: string[];
  page: number | null;
  span: [number, number] | null;
}

export type FactRecord = VersionCandidate & {
  chainKey: string;
  version: number;
  isLatest: boolean;
  isOriginal: boolean;
  accession: string | null;
  form: string | null;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  durationDays: number;
  scale: number;
  citation: Citation;
  /** the primary statement the figure's cell is in (null: another table); undefined: not recorded (stored before it was) */
  statement?: StatementKind | null;
};

export interface RejectedCandidate {
  factId: string;
  reason: string;
  code: 'PERIOD_MISMATCH' | 'CONCEPT_FALLBACK' | 'OTHER_VERSION' | 'OTHER_UNIT' | 'RESTATEMENT_CONFLICT' | 'OTHER_STATEMENT';
}

export interface LookupRequest {
  db: Db;
  tenantId: string;
  /** the viewer's role, for source ACLs (omitted: only sources without an ACL) */
  role?: Role | null;
  entityId: string;
  metricId: string;
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  scope: Scope;
  basis: Basis;
  /** preferred currency when a metric is reported in several */
  reportingCurrency?: string | null;
  /**
   * Dimension members the fact must carry, exactly ({ axis: member }). Absent or empty: the
   * consolidated total only (no dimensional fact). A member fact never replaces a total, nor the reverse.
   */
  dimensions?: Record<string, string>;
  /**
   * The entity's stock splits (lib/retrieval/filings splitEvents), read only when the figure is per
   * share or a share count: a version restated by a known split, up to rounding, is a split adjustment
   */
  splitEvents?: () => Promise<readonly SplitEvent[]>;
  /** the statements the question names as its source: a figure printed there is taken from there (statement-scope.ts) */
  statements?: readonly StatementKind[];
}

/** Canonical text of a dimension set, as the fact writer stores it in `dims_key` ('' for none). */
export function dimsKeyOf(dimensions: Record<string, string> | undefined): string {
  return dimensions && Object.keys(dimensions).length ? JSON.stringify(Object.entries(dimensions).sort()) : '';
}

export type LookupResult =
  | {
      status: 'found';
      fact: FactRecord & { basisTag: string };
      restated: boolean;
      versions: number;
      candidates: FactRecord[];
      rejected: RejectedCandidate[];
      chain: ChainVersion[];
    }
  /**
   * `byBasis`: not the version the basis asks for — the named filing is not among the entity's filings
   * (`filing_not_found`), it does not report this fact (`not_in_filing`), or the chain has no such version
   * (`no_such_version`: never restated, no split adjustment)
   */
  | {
      status: 'missing';
      candidates: FactRecord[];
      rejected: RejectedCandidate[];
      reason: string;
      byBasis?: 'filing_not_found' | 'not_in_filing' | 'no_such_version' | 'not_on_statement';
    }
  | { status: 'conflict'; candidates: FactRecord[]; rejected: RejectedCandidate[]; reason: string; factIds: string[] };

interface Row {
  id: string;
  entity_id: string;
  metric_id: string | null;
  concept: string;
  value: string;
  unit: string;
  currency: string | null;
  scale: number;
  period_type: 'instant' | 'duration';
  start_date: string | null;
  end_date: string;
  duration_days: number;
  fiscal_year: number | null;
  fiscal_period: FiscalPeriodCode | null;
  scope: Scope;
  dimensions: Record<string, string>;
  source_id: string;
  source_title: string;
  accession: string | null;
  form: string | null;
  filed_at: string;
  chain_key: string;
  version: number;
  revision_kind: string | null;
  is_latest: boolean;
  is_original: boolean;
  provenance: Pick<Provenance, 'page' | 'span' | 'sourceLabel' | 'statement'>;
  cell_id: string | null;
  row_label: string | null;
  row_index: number | null;
  column_path: string[] | null;
  cell_page: number | null;
  table_id: string | null;
  table_title: string | null;
  table_page: number | null;
}

function toRecord(r: Row, asMetric?: string): FactRecord {
  const period: Period =
    r.period_type === 'instant' ? { type: 'instant', date: r.end_date } : { type: 'duration', start: r.start_date!, end: r.end_date };
  const columnPath = r.column_path ?? [];
  return {
    id: r.id,
    entityId: r.entity_id,
    // a concept may serve several measures (us-gaap:ProfitLoss): the record is the measure it was looked up as
    metricId: asMetric ?? r.metric_id,
    concept: r.concept,
    value: r.value,
    unit: r.unit,
    currency: r.currency,
    scale: r.scale,
    ...(r.provenance.statement !== undefined ? { statement: r.provenance.statement } : {}),
    period,
    scope: r.scope,
    dimensions: r.dimensions,
    fiscalYear: r.fiscal_year,
    fiscalPeriod: r.fiscal_period,
    filedAt: r.filed_at,
    chainKey: r.chain_key,
    version: r.version,
    revisionKind: r.revision_kind,
    isLatest: r.is_latest,
    isOriginal: r.is_original,
    accession: r.accession,
    form: r.form,
    durationDays: r.duration_days,
    status: 'active',
    factIds: [r.id],
    citation: {
      factId: r.id,
      sourceId: r.source_id,
      sourceTitle: r.source_title,
      accession: r.accession,
      form: r.form,
      filedAt: r.filed_at,
      tableId: r.table_id,
      table: r.table_title,
      cellId: r.cell_id,
      row: r.row_label,
      column: columnPath.length ? columnPath.join(' › ') : (r.provenance.sourceLabel ?? null),
      columnPath,
      page: r.cell_page ?? r.table_page ?? r.provenance.page ?? null,
      span: r.provenance.span ?? null,
    },
  };
}

/**
 * Active facts the scope may see (tenant, source neither revoked nor embargoed nor ACL-hidden), with
 * their citation, among the facts matching `narrow` (a condition on `facts f`). The narrowing runs
 * first, in a materialized CTE: otherwise the planner, misjudging how few sources pass the visibility
 * predicate, starts from sources and scans each source's facts (about 3× slower on the real data).
 * The tenant and status conditions are inside the CTE and the source join is the visibility check
 * (factVisible's semi-join on the same source row would only be planned twice: planning, not
 * execution, is most of a lookup's database time — 1.4–7.7 ms against 0.3–0.7 ms at 1.2M facts).
 */
function selectVisible(scope: VisibilityScope, entityId: string, narrow: SQL) {
  // the cells and tables are partitioned by entity like the facts (the shard key): naming the entity in
  // their join lets the planner keep one partition of each instead of planning an append over all of them
  // (planning the lookup took ~7 ms of the database's CPU with the joins open, most of an answer's)
  return sql`
  with cand as materialized (select * from facts f where f.tenant_id = ${scope.tenantId} and f.status = 'active' and f.entity_id = ${entityId} and ${narrow})
  select f.id, f.entity_id, f.metric_id, f.concept, f.value::text as value, f.unit, f.currency, f.scale,
         f.period_type, f.start_date::text as start_date, f.end_date::text as end_date, f.duration_days,
         f.fiscal_year, f.fiscal_period, f.scope, f.dimensions, f.source_id, s.title as source_title,
         f.accession, f.form, f.filed_at::text as filed_at, f.chain_key, f.version, f.revision_kind, f.is_latest, f.is_original,
         f.provenance, f.cell_id, c.row_label, c.row_index, c.column_path, c.page as cell_page,
         t.id as table_id, t.title as table_title, t.page as table_page
  from cand f
  join sources s on s.id = f.source_id
  left join source_cells c on c.entity_id = ${entityId} and c.entity_id = f.entity_id and c.id = f.cell_id
  left join source_tables t on t.entity_id = ${entityId} and t.entity_id = c.entity_id and t.id = c.table_id
  where ${sourceVisible(scope, 's')}`;
}

function samePeriod(a: Period, b: Period): boolean {
  if (a.type !== b.type) return false;
  return a.type === 'instant' ? a.date === (b as typeof a).date : a.start === (b as typeof a).start && a.end === (b as typeof a).end;
}

/** The facts of a measure: its own id or a concept of its chain (`concept:<qname>`: a reported concept outside the ontology, asked by its label). */
function metricCondition(metricId: string): { chainConcepts: string[]; byMetric: SQL } {
  const ownConcept = metricId.startsWith('concept:') ? metricId.slice('concept:'.length) : null;
  const chainConcepts = ownConcept ? [ownConcept] : measureConcepts(metricId);
  if (ownConcept) return { chainConcepts, byMetric: sql`f.concept = ${ownConcept}` };
  if (!chainConcepts.length) return { chainConcepts, byMetric: sql`f.metric_id = ${metricId}` };
  const inChain = sql.join(
    chainConcepts.map((c) => sql`${c}`),
    sql`, `,
  );
  return { chainConcepts, byMetric: sql`(f.metric_id = ${metricId} or f.concept in (${inChain}))` };
}

/**
 * Typed fact lookup: one metric of one entity for exactly one period (by its bounds, or by the fiscal
 * label derived from the dates at ingestion), under a restatement basis. A fact belongs to the metric
 * when it was stored under it or its concept is in the metric's concept chain. Consolidated totals
 * only (dims_key '') unless `dimensions` names members, then exactly those members. Returns the
 * candidates considered and why the others were set aside.
 */
export async function lookupFact(req: LookupRequest): Promise<LookupResult> {
  const { db, tenantId, role, entityId, metricId, period, scope } = req;
  const byBounds =
    period.type === 'instant'
      ? sql`(f.period_type = 'instant' and f.end_date = ${period.date})`
      : sql`(f.period_type = 'duration' and f.start_date = ${period.start} and f.end_date = ${period.end})`;
  const byLabel =
    req.fiscalYear !== null && req.fiscalPeriod !== null && req.fiscalPeriod !== 'OTHER'
      ? sql` or (f.period_type = ${period.type} and f.fiscal_year = ${req.fiscalYear} and f.fiscal_period = ${req.fiscalPeriod})`
      : sql``;
  const { chainConcepts, byMetric } = metricCondition(metricId);
  // members: exactly the requested non-neutral members (a segment's figure may also carry the
  // neutral "operating segments" consolidation item); never a narrower slice, never the total
  const wanted = withoutNeutral(req.dimensions ?? {});
  const wantedKey = dimsKeyOf(wanted);
  const byDims = wantedKey === '' ? sql`f.dims_key = ''` : sql`f.dims_key <> '' and f.dimensions @> ${JSON.stringify(wanted)}::jsonb`;
  const narrow = sql`${byMetric}
      and f.scope = ${scope} and ${byDims} and (${byBounds}${byLabel})`;
  const res = await executePrepared(
    db,
    sql`${selectVisible({ tenantId, role }, entityId, narrow)}
    order by f.filed_at, f.id`,
  );
  const candidates = oneFigurePerMemberSet(await withProvenFamily(db, { tenantId, role }, entityId, metricId, rowsOf<Row>(res)))
    .filter((r) => wantedKey === '' || dimsKeyOf(withoutNeutral(r.dimensions)) === wantedKey)
    .map((r) => toRecord(r, metricId));
  if (candidates.length === 0) return { status: 'missing', candidates, rejected: [], reason: 'no fact reported for exactly this period' };
  // the statements the question names: a figure printed there is taken from there, never from a note in its place
  const scoped = onStatements(candidates, req.statements);
  if (!scoped.ok) return { status: 'missing', candidates, rejected: scoped.rejected, reason: scoped.reason, byBasis: 'not_on_statement' };
  const rejected: RejectedCandidate[] = [...scoped.rejected];

  // exact bounds win; label matches with other bounds are used only when nothing matches exactly
  const exact = scoped.kept.filter((c) => samePeriod(c.period, period));
  let pool = exact.length ? exact : scoped.kept;
  if (exact.length) {
    for (const c of scoped.kept)
      if (!exact.includes(c)) rejected.push({ factId: c.id, code: 'PERIOD_MISMATCH', reason: `bounds differ from the requested period` });
  } else {
    const boundsSeen = new Set(scoped.kept.map((c) => JSON.stringify(c.period)));
    if (boundsSeen.size > 1) {
      return {
        status: 'conflict',
        candidates,
        rejected,
        reason: `facts labelled ${req.fiscalPeriod} FY${req.fiscalYear} carry ${boundsSeen.size} different date ranges`,
        factIds: scoped.kept.map((c) => c.id),
      };
    }
  }

  // a named filing: only what that filing reported counts, so the concept and unit are the ones it used
  // (an older filing may have used a concept later filings replaced); the chain's other versions stay
  // candidates, so the answer can say that other versions exist
  const filing = req.basis.kind === 'filing' ? req.basis.filing : undefined;
  let sighted: FactRecord[] | null = null;
  if (filing) {
    const seen = await sightingsOf(
      db,
      { tenantId, role },
      entityId,
      pool.map((c) => c.id),
    );
    pool = pool.map((c) => ({ ...c, sightings: seen.get(c.id) ?? [] }));
    sighted = pool.filter((c) => c.sightings!.some((a) => filing.accessions.includes(a)));
    if (sighted.length === 0) {
      return {
        status: 'missing',
        candidates,
        rejected,
        reason: `${filing.label} (filed ${filing.filedAt}) does not report it`,
        byBasis: 'not_in_filing',
      };
    }
  }

  // concept fallback chain: the earliest concept of the metric's chain that has facts
  const chain = chainConcepts;
  const rank = (c: FactRecord) => {
    const i = chain.indexOf(c.concept);
    return i < 0 ? chain.length : i;
  };
  const best = Math.min(...(sighted ?? pool).map(rank));
  for (const c of pool)
    if (rank(c) !== best)
      rejected.push({
        factId: c.id,
        code: 'CONCEPT_FALLBACK',
        reason: `${c.concept} ranks below ${chain[best] ?? 'the chosen concept'} in the metric's concept chain`,
      });
  pool = pool.filter((c) => rank(c) === best);

  // one unit: the reporting currency when several are reported
  const units = [...new Set(pool.map((c) => c.unit))];
  if (units.length > 1) {
    const own = sighted ? new Set(sighted.filter((c) => rank(c) === best).map((c) => c.unit)) : null;
    const preferred =
      units.find((u) => u === req.reportingCurrency && (!own || own.has(u))) ??
      units.find((u) => u === 'USD' && (!own || own.has(u))) ??
      units.filter((u) => !own || own.has(u)).sort()[0]!;
    for (const c of pool)
      if (c.unit !== preferred) rejected.push({ factId: c.id, code: 'OTHER_UNIT', reason: `reported in ${c.unit}; ${preferred} chosen` });
    pool = pool.filter((c) => c.unit === preferred);
  }

  if (req.splitEvents && (pool[0]!.unit === 'shares' || pool[0]!.unit.endsWith('/shares')))
    pool = relabelSplitVersions(pool, await req.splitEvents());
  // "as originally reported": which versions the period's own report gave (never a later comparative)
  if (req.basis.kind === 'original') {
    const ends = await ownPeriodEnds(
      db,
      { tenantId, role },
      entityId,
      pool.map((c) => c.id),
    );
    pool = pool.map((c) => {
      const own = ends.get(c.id);
      const end = c.period.type === 'instant' ? c.period.date : c.period.end;
      // the balance at its own period end, or a cover-page instant dated after it up to its filing date
      return own
        ? { ...c, ownReport: own.some((o) => o.end === end || (c.period.type === 'instant' && o.end < end && end <= o.filedAt)) }
        : c;
    });
  }
  const chosen = selectVersion(pool, req.basis);
  if (!chosen.ok) {
    const conflict = chosen.errors.find((e) => e.code === 'RESTATEMENT_CONFLICT');
    if (conflict) {
      return { status: 'conflict', candidates, rejected, reason: conflict.message, factIds: conflict.factIds };
    }
    return { status: 'missing', candidates, rejected, reason: chosen.errors.map((e) => e.message).join('; '), byBasis: 'no_such_version' };
  }
  for (const c of pool) {
    if (c.id !== chosen.fact.id)
      rejected.push({
        factId: c.id,
        code: 'OTHER_VERSION',
        reason: `version ${c.version} (filed ${c.filedAt}, value ${c.value}) not chosen under the ${chosen.basisTag} basis`,
      });
  }
  // the citation of a value taken from a named filing is that filing (the fact may have been first filed earlier)
  const fact = filing
    ? {
        ...chosen.fact,
        citation: {
          ...chosen.fact.citation,
          accession: filing.accessions.find((a) => chosen.fact.sightings?.includes(a)) ?? filing.accessions[0]!,
          form: filing.form,
          filedAt: filing.filedAt,
        },
      }
    : chosen.fact;
  return { status: 'found', fact, restated: chosen.restated, versions: pool.length, candidates, rejected, chain: chosen.chain };
}

/** A table row's fact at one period (its latest version): the fact, its printed row and its table. */
export interface PeriodLine {
  fact: FactRecord & { basisTag: string };
  row: number;
  tableId: string;
  tableTitle: string | null;
}

/**
 * The printed table rows of one period: the latest versions of the consolidated facts without dimensions
 * whose cells sit in a table (the latest-version basis), newest filing first, in printed order within each table (`narrow`: a further condition on `facts f`).
 */
async function linesAt(db: Db, scope: VisibilityScope, entityId: string, period: Period, narrow: SQL = sql`true`): Promise<PeriodLine[]> {
  const bounds =
    period.type === 'instant'
      ? sql`f.period_type = 'instant' and f.end_date = ${period.date}`
      : sql`f.period_type = 'duration' and f.start_date = ${period.start} and f.end_date = ${period.end}`;
  const cond = sql`f.dims_key = '' and f.scope = 'consolidated' and f.is_latest and f.cell_id is not null and ${bounds} and ${narrow}`;
  const rows = rowsOf<Row>(await db.execute(sql`${selectVisible(scope, entityId, cond)} order by f.filed_at desc, t.id, c.row_index`));
  return rows.flatMap((r) =>
    r.table_id !== null && r.row_index !== null
      ? [{ fact: { ...toRecord(r), basisTag: 'latest' }, row: r.row_index, tableId: r.table_id, tableTitle: r.table_title }]
      : [],
  );
}

/**
 * The lines of one primary statement for one period, in the order printed: the consolidated facts of the
 * newest visible filing whose cells are on that statement (recorded at ingestion, `provenance.statement`),
 * each with its row. Empty when no filing recorded the statement (facts stored before statements were).
 */
export async function statementLines(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  statement: StatementKind,
  period: Period,
): Promise<PeriodLine[]> {
  const rows = await linesAt(db, scope, entityId, period, sql`f.provenance->>'statement' = ${statement}`);
  // the newest filing's statement table: one table, its rows in order
  const table = rows[0]?.tableId;
  return rows.filter((r) => r.tableId === table);
}

/** Every printed table row of one period (statements, notes, the MD&A), newest filing first, in printed order per table. */
export async function periodLines(db: Db, scope: VisibilityScope, entityId: string, period: Period): Promise<PeriodLine[]> {
  return linesAt(db, scope, entityId, period);
}

/**
 * For each fact, the own period end of every visible filing that reported it: the latest end among the
 * durations that filing reported (a 10-K's fiscal year, a 10-Q's quarter and year to date), else the
 * source's period of report. A filing is one accession of a source (companyfacts holds many), or the
 * source itself when its sightings carry no accession. Dates, never the filing's `fy` label.
 */
async function ownPeriodEnds(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  factIds: string[],
): Promise<Map<string, { end: string; filedAt: string }[]>> {
  const out = new Map<string, { end: string; filedAt: string }[]>();
  if (factIds.length === 0) return out;
  const res = await executePrepared(
    db,
    sql`
    with seen as (
      select s.fact_id, s.source_id, s.accession from fact_sightings s
      join sources src on src.id = s.source_id
      where s.entity_id = ${entityId} and s.fact_id in (${sql.join(
        factIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and ${sourceVisible(scope, 'src')}
    ), filing as (
      select s.source_id, s.accession,
             coalesce(max(f.end_date) filter (where f.period_type = 'duration'), max(src.period_of_report))::text as own_end, min(s.filed_at)::text as filed_at
      from fact_sightings s
      join facts f on f.entity_id = s.entity_id and f.id = s.fact_id and f.status = 'active'
      join sources src on src.id = s.source_id
      where s.entity_id = ${entityId} and (s.source_id, s.accession) in (select source_id, accession from seen)
      group by s.source_id, s.accession
    )
    select seen.fact_id, filing.own_end, filing.filed_at from seen join filing on filing.source_id = seen.source_id and filing.accession = seen.accession`,
  );
  for (const r of rowsOf<{ fact_id: string; own_end: string | null; filed_at: string }>(res)) {
    const list = out.get(r.fact_id) ?? [];
    if (r.own_end) list.push({ end: r.own_end, filedAt: r.filed_at });
    out.set(r.fact_id, list);
  }
  return out;
}

/** Accessions of the visible filings that reported each fact (of one entity: the sightings' key leads with it). */
async function sightingsOf(db: Db, scope: VisibilityScope, entityId: string, factIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (factIds.length === 0) return out;
  const res = await executePrepared(
    db,
    sql`
    select s.fact_id, s.accession from fact_sightings s
    join sources src on src.id = s.source_id
    where s.entity_id = ${entityId} and s.fact_id in (${sql.join(
      factIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and s.accession <> '' and ${sourceVisible(scope, 'src')}`,
  );
  for (const r of rowsOf<{ fact_id: string; accession: string }>(res)) {
    const list = out.get(r.fact_id);
    if (list) list.push(r.accession);
    else out.set(r.fact_id, [r.accession]);
  }
  return out;
}
