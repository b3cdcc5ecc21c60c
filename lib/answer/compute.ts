/**
 * Computes one figure (a stored metric or a derived one) for one entity and one resolved period:
 * typed fact lookup → bounded refetch (derived Q4) → validated calculation. Everything considered is
 * recorded in the trace for the evidence manifest.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import type { Basis, FiscalCalendar, FiscalPeriodCode, Period, Scope } from '@/lib/domain/types';
import {
  basisTag,
  deriveH2,
  deriveQ4,
  evaluateFormula,
  formatValue,
  freeCashFlow,
  margin,
  ratio,
  resultAsOperand,
  sumPeriods,
  ttmFromQuarters,
  ttmFromYtd,
  nonAdditiveMessage,
  windowRule,
  type CalcOp,
  type CalcResult,
  type OperandRequest,
  type Operand,
  type SplitEvent,
  type TypedError,
} from '@/lib/calc';
import { deriveFiscal, fiscalPeriodBounds, formatDateRange, formatFiscalLabel, formatHumanDate } from '@/lib/fiscal';
import { getFormula } from '@/lib/ontology/formulas';
import { getMetric } from '@/lib/ontology/metrics';
import { lookupFact, type Citation, type LookupResult } from '@/lib/retrieval/lookup-facts';
import type { StatementKind } from '@/lib/retrieval/statement-scope';
import { filingForms, findFiling, formsOf, listFilings, splitEvents } from '@/lib/retrieval/filings';
import { discreteQuarterFromYtd } from './discrete-quarter';
import type { FigureKit } from './figure-kit';
import { ttmPerShareFigure } from './ttm-per-share';
import type { Trace } from './trace';
import { isShareUnit, type VersionNote, versionNoteOf } from './version-note';
import type { EntityRef, MetricRef } from '@/lib/planner/types';
import type { StageReporter } from './stage-reporter';
import { lowerFirst } from './text';
import type { AnswerInput, AnswerPeriod } from './types';

export interface EntityContext {
  entity: EntityRef;
  calendars: FiscalCalendar[];
  latestPeriodEnd: string | null;
  reportingCurrency: string | null;
}

export interface ExecContext {
  db: Db;
  tenantId: string;
  /** the viewer's role, for source ACLs */
  role: Role | null;
  scope: Scope;
  basis: Basis;
  trace: Trace;
  /** tells the stream what the work produces as it happens (stage-reporter.ts) */
  report: StageReporter;
  /** the statements the question names as its source ("using the cash flow statement"): lookups take figures printed there */
  statements?: readonly StatementKind[];
}

/** A target period: exact bounds plus the fiscal position derived from them. */
export interface Target {
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  label: string;
  /** only a fact with exactly these bounds (the question stated the period's length in weeks), never one matched by its fiscal label */
  exactBounds?: true;
  /** only a fact ending on this period's end (the question wrote the end date: "the quarter ended June 24, 2023") */
  exactEnd?: true;
}

export interface Figure {
  operand: Operand;
  value: number;
  exact: string;
  display: string;
  unit: string;
  currency: string | null;
  period: Period;
  basis: 'reported' | 'derived';
  formula: string | null;
  factIds: string[];
  citations: Citation[];
  inputs: AnswerInput[];
  versionBasis: string;
  otherVersions: boolean;
  /** which version of a stored fact was used, and the others of its chain (stored facts only) */
  version?: VersionNote;
  flags: string[];
  metricLabel: string;
  /** the calculation that produced it (`change`, `derive_q4`, `sum`, …); null for a stored fact */
  calculation: CalcOp | null;
}

export type Failure = {
  kind: 'missing' | 'rejected' | 'conflict';
  message: string;
  errors: TypedError[];
  /** valid questions to offer instead (chips), e.g. the figure the filing reports for a refused window */
  alternatives?: string[];
};

export type FigureResult = { ok: true; figure: Figure } | { ok: false; failure: Failure };

