/**
 * Growth and change between two periods under an explicit comparison plan: the later and the
 * earlier operand, comparable period lengths, and the same fiscal position (year over year) or
 * adjacent periods (sequential). The result's period is the later period.
 */
import type { FiscalPeriodCode, Period } from '@/lib/domain/types';
import { daysBetween } from '@/lib/fiscal';
import { compare, dec, div, isZero, mul, sign, sub, toNumber, type Decimal } from './decimal';
import {
  checkPeriodTypes,
  checkSameDimensions,
  checkSameMetric,
  checkSameUnit,
  commonChecks,
  compareLengths,
  currencyOf,
  error,
  invalidOperands,
  gapDays,
  nameOf,
  overlaps,
  parseValues,
  periodText,
} from './checks';
import { fiscalOf, operandPeriodLabel } from './labels';
import { accepted, plausibility, rejected } from './result';
import type { CalcFlag, CalcOp, CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/**
 * Year over year (same fiscal position, whole years apart), sequential (adjacent periods), or between two
 * periods of the same length the question itself names ("Q3 revenue minus Q1 revenue": neither adjacent
 * nor a year apart, still a change from the one to the other).
 */
export type ComparisonRelation = 'year_over_year' | 'sequential' | 'between';

/** The comparison plan of growth and change: later and earlier operand, and their relation. */
export interface ComparisonOptions extends CalcOptions {
  later: Operand;
  earlier: Operand;
  /** default 'year_over_year' */
  relation?: ComparisonRelation;
}

/** Growth above +500% or below −90% is rejected as implausible. */
export const GROWTH_BOUNDS = { max: '5', min: '-0.9' } as const;

const DAYS_PER_YEAR = 365.2425;

function positionOf(op: Operand, options: CalcOptions): { year: number; code: FiscalPeriodCode } | null {
  const derived = fiscalOf(op.period, options.calendars);
  if (derived) return derived.fiscalPeriod === 'OTHER' ? null : { year: derived.fiscalYear, code: derived.fiscalPeriod };
  if (op.fiscalYear != null && op.fiscalPeriod && op.fiscalPeriod !== 'OTHER') return { year: op.fiscalYear, code: op.fiscalPeriod };
  return null;
}

function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

/** Temporal checks of a comparison plan; returns errors and flags. */
function comparisonChecks(later: Operand, earlier: Operand, relation: ComparisonRelation, options: CalcOptions) {
  const errors: TypedError[] = [];
  const flags: CalcFlag[] = [];
  const ops = [later, earlier];
  const mix = checkPeriodTypes(ops);
  if (mix.length > 0) return { errors: mix, flags };
  const lp = later.period;
  const ep = earlier.period;
  if (lp.type === 'duration' && ep.type === 'duration') {
    if (overlaps(lp, ep)) {
      errors.push(error('OVERLAPPING_INTERVALS', `compared periods overlap (${periodText(lp)} and ${periodText(ep)})`, ...ops));
      return { errors, flags };
    }
    const lengths = compareLengths(lp, ep);
    if (!lengths.ok) errors.push(error('PERIOD_LENGTH_MISMATCH', lengths.reason, ...ops));
    else if (lengths.flag) flags.push(lengths.flag);
  }
  if (endOf(lp) <= endOf(ep)) {
    errors.push(error('PERIOD_MISMATCH', `the later operand (${periodText(lp)}) must come after the earlier (${periodText(ep)})`, ...ops));
    return { errors, flags };
  }
  const lpos = positionOf(later, options);
  const epos = positionOf(earlier, options);
  if (relation === 'year_over_year') {
    if (lpos && epos) {
      if (lpos.code !== epos.code) {
        errors.push(error('FISCAL_POSITION_MISMATCH', `year-over-year comparison of ${lpos.code} with ${epos.code}`, ...ops));
      } else if (lpos.year <= epos.year) {
        errors.push(error('FISCAL_POSITION_MISMATCH', `fiscal year ${lpos.year} is not after ${epos.year}`, ...ops));
      }
    } else {
      const gap = daysBetween(endOf(ep), endOf(lp));
      const years = Math.round(gap / DAYS_PER_YEAR);
      if (years < 1 || Math.abs(gap - years * DAYS_PER_YEAR) > 10) {
        errors.push(error('FISCAL_POSITION_MISMATCH', `periods ending ${endOf(ep)} and ${endOf(lp)} are not whole years apart`, ...ops));
      }
    }
  } else if (relation === 'between') {
    // any two periods of one length, the earlier first: checked above
  } else if (lp.type === 'duration' && ep.type === 'duration') {
    if (gapDays(ep as Duration, lp as Duration) !== 0) {
      errors.push(
        error('NON_CONTIGUOUS_PERIODS', `sequential comparison needs adjacent periods (${periodText(ep)} then ${periodText(lp)})`, ...ops),
      );
    }
  } else {
    const gap = daysBetween(endOf(ep), endOf(lp));
    if (gap < 84 || gap > 98) {
      errors.push(error('FISCAL_POSITION_MISMATCH', `sequential balances must be one quarter apart (${gap} days)`, ...ops));
    }
  }
  return { errors, flags };
}

function prepare(op: CalcOp, { later, earlier, relation = 'year_over_year', ...options }: ComparisonOptions) {
  const ops = [later, earlier];
  const temporal = comparisonChecks(later, earlier, relation, options);
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...temporal.errors,
  ];
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  const labels = [operandPeriodLabel(later, options.calendars), operandPeriodLabel(earlier, options.calendars)];
  return { ops, errors, flags: temporal.flags, values: values as [Decimal, Decimal], labels, options, later, earlier, op };
}

