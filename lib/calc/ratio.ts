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
  nameOf,
  negativeWhereImpossible,
  parseValues,
} from './checks';
import { accepted, plausibility, rejected } from './result';
import type { CalcOp, CalcOptions, CalcResult, Operand, TypedError } from './types';

export interface RatioOptions extends CalcOptions {
  numerator: Operand;
  denominator: Operand;
}

export interface ShareOptions extends CalcOptions {
  /** the component (may carry extra dimension members, e.g. one segment) */
  part: Operand;
  /** the total */
  whole: Operand;
}

function isSubset(small: Record<string, string>, big: Record<string, string>): boolean {
  return Object.entries(small).every(([k, v]) => big[k] === v);
}

function quotient(
  op: CalcOp,
  num: Operand,
  den: Operand,
  options: CalcOptions,
  dimensionErrors: TypedError[],
  bounded: boolean,
): CalcResult {
  const ops = [num, den];
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...dimensionErrors,
    ...checkSameUnit(ops),
    ...checkSamePeriod(ops),
  ];
  if (op === 'margin' && errors.every((e) => e.code !== 'INSTANT_DURATION_MIX')) {
    errors.push(...checkPeriodType(ops, 'duration', `a ${op} compares flows over one duration`));
  }
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected(op, errors);
  const [n, d] = values as [Decimal, Decimal];
  if (isZero(d)) return rejected(op, [error('DIVIDE_BY_ZERO', `${nameOf(den)} is zero`, den)]);
  const value = div(n, d);
  const impossible = negativeWhereImpossible(ops, values, options.isNonNegative);
  const outOfBounds = bounded && compare(abs(value), dec('1')) > 0;
  const check = plausibility(
    impossible.length > 0 || outOfBounds || (bounded && sign(d) < 0),
    impossible.length > 0
      ? `${impossible.map(nameOf).join(', ')} cannot be negative`
      : sign(d) < 0
        ? `${nameOf(den)} is negative`
        : `${op} ${value.coef < 0n ? 'below −100%' : 'above 100%'} is implausible`,
    ops,
    options,
  );
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
  return quotient('ratio', numerator, denominator, options, checkSameDimensions([numerator, denominator]), false);
}

/**
 * Margin = profit measure / revenue over one exact duration (same entity, scope, dimensions,
 * currency). Output unit 'ratio'; outside ±100% or over negative revenue is IMPLAUSIBLE_RESULT.
 */
export function margin({ numerator, denominator, ...options }: RatioOptions): CalcResult {
  const units = currencyOf(numerator) === null || currencyOf(denominator) === null;
  const unitErrors = units
    ? [error('UNIT_MISMATCH', 'a margin divides two monetary amounts', numerator, denominator)]
    : [];
  const result = quotient('margin', numerator, denominator, options, checkSameDimensions([numerator, denominator]), true);
  if (unitErrors.length === 0) return result;
  return rejected('margin', [...unitErrors, ...(result.ok ? [] : result.errors.filter((e) => e.code !== 'UNIT_MISMATCH'))]);
}

/**
 * Share of a component in a total (part / whole). The part may carry dimension members the whole
 * lacks (a segment of the consolidated total); otherwise dimensions must agree.
 */
export function share({ part, whole, ...options }: ShareOptions): CalcResult {
  const dims = isSubset(whole.dimensions, part.dimensions)
    ? []
    : [error('DIMENSION_MISMATCH', `${nameOf(part)} is not a component of ${nameOf(whole)} (dimensions differ)`, part, whole)];
  return quotient('share', part, whole, options, dims, true);
}
