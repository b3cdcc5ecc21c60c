/**
 * Which measures add up over time. The one rule every sum over periods obeys (sumPeriods, TTM,
 * derived Q4 and H2, and any "plus / combined / together" in a question): only additive flows — amounts
 * over a duration, whose value over a window is the sum of its parts — are added. The source of truth
 * is the ontology: a metric's `periodType` and `unitKind` (lib/ontology/metrics.ts), a formula's unit
 * and shape (lib/ontology/formulas.ts). Per-share figures and weighted-average share counts are
 * averages over their own period (the weighted share count differs from period to period), ratios are
 * quotients, balances are levels at a date: none of them is the sum of its parts. A ratio over a
 * window is its formula over the window (each flow operand summed, then divided once), never a sum.
 */
import { getFormula, type Expr, type FormulaDef } from '@/lib/ontology/formulas';
import { getMetric, type MetricDef } from '@/lib/ontology/metrics';
import { error, nameOf } from './checks';
import { isCurrencyCode } from './format-value';
import type { Operand, TypedError } from './types';

/** Why a measure does not add up over periods. */
export type NonAdditiveReason =
  | 'earnings_per_share'
  | 'per_share'
  | 'weighted_shares'
  | 'share_count'
  | 'ratio'
  | 'balance'
  | 'nonlinear'
  | 'unknown';

/** How a measure behaves over a window of periods. */
export type WindowRule =
  /** an additive flow: the window's value is the sum of its parts */
  | { kind: 'sum' }
  /** a formula: evaluated once over the window, each flow operand summed over it */
  | { kind: 'formula'; formula: FormulaDef }
  /** not additive, and not computable over a window from its parts */
  | { kind: 'refuse'; reason: NonAdditiveReason; message: string };

const WHY: Record<NonAdditiveReason, string> = {
  earnings_per_share:
    'a per-share figure is not additive over periods: each period’s figure divides by that period’s own weighted share count, and weighted share counts differ by period; the figure for any period is what the filing reports for that period',
  per_share:
    'a per-share figure is not additive over periods: each period’s figure is per share of that period, and share counts (and splits) differ by period; the figure for any period is what the filing reports for that period',
  weighted_shares:
    'a weighted-average share count is an average over its own period, not additive over periods: weighted share counts differ by period, and the figure for any period is what the filing reports for that period',
  share_count:
    'a share count over a period is not added across periods by Ledgerline; the figure for any period is what the filing reports for that period',
  ratio: 'a ratio is not additive over periods; over a window it is computed from the window’s own numerator and denominator',
  balance: 'a balance is a level at one date, not a flow; balances do not add up over periods',
  nonlinear: 'this derived measure is not a sum or difference of flows, so it does not add up over periods',
  unknown: 'Ledgerline does not know whether this measure adds up over periods, so it does not add it',
};

/** The refusal message for a reason (shared by every path that refuses a window). */
export function nonAdditiveMessage(reason: NonAdditiveReason): string {
  return WHY[reason];
}

function isEarningsPerShare(concept: string): boolean {
  return /EarningsPerShare|EarningsLossPerShare/i.test(concept);
}

function isWeightedAverage(m: MetricDef): boolean {
  return m.concepts.some((c) => /WeightedAverage/i.test(c));
}

function metricRule(m: MetricDef): WindowRule {
  if (m.periodType === 'instant') return refuse('balance');
  if (m.unitKind === 'monetary') return { kind: 'sum' };
  if (m.unitKind === 'per_share') return refuse(m.concepts.some(isEarningsPerShare) ? 'earnings_per_share' : 'per_share');
  if (m.unitKind === 'shares') return refuse(isWeightedAverage(m) ? 'weighted_shares' : 'share_count');
  if (m.unitKind === 'ratio') return refuse('ratio');
  return refuse('unknown');
}

function refuse(reason: NonAdditiveReason): WindowRule {
  return { kind: 'refuse', reason, message: WHY[reason] };
}

