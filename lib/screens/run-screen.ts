import { inArray } from 'drizzle-orm';
import type { VisibilityScope } from '@/lib/auth/visibility';
import { type CalcResult, growth, ratio, type TypedError } from '@/lib/calc';
import type { Db } from '@/lib/db/client';
import { entities } from '@/lib/db/schema';
import { chooseScreenValue, endYearOf, keptInScreenValues, type ScreenChoice, screenValuesCurrent } from '@/lib/db/screen-values';
import type { Period } from '@/lib/domain/types';
import { AppError } from '@/lib/errors';
import { getMetric } from '@/lib/ontology/metrics';
import { readScreenFacts, type ScreenFact } from './read-screen-facts';
import { rankScreenValues } from './rank-screen-values';
import { readScreenValues, type ScreenValue } from './read-screen-values';
import { type ScreenColumn, type ScreenInput, type ScreenSpec, screenInputSchema } from './screen-input';

export interface RunScreenOptions extends VisibilityScope {
  db: Db;
  input: ScreenInput;
  /**
   * Where the chosen facts come from: `auto` (default) reads the screen values (lib/db/screen-values.ts) when the
   * tenant's are current and every column's measure is kept there, else the facts; `facts` always computes every
   * company from its facts (the comparison in the tests and the bench).
   */
  from?: 'auto' | 'facts';
}

/** One cell: the column's value for the company's period, or why there is none. */
export interface ScreenCell {
  value: number | null;
  display: string | null;
  unit: string | null;
  /** the facts behind the value (one per operand) */
  factIds: string[];
  /** e.g. "operating_income / revenue", "revenue FY2024 vs FY2023" */
  formula: string | null;
  error: { code: string; message: string } | null;
}

export interface ScreenRow {
  rank: number;
  entity: { id: string; name: string; ticker: string | null; sic: string | null; sicDescription: string | null };
  /** the company's own fiscal year used, and its dates */
  fiscalYear: number;
  period: Period;
  cells: Record<string, ScreenCell>;
}

export interface ScreenResult {
  spec: ScreenSpec;
  /** which periods were used, in words ("each company's fiscal year ending in calendar 2024") */
  periodNote: string;
  /** companies with a fiscal year for the screen, those that passed the filters, and the rows shown */
  considered: number;
  matched: number;
  rows: ScreenRow[];
  /** companies set aside, by reason (no value, a period conflict, a failed calculation check) */
  excluded: Record<string, number>;
}

/** A measure's facts: the stored measure id, and the concepts of its concept chain (the earliest wins). */
function chainOf(metric: string): string[] {
  if (metric.startsWith('concept:')) return [metric.slice('concept:'.length)];
  const def = getMetric(metric);
  if (!def) throw new AppError('bad_request:screen_metric', `Unknown measure: ${metric}`);
  return def.concepts;
}

function metricsOf(c: ScreenColumn): string[] {
  return c.kind === 'ratio' ? [c.numerator, c.denominator] : [c.metric];
}

/** The company's fiscal year for the screen: the one labelled `year`, or (calendar) the last one whose duration ends in `year`. */
function targetYear(held: readonly { fiscalYear: number; endYears: readonly number[] }[], spec: ScreenSpec): number | null {
  if (spec.yearBasis === 'fiscal') return held.some((h) => h.fiscalYear === spec.year) ? spec.year : null;
  const ending = held.filter((h) => h.endYears.includes(spec.year)).map((h) => h.fiscalYear);
  return ending.length ? Math.max(...ending) : null;
}

function cellOf(r: CalcResult | ScreenChoice, formula: string): ScreenCell {
  if ('fact' in r) {
    const n = Number(r.fact.value);
    return { value: n, display: null, unit: r.fact.unit, factIds: [r.fact.id], formula, error: null };
  }
  if ('op' in r) {
    if (r.ok) return { value: r.value, display: r.display, unit: r.unit, factIds: r.operandFactIds, formula: r.formula, error: null };
    const e: TypedError | undefined = r.errors[0];
    return {
      value: null,
      display: null,
      unit: null,
      factIds: e?.factIds ?? [],
      formula,
      error: { code: e?.code ?? 'MISSING_FACT', message: e?.message ?? '' },
    };
  }
  return { value: null, display: null, unit: null, factIds: r.factIds, formula, error: { code: r.code, message: r.message } };
}

