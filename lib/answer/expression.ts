/**
 * The figure engine for explicit calculations: evaluates an intent's expression tree node by node,
 * each operand fetched for its own measure and period, each node through the validated calculation
 * service. Invalid joins (a quarter added to the YTD that contains it, a balance added to a flow, a
 * margin over two years) come back as typed errors, never as a number.
 */
import {
  arithmetic,
  averageBalance,
  change,
  deriveH2,
  deriveQ4,
  difference,
  isAdditiveFormula,
  nonAdditiveMessage,
  sum,
  sumPeriods,
  windowRule,
  type ArithmeticOp,
  type ArithmeticTerm,
  type CalcResult,
  type NodeRelation,
  type Operand,
} from '@/lib/calc';
import type { Period } from '@/lib/domain/types';
import { addDays, deriveFiscal } from '@/lib/fiscal';
import type { ExpressionNode, MetricRef } from '@/lib/planner/types';
import { isMemberOfTotal, shareOfTotal } from './operations/share';
import { lowerFirst } from './text';
import {
  answerPeriod,
  computeFigure,
  computeWindowFigure,
  fromCalc,
  recordCalculation,
  targetFor,
  type EntityContext,
  type ExecContext,
  type Failure,
  type Figure,
  type FigureResult,
  type Target,
  type Window,
} from './compute';
import { shareBasisFailure } from './version-note';

export type ResolveOperandPeriod = (
  req: Extract<ExpressionNode, { kind: 'operand' }>['operand']['period'],
  periodType: 'instant' | 'duration',
) => { ok: true; target: Target } | { ok: false; failure: Failure };

function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

function startOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.start;
}

function sameMetric(a: Figure, b: Figure): boolean {
  return (a.operand.metricId ?? a.operand.concept) === (b.operand.metricId ?? b.operand.concept);
}

function rejectedFailure(r: Extract<CalcResult, { ok: false }>): Failure {
  return { kind: 'rejected', message: r.errors.map((e) => e.message).join('; '), errors: r.errors };
}

/** The label a calculation result carries: the measure named in the question, else the operands'. */
function labelOf(op: string, parts: Figure[], metric: MetricRef | null): string {
  const names = [...new Set(parts.map((p) => p.metricLabel))];
  // "Q2 revenue minus Q1 revenue" is the change between them, never "revenue for Q2" (the later period it carries)
  if (op === 'change') return `Change in ${names[0]!.charAt(0).toLowerCase()}${names[0]!.slice(1)}`;
  // a measure the question defines by this calculation ("gross margin computed as …"), or one measure summed over periods
  if (metric && (metric.kind === 'derived' || names.length === 1)) return metric.label;
  // "revenue less cost of revenue" is that difference, never "revenue"
  return names.length === 1
    ? names[0]!
    : names
        .map((n, i) => (i ? n.charAt(0).toLowerCase() + n.slice(1) : n))
        .join(` ${op === 'sum' ? '+' : op === 'difference' ? '−' : '/'} `);
}

export async function evaluateExpression(
  ctx: ExecContext,
  ent: EntityContext,
  node: ExpressionNode,
  resolvePeriod: ResolveOperandPeriod,
  label: MetricRef | null,
): Promise<FigureResult> {
  if (node.kind === 'const') {
    const message = `${node.text} alone is a number of the question, not a reported figure`;
    return { ok: false, failure: { kind: 'rejected', message, errors: [{ code: 'INVALID_VALUE', message, factIds: [] }] } };
  }
  if (node.kind === 'operand') return evaluateOperand(ctx, ent, node.operand, resolvePeriod);
  const window = node.op === 'sum' ? await measureOverWindow(ctx, ent, node, resolvePeriod) : null;
  if (window) return window;
  const terms: Term[] = [];
  for (const arg of node.args) {
    if (arg.kind === 'const') {
      terms.push({ constant: arg.value, text: arg.text });
      continue;
    }
    const f = await evaluateExpression(ctx, ent, arg, resolvePeriod, null);
    if (!f.ok) return f;
    terms.push({ figure: f.figure });
  }
  const parts = terms.flatMap((t) => ('figure' in t ? [t.figure] : []));
  if (parts.length >= 2) {
    // per-share figures (or share counts) across a stock split one of them was never restated for
    const mixed = shareBasisFailure(
      parts.map((p) => ({ ...p, label: answerPeriod(p.period, ent.calendars).label })),
      parts[0]!.metricLabel,
    );
    if (mixed) return { ok: false, failure: mixed };
  }
  if (parts.length < terms.length || node.op === 'product' || byArithmetic(node, parts))
    return arithmeticNode(ctx, ent, node, terms, label);
  return combineFigures(ctx, ent, node, parts, label);
}