export function answerPeriod(period: Period, calendars: FiscalCalendar[], label?: string): AnswerPeriod {
  const derived = calendars.length ? deriveFiscal(period, calendars) : null;
  const fp = derived && derived.fiscalPeriod !== 'OTHER' ? derived.fiscalPeriod : null;
  return {
    type: period.type,
    start: period.type === 'duration' ? period.start : null,
    end: period.type === 'duration' ? period.end : period.date,
    fiscalYear: derived?.fiscalYear ?? null,
    fiscalPeriod: derived?.fiscalPeriod ?? null,
    label:
      label ??
      (derived
        ? fp
          ? period.type === 'instant'
            ? `end of ${formatFiscalLabel(derived.fiscalYear, fp)}`
            : formatFiscalLabel(derived.fiscalYear, fp)
          : derived.label
        : formatDateRange(period)),
    dateRange: formatDateRange(period),
  };
}

export function targetFor(period: Period, calendars: FiscalCalendar[]): Target {
  const derived = calendars.length ? deriveFiscal(period, calendars) : null;
  return {
    period,
    fiscalYear: derived?.fiscalYear ?? null,
    fiscalPeriod: derived?.fiscalPeriod ?? null,
    label: answerPeriod(period, calendars).label,
  };
}

function baseLabel(id: string): string {
  const concept = id.startsWith('concept:') ? id.slice('concept:'.length) : null;
  if (concept) return concept.slice(concept.indexOf(':') + 1).replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return getMetric(id)?.label ?? getFormula(id)?.label ?? id;
}

function failure(kind: Failure['kind'], message: string, errors: TypedError[] = []): FigureResult {
  return { ok: false, failure: { kind, message, errors } };
}

/** The rest of a fiscal year that filings do not report on its own: Q4 = FY − 9M, H2 = FY − H1. */
const REST: Record<
  'Q4' | 'H2',
  {
    position: 'Q4' | 'H2';
    ytd: '9M' | 'H1';
    derive: (fy: Operand, ytd: Operand, metricId: string, calendars: FiscalCalendar[]) => CalcResult;
  }
> = {
  Q4: { position: 'Q4', ytd: '9M', derive: (fy, nineMonths, metricId, calendars) => deriveQ4({ fy, nineMonths, metricId, calendars }) },
  H2: { position: 'H2', ytd: 'H1', derive: (fy, firstHalf, metricId, calendars) => deriveH2({ fy, firstHalf, metricId, calendars }) },
};

/** A stored metric restricted to dimension members (a segment, product, geography): exact members only. */
export interface MemberFilter {
  dimensions?: Record<string, string>;
  /** the member as labelled in the filing ("iPhone"), for messages and labels */
  memberLabel?: string;
}

/** Named filings found per entity, once per question (a filing basis names "the 2021 10-K"; each company has its own). */
const filingsFound = new WeakMap<ExecContext, Map<string, Promise<{ ok: true; basis: Basis } | { ok: false; message: string }>>>();

/** The basis of `ctx` for one entity: a named filing is found among the entity's filings; other bases as they are. */
export function basisFor(ctx: ExecContext, ent: EntityContext): Promise<{ ok: true; basis: Basis } | { ok: false; message: string }> {
  const basis = ctx.basis;
  if (basis.kind !== 'filing' || basis.filing) return Promise.resolve({ ok: true, basis });
  let memo = filingsFound.get(ctx);
  if (!memo) filingsFound.set(ctx, (memo = new Map()));
  let found = memo.get(ent.entity.id);
  if (!found) {
    const scope = { tenantId: ctx.tenantId, role: ctx.role };
    found = listFilings(ctx.db, scope, ent.entity.id, formsOf(basis.name.form)).then(async (filings) => {
      // none of that form: the message names the annual forms the entity does file
      const r = findFiling(filings, basis.name, filings.length ? undefined : await filingForms(ctx.db, scope, ent.entity.id));
      return r.ok ? { ok: true as const, basis: { ...basis, filing: r.filing } } : { ok: false as const, message: r.message };
    });
    memo.set(ent.entity.id, found);
  }
  return found;
}

/** The entity's stock splits, once per question (read only when a per-share or share figure is found). */
const splitsFound = new WeakMap<ExecContext, Map<string, Promise<SplitEvent[]>>>();
function splitEventsFor(ctx: ExecContext, ent: EntityContext): Promise<SplitEvent[]> {
  let memo = splitsFound.get(ctx);
  if (!memo) splitsFound.set(ctx, (memo = new Map()));
  let found = memo.get(ent.entity.id);
  if (!found) memo.set(ent.entity.id, (found = splitEvents(ctx.db, { tenantId: ctx.tenantId, role: ctx.role }, ent.entity.id)));
  return found;
}

