/**
 * Computes one figure (a stored metric or a derived one) for one entity and one resolved period:
 * typed fact lookup → bounded refetch (derived Q4) → validated calculation. Everything considered is
 * recorded in the trace for the evidence manifest.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import type { Basis, FiscalCalendar, FiscalPeriodCode, Period, Scope } from '@/lib/domain/types';
import {
  deriveQ4,
  evaluateFormula,
  formatValue,
  freeCashFlow,
  margin,
  ratio,
  resultAsOperand,
  type CalcOp,
  type CalcResult,
  type OperandRequest,
  type Operand,
  type TypedError,
} from '@/lib/calc';
import { deriveFiscal, fiscalPeriodBounds, formatDateRange, formatFiscalLabel } from '@/lib/fiscal';
import { getFormula } from '@/lib/ontology/formulas';
import { getMetric } from '@/lib/ontology/metrics';
import { lookupFact, type Citation, type LookupResult, type RejectedCandidate } from '@/lib/retrieval/lookup-facts';
import type { EntityRef, MetricRef } from '@/lib/planner/types';
import type { AnswerInput, AnswerPeriod } from './types';

export interface EntityContext {
  entity: EntityRef;
  calendars: FiscalCalendar[];
  latestPeriodEnd: string | null;
  reportingCurrency: string | null;
}

export interface Trace {
  lookups: {
    entityId: string;
    metricId: string;
    period: Period;
    status: LookupResult['status'];
    candidates: { id: string; concept: string; value: string; period: Period; filedAt: string; version: number; accession: string | null }[];
    rejected: RejectedCandidate[];
    chosen: string | null;
    reason?: string;
  }[];
  calculations: { op: string; ok: boolean; formula?: string; operandFactIds?: string[]; errors?: TypedError[]; value?: string }[];
}

export interface ExecContext {
  db: Db;
  tenantId: string;
  /** the viewer's role, for source ACLs */
  role: Role | null;
  scope: Scope;
  basis: Basis;
  trace: Trace;
}

/** A target period: exact bounds plus the fiscal position derived from them. */
export interface Target {
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  label: string;
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
  flags: string[];
  metricLabel: string;
  /** the calculation that produced it (`change`, `derive_q4`, `sum`, …); null for a stored fact */
  calculation: CalcOp | null;
}

export type Failure =
  | { kind: 'missing'; message: string; errors: TypedError[] }
  | { kind: 'rejected'; message: string; errors: TypedError[] }
  | { kind: 'conflict'; message: string; errors: TypedError[] };

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
    label: label ?? (derived ? (fp ? (period.type === 'instant' ? `end of ${formatFiscalLabel(derived.fiscalYear, fp)}` : formatFiscalLabel(derived.fiscalYear, fp)) : derived.label) : formatDateRange(period)),
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

/** A stored metric restricted to dimension members (a segment, product, geography): exact members only. */
export interface MemberFilter {
  dimensions?: Record<string, string>;
  /** the member as labelled in the filing ("iPhone"), for messages and labels */
  memberLabel?: string;
}

async function lookup(ctx: ExecContext, ent: EntityContext, metricId: string, target: Target, scope: Scope, member: MemberFilter = {}): Promise<LookupResult> {
  const res = await lookupFact({
    db: ctx.db,
    tenantId: ctx.tenantId,
    role: ctx.role,
    entityId: ent.entity.id,
    metricId,
    period: target.period,
    fiscalYear: target.fiscalYear,
    fiscalPeriod: target.fiscalPeriod,
    scope,
    basis: ctx.basis,
    reportingCurrency: ent.reportingCurrency,
    dimensions: member.dimensions,
  });
  ctx.trace.lookups.push({
    entityId: ent.entity.id,
    metricId,
    period: target.period,
    status: res.status,
    candidates: res.candidates.map((c) => ({ id: c.id, concept: c.concept, value: c.value, period: c.period, filedAt: c.filedAt, version: c.version, accession: c.accession })),
    rejected: res.rejected,
    chosen: res.status === 'found' ? res.fact.id : null,
    reason: res.status === 'found' ? undefined : res.reason,
  });
  return res;
}

function record(ctx: ExecContext, r: CalcResult): void {
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
  return member.memberLabel ?? Object.values(member.dimensions).map((m) => m.replace(/^[^:]*:/, '').replace(/Member$/, '')).join(', ');
}

/**
 * A stored metric for one period; Q4 falls back to FY − 9M YTD (labelled derived). With `member`,
 * only the fact for exactly those dimension members counts: when it is not reported the result is
 * missing, naming the member — never the consolidated total.
 */
