/**
 * One node of a formula the user states ("(R&D + SG&A) / revenue", "365 / (cost of sales / average
 * inventory)", "dividends per share outstanding at year end"): two operands — figures or constants — and
 * an operator, with the temporal relation the node declares checked before anything is computed:
 *
 * - `same_period`: both figures cover the same period (flows over one duration, balances at one instant);
 * - `balance_at_end`: a flow over a duration and a balance at that duration's end (division only; the
 *   user's own definition of a ratio, or an amount per share outstanding at the period's end);
 * - `comparable_periods`: one measure over two periods of the same length ("FY2025 R&D over FY2023 R&D");
 *   the result carries the later period.
 *
 * A constant has no period; the node's period is its figure's. Units follow the operator: a sum adds one
 * unit, a product scales by a pure number, a quotient of two amounts of one currency is a ratio, an amount
 * over a share count is an amount per share. Anything else is a typed error, never a number.
 */
import type { Period } from '@/lib/domain/types';
import { lengthFamily } from '@/lib/fiscal';
import { add, dec, div, isZero, mul, sub, type Decimal } from './decimal';
import {
  checkSameDimensions,
  commonChecks,
  currencyOf,
  durationDays,
  error,
  invalidOperands,
  nameOf,
  parseValues,
  periodText,
  samePeriod,
} from './checks';
import { accepted, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div';
export type NodeRelation = 'same_period' | 'balance_at_end' | 'comparable_periods';

/** A number written in the formula ("365", "4", "1"). */
export interface Constant {
  constant: string;
}

export type ArithmeticTerm = Operand | Constant;

export interface ArithmeticOptions extends CalcOptions {
  op: ArithmeticOp;
  left: ArithmeticTerm;
  right: ArithmeticTerm;
  relation: NodeRelation;
  /** a pure result said as a multiple or in days (the formula's own unit) */
  pureUnit?: 'times' | 'days';
}

const isConstant = (t: ArithmeticTerm): t is Constant => 'constant' in t;
const SYMBOL: Record<ArithmeticOp, string> = { add: '+', sub: '−', mul: '×', div: '/' };

/** The unit kind of an operand: an amount in a currency, an amount per share, a share count, a pure number. */
function unitOf(t: ArithmeticTerm): { kind: 'money' | 'per_share' | 'shares' | 'pure' | 'count'; currency: string | null } {
  if (isConstant(t)) return { kind: 'pure', currency: null };
  if (/\/shares$/.test(t.unit)) return { kind: 'per_share', currency: currencyOf(t) ?? t.unit.split('/')[0] ?? t.unit };
  const currency = currencyOf(t);
  if (currency) return { kind: 'money', currency };
  if (t.unit === 'shares') return { kind: 'shares', currency: null };
  if (t.unit === 'pure' || t.unit === 'ratio' || t.unit === 'times' || t.unit === 'days') return { kind: 'pure', currency: null };
  return { kind: 'count', currency: null };
}

/** The result's unit, or the typed error the operator's unit rule gives. */
function resultUnit(op: ArithmeticOp, left: ArithmeticTerm, right: ArithmeticTerm): { unit: string; currency: string | null } | TypedError {
  const a = unitOf(left);
  const b = unitOf(right);
  const ops = [left, right].filter((t): t is Operand => !isConstant(t));
  const bad = (message: string) =>
    error(a.kind === 'money' && b.kind === 'money' && a.currency !== b.currency ? 'CURRENCY_MISMATCH' : 'UNIT_MISMATCH', message, ...ops);
  const unit = (k: typeof a) =>
    k.kind === 'money'
      ? k.currency!
      : k.kind === 'per_share'
        ? `${k.currency}/shares`
        : k.kind === 'pure'
          ? 'ratio'
          : k.kind === 'shares'
            ? 'shares'
            : 'count';
  if (op === 'add' || op === 'sub') {
    if (a.kind !== b.kind || a.currency !== b.currency)
      return bad(
        `${termName(left)} and ${termName(right)} are in different units; they cannot be ${op === 'add' ? 'added' : 'subtracted'}`,
      );
    return { unit: unit(a), currency: a.currency };
  }
  if (op === 'mul') {
    if (a.kind !== 'pure' && b.kind !== 'pure') return bad(`${termName(left)} × ${termName(right)} multiplies two amounts`);
    const k = a.kind === 'pure' ? b : a;
    return { unit: unit(k), currency: k.currency };
  }
  if (b.kind === 'pure') return { unit: unit(a), currency: a.currency };
  if (a.kind === b.kind) {
    if (a.currency !== b.currency)
      return bad(`${termName(left)} (${a.currency}) and ${termName(right)} (${b.currency}) are in different currencies`);
    return { unit: 'ratio', currency: null };
  }
  if (a.kind === 'money' && b.kind === 'shares') return { unit: `${a.currency}/shares`, currency: a.currency };
  return bad(`${termName(left)} divided by ${termName(right)} has no unit Ledgerline reports`);
}

function termName(t: ArithmeticTerm): string {
  return isConstant(t) ? t.constant : nameOf(t);
}

function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

/** The node's period, or the typed error its relation gives for these two figures. */
function nodePeriod(op: ArithmeticOp, relation: NodeRelation, a: Operand, b: Operand): Period | TypedError {
  const pa = a.period;
  const pb = b.period;
  // a flow and a balance at its end are two period types; two flows or two balances keep one period
  if (relation === 'same_period' || (pa.type === pb.type && (relation === 'balance_at_end' || samePeriod(pa, pb)))) {
    if (pa.type !== pb.type)
      return error(
        'INSTANT_DURATION_MIX',
        `${nameOf(a)} (${periodText(pa)}) and ${nameOf(b)} (${periodText(pb)}) mix a balance and a flow`,
        a,
        b,
      );
    if (!samePeriod(pa, pb))
      return error('PERIOD_MISMATCH', `${nameOf(a)} covers ${periodText(pa)}, ${nameOf(b)} ${periodText(pb)}: not the same period`, a, b);
    return pa;
  }
  if (relation === 'balance_at_end') {
    const flow = pa.type === 'duration' ? pa : pb.type === 'duration' ? pb : null;
    const balance = pa.type === 'instant' ? pa : pb.type === 'instant' ? pb : null;
    if (op !== 'div' || !flow || !balance)
      return error('INSTANT_DURATION_MIX', `${nameOf(a)} and ${nameOf(b)}: only a flow divided by a balance at its end relates them`, a, b);
    if (balance.date !== flow.end)
      return error('PERIOD_MISMATCH', `the balance is at ${balance.date}, not at the end of ${periodText(flow)}`, a, b);
    return flow;
  }
  // comparable periods: one measure, two periods of one length class, quotient or difference
  if ((a.metricId ?? a.concept) !== (b.metricId ?? b.concept) || pa.type !== pb.type || (op !== 'div' && op !== 'sub'))
    return error('PERIOD_MISMATCH', `${nameOf(a)} (${periodText(pa)}) and ${nameOf(b)} (${periodText(pb)}) cover different periods`, a, b);
  if (pa.type === 'duration' && pb.type === 'duration' && lengthFamily(durationDays(pa)) !== lengthFamily(durationDays(pb)))
    return error('PERIOD_LENGTH_MISMATCH', `${periodText(pa)} and ${periodText(pb)} are periods of different lengths`, a, b);
  return endOf(pa) >= endOf(pb) ? pa : pb;
}

/** One formula node, checked and computed exactly. */
export function arithmetic({ op, left, right, relation, pureUnit, ...options }: ArithmeticOptions): CalcResult {
  const figures = [left, right].filter((t): t is Operand => !isConstant(t));
  if (figures.length === 0)
    return rejected('arithmetic', [{ code: 'INVALID_VALUE', message: 'a formula node needs at least one reported figure', factIds: [] }]);
  const invalid = invalidOperands(figures);
  if (invalid.length > 0) return rejected('arithmetic', invalid);
  const errors: TypedError[] = figures.length === 2 ? [...commonChecks(figures), ...checkSameDimensions(figures)] : [];
  const period = figures.length === 2 ? nodePeriod(op, relation, figures[0]!, figures[1]!) : figures[0]!.period;
  if ('code' in period) errors.push(period);
  const unit = resultUnit(op, left, right);
  if ('code' in unit) errors.push(unit);
  const { values, errors: valueErrors } = parseValues(figures);
  errors.push(...valueErrors);
  if (errors.length > 0 || 'code' in period || 'code' in unit) return rejected('arithmetic', errors);
  let k = 0;
  const numberOf = (t: ArithmeticTerm): Decimal => (isConstant(t) ? dec(t.constant) : values[k++]!);
  const [x, y] = [numberOf(left), numberOf(right)];
  if (op === 'div' && isZero(y)) return rejected('arithmetic', [error('DIVIDE_BY_ZERO', `${termName(right)} is zero`, ...figures)]);
  const value = op === 'add' ? add(x, y) : op === 'sub' ? sub(x, y) : op === 'mul' ? mul(x, y) : div(x, y);
  return accepted({
    op: 'arithmetic',
    value,
    unit: unit.unit === 'ratio' && pureUnit ? pureUnit : unit.unit,
    currency: unit.currency,
    period,
    formula: `${termName(left)} ${SYMBOL[op]} ${termName(right)}`,
    operands: figures,
    basis: relation === 'same_period' && figures.every((f) => samePeriod(f.period, period)) ? 'reported' : 'derived',
    options,
  });
}