async function lookup(
  ctx: ExecContext,
  ent: EntityContext,
  metricId: string,
  target: Target,
  scope: Scope,
  member: MemberFilter = {},
): Promise<LookupResult> {
  const b = await basisFor(ctx, ent);
  if (!b.ok) {
    ctx.trace.lookups.push({
      entityId: ent.entity.id,
      metricId,
      period: target.period,
      status: 'missing',
      candidates: [],
      rejected: [],
      chosen: null,
      reason: b.message,
    });
    return { status: 'missing', candidates: [], rejected: [], reason: b.message, byBasis: 'filing_not_found' };
  }
  const res = await lookupFact({
    db: ctx.db,
    tenantId: ctx.tenantId,
    role: ctx.role,
    entityId: ent.entity.id,
    metricId,
    period: target.period,
    fiscalYear: target.exactBounds ? null : target.fiscalYear,
    fiscalPeriod: target.exactBounds ? null : target.fiscalPeriod,
    scope,
    basis: b.basis,
    splitEvents: () => splitEventsFor(ctx, ent),
    reportingCurrency: ent.reportingCurrency,
    dimensions: member.dimensions,
    statements: ctx.statements,
  });
  ctx.trace.lookups.push({
    entityId: ent.entity.id,
    metricId,
    period: target.period,
    status: res.status,
    candidates: res.candidates.map((c) => ({
      id: c.id,
      concept: c.concept,
      value: c.value,
      period: c.period,
      filedAt: c.filedAt,
      version: c.version,
      accession: c.accession,
    })),
    rejected: res.rejected,
    chosen: res.status === 'found' ? res.fact.id : null,
    reason: res.status === 'found' ? undefined : res.reason,
    basis: res.status === 'found' ? res.fact.basisTag : basisTag(b.basis),
  });
  // a written end date is exact: a fact of the same fiscal position ending another day is not that period
  if (
    res.status === 'found' &&
    target.exactEnd &&
    target.period.type === 'duration' &&
    res.fact.period.type === 'duration' &&
    res.fact.period.end !== target.period.end
  ) {
    return {
      status: 'missing',
      candidates: res.candidates,
      rejected: res.rejected,
      reason: `the reported ${target.label} ended ${formatDateRange({ type: 'instant', date: res.fact.period.end })}, not ${formatDateRange({ type: 'instant', date: target.period.end })} as the question says`,
    };
  }
  return res;
}

/** Records a calculation in the trace; the first one starts the computing stage. */
function record(ctx: ExecContext, r: CalcResult): void {
  ctx.report.stage('computing');
  ctx.trace.calculations.push(
    r.ok
      ? { op: r.op, ok: true, formula: r.formula, operandFactIds: r.operandFactIds, value: r.exact }
      : { op: r.op, ok: false, errors: r.errors },
  );
}

function inputOf(f: Figure, ent: EntityContext, id: string): AnswerInput {
  return {
    id,
    label: f.metricLabel,
    metric: f.operand.metricId ?? f.operand.concept,
    value: f.value,
    display: f.display,
    unit: f.unit,
    currency: f.currency,
    period: answerPeriod(f.period, ent.calendars),
    basis: f.basis,
    formula: f.formula,
    factIds: f.factIds,
    citations: f.citations,
  };
}

export function fromCalc(r: Extract<CalcResult, { ok: true }>, label: string, parts: Figure[], ent: EntityContext): Figure {
  const inputs = parts.map((p, i) => inputOf(p, ent, `in${i + 1}`));
  return {
    operand: resultAsOperand(r, r.metricId ?? undefined),
    value: r.value,
    exact: r.exact,
    display: r.display,
    unit: r.unit,
    currency: r.currency,
    period: r.period,
    basis: r.basis,
    formula: r.formula,
    factIds: r.operandFactIds,
    citations: parts.flatMap((p) => p.citations),
    inputs,
    versionBasis: r.versionBasis ?? 'latest',
    otherVersions: parts.some((p) => p.otherVersions),
    flags: r.flags,
    metricLabel: label,
    calculation: r.op,
  };
}

