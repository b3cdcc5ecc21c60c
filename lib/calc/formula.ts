/**
 * The one evaluator of ontology formulas (lib/ontology/formulas.ts): ratios, margins, returns,
 * turnovers, per-share figures and derived amounts. The caller supplies each operand fetched for
 * the period its role names (`operandPeriod`); the evaluator checks every operand against that
 * period (PERIOD_MISMATCH, INSTANT_DURATION_MIX), one entity, scope, basis, dimensions and currency,
 * the ontology's "cannot be negative" and sign conventions, and computes exactly (BigInt decimals).
 */
import type { Period } from '@/lib/domain/types';
import { addDays, daysBetween } from '@/lib/fiscal';
import { getFormula, type Expr, type FormulaDef, type PeriodRole } from '@/lib/ontology/formulas';
import { getMetric, isNonNegativeMetric } from '@/lib/ontology/metrics';
import { abs, add, compare, dec, div, isZero, mul, sign, sub, type Decimal } from './decimal';
import {
  checkBasis,
  checkEntity,
  checkSameDimensions,
  checkScope,
  currencyOf,
  error,
  invalidOperands,
  parseValues,
  periodText,
  samePeriod,
} from './checks';
import { operandPeriodLabel } from './labels';
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** The period an operand with `role` must cover, for a figure over `anchor`; null when the role does not apply. */
export function operandPeriod(role: PeriodRole, anchor: Period): Period | null {
  if (role === 'same') return anchor;
  if (role === 'end') return anchor.type === 'instant' ? anchor : { type: 'instant', date: anchor.end };
  return anchor.type === 'duration' ? { type: 'instant', date: addDays(anchor.start, -1) } : null;
}

/** One operand the formula needs: a base measure over a period (the caller fetches it). */
export interface OperandRequest {
  measureId: string;
  period: Period;
  /** the role the period plays, as written in the formula (`average` expands to opening and end) */
  role: PeriodRole;
}

/** Fetches one operand; null when it is not reported (MISSING_FACT). */
export type FetchOperand = (req: OperandRequest) => Promise<Operand | null>;

export interface EvaluateFormulaOptions extends CalcOptions {
  /** the figure's own period: a duration, or an instant for balance-sheet ratios */
  anchor: Period;
  fetch: FetchOperand;
  /** a day count the question states ("365 days"): a formula's days term is this instead of the days in its period */
  dayCount?: number;
}

interface Value {
  d: Decimal;
  /** 'money' with a currency, 'shares', 'count', 'pure' (ratios, days, constants) */
  kind: 'money' | 'shares' | 'count' | 'pure';
  currency: string | null;
  text: string;
}

class Missing extends Error {
  constructor(readonly request: OperandRequest) {
    super('missing');
  }
}

class Refused extends Error {
  constructor(readonly errors: TypedError[]) {
    super('refused');
  }
}

interface EvalState {
  options: EvaluateFormulaOptions;
  operands: Operand[];
  /** cache: one fetch per measure and period */
  cache: Map<string, Promise<Operand | null>>;
  derivedBasis: boolean;
  stack: string[];
  /** inside an average: the role the instant plays for the figure (opening, end) */
  roleLabel?: PeriodRole;
}

function kindOf(op: Operand): Value['kind'] {
  if (currencyOf(op)) return 'money';
  if (op.unit === 'shares') return 'shares';
  if (op.unit === 'pure' || op.unit === 'ratio') return 'pure';
  return 'count';
}