/** Whether an expression is a sum/difference of additive flows (every leaf over the same duration). */
function linearInFlows(e: Expr, seen: Set<string>): boolean {
  if ('measure' in e) {
    if ((e.role ?? 'same') !== 'same') return false;
    const nested = getFormula(e.measure);
    if (nested)
      return !seen.has(nested.id) && nested.periodType === 'duration' && linearInFlows(nested.formula, new Set([...seen, nested.id]));
    const m = getMetric(e.measure);
    return !!m && metricRule(m).kind === 'sum';
  }
  if ('op' in e) return (e.op === 'add' || e.op === 'sub') && linearInFlows(e.args[0], seen) && linearInFlows(e.args[1], seen);
  return false;
}

/**
 * Whether a formula's value over a window equals the sum of its values over the window's parts:
 * a monetary flow built by adding and subtracting additive flows (free cash flow, EBITDA).
 */
export function isAdditiveFormula(f: FormulaDef): boolean {
  return (
    f.periodType === 'duration' &&
    f.unit === 'monetary' &&
    [f.formula, ...(f.alternatives ?? [])].every((e) => linearInFlows(e, new Set([f.id])))
  );
}

/**
 * The window rule of a measure id (an ontology metric or formula). Unknown ids (filer concepts) are
 * refused here; {@link additivityOf} decides those from the operand's unit.
 */
export function windowRule(measureId: string): WindowRule {
  const metric = getMetric(measureId);
  if (metric) return metricRule(metric);
  const formula = getFormula(measureId);
  if (formula) {
    if (formula.periodType === 'instant') return refuse('balance');
    return { kind: 'formula', formula };
  }
  return refuse('unknown');
}

/**
 * Whether an operand may be added over periods: its metric's rule, or — for a formula result — a
 * linear monetary formula, or — for a concept outside the ontology — a flow measured in a currency.
 */
export function additivityOf(op: Operand): { additive: true } | { additive: false; reason: NonAdditiveReason } {
  const id = op.metricId;
  if (id && getMetric(id)) {
    const r = metricRule(getMetric(id)!);
    return r.kind === 'sum' ? { additive: true } : { additive: false, reason: r.kind === 'refuse' ? r.reason : 'unknown' };
  }
  if (id && getFormula(id)) {
    const f = getFormula(id)!;
    if (f.periodType === 'instant') return { additive: false, reason: 'balance' };
    if (isAdditiveFormula(f)) return { additive: true };
    return { additive: false, reason: f.unit === 'per_share' ? 'per_share' : f.unit === 'monetary' ? 'nonlinear' : 'ratio' };
  }
  // a filer's own concept (or a metric id Ledgerline does not know): decided by what it measures
  if (op.period.type === 'instant') return { additive: false, reason: 'balance' };
  if (/\/shares?$/i.test(op.unit)) return { additive: false, reason: isEarningsPerShare(op.concept) ? 'earnings_per_share' : 'per_share' };
  if (/^shares?$/i.test(op.unit))
    return { additive: false, reason: /WeightedAverage/i.test(op.concept) ? 'weighted_shares' : 'share_count' };
  if (isCurrencyCode(op.unit) || (op.currency && op.unit === op.currency)) return { additive: true };
  if (/^(ratio|pure|pp|percent|times|days)$/i.test(op.unit)) return { additive: false, reason: 'ratio' };
  return { additive: false, reason: 'unknown' };
}

/** NON_ADDITIVE for every operand that may not be added over periods (`what`: the operation, for the message). */
export function checkAdditive(ops: Operand[], what: string): TypedError[] {
  const bad = ops.map((o) => ({ o, a: additivityOf(o) })).filter((x) => !x.a.additive);
  if (bad.length === 0) return [];
  const reasons = [...new Set(bad.map((x) => (x.a as { reason: NonAdditiveReason }).reason))];
  const names = [...new Set(bad.map((x) => nameOf(x.o)))].join(', ');
  return [
    error('NON_ADDITIVE', `${what} adds ${names} over periods, but ${reasons.map((r) => WHY[r]).join('; ')}`, ...bad.map((x) => x.o)),
  ];
}