function passes(cell: ScreenCell | undefined, op: '>' | '>=' | '<' | '<=', v: number): boolean {
  if (!cell || cell.value === null) return false;
  const x = cell.value;
  return op === '>' ? x > v : op === '>=' ? x >= v : op === '<' ? x < v : x <= v;
}

type Company = { entityId: string; fy: number; pick: (metric: string, year: number) => ScreenChoice };
type ComputedRow = Omit<ScreenRow, 'rank' | 'entity'>;

/** The companies of a set of screen values (those with a `mixed` row aside: computed from their facts). */
function companiesFromValues(values: ScreenValue[], spec: ScreenSpec): { companies: Company[]; mixed: Set<string> } {
  const byEntity = new Map<string, ScreenValue[]>();
  const mixed = new Set<string>();
  for (const v of values) {
    if (v.mixed) mixed.add(v.entityId);
    const list = byEntity.get(v.entityId);
    if (list) list.push(v);
    else byEntity.set(v.entityId, [v]);
  }
  const companies: Company[] = [];
  for (const [entityId, list] of byEntity) {
    if (mixed.has(entityId)) continue;
    const fy = targetYear(list, spec);
    if (fy === null) continue;
    // a company's rows are a few (its measures × the years read): found by a scan, no map per company
    companies.push({
      entityId,
      fy,
      pick: (metric, year) => list.find((v) => v.metric === metric && v.fiscalYear === year)?.choice ?? chooseScreenValue([], [], null),
    });
  }
  return { companies, mixed };
}

/** A company's cells for the screen's columns, or null when no column has a value. */
function computeRow({ fy, pick }: Company, spec: ScreenSpec): ComputedRow | null {
  const cells: Record<string, ScreenCell> = {};
  let period: Period | null = null;
  for (const c of spec.columns) {
    const now = pick(c.kind === 'ratio' ? c.numerator : c.metric, fy);
    if (now.ok) period ??= now.fact.period;
    if (c.kind === 'measure') cells[c.id] = cellOf(now, c.metric);
    else if (c.kind === 'ratio') {
      const den = pick(c.denominator, fy);
      cells[c.id] =
        now.ok && den.ok
          ? cellOf(ratio({ numerator: now.fact, denominator: den.fact, metricId: c.id }), `${c.numerator} / ${c.denominator}`)
          : cellOf(now.ok ? den : now, `${c.numerator} / ${c.denominator}`);
    } else {
      const before = pick(c.metric, fy - 1);
      cells[c.id] =
        now.ok && before.ok
          ? cellOf(growth({ later: now.fact, earlier: before.fact, relation: 'year_over_year' }), `${c.metric} growth`)
          : cellOf(now.ok ? before : now, `${c.metric} growth`);
    }
  }
  return period ? { fiscalYear: fy, period, cells } : null;
}

/** A one-measure screen ranked by the database: its counts, its best companies (read in full), its mixed companies. */
type Ranked = { considered: number; noValue: number; matched: number; companies: Company[]; mixed: string[] };

async function rankedByDatabase(
  o: RunScreenOptions,
  spec: ScreenSpec,
  metric: string,
  fiscalYears: number[],
  sicPatterns: string[] | undefined,
): Promise<Ranked> {
  // no arithmetic to do: the database counts and orders the stored values, and returns the best companies' ids
  // (with every company tied at the cut); their rows are read in full and computed here like any other
  const r = await rankScreenValues({
    db: o.db,
    tenantId: o.tenantId,
    metric,
    year: spec.year,
    yearBasis: spec.yearBasis,
    fiscalYears,
    filters: spec.filters,
    direction: spec.sort?.direction ?? 'desc',
    limit: spec.limit,
    sicPatterns,
  });
  const full = r.top.length
    ? await readScreenValues({ db: o.db, tenantId: o.tenantId, metrics: [metric], fiscalYears, entityIds: r.top, detail: true })
    : [];
  return {
    considered: r.considered,
    noValue: r.noValue,
    matched: r.matched,
    companies: companiesFromValues(full, spec).companies,
    mixed: r.mixed,
  };
}

/**
 * The rows shown, from their full screen values (the error texts and filing details the narrow read left out): the
 * same choices, so the same values, ranks and counts. Rows already complete, and rows computed from the facts, stay.
 */