type Term = { figure: Figure } | { constant: string; text: string };

/** One operand: the measure over its period, or the average of its opening and closing balances. */
async function evaluateOperand(
  ctx: ExecContext,
  ent: EntityContext,
  operand: Extract<ExpressionNode, { kind: 'operand' }>['operand'],
  resolvePeriod: ResolveOperandPeriod,
): Promise<FigureResult> {
  const { metric, period } = operand;
  if (operand.role !== 'average') {
    const r = resolvePeriod(period, metric.periodType);
    if (!r.ok) return { ok: false, failure: r.failure };
    return computeFigure(ctx, ent, metric, r.target);
  }
  // "average equity": the balances at the day before the period starts and at its end, averaged over it
  const r = resolvePeriod(period, 'duration');
  if (!r.ok) return { ok: false, failure: r.failure };
  const span = r.target.period;
  if (span.type !== 'duration' || metric.periodType !== 'instant') {
    const message = `an average of ${lowerFirst(metric.label)} takes its opening and closing balances over a period`;
    return { ok: false, failure: { kind: 'rejected', message, errors: [{ code: 'WRONG_PERIOD_TYPE', message, factIds: [] }] } };
  }
  const opening = await computeFigure(ctx, ent, metric, targetFor({ type: 'instant', date: addDays(span.start, -1) }, ent.calendars));
  if (!opening.ok) return opening;
  const closing = await computeFigure(ctx, ent, metric, targetFor({ type: 'instant', date: span.end }, ent.calendars));
  if (!closing.ok) return closing;
  const res = averageBalance({ opening: opening.figure.operand, closing: closing.figure.operand, period: span, calendars: ent.calendars });
  recordCalculation(ctx, res);
  if (!res.ok) return { ok: false, failure: rejectedFailure(res) };
  return { ok: true, figure: fromCalc(res, `Average ${lowerFirst(metric.label)}`, [opening.figure, closing.figure], ent) };
}

/**
 * Whether a quotient of two figures goes through the formula-node calculation: the user related a flow to a
 * balance at its end, divided one measure over two comparable periods, or divided an amount by a share count.
 */
function byArithmetic(node: Extract<ExpressionNode, { kind: 'op' }>, parts: Figure[]): boolean {
  if ((node.op !== 'ratio' && node.op !== 'share') || parts.length !== 2) return false;
  // a quotient said in times or days ("inventory turnover: cost of sales over average inventory") keeps that unit
  if (node.unit) return true;
  const [a, b] = parts as [Figure, Figure];
  if (a.currency && b.unit === 'shares') return true;
  const same = a.period.type === b.period.type && startOf(a.period) === startOf(b.period) && endOf(a.period) === endOf(b.period);
  if (same) return false;
  return (!!node.atEnd && a.period.type !== b.period.type) || (sameMetric(a, b) && a.period.type === b.period.type);
}

const ARITHMETIC: Record<Extract<ExpressionNode, { kind: 'op' }>['op'], ArithmeticOp> = {
  sum: 'add',
  difference: 'sub',
  ratio: 'div',
  share: 'div',
  product: 'mul',
};