function combineUnits(op: 'add' | 'sub' | 'mul' | 'div', a: Value, b: Value): Pick<Value, 'kind' | 'currency'> {
  if (op === 'add' || op === 'sub') {
    if (a.kind !== b.kind || a.currency !== b.currency) {
      const code = a.kind === 'money' && b.kind === 'money' ? 'CURRENCY_MISMATCH' : 'UNIT_MISMATCH';
      throw new Refused([
        { code, message: `${a.text} and ${b.text} are in different units (${a.currency ?? a.kind}, ${b.currency ?? b.kind})`, factIds: [] },
      ]);
    }
    return { kind: a.kind, currency: a.currency };
  }
  if (op === 'mul') {
    if (a.kind !== 'pure' && b.kind !== 'pure')
      throw new Refused([{ code: 'UNIT_MISMATCH', message: `${a.text} × ${b.text} multiplies two amounts`, factIds: [] }]);
    return a.kind === 'pure' ? { kind: b.kind, currency: b.currency } : { kind: a.kind, currency: a.currency };
  }
  if (a.kind === b.kind && a.currency !== b.currency && a.kind === 'money') {
    throw new Refused([
      {
        code: 'CURRENCY_MISMATCH',
        message: `${a.text} (${a.currency}) ÷ ${b.text} (${b.currency}) divides different currencies; convert with a dated FX fact first`,
        factIds: [],
      },
    ]);
  }
  if (a.kind === b.kind || b.kind === 'pure')
    return a.kind === b.kind ? { kind: 'pure', currency: null } : { kind: a.kind, currency: a.currency };
  // money ÷ shares: a per-share amount
  return { kind: a.kind, currency: a.currency };
}

function fetchOnce(st: EvalState, req: OperandRequest): Promise<Operand | null> {
  const key = `${req.measureId}|${periodText(req.period)}`;
  let p = st.cache.get(key);
  if (!p) {
    p = st.options.fetch(req);
    st.cache.set(key, p);
  }
  return p;
}

/** Checks one fetched operand against the period its role names. */
function checkOperand(op: Operand, req: OperandRequest): TypedError[] {
  const invalid = invalidOperands([op]);
  if (invalid.length > 0) return invalid;
  const want = req.period;
  if (op.period.type !== want.type) {
    return [
      error(
        'INSTANT_DURATION_MIX',
        `${req.measureId} must be ${want.type === 'instant' ? `a balance at ${periodText(want)}` : `a flow over ${periodText(want)}`} (role ${req.role}), got ${periodText(op.period)}`,
        op,
      ),
    ];
  }
  if (!samePeriod(op.period, want)) {
    return [
      error('PERIOD_MISMATCH', `${req.measureId} must cover ${periodText(want)} (role ${req.role}), got ${periodText(op.period)}`, op),
    ];
  }
  if (op.metricId && op.metricId !== req.measureId) {
    return [error('METRIC_MISMATCH', `operand for ${req.measureId} measures ${op.metricId}`, op)];
  }
  return [];
}