async function completeRows(
  o: RunScreenOptions,
  spec: ScreenSpec,
  read: { metrics: string[]; fiscalYears: number[] },
  top: ComputedRow[],
  complete: Set<ComputedRow>,
  entityOf: Map<ComputedRow, string>,
): Promise<ComputedRow[]> {
  const partial = top.filter((r) => !complete.has(r));
  if (partial.length === 0) return top;
  const shown = partial.map((r) => entityOf.get(r) ?? '');
  const full = await readScreenValues({ db: o.db, tenantId: o.tenantId, ...read, entityIds: shown, detail: true });
  const again = new Map(companiesFromValues(full, spec).companies.map((c) => [c.entityId, c]));
  return top.map((r) => {
    if (complete.has(r)) return r;
    const entityId = entityOf.get(r) ?? '';
    const c = again.get(entityId);
    const row = c ? computeRow(c, spec) : null;
    if (!row) return r;
    entityOf.set(row, entityId);
    return row;
  });
}

/**
 * A universe screen (lib/screens/screen-input.ts), computed per company with lib/calc's period checks: a ratio's
 * operands cover exactly the same period, a growth compares the company's fiscal year with its previous one
 * (comparable lengths, same fiscal position). Companies without a value for a filtered or ranking column are not
 * ranked; the counts say how many were set aside and why.
 */