/** A formula node with constants, a product, or a relation other than one period: lib/calc's node arithmetic, left to right. */
function arithmeticNode(
  ctx: ExecContext,
  ent: EntityContext,
  node: Extract<ExpressionNode, { kind: 'op' }>,
  terms: Term[],
  label: MetricRef | null,
): FigureResult {
  const op = ARITHMETIC[node.op];
  const asTerm = (t: Term): ArithmeticTerm => ('figure' in t ? t.figure.operand : { constant: t.constant });
  const [first, ...rest] = terms;
  if (!first) return { ok: false, failure: { kind: 'rejected', message: 'no figure', errors: [] } };
  let acc: Term = first;
  for (const [k, next] of rest.entries()) {
    const figs = [acc, next].flatMap((t) => ('figure' in t ? [t.figure] : []));
    const [fa, fb] = figs;
    const comparable = !!fa && !!fb && sameMetric(fa, fb) && fa.period.type === fb.period.type;
    const mixed = !!fa && !!fb && fa.period.type !== fb.period.type;
    const relation: NodeRelation = node.atEnd && mixed ? 'balance_at_end' : comparable ? 'comparable_periods' : 'same_period';
    const last = k === rest.length - 1;
    const res = arithmetic({
      op,
      left: asTerm(acc),
      right: asTerm(next),
      relation,
      calendars: ent.calendars,
      ...(last && node.unit ? { pureUnit: node.unit } : {}),
    });
    recordCalculation(ctx, res);
    if (!res.ok) return { ok: false, failure: rejectedFailure(res) };
    const text = (t: Term) => ('figure' in t ? lowerFirst(t.figure.metricLabel) : t.text);
    const name = label && terms.length === 2 ? label.label : `${text(acc)} ${{ add: '+', sub: '−', mul: '×', div: '/' }[op]} ${text(next)}`;
    acc = { figure: fromCalc(res, name.charAt(0).toUpperCase() + name.slice(1), figs, ent) };
  }
  return 'figure' in acc
    ? { ok: true, figure: acc.figure }
    : { ok: false, failure: { kind: 'rejected', message: 'no figure', errors: [] } };
}

/** Sums, differences, ratios and shares of figures, each through its own validated calculation. */
async function combineFigures(
  ctx: ExecContext,
  ent: EntityContext,
  node: Extract<ExpressionNode, { kind: 'op' }>,
  parts: Figure[],
  label: MetricRef | null,
): Promise<FigureResult> {
  const calendars = ent.calendars;
  const operands: Operand[] = parts.map((p) => p.operand);
  let res: CalcResult;
  let op: string = node.op;
  if (node.op === 'sum') {
    const oneMeasureOverTime =
      parts.every((p) => sameMetric(p, parts[0]!)) &&
      new Set(parts.map((p) => `${startOf(p.period)}..${endOf(p.period)}`)).size === parts.length;
    res =
      oneMeasureOverTime && parts.every((p) => p.period.type === 'duration')
        ? sumPeriods({ parts: operands, calendars })
        : sum({ components: operands, calendars });
  } else if (node.op === 'difference') {
    const [a, b] = parts as [Figure, Figure];
    if (sameMetric(a, b) && (startOf(a.period) !== startOf(b.period) || endOf(a.period) !== endOf(b.period))) {
      const pa = calendars.length ? deriveFiscal(a.period, calendars) : null;
      const pb = calendars.length ? deriveFiscal(b.period, calendars) : null;
      if (
        a.period.type === 'duration' &&
        b.period.type === 'duration' &&
        a.period.start === b.period.start &&
        b.period.end < a.period.end &&
        pa?.fiscalPeriod === 'FY' &&
        pb?.fiscalPeriod === 'H1'
      ) {
        // FY − H1: what remains is the second half (flows only; the calculation checks it)
        res = deriveH2({ fy: a.operand, firstHalf: b.operand, calendars });
        op = 'derive_h2';
      } else if (
        a.period.type === 'duration' &&
        b.period.type === 'duration' &&
        a.period.start === b.period.start &&
        b.period.end < a.period.end
      ) {
        // FY − 9M YTD: what remains is the fourth quarter (the calculation checks that it is one)
        res = deriveQ4({ fy: a.operand, nineMonths: b.operand, calendars });
        op = 'derive_q4';
      } else if (endOf(a.period) > endOf(b.period)) {
        // a later period minus an earlier one is a change, carrying the later period: year over year for the
        // same fiscal position, sequential for adjacent periods, else between the two periods named
        const adjacent = a.period.type === 'duration' && b.period.type === 'duration' && addDays(b.period.end, 1) === a.period.start;
        const relation = pa && pb && pa.fiscalPeriod === pb.fiscalPeriod ? 'year_over_year' : adjacent ? 'sequential' : 'between';
        // the change keeps its measure: "(FY2026 revenue − FY2025 revenue) / FY2025 revenue" divides one measure over comparable periods
        const metricId = a.operand.metricId ?? undefined;
        res = change({
          later: a.operand,
          earlier: b.operand,
          calendars,
          relation,
          allowImplausible: true,
          ...(metricId ? { metricId } : {}),
        });
        op = 'change';
      } else {
        return {
          ok: false,
          failure: {
            kind: 'rejected',
            message: `${a.metricLabel} for an earlier period minus a later one is not a change Ledgerline reports; ask for the change from the earlier to the later period`,
            errors: [{ code: 'PERIOD_MISMATCH', message: 'the minuend ends before the subtrahend', factIds: [...a.factIds, ...b.factIds] }],
          },
        };
      }
    } else {
      res = difference({ minuend: a.operand, subtrahend: b.operand, calendars });
    }
  } else {
    // "what share of revenue came from the iPhone": the member is the part whichever way the question orders them
    if (node.op === 'share' && isMemberOfTotal(parts[1]!.operand, parts[0]!.operand)) parts.reverse();
    const [a, b] = parts as [Figure, Figure];
    // a member over its own total is its share; a share of two balances at one date ("cash as a % of total
    // assets") is their quotient; a margin divides flows
    res = shareOfTotal(a.operand, b.operand, calendars, node.op === 'share' || label?.op === 'margin');
  }
  recordCalculation(ctx, res);
  if (!res.ok) return { ok: false, failure: rejectedFailure(res) };
  const figure = fromCalc(res, labelOf(op, parts, label), parts, ent);
  // a change between two periods is derived from facts of both: as an input of a larger formula it cites each fact on
  // its own bounds ("(FY2026 revenue − FY2025 revenue) / FY2025 revenue"), never as a figure reported for the later period
  return { ok: true, figure: op === 'change' ? { ...figure, basis: 'derived' } : figure };
}