/**
 * Growth = later / earlier − 1 (unit 'ratio'). Rejects a zero (DIVIDE_BY_ZERO) or negative
 * (NEGATIVE_BASE) base and growth outside +500% / −90% (IMPLAUSIBLE_RESULT). 53- vs 52-week
 * periods are accepted and flagged WEEKS_53_VS_52.
 */
export function growth(plan: ComparisonOptions): CalcResult {
  const invalid = invalidOperands([plan.later, plan.earlier]);
  if (invalid.length > 0) return rejected('growth', invalid);
  const p = prepare('growth', plan);
  if (p.errors.length > 0) return rejected('growth', p.errors);
  const [l, e] = p.values;
  if (isZero(e)) return rejected('growth', [error('DIVIDE_BY_ZERO', `${nameOf(p.earlier)} is zero in the earlier period`, p.earlier)]);
  if (sign(e) < 0) {
    return rejected('growth', [
      error('NEGATIVE_BASE', `growth from a negative base (${p.earlier.value}) is not meaningful; use change`, ...p.ops),
    ]);
  }
  const value = sub(div(l, e), dec('1'));
  const check = plausibility(
    compare(value, dec(GROWTH_BOUNDS.max)) > 0 || compare(value, dec(GROWTH_BOUNDS.min)) < 0,
    `growth of ${(toNumber(value) * 100).toFixed(1)}% is outside +500% / −90%`,
    p.ops,
    p.options,
  );
  if (check.errors.length > 0) return rejected('growth', check.errors);
  const name = nameOf(p.later);
  return accepted({
    op: 'growth',
    value,
    unit: 'ratio',
    currency: null,
    period: p.later.period,
    formula: `${name}[${p.labels[0]}] / ${nameOf(p.earlier)}[${p.labels[1]}] - 1`,
    operands: p.ops,
    basis: 'reported',
    flags: [...p.flags, ...check.flags],
    options: p.options,
  });
}

/**
 * Change = later − earlier in the operands' unit; for ratios (unit 'ratio') the change is in
 * percentage points (unit 'pp': 0.12 − 0.18 → −6 pp).
 */
export function change(plan: ComparisonOptions): CalcResult {
  const invalid = invalidOperands([plan.later, plan.earlier]);
  if (invalid.length > 0) return rejected('change', invalid);
  const p = prepare('change', plan);
  if (p.errors.length > 0) return rejected('change', p.errors);
  const [l, e] = p.values;
  const diff = sub(l, e);
  const isRatio = p.later.unit === 'ratio';
  return accepted({
    op: 'change',
    value: isRatio ? mul(diff, dec('100')) : diff,
    unit: isRatio ? 'pp' : p.later.unit,
    currency: isRatio ? null : currencyOf(p.later),
    period: p.later.period,
    formula: `${nameOf(p.later)}[${p.labels[0]}] - ${nameOf(p.earlier)}[${p.labels[1]}]`,
    operands: p.ops,
    basis: 'reported',
    flags: p.flags,
    options: p.options,
  });
}