async function leaf(st: EvalState, measureId: string, role: PeriodRole, anchor: Period): Promise<Value> {
  const nested = getFormula(measureId);
  const period = operandPeriod(role, anchor);
  if (!period) {
    throw new Refused([
      {
        code: 'WRONG_PERIOD_TYPE',
        message: `role ${role} of ${measureId} needs a duration, the figure is at ${periodText(anchor)}`,
        factIds: [],
      },
    ]);
  }
  if (nested) {
    if (st.stack.includes(nested.id))
      throw new Refused([{ code: 'INVALID_VALUE', message: `formula ${nested.id} refers to itself`, factIds: [] }]);
    if (nested.periodType !== period.type) {
      throw new Refused([
        {
          code: 'WRONG_PERIOD_TYPE',
          message: `${nested.id} is ${nested.periodType === 'instant' ? 'a balance' : 'a flow'}; role ${role} gives ${periodText(period)}`,
          factIds: [],
        },
      ]);
    }
    if (nested.basis === 'derived') st.derivedBasis = true;
    st.stack.push(nested.id);
    try {
      // as at the top (evaluateFormula): the nested measure's definitions in order, the next only when an operand
      // of one is not reported (total debt inside net debt: the filer's reported total, else the sum of its parts)
      const defs = [nested.formula, ...(nested.alternatives ?? [])];
      const kept = st.operands.length;
      let missing: Missing | null = null;
      for (const expr of defs) {
        try {
          const v = await evalExpr(st, expr, period);
          return { ...v, text: nested.id };
        } catch (e) {
          if (!(e instanceof Missing)) throw e;
          missing = missing ?? e;
          st.operands.length = kept;
        }
      }
      throw missing ?? new Refused([{ code: 'INVALID_VALUE', message: `formula ${nested.id} has no definition`, factIds: [] }]);
    } finally {
      st.stack.pop();
    }
  }
  const metric = getMetric(measureId);
  if (!metric) throw new Refused([{ code: 'INVALID_VALUE', message: `unknown measure ${measureId}`, factIds: [] }]);
  if (metric.periodType !== period.type) {
    throw new Refused([
      {
        code: 'WRONG_PERIOD_TYPE',
        message: `${measureId} is ${metric.periodType === 'instant' ? 'a balance' : 'a flow'}; role ${role} gives ${periodText(period)}`,
        factIds: [],
      },
    ]);
  }
  const req: OperandRequest = { measureId, period, role: role === 'same' && st.roleLabel ? st.roleLabel : role };
  const op = await fetchOnce(st, req);
  if (!op) throw new Missing(req);
  const errs = checkOperand(op, req);
  if (errs.length > 0) throw new Refused(errs);
  const { values, errors } = parseValues([op]);
  if (errors.length > 0) throw new Refused(errors);
  const d = values[0]!;
  if (sign(d) < 0 && (isNonNegativeMetric(op.metricId ?? measureId) || isNonNegativeMetric(measureId))) {
    const outflow = metric.sign === 'outflow';
    throw new Refused([
      error(
        outflow ? 'SIGN_CONVENTION' : 'IMPLAUSIBLE_RESULT',
        outflow
          ? `${measureId} is negative (${op.value}); it is reported as a positive outflow`
          : `${measureId} cannot be negative (${op.value})`,
        op,
      ),
    ]);
  }
  if (op.resultBasis === 'derived') st.derivedBasis = true;
  if (!st.operands.some((o) => o.id === op.id)) st.operands.push(op);
  return { d, kind: kindOf(op), currency: currencyOf(op), text: `${measureId}[${operandPeriodLabel(op, st.options.calendars)}]` };
}

async function evalExpr(st: EvalState, e: Expr, anchor: Period): Promise<Value> {
  if ('measure' in e) return leaf(st, e.measure, e.role ?? 'same', anchor);
  if ('const' in e) return { d: dec(e.const), kind: 'pure', currency: null, text: e.const };
  if ('days' in e) {
    if (anchor.type !== 'duration')
      throw new Refused([{ code: 'WRONG_PERIOD_TYPE', message: 'days in the period need a duration', factIds: [] }]);
    const stated = st.options.dayCount;
    const n = stated ?? daysBetween(anchor.start, anchor.end) + 1;
    return { d: dec(String(n)), kind: 'pure', currency: null, text: stated ? `${n} days (as stated)` : `${n} days` };
  }
  if ('average' in e) {
    if (anchor.type !== 'duration') {
      throw new Refused([
        { code: 'WRONG_PERIOD_TYPE', message: 'an average balance is taken over a duration (opening and closing balances)', factIds: [] },
      ]);
    }
    const opening = await evalAt(st, e.average, operandPeriod('opening', anchor)!, 'opening');
    const closing = await evalAt(st, e.average, operandPeriod('end', anchor)!, 'end');
    st.derivedBasis = true;
    const u = combineUnits('add', opening, closing);
    return { d: div(add(opening.d, closing.d), dec('2')), ...u, text: `average(${opening.text}, ${closing.text})` };
  }
  const [a, b] = [await evalExpr(st, e.args[0], anchor), await evalExpr(st, e.args[1], anchor)];
  const u = combineUnits(e.op, a, b);
  const sym = { add: '+', sub: '-', mul: '*', div: '/' }[e.op];
  const wrap = (v: Value, x: Expr) => ('op' in x ? `(${v.text})` : v.text);
  const text = `${wrap(a, e.args[0])} ${sym} ${wrap(b, e.args[1])}`;
  if (e.op === 'add') return { d: add(a.d, b.d), ...u, text };
  if (e.op === 'sub') return { d: sub(a.d, b.d), ...u, text };
  if (e.op === 'mul') return { d: mul(a.d, b.d), ...u, text };
  if (isZero(b.d)) throw new Refused([{ code: 'DIVIDE_BY_ZERO', message: `${b.text} is zero`, factIds: [] }]);
  return { d: div(a.d, b.d), ...u, text };
}