function memberText(member: MemberFilter): string {
  if (!member.dimensions || Object.keys(member.dimensions).length === 0) return '';
  return (
    member.memberLabel ??
    Object.values(member.dimensions)
      .map((m) => m.replace(/^[^:]*:/, '').replace(/Member$/, ''))
      .join(', ')
  );
}

/** The figure engine as the derivation modules use it (./figure-kit.ts): one measure, scope and member. */
function kitFor(ctx: ExecContext, ent: EntityContext, metricId: string, scope: Scope, member: MemberFilter): FigureKit {
  return {
    fetch: (t) => fetchBase(ctx, ent, metricId, t, scope, member),
    targetFor: (p) => targetFor(p, ent.calendars),
    record: (r) => record(ctx, r),
    figure: (r, label, parts) => fromCalc(r, label, parts, ent),
  };
}

/**
 * A stored metric for one period; Q4 falls back to FY − 9M YTD (labelled derived). With `member`,
 * only the fact for exactly those dimension members counts: when it is not reported the result is
 * missing, naming the member — never the consolidated total.
 */
export async function fetchBase(
  ctx: ExecContext,
  ent: EntityContext,
  metricId: string,
  target: Target,
  scope: Scope = ctx.scope,
  member: MemberFilter = {},
): Promise<FigureResult> {
  const named = memberText(member);
  const metricLabel = (id: string) => (named ? `${named} ${baseLabel(id).toLowerCase()}` : baseLabel(id));
  const res = await lookup(ctx, ent, metricId, target, scope, member);
  if (res.status === 'found') {
    const resolved = await basisFor(ctx, ent);
    const f = res.fact;
    const splits = isShareUnit(f.unit) ? await splitEventsFor(ctx, ent) : undefined;
    return {
      ok: true,
      figure: {
        operand: f,
        value: Number(f.value),
        exact: f.value,
        display: formatValue(f.value, { unit: f.unit, currency: f.currency }),
        unit: f.unit,
        currency: f.currency,
        period: f.period,
        basis: 'reported',
        formula: null,
        factIds: [f.id],
        citations: [f.citation],
        inputs: [],
        versionBasis: f.basisTag,
        otherVersions: res.restated,
        version: versionNoteOf(f, res.chain, resolved.ok ? resolved.basis : ctx.basis, splits),
        flags: [],
        metricLabel: metricLabel(metricId),
        calculation: null,
      },
    };
  }
  if (res.status === 'conflict') {
    return failure('conflict', res.reason, [{ code: 'RESTATEMENT_CONFLICT', message: res.reason, factIds: res.factIds }]);
  }
  // the version the question names does not exist (a named filing does not report it, it was never
  // restated, no split adjustment): said so — never another version, never a derived figure instead
  const where = target.label === formatDateRange(target.period) ? target.label : `${target.label} (${formatDateRange(target.period)})`;
  const notInFiling = async () => {
    const b = await basisFor(ctx, ent);
    const f = b.ok && b.basis.kind === 'filing' ? b.basis.filing : undefined;
    const message = `${f ? `${f.label} (filed ${formatHumanDate(f.filedAt)})` : 'the named filing'} does not report ${lowerFirst(metricLabel(metricId))} for ${where}${named ? ` (no fact for the ${named} member)` : ''}`;
    return failure('missing', message, [{ code: 'MISSING_FACT', message, factIds: res.candidates.map((c) => c.id) }]);
  };
  if (res.status === 'missing' && res.byBasis) {
    if (res.byBasis === 'not_in_filing') return notInFiling();
    const message = res.byBasis === 'filing_not_found' ? res.reason : `${metricLabel(metricId)} for ${where} — ${res.reason}`;
    return failure('missing', message, [{ code: 'MISSING_FACT', message, factIds: res.candidates.map((c) => c.id) }]);
  }
  // a named filing reports what it reports: a fourth quarter is not derived from two filings in its name
  if (ctx.basis.kind === 'filing') return notInFiling();
  // a second or third quarter reported only inside the year to date: H1 − Q1, 9M − H1 (./discrete-quarter.ts)
  const discrete = await discreteQuarterFromYtd(ent, metricId, target, metricLabel(metricId), kitFor(ctx, ent, metricId, scope, member));
  if (discrete) return discrete;
  // bounded refetch: the derived route for a fourth quarter (FY − 9M YTD) or a second half (FY − H1),
  // never another period
  const rest = target.period.type === 'duration' && target.fiscalYear !== null ? REST[target.fiscalPeriod as 'Q4' | 'H2'] : undefined;
  if (rest && target.fiscalYear !== null) {
    // only additive flows add up over time (lib/calc windowRule, from the ontology): a per-share figure
    // or a weighted share count for Q4 or H2 cannot be FY minus the year to date
    const rule = windowRule(metricId);
    if (rule.kind !== 'sum') {
      const why = rule.kind === 'refuse' ? rule.message : nonAdditiveMessage('unknown');
      return failure(
        'missing',
        `${metricLabel(metricId)} for ${target.label} is not reported, and it cannot be derived as FY − ${rest.ytd}: ${why}`,
        [{ code: 'MISSING_FACT', message: `no reported ${metricId} for ${target.label}; not derivable by subtraction`, factIds: [] }],
      );
    }
    const fyB = fiscalPeriodBounds(ent.calendars, target.fiscalYear, 'FY');
    const ytdB = fiscalPeriodBounds(ent.calendars, target.fiscalYear, rest.ytd);
    if (fyB && ytdB) {
      const fy = await fetchBase(ctx, ent, metricId, targetFor({ type: 'duration', ...fyB }, ent.calendars), scope, member);
      const ytd = await fetchBase(ctx, ent, metricId, targetFor({ type: 'duration', ...ytdB }, ent.calendars), scope, member);
      if (fy.ok && ytd.ok) {
        const r = rest.derive(fy.figure.operand, ytd.figure.operand, metricId, ent.calendars);
        record(ctx, r);
        if (!r.ok)
          return failure('rejected', `${rest.position} could not be derived: ${r.errors.map((e) => e.message).join('; ')}`, r.errors);
        return { ok: true, figure: fromCalc(r, metricLabel(metricId), [fy.figure, ytd.figure], ent) };
      }
      const missing = [!fy.ok ? `FY${target.fiscalYear}` : null, !ytd.ok ? `${rest.ytd} FY${target.fiscalYear}` : null]
        .filter(Boolean)
        .join(' and ');
      return failure(
        'missing',
        `${metricLabel(metricId)} for ${target.label} is not reported, and it cannot be derived because ${missing} is not reported either`,
        [{ code: 'MISSING_FACT', message: `no ${metricId} for ${target.label}`, factIds: [] }],
      );
    }
  }
  return failure(
    'missing',
    `${metricLabel(metricId)} for ${target.label === formatDateRange(target.period) ? target.label : `${target.label} (${formatDateRange(target.period)})`} is not reported${named ? ` (no fact for the ${named} member; the total is not used in its place)` : ''}`,
    [{ code: 'MISSING_FACT', message: `no ${metricId}${named ? ` [${named}]` : ''} fact for ${target.label}`, factIds: [] }],
  );
}