export async function runScreen(o: RunScreenOptions): Promise<ScreenResult> {
  const parsed = screenInputSchema.safeParse(o.input);
  if (!parsed.success) throw new AppError('bad_request:screen', parsed.error.issues.map((i) => i.message).join('; '));
  const spec = parsed.data;
  const metrics = [...new Set(spec.columns.flatMap(metricsOf))];
  const chains = new Map(metrics.map((m) => [m, chainOf(m)]));
  const needsPrior = spec.columns.some((c) => c.kind === 'growth');
  const years = spec.yearBasis === 'fiscal' ? [spec.year] : [spec.year - 1, spec.year, spec.year + 1];
  const fiscalYears = needsPrior ? [...new Set([...years, ...years.map((y) => y - 1)])] : years;
  const sicPatterns = spec.sic?.map((s) => (s.length === 4 ? s : `${s}%`));
  const metricsOfScreen = metrics.filter((m) => !m.startsWith('concept:'));
  const concepts = [...new Set([...chains.values()].flat())];
  const scope = { tenantId: o.tenantId, role: o.role };
  /** each company: its candidate facts (computed here), or its screen values (chosen at write time) */
  const companies: Company[] = [];
  const fromValues = (o.from ?? 'auto') === 'auto' && metrics.every(keptInScreenValues) && (await screenValuesCurrent(o.db, o.tenantId));
  let fromFacts: string[] | null = null;
  /** a one-measure screen ranked by the database: its counts, and its best companies (read in full) */
  let ranked: Ranked | null = null;
  const only = spec.columns.length === 1 && spec.columns[0]?.kind === 'measure' ? spec.columns[0] : null;
  if (fromValues && only) {
    ranked = await rankedByDatabase(o, spec, only.metric, fiscalYears, sicPatterns);
    fromFacts = ranked.mixed;
  } else if (fromValues) {
    // the narrow read (no error texts, no filing details): enough to rank, filter and count; the rows shown are read
    // in full below
    const values = await readScreenValues({ db: o.db, tenantId: o.tenantId, metrics, fiscalYears, sicPatterns, detail: false });
    const fromRows = companiesFromValues(values, spec);
    companies.push(...fromRows.companies);
    const mixed = fromRows.mixed;
    // a company whose value depends on a source some viewer may not see: from its facts, with this viewer's visibility
    fromFacts = [...mixed].sort();
  }
  if (fromFacts === null || fromFacts.length > 0) {
    const facts = await readScreenFacts({
      db: o.db,
      scope,
      metricIds: metricsOfScreen,
      concepts,
      fiscalYears,
      sicPatterns,
      ...(fromFacts ? { entityIds: fromFacts } : {}),
    });
    // the database's row order (each shard's on Citus) decides nothing: companies, candidates and the counts of
    // those set aside come in the facts' id order, so PGlite, PostgreSQL and Citus give the same result
    facts.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const byEntity = new Map<string, ScreenFact[]>();
    for (const f of facts) {
      const list = byEntity.get(f.entityId);
      if (list) list.push(f);
      else byEntity.set(f.entityId, [f]);
    }
    const currencies = await reportingCurrencies(o.db, byEntity);
    for (const [entityId, list] of byEntity) {
      const fy = targetYear(
        list.map((f) => ({ fiscalYear: f.fiscalYear, endYears: f.period.type === 'duration' ? [endYearOf(f.period)] : [] })),
        spec,
      );
      if (fy === null) continue;
      companies.push({
        entityId,
        fy,
        pick: (metric, year) =>
          chooseScreenValue(
            list.filter((f) => f.fiscalYear === year && (f.metricId === metric || (chains.get(metric) ?? []).includes(f.concept))),
            chains.get(metric) ?? [],
            currencies.get(entityId) ?? null,
          ),
      });
    }
  }
  const excluded: Record<string, number> = {};
  const computed: ComputedRow[] = [];
  const entityOf = new Map<ComputedRow, string>();
  for (const company of companies) {
    const row = computeRow(company, spec);
    if (!row) {
      excluded.no_value = (excluded.no_value ?? 0) + 1;
      continue;
    }
    computed.push(row);
    entityOf.set(row, company.entityId);
  }
  const sortColumn = spec.sort?.column ?? spec.columns[0]?.id ?? '';
  const matched = computed.filter((r) => {
    for (const f of spec.filters)
      if (!passes(r.cells[f.column], f.op, f.value)) {
        const code = r.cells[f.column]?.error?.code ?? (r.cells[f.column]?.value === null ? 'no_value' : 'filtered');
        excluded[code] = (excluded[code] ?? 0) + 1;
        return false;
      }
    return r.cells[sortColumn]?.value !== null;
  });
  let considered = computed.length;
  let matchedCount = matched.length;
  /** rows computed from their full screen values (the others were computed from the narrow read) */
  const complete = new Set<ComputedRow>();
  if (ranked) {
    // the database's counts: a company with the year and a fact is considered, one without is set aside with no
    // value, a considered one below a threshold is filtered (the same codes the loop above gives)
    const bump = (code: string, n: number) => {
      if (n > 0) excluded[code] = (excluded[code] ?? 0) + n;
    };
    bump('no_value', ranked.noValue);
    bump('filtered', ranked.considered - ranked.matched);
    considered += ranked.considered;
    matchedCount += ranked.matched;
    for (const company of ranked.companies) {
      const row = computeRow(company, spec);
      if (!row) continue;
      matched.push(row);
      complete.add(row);
      entityOf.set(row, company.entityId);
    }
  }
  const dir = spec.sort?.direction === 'asc' ? 1 : -1;
  matched.sort(
    (a, b) =>
      dir * ((a.cells[sortColumn]?.value ?? 0) - (b.cells[sortColumn]?.value ?? 0)) ||
      (entityOf.get(a) ?? '').localeCompare(entityOf.get(b) ?? ''),
  );
  let top = matched.slice(0, spec.limit);
  if (fromValues) top = await completeRows(o, spec, { metrics, fiscalYears }, top, complete, entityOf);
  const info = await entityInfo(
    o.db,
    top.map((r) => entityOf.get(r) ?? ''),
  );
  return {
    spec,
    periodNote:
      spec.yearBasis === 'fiscal'
        ? `each company's own fiscal year ${spec.year}`
        : `each company's fiscal year ending in calendar ${spec.year}`,
    considered,
    matched: matchedCount,
    rows: top.map((r, i) => ({ rank: i + 1, entity: info.get(entityOf.get(r) ?? '') ?? unknownEntity(entityOf.get(r) ?? ''), ...r })),
    excluded: Object.fromEntries(Object.entries(excluded).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

function unknownEntity(id: string): ScreenRow['entity'] {
  return { id, name: id, ticker: null, sic: null, sicDescription: null };
}

/** The reporting currency of the companies with a measure in several units (the lookup prefers it). */
async function reportingCurrencies(db: Db, byEntity: Map<string, ScreenFact[]>): Promise<Map<string, string | null>> {
  const multi = [...byEntity].filter(([, l]) => new Set(l.map((f) => f.unit)).size > 1).map(([id]) => id);
  if (multi.length === 0) return new Map();
  const rows = await db.select({ id: entities.id, currency: entities.reportingCurrency }).from(entities).where(inArray(entities.id, multi));
  return new Map(rows.map((r) => [r.id, r.currency]));
}

async function entityInfo(db: Db, ids: string[]): Promise<Map<string, ScreenRow['entity']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: entities.id, name: entities.name, ticker: entities.ticker, sic: entities.sic, sicDescription: entities.sicDescription })
    .from(entities)
    .where(inArray(entities.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