/** An expression evaluated at an instant (each leaf's `same` role is that instant). */
async function evalAt(st: EvalState, e: Expr, at: Period, role: PeriodRole): Promise<Value> {
  const before = st.roleLabel;
  st.roleLabel = role;
  try {
    return await evalExpr(st, e, at);
  } finally {
    st.roleLabel = before;
  }
}

function unitOf(def: FormulaDef, v: Value): { unit: string; currency: string | null } | null {
  switch (def.unit) {
    case 'ratio':
      return v.kind === 'pure' ? { unit: 'ratio', currency: null } : null;
    case 'times':
      return v.kind === 'pure' ? { unit: 'times', currency: null } : null;
    case 'days':
      return v.kind === 'pure' ? { unit: 'days', currency: null } : null;
    case 'monetary':
      return v.kind === 'money' ? { unit: v.currency!, currency: v.currency } : null;
    case 'per_share':
      return v.kind === 'money' ? { unit: `${v.currency}/shares`, currency: v.currency } : null;
  }
}

/** Result of a formula: a calculation result, with `missing` naming what was not reported when MISSING_FACT. */
export type FormulaResult = CalcResult & { missing?: OperandRequest[]; definition?: number };

async function attempt(def: FormulaDef, expr: Expr, options: EvaluateFormulaOptions, cache: EvalState['cache']): Promise<FormulaResult> {
  const st: EvalState = { options, operands: [], cache, derivedBasis: def.basis === 'derived', stack: [def.id] };
  const anchor = options.anchor;
  if (anchor.type !== def.periodType) {
    return rejected('formula', [
      {
        code: 'WRONG_PERIOD_TYPE',
        message: `${def.label} is ${def.periodType === 'instant' ? 'a balance at one date' : 'a figure over a period'}; asked for ${periodText(anchor)}`,
        factIds: [],
      },
    ]);
  }
  let v: Value;
  try {
    v = await evalExpr(st, expr, anchor);
  } catch (e) {
    if (e instanceof Missing) {
      return {
        ...rejected('formula', [
          { code: 'MISSING_FACT', message: `${e.request.measureId} for ${periodText(e.request.period)} is not reported`, factIds: [] },
        ]),
        missing: [e.request],
      };
    }
    if (e instanceof Refused) {
      const ids = st.operands.map((o) => o.id);
      return rejected(
        'formula',
        e.errors.map((x) => (x.factIds.length ? x : { ...x, factIds: ids })),
      );
    }
    throw e;
  }
  const ops = st.operands;
  const relation = [...checkEntity(ops), ...checkScope(ops), ...checkBasis(ops), ...checkSameDimensions(ops)];
  if (relation.length > 0) return rejected('formula', relation);
  const unit = unitOf(def, v);
  if (!unit)
    return rejected('formula', [
      error('UNIT_MISMATCH', `${def.label} should be ${def.unit}; the operands give ${v.currency ?? v.kind}`, ...ops),
    ]);
  if (def.bounded) {
    const den =
      'op' in expr && expr.op === 'div'
        ? await evalExpr({ ...st, operands: [], derivedBasis: false }, expr.args[1], anchor).catch(() => null)
        : null;
    const negativeBase = den !== null && sign(den.d) < 0;
    const out = compare(abs(v.d), dec('1')) > 0;
    const check = plausibility(
      negativeBase || out,
      negativeBase ? `${den!.text} is negative` : `${def.label} ${sign(v.d) < 0 ? 'below −100%' : 'above 100%'} is implausible`,
      ops,
      options,
    );
    if (check.errors.length > 0) return rejected('formula', check.errors);
  }
  const period = anchor.type === 'duration' ? ({ ...anchor } as Duration) : anchor;
  return accepted({
    op: 'formula',
    value: v.d,
    unit: unit.unit,
    currency: unit.currency,
    period,
    formula: `${def.id} = ${v.text}`,
    operands: ops,
    basis: st.derivedBasis ? 'derived' : 'reported',
    options: { metricId: def.id, ...options },
    dimensions: { ...(ops[0]?.dimensions ?? {}) },
  });
}