/**
 * A formula of the ontology (ratios, margins, returns, turnovers, EBITDA, …) through the one
 * evaluator in lib/calc: each operand is fetched for the period its role names (a pinned operand
 * for its pinned period, which the evaluator then refuses if it breaks the relation).
 */
/** Fetches one base operand of a formula (default: the stored figure for the period, {@link fetchBase}). */
type FetchLeaf = (measureId: string, target: Target, scope: Scope, member: MemberFilter) => Promise<FigureResult>;

async function computeFormula(
  ctx: ExecContext,
  ent: EntityContext,
  metric: MetricRef,
  target: Target,
  pins: Map<string, Target>,
  scopes: Record<string, Scope>,
  fetchLeaf: FetchLeaf = (id, t, scope, member) => fetchBase(ctx, ent, id, t, scope, member),
): Promise<FigureResult | null> {
  const def = getFormula(metric.formulaId ?? metric.id);
  if (!def) return null;
  const member: MemberFilter = { dimensions: metric.dimensions, memberLabel: metric.memberLabel };
  const figures = new Map<string, Figure>();
  const failures = new Map<string, Failure>();
  const keyOf = (r: OperandRequest) => `${r.measureId}|${JSON.stringify(r.period)}`;
  const r = await evaluateFormula(def, {
    anchor: target.period,
    calendars: ent.calendars,
    metricId: metric.id,
    ...(metric.dayCount ? { dayCount: metric.dayCount } : {}),
    fetch: async (req) => {
      const pinned = req.role === 'same' ? pins.get(req.measureId) : undefined;
      const t = pinned ?? targetFor(req.period, ent.calendars);
      const f = await fetchLeaf(req.measureId, t, scopes[req.measureId] ?? ctx.scope, member);
      if (!f.ok) {
        failures.set(keyOf(req), f.failure);
        return null;
      }
      figures.set(f.figure.operand.id, f.figure);
      return f.figure.operand;
    },
  });
  record(ctx, r);
  if (!r.ok) {
    const miss = r.missing?.[0];
    if (miss) {
      const f = failures.get(keyOf(miss));
      if (f && f.kind !== 'missing') return { ok: false, failure: f };
      return failure(
        'missing',
        `${metric.label}${member.memberLabel && !metric.label.startsWith(member.memberLabel) ? ` for ${member.memberLabel}` : ''} cannot be computed for ${target.label}: ${f?.message ?? `${baseLabel(miss.measureId)} is not reported`}`,
        f?.errors ?? r.errors,
      );
    }
    return failure('rejected', r.errors.map((e) => e.message).join('; '), r.errors);
  }
  const parts: Figure[] = [];
  for (const id of r.operandFactIds) {
    for (const f of figures.values()) if (f.factIds.includes(id) && !parts.includes(f)) parts.push(f);
  }
  const label =
    member.memberLabel && !metric.label.startsWith(member.memberLabel)
      ? `${member.memberLabel} ${metric.label.toLowerCase()}`
      : metric.label;
  return { ok: true, figure: fromCalc(r, label, parts, ent) };
}