/**
 * One measure added over contiguous periods ("Q1 and Q2 gross margin combined", "Q1 EPS plus Q2
 * EPS"), when the measure is not an additive flow: a ratio is its formula over the combined window
 * (numerator and denominator each summed, divided once); a per-share figure or weighted share count
 * is refused (NON_ADDITIVE), offering the figure the filing reports for the window when there is
 * one. Null when the node is anything else (additive flows are summed by sumPeriods as written).
 */
async function measureOverWindow(
  ctx: ExecContext,
  ent: EntityContext,
  node: Extract<ExpressionNode, { kind: 'op' }>,
  resolvePeriod: ResolveOperandPeriod,
): Promise<FigureResult | null> {
  const operands = node.args.map((a) => (a.kind === 'operand' ? a.operand : null));
  if (operands.some((o) => !o)) return null;
  const metric = operands[0]!.metric;
  if (metric.periodType !== 'duration' || operands.some((o) => o!.metric.id !== metric.id)) return null;
  const rule = windowRule(metric.id);
  if (rule.kind === 'sum') return null;
  const targets: Target[] = [];
  for (const o of operands) {
    const r = resolvePeriod(o!.period, metric.periodType);
    if (!r.ok) return { ok: false, failure: r.failure };
    targets.push(r.target);
  }
  const parts = [...targets].sort((a, b) => startOf(a.period).localeCompare(startOf(b.period)));
  // the parts must tile one window (else the calculation service says why, operand by operand)
  const tiles = parts.every(
    (t, i) =>
      t.period.type === 'duration' &&
      (i === 0 || (parts[i - 1]!.period.type === 'duration' && t.period.start === addDays(endOf(parts[i - 1]!.period), 1))),
  );
  if (!tiles) return null;
  const w: Window = {
    kind: 'sum',
    period: { type: 'duration', start: startOf(parts[0]!.period), end: endOf(parts[parts.length - 1]!.period) },
    parts,
  };
  if (rule.kind === 'formula' && !isAdditiveFormula(rule.formula) && !node.combined) {
    // "Q1 gross margin plus Q2 gross margin": adding two ratios is not a figure; their combined span is
    const whole = targetFor(w.period, ent.calendars);
    const span = whole.fiscalPeriod && whole.fiscalPeriod !== 'OTHER' ? whole.label : `${parts.map((p) => p.label).join(' and ')} combined`;
    const message = `${metric.label} of ${parts.map((p) => p.label).join(' + ')} is not added: ${nonAdditiveMessage('ratio')}`;
    return {
      ok: false,
      failure: {
        kind: 'rejected',
        message,
        errors: [{ code: 'NON_ADDITIVE', message, factIds: [] }],
        alternatives: [
          `${ent.entity.name} ${lowerFirst(metric.label)} ${whole.fiscalPeriod && whole.fiscalPeriod !== 'OTHER' ? span : `for ${span}`}`,
        ],
      },
    };
  }
  return computeWindowFigure(ctx, ent, metric, w);
}