/**
 * Evaluates a formula for one anchor period. Definitions are tried in order (the formula, then its
 * alternatives) only when an operand is not reported; a refusal (a period that breaks the relation,
 * a sign error) is final. The result's `formula` names every operand with its period.
 */
export async function evaluateFormula(def: FormulaDef, options: EvaluateFormulaOptions): Promise<FormulaResult> {
  const cache: EvalState['cache'] = new Map();
  const defs = [def.formula, ...(def.alternatives ?? [])];
  let first: FormulaResult | null = null;
  for (const [i, expr] of defs.entries()) {
    const r = await attempt(def, expr, options, cache);
    if (r.ok || !r.missing) return { ...r, definition: i };
    first = first ?? r;
  }
  return first!;
}

/** Every base operand a formula may request for an anchor (all definitions), e.g. to prefetch. */
export function formulaRequests(def: FormulaDef, anchor: Period): OperandRequest[] {
  const out: OperandRequest[] = [];
  const walk = (e: Expr, at: Period, stack: string[], label?: PeriodRole) => {
    if ('measure' in e) {
      const role = e.role ?? 'same';
      const p = operandPeriod(role, at);
      if (!p) return;
      const nested = getFormula(e.measure);
      if (nested && !stack.includes(nested.id)) {
        walk(nested.formula, p, [...stack, nested.id], label);
        for (const alt of nested.alternatives ?? []) walk(alt, p, [...stack, nested.id], label);
      } else if (!nested) out.push({ measureId: e.measure, period: p, role: role === 'same' && label ? label : role });
      return;
    }
    if ('average' in e) {
      const o = operandPeriod('opening', at);
      const c = operandPeriod('end', at);
      if (o) walk(e.average, o, stack, 'opening');
      if (c) walk(e.average, c, stack, 'end');
      return;
    }
    if ('op' in e) {
      walk(e.args[0], at, stack, label);
      walk(e.args[1], at, stack, label);
    }
  };
  for (const expr of [def.formula, ...(def.alternatives ?? [])]) walk(expr, anchor, [def.id]);
  const seen = new Set<string>();
  return out.filter((r) => {
    const k = `${r.measureId}|${periodText(r.period)}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The temporal relation a formula's roles imply (checked against its declared relation in tests). */
export function impliedRelation(def: FormulaDef): FormulaDef['relation'] | 'mixed' {
  const kinds = new Set<string>();
  const walk = (e: Expr, inAverage: boolean, periodType: 'instant' | 'duration') => {
    if ('measure' in e) {
      const role = e.role ?? 'same';
      const nested = getFormula(e.measure);
      const mt = nested?.periodType ?? getMetric(e.measure)?.periodType ?? 'duration';
      if (inAverage) kinds.add('average');
      else if (periodType === 'instant') kinds.add('instant');
      else if (role === 'same' && mt === 'duration') {
        if (nested && nested.relation === 'flow_over_average_balance') kinds.add('average');
        kinds.add('flow');
      } else if (role === 'end' && mt === 'instant') kinds.add('end');
      else kinds.add('bad');
      return;
    }
    if ('average' in e) return walk(e.average, true, periodType);
    if ('op' in e) {
      walk(e.args[0], inAverage, periodType);
      walk(e.args[1], inAverage, periodType);
    }
  };
  walk(def.formula, false, def.periodType);
  if (kinds.has('bad')) return 'mixed';
  if (def.periodType === 'instant') return kinds.size === 1 && kinds.has('instant') ? 'same_instant' : 'mixed';
  if (kinds.has('average') && !kinds.has('end')) return 'flow_over_average_balance';
  if (kinds.has('end') && !kinds.has('average')) return firstIsEnd(def.formula) ? 'instant_over_flow_at_end' : 'flow_over_instant_at_end';
  if (kinds.size === 1 && kinds.has('flow')) return 'same_duration';
  return 'mixed';
}

function firstIsEnd(e: Expr): boolean {
  if ('measure' in e) return (e.role ?? 'same') === 'end';
  if ('op' in e) return firstIsEnd(e.args[0]);
  if ('average' in e) return false;
  return false;
}