/**
 * A figure for a metric reference: stored metrics via fetchBase; derived ones (margins, ratios, free
 * cash flow) via lib/calc over operands each fetched for its own period (pins), so an invalid join
 * is refused by the calculation service with a typed error.
 */
export async function computeFigure(
  ctx: ExecContext,
  ent: EntityContext,
  metric: MetricRef,
  target: Target,
  pins: Map<string, Target> = new Map(),
  scopes: Record<string, Scope> = {},
): Promise<FigureResult> {
  if (metric.kind === 'base')
    return fetchBase(ctx, ent, metric.id, target, ctx.scope, { dimensions: metric.dimensions, memberLabel: metric.memberLabel });
  const viaFormula = await computeFormula(ctx, ent, metric, target, pins, scopes);
  if (viaFormula) return viaFormula;
  const numId = metric.numerator!;
  const denId = metric.denominator!;
  const num = await fetchBase(ctx, ent, numId, pins.get(numId) ?? target, scopes[numId] ?? ctx.scope);
  if (!num.ok) return num;
  const den = await fetchBase(ctx, ent, denId, pins.get(denId) ?? target, scopes[denId] ?? ctx.scope);
  if (!den.ok) return den;
  let r: CalcResult;
  if (metric.op === 'free_cash_flow') {
    r = freeCashFlow({ operatingCashFlow: num.figure.operand, capex: den.figure.operand, metricId: metric.id, calendars: ent.calendars });
  } else if (metric.op === 'margin') {
    r = margin({ numerator: num.figure.operand, denominator: den.figure.operand, metricId: metric.id, calendars: ent.calendars });
  } else {
    r = ratio({ numerator: num.figure.operand, denominator: den.figure.operand, metricId: metric.id, calendars: ent.calendars });
  }
  record(ctx, r);
  if (!r.ok) {
    return failure('rejected', r.errors.map((e) => e.message).join('; '), r.errors);
  }
  return { ok: true, figure: fromCalc(r, metric.label, [num.figure, den.figure], ent) };
}

// ── figures over a window of periods (TTM, "Q1 and Q2 combined") ─────────────────────────────────

type Duration = Extract<Period, { type: 'duration' }>;

/**
 * A window of periods a figure is wanted over: the four quarters of a TTM, or the contiguous periods a
 * question adds up ("Q1 and Q2 combined", "FY2023 to FY2025 in aggregate").
 */
export interface Window {
  kind: 'ttm' | 'sum';
  /** the whole span */
  period: Duration;
  /** the periods that tile it, oldest first */
  parts: Target[];
}