export async function fetchBase(ctx: ExecContext, ent: EntityContext, metricId: string, target: Target, scope: Scope = ctx.scope, member: MemberFilter = {}): Promise<FigureResult> {
  const named = memberText(member);
  const metricLabel = (id: string) => (named ? `${named} ${baseLabel(id).toLowerCase()}` : baseLabel(id));
  const res = await lookup(ctx, ent, metricId, target, scope, member);
  if (res.status === 'found') {
    const f = res.fact;
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
        flags: [],
        metricLabel: metricLabel(metricId),
        calculation: null,
      },
    };
  }
  if (res.status === 'conflict') {
    return failure('conflict', res.reason, [{ code: 'RESTATEMENT_CONFLICT', message: res.reason, factIds: res.factIds }]);
  }
  // bounded refetch: the derived route for a fourth quarter (FY − 9M YTD), never another period
  if (target.fiscalPeriod === 'Q4' && target.period.type === 'duration' && target.fiscalYear !== null) {
    // only amounts add up over time: a per-share figure or share count for Q4 cannot be FY − 9M
    if (getMetric(metricId)?.unitKind !== 'monetary') {
      return failure('missing', `${metricLabel(metricId)} for ${target.label} is not reported, and a ${getMetric(metricId)?.unitKind ?? 'non-additive'} figure cannot be derived as FY − 9M`, [
        { code: 'MISSING_FACT', message: `no reported ${metricId} for ${target.label}; not derivable by subtraction`, factIds: [] },
      ]);
    }
    const fyB = fiscalPeriodBounds(ent.calendars, target.fiscalYear, 'FY');
    const nmB = fiscalPeriodBounds(ent.calendars, target.fiscalYear, '9M');
    if (fyB && nmB) {
      const fy = await fetchBase(ctx, ent, metricId, targetFor({ type: 'duration', ...fyB }, ent.calendars), scope, member);
      const nm = await fetchBase(ctx, ent, metricId, targetFor({ type: 'duration', ...nmB }, ent.calendars), scope, member);
      if (fy.ok && nm.ok) {
        const r = deriveQ4({ fy: fy.figure.operand, nineMonths: nm.figure.operand, metricId, calendars: ent.calendars });
        record(ctx, r);
        if (!r.ok) return failure('rejected', `Q4 could not be derived: ${r.errors.map((e) => e.message).join('; ')}`, r.errors);
        return { ok: true, figure: fromCalc(r, metricLabel(metricId), [fy.figure, nm.figure], ent) };
      }
      const missing = [!fy.ok ? `FY${target.fiscalYear}` : null, !nm.ok ? `9M FY${target.fiscalYear}` : null].filter(Boolean).join(' and ');
      return failure('missing', `${metricLabel(metricId)} for ${target.label} is not reported, and it cannot be derived because ${missing} is not reported either`, [
        { code: 'MISSING_FACT', message: `no ${metricId} for ${target.label}`, factIds: [] },
      ]);
    }
  }
  return failure('missing', `${metricLabel(metricId)} for ${target.label === formatDateRange(target.period) ? target.label : `${target.label} (${formatDateRange(target.period)})`} is not reported${named ? ` (no fact for the ${named} member; the total is not used in its place)` : ''}`, [
    { code: 'MISSING_FACT', message: `no ${metricId}${named ? ` [${named}]` : ''} fact for ${target.label}`, factIds: [] },
  ]);
}

/**
 * A formula of the ontology (ratios, margins, returns, turnovers, EBITDA, …) through the one
 * evaluator in lib/calc: each operand is fetched for the period its role names (a pinned operand
 * for its pinned period, which the evaluator then refuses if it breaks the relation).
 */
async function computeFormula(
  ctx: ExecContext,
  ent: EntityContext,
  metric: MetricRef,
  target: Target,
  pins: Map<string, Target>,
  scopes: Record<string, Scope>,
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
    fetch: async (req) => {
      const pinned = req.role === 'same' ? pins.get(req.measureId) : undefined;
      const t = pinned ?? targetFor(req.period, ent.calendars);
      const f = await fetchBase(ctx, ent, req.measureId, t, scopes[req.measureId] ?? ctx.scope, member);
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
      return failure('missing', `${metric.label}${member.memberLabel ? ` for ${member.memberLabel}` : ''} cannot be computed for ${target.label}: ${f?.message ?? `${baseLabel(miss.measureId)} is not reported`}`, f?.errors ?? r.errors);
    }
    return failure('rejected', r.errors.map((e) => e.message).join('; '), r.errors);
  }
  const parts: Figure[] = [];
  for (const id of r.operandFactIds) {
    for (const f of figures.values()) if (f.factIds.includes(id) && !parts.includes(f)) parts.push(f);
  }
  const label = member.memberLabel ? `${member.memberLabel} ${metric.label.toLowerCase()}` : metric.label;
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
  if (metric.kind === 'base') return fetchBase(ctx, ent, metric.id, target, ctx.scope, { dimensions: metric.dimensions, memberLabel: metric.memberLabel });
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

export { record as recordCalculation };
