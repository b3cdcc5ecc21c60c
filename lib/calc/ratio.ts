/** Ratio, margin and share: two figures of one entity over exactly the same period. */
import { abs, compare, dec, div, isZero, sign, type Decimal } from './decimal';
import {
  checkPeriodType,
  checkSameDimensions,
  checkSamePeriod,
  checkSameUnit,
  commonChecks,
  currencyOf,
  error,
  invalidOperands,
  nameOf,
  negativeWhereImpossible,
  parseValues,
} from './checks';
import { accepted, plausibility, rejected } from './result';
import type { CalcOp, CalcOptions, CalcResult, Operand, TypedError } from './types';

/** Operands of ratio and margin. */
export interface RatioOptions extends CalcOptions {
  numerator: Operand;
  denominator: Operand;
}

/** Operands (and options) of the share operation. */
export interface ShareOptions extends CalcOptions {
  /** the component (may carry extra dimension members, e.g. one segment) */
  part: Operand;
  /** the total */
  whole: Operand;
}

function isSubset(small: Record<string, string>, big: Record<string, string>): boolean {
  return Object.entries(small).every(([k, v]) => big[k] === v);
}

interface QuotientRules {
  /** relation errors found by the caller (dimensions, unit kinds) */
  relationErrors: TypedError[];
  /** |result| ≤ 1 and a positive denominator, else IMPLAUSIBLE_RESULT */
  bounded: boolean;
  /** operands must be durations (flows) */
  flowsOnly: boolean;
}

function quotient(op: CalcOp, num: Operand, den: Operand, options: CalcOptions, rules: QuotientRules): CalcResult {
  const ops = [num, den];
  const invalid = invalidOperands(ops);
  if (invalid.length > 0) return rejected(op, invalid);
  const periodErrors = checkSamePeriod(ops);
  const errors: TypedError[] = [...commonChecks(ops), ...rules.relationErrors, ...checkSameUnit(ops), ...periodErrors];
  if (rules.flowsOnly && periodErrors.every((e) => e.code !== 'INSTANT_DURATION_MIX')) {
    errors.push(...checkPeriodType(ops, 'duration', `a ${op} compares flows over one duration`));
  }
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected(op, errors);
  const [n, d] = values as [Decimal, Decimal];
  if (isZero(d)) return rejected(op, [error('DIVIDE_BY_ZERO', `${nameOf(den)} is zero`, den)]);
  const value = div(n, d);
  const impossible = negativeWhereImpossible(ops, values, options.isNonNegative);
  const negativeBase = rules.bounded && sign(d) < 0;
  const outOfBounds = rules.bounded && compare(abs(value), dec('1')) > 0;
  const message =
    impossible.length > 0
      ? `${impossible.map(nameOf).join(', ')} cannot be negative`
      : negativeBase
        ? `${nameOf(den)} is negative`
        : `${op} ${sign(value) < 0 ? 'below −100%' : 'above 100%'} is implausible`;
  const check = plausibility(impossible.length > 0 || negativeBase || outOfBounds, message, ops, options);
  if (check.errors.length > 0) return rejected(op, check.errors);
  return accepted({
    op,
    value,
    unit: 'ratio',
    currency: null,
    period: num.period,
    formula: `${nameOf(num)} / ${nameOf(den)}`,
    operands: ops,
    basis: 'reported',
    flags: check.flags,
    options,
    dimensions: { ...num.dimensions },
  });
}

/** numerator / denominator: same entity, period, scope, dimensions and unit (→ unit 'ratio'). */
export function ratio({ numerator, denominator, ...options }: RatioOptions): CalcResult {
  const relationErrors = checkSameDimensions([numerator, denominator]);
  return quotient('ratio', numerator, denominator, options, { relationErrors, bounded: false, flowsOnly: false });
}

/**
 * Margin = profit measure / revenue over one exact duration (same entity, scope, dimensions,
 * currency). Output unit 'ratio'; outside ±100% or over negative revenue is IMPLAUSIBLE_RESULT.
 */
export function margin({ numerator, denominator, ...options }: RatioOptions): CalcResult {
  const monetary = currencyOf(numerator) !== null && currencyOf(denominator) !== null;
  const relationErrors = [
    ...checkSameDimensions([numerator, denominator]),
    ...(monetary ? [] : [error('UNIT_MISMATCH', 'a margin divides two monetary amounts', numerator, denominator)]),
  ];
  return quotient('margin', numerator, denominator, options, { relationErrors, bounded: true, flowsOnly: true });
}

/**
 * Share of a component in a total (part / whole). The part may carry dimension members the whole
 * lacks (a segment of the consolidated total); otherwise dimensions must agree.
 */
export function share({ part, whole, ...options }: ShareOptions): CalcResult {
  const relationErrors = isSubset(whole.dimensions, part.dimensions)
    ? []
    : [error('DIMENSION_MISMATCH', `${nameOf(part)} is not a component of ${nameOf(whole)} (dimensions differ)`, part, whole)];
  return quotient('share', part, whole, options, { relationErrors, bounded: true, flowsOnly: false });
}