/** The trailing four fiscal quarters ending with fiscal quarter `quarter` of `fiscalYear`, or null. */
export function ttmWindow(ent: EntityContext, fiscalYear: number, quarter: 1 | 2 | 3 | 4): Window | null {
  const parts: Target[] = [];
  for (let k = 3; k >= 0; k--) {
    const n = quarter - k;
    const [y, q] = n >= 1 ? [fiscalYear, n] : [fiscalYear - 1, n + 4];
    const b = fiscalPeriodBounds(ent.calendars, y, `Q${q}` as 'Q1');
    if (!b) return null;
    parts.push(targetFor({ type: 'duration', start: b.start, end: b.end }, ent.calendars));
  }
  const first = parts[0]!.period as Duration;
  const last = parts[3]!.period as Duration;
  return { kind: 'ttm', period: { type: 'duration', start: first.start, end: last.end }, parts };
}

/**
 * An additive flow over a window: the sum of its parts (TTM: four quarters). A TTM whose quarters are
 * not all reported discretely (cash-flow lines are year-to-date only in 10-Qs) is the last fiscal
 * year + this year's YTD − last year's YTD. Inside a formula (`reportedWindow`), a window the filing
 * reports as one period (H1 of "Q1 and Q2 combined") is that reported figure when a part is missing.
 * A measure that is not an additive flow is refused (NON_ADDITIVE) by lib/calc.
 */
export async function windowBase(
  ctx: ExecContext,
  ent: EntityContext,
  metricId: string,
  window: Window,
  scope: Scope = ctx.scope,
  member: MemberFilter = {},
  reportedWindow = false,
): Promise<FigureResult> {
  const rule = windowRule(metricId);
  // EPS over a trailing twelve months: the labelled sum of the four quarterly EPS (./ttm-per-share.ts)
  if (rule.kind === 'refuse' && rule.reason === 'earnings_per_share' && window.kind === 'ttm')
    return ttmPerShareFigure(ent, metricId, window, kitFor(ctx, ent, metricId, scope, member));
  if (rule.kind === 'refuse' && (getMetric(metricId) || getFormula(metricId)))
    return refuseWindow(ctx, ent, metricId, window, rule.message, scope, member);
  const figs: Figure[] = [];
  let fail: Failure | null = null;
  for (const t of window.parts) {
    const f = await fetchBase(ctx, ent, metricId, t, scope, member);
    if (f.ok) figs.push(f.figure);
    else fail = fail ?? f.failure;
  }
  const label = figs[0]?.metricLabel ?? baseLabel(metricId);
  if (!fail) {
    const operands = figs.map((f) => f.operand);
    const r =
      window.kind === 'ttm'
        ? ttmFromQuarters({ quarters: operands, metricId, calendars: ent.calendars })
        : sumPeriods({ parts: operands, metricId, calendars: ent.calendars });
    record(ctx, r);
    if (!r.ok) return failure('rejected', r.errors.map((e) => e.message).join('; '), r.errors);
    return { ok: true, figure: fromCalc(r, label, figs, ent) };
  }
  if (fail.kind !== 'missing') return { ok: false, failure: fail };
  if (window.kind === 'ttm') {
    const viaYtd = await ttmViaYtd(ctx, ent, metricId, window.parts[window.parts.length - 1]!, scope, member);
    if (viaYtd) return viaYtd;
  }
  if (reportedWindow) {
    const whole = await fetchBase(ctx, ent, metricId, targetFor(window.period, ent.calendars), scope, member);
    if (whole.ok) return whole;
  }
  return { ok: false, failure: fail };
}

/** TTM = last fiscal year + this year's YTD − last year's YTD (one basis); null when it cannot be built. */
async function ttmViaYtd(
  ctx: ExecContext,
  ent: EntityContext,
  metricId: string,
  lastQuarter: Target,
  scope: Scope,
  member: MemberFilter,
): Promise<FigureResult | null> {
  if (lastQuarter.fiscalYear === null) return null;
  const ytdPos = ({ Q1: 'Q1', Q2: 'H1', Q3: '9M' } as const)[lastQuarter.fiscalPeriod as 'Q1'];
  if (!ytdPos) return null;
  const fy = lastQuarter.fiscalYear;
  const bounds = [
    fiscalPeriodBounds(ent.calendars, fy - 1, 'FY'),
    fiscalPeriodBounds(ent.calendars, fy, ytdPos),
    fiscalPeriodBounds(ent.calendars, fy - 1, ytdPos),
  ];
  if (bounds.some((b) => !b)) return null;
  const figs: Figure[] = [];
  for (const b of bounds) {
    const f = await fetchBase(
      ctx,
      ent,
      metricId,
      targetFor({ type: 'duration', start: b!.start, end: b!.end }, ent.calendars),
      scope,
      member,
    );
    if (!f.ok) return null;
    figs.push(f.figure);
  }
  const r = ttmFromYtd({
    fy: figs[0]!.operand,
    currentYtd: figs[1]!.operand,
    priorYtd: figs[2]!.operand,
    metricId,
    calendars: ent.calendars,
  });
  record(ctx, r);
  if (!r.ok)
    return r.errors.some((e) => e.code === 'NON_ADDITIVE')
      ? failure('rejected', r.errors.map((e) => e.message).join('; '), r.errors)
      : null;
  return { ok: true, figure: fromCalc(r, figs[0]!.metricLabel, figs, ent) };
}

/**
 * A measure that does not add up over periods, asked over a window: refused with the reason
 * (NON_ADDITIVE). When the window is itself a period the filing reports (H1 = Q1 + Q2), the reported
 * figure is offered as a chip — never computed from the parts.
 */
async function refuseWindow(
  ctx: ExecContext,
  ent: EntityContext,
  metricId: string,
  window: Window,
  why: string,
  scope: Scope,
  member: MemberFilter,
): Promise<FigureResult> {
  const whole = targetFor(window.period, ent.calendars);
  const label = baseLabel(metricId);
  const reported = whole.fiscalPeriod && whole.fiscalPeriod !== 'OTHER' ? await lookup(ctx, ent, metricId, whole, scope, member) : null;
  const offered = reported?.status === 'found';
  const over =
    window.kind === 'ttm'
      ? `a trailing twelve months (${formatDateRange(window.period)})`
      : `${window.parts.map((p) => p.label).join(' + ')}`;
  const message = `${label} over ${over} is not computed: ${why}${offered ? `. ${ent.entity.name} reports ${lowerFirst(label)} for ${whole.label} itself` : ''}`;
  return {
    ok: false,
    failure: {
      kind: 'rejected',
      message,
      errors: [{ code: 'NON_ADDITIVE', message, factIds: offered && reported.status === 'found' ? [reported.fact.id] : [] }],
      ...(offered ? { alternatives: [`${ent.entity.name} ${lowerFirst(label)} ${whole.label}`] } : {}),
    },
  };
}

/**
 * A figure over a window of periods: an additive flow is summed over it ({@link windowBase}); a
 * formula (a margin, free cash flow, a return) is evaluated once over the whole window, each flow
 * operand summed over it and each balance at its own date — never a sum of the parts' ratios; a
 * per-share figure or weighted share count is refused with the reason (NON_ADDITIVE).
 */
export async function computeWindowFigure(
  ctx: ExecContext,
  ent: EntityContext,
  metric: MetricRef,
  window: Window,
  scopes: Record<string, Scope> = {},
): Promise<FigureResult> {
  const member: MemberFilter = { dimensions: metric.dimensions, memberLabel: metric.memberLabel };
  if (metric.kind === 'base') return windowBase(ctx, ent, metric.id, window, ctx.scope, member);
  const whole = targetFor(window.period, ent.calendars);
  const viaFormula = await computeFormula(ctx, ent, metric, whole, new Map(), scopes, (id, t, scope, m) =>
    t.period.type === 'duration' && t.period.start === window.period.start && t.period.end === window.period.end
      ? windowBase(ctx, ent, id, window, scope, m, true)
      : fetchBase(ctx, ent, id, t, scope, m),
  );
  if (viaFormula) return viaFormula;
  return failure('rejected', `${metric.label} has no formula Ledgerline can evaluate over ${formatDateRange(window.period)}`, [
    { code: 'INVALID_VALUE', message: `no formula for ${metric.id}`, factIds: [] },
  ]);
}

export { record as recordCalculation };
