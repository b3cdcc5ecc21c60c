/**
 * Additive operations: sum of components and difference over one period, and sums over time of
 * contiguous, non-overlapping durations.
 */
import type { Period } from '@/lib/domain/types';
import { dimensionKey, dimensionLabel } from '@/lib/domain/identity';
import { add, sign, sub, sum as sumDecimals, type Decimal } from './decimal';
import {
  cannotBeNegative,
  checkPeriodType,
  checkPeriodTypes,
  checkSameMetric,
  checkSamePeriod,
  checkSameUnit,
  commonChecks,
  currencyOf,
  error,
  invalidOperands,
  gapDays,
  nameOf,
  negativeWhereImpossible,
  overlaps,
  parseValues,
  periodText,
} from './checks';
import { checkAdditive } from './additivity';
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Operands (and options) of the sum operation. */
export interface SumOptions extends CalcOptions {
  /** components over the same period (e.g. product and service revenue, or segment members) */
  components: Operand[];
}

/** Operands (and options) of the difference operation. */
export interface DifferenceOptions extends CalcOptions {
  minuend: Operand;
  subtrahend: Operand;
}

/** Operands (and options) of the sumPeriods operation. */
export interface SumPeriodsOptions extends CalcOptions {
  /** one metric over contiguous, non-overlapping durations (e.g. Q1 + Q2) */
  parts: Operand[];
}

function axes(dims: Record<string, string>): string {
  return Object.keys(dims).sort().join('|');
}

/**
 * Components are compatible when they share the same axes (a total is never added to its own
 * members) and no concept/member combination repeats.
 */
function componentDimensionErrors(ops: Operand[]): TypedError[] {
  const axisSets = new Set(ops.map((o) => axes(o.dimensions)));
  if (axisSets.size > 1) {
    return [
      error(
        'DIMENSION_MISMATCH',
        `components mix dimension axes (${[...axisSets].map((a) => a || 'consolidated total').join('; ')}); a total and its members would double count`,
        ...ops,
      ),
    ];
  }
  const seen = new Map<string, Operand>();
  for (const op of ops) {
    const key = `${op.metricId ?? op.concept}#${dimensionKey(op.dimensions)}#${periodText(op.period)}`;
    const first = seen.get(key);
    if (first) return [error('DUPLICATE_OPERAND', `${nameOf(op)} (${dimensionLabel(op.dimensions) || 'total'}) appears twice`, first, op)];
    seen.set(key, op);
  }
  return [];
}

function commonDimensions(ops: Operand[]): Record<string, string> {
  const first = ops[0]!.dimensions;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(first)) if (ops.every((o) => o.dimensions[k] === v)) out[k] = v;
  return out;
}

/** Sum of components over one period (exact). Overlapping-but-different periods → OVERLAPPING_INTERVALS. */
export function sum({ components, ...options }: SumOptions): CalcResult {
  const invalid = invalidOperands(components);
  if (invalid.length > 0) return rejected('sum', invalid);
  if (components.length < 2) {
    return rejected('sum', [error('MISSING_FACT', 'a sum needs at least two components', ...components)]);
  }
  const errors: TypedError[] = [
    ...commonChecks(components),
    ...componentDimensionErrors(components),
    ...checkSameUnit(components),
    ...checkSamePeriod(components, 'OVERLAPPING_INTERVALS'),
  ];
  const { values, errors: valueErrors } = parseValues(components);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('sum', errors);
  const impossible = negativeWhereImpossible(components, values, options.isNonNegative);
  const check = plausibility(impossible.length > 0, `${impossible.map(nameOf).join(', ')} cannot be negative`, components, options);
  if (check.errors.length > 0) return rejected('sum', check.errors);
  const first = components[0]!;
  return accepted({
    op: 'sum',
    value: sumDecimals(values),
    unit: first.unit,
    currency: currencyOf(first),
    period: first.period,
    formula: components.map(nameOf).join(' + '),
    operands: components,
    basis: 'reported',
    flags: check.flags,
    options,
    dimensions: commonDimensions(components),
  });
}

/**
 * minuend − subtrahend over one period. Dimensions must share axes, or the subtrahend may be a
 * member of the minuend total (total − segment).
 */
export function difference({ minuend, subtrahend, ...options }: DifferenceOptions): CalcResult {
  const invalid = invalidOperands([minuend, subtrahend]);
  if (invalid.length > 0) return rejected('difference', invalid);
  const ops = [minuend, subtrahend];
  const memberOfTotal = Object.entries(minuend.dimensions).every(([k, v]) => subtrahend.dimensions[k] === v);
  const dims =
    axes(minuend.dimensions) === axes(subtrahend.dimensions) || memberOfTotal
      ? []
      : [error('DIMENSION_MISMATCH', `${nameOf(subtrahend)} is not comparable with ${nameOf(minuend)} (dimensions differ)`, ...ops)];
  const errors: TypedError[] = [...commonChecks(ops), ...dims, ...checkSameUnit(ops), ...checkSamePeriod(ops)];
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('difference', errors);
  return accepted({
    op: 'difference',
    value: sub(values[0]!, values[1]!),
    unit: minuend.unit,
    currency: currencyOf(minuend),
    period: minuend.period,
    formula: `${nameOf(minuend)} - ${nameOf(subtrahend)}`,
    operands: ops,
    basis: 'reported',
    options,
    dimensions: { ...minuend.dimensions },
  });
}

/**
 * Checks that durations tile one interval: sorted by start, each begins the day after the previous
 * ends. Returns the sorted parts or OVERLAPPING_INTERVALS / NON_CONTIGUOUS_PERIODS.
 */
export function checkTiling(parts: Operand[]): { sorted: Operand[]; errors: TypedError[] } {
  const sorted = [...parts].sort((a, b) => ((a.period as Duration).start < (b.period as Duration).start ? -1 : 1));
  const errors: TypedError[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    const p = prev.period as Duration;
    const c = cur.period as Duration;
    if (overlaps(p, c)) {
      errors.push(error('OVERLAPPING_INTERVALS', `${periodText(p)} and ${periodText(c)} overlap; days would be counted twice`, prev, cur));
    } else if (gapDays(p, c) > 0) {
      errors.push(
        error('NON_CONTIGUOUS_PERIODS', `${gapDays(p, c)} day(s) missing between ${periodText(p)} and ${periodText(c)}`, prev, cur),
      );
    }
  }
  return { sorted, errors };
}

/** Sum of one metric over contiguous, non-overlapping durations (e.g. Q1 + Q2 = H1), basis 'derived'. */
export function sumPeriods({ parts, ...options }: SumPeriodsOptions): CalcResult {
  const invalid = invalidOperands(parts);
  if (invalid.length > 0) return rejected('sum_periods', invalid);
  if (parts.length < 2) return rejected('sum_periods', [error('MISSING_FACT', 'a sum over time needs at least two periods', ...parts)]);
  const mix = checkPeriodTypes(parts);
  const errors: TypedError[] = [
    ...commonChecks(parts),
    ...checkSameMetric(parts),
    ...checkSameUnit(parts),
    ...(parts.every((p) => dimensionKey(p.dimensions) === dimensionKey(parts[0]!.dimensions))
      ? []
      : [error('DIMENSION_MISMATCH', 'parts have different dimensions', ...parts)]),
    ...(mix.length > 0 ? mix : checkPeriodType(parts, 'duration', 'only flows (durations) add up over time')),
  ];
  // only additive flows add up over time (never a per-share figure, a weighted share count or a ratio)
  if (errors.length === 0) errors.push(...checkAdditive(parts, 'a sum over periods'));
  const { values, errors: valueErrors } = parseValues(parts);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('sum_periods', errors);
  const { sorted, errors: tiling } = checkTiling(parts);
  if (tiling.length > 0) return rejected('sum_periods', tiling);
  const total = sorted.map((p) => values[parts.indexOf(p)]!).reduce<Decimal>(add, { coef: 0n, scale: 0 });
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const check = plausibility(
    cannotBeNegative(first, options.isNonNegative) && sign(total) < 0,
    `${nameOf(first)} cannot be negative`,
    parts,
    options,
  );
  if (check.errors.length > 0) return rejected('sum_periods', check.errors);
  return accepted({
    op: 'sum_periods',
    value: total,
    unit: first.unit,
    currency: currencyOf(first),
    period: { type: 'duration', start: (first.period as Duration).start, end: (last.period as Duration).end },
    formula: sorted.map((p) => `${nameOf(p)}[${periodText(p.period)}]`).join(' + '),
    operands: sorted,
    basis: 'derived',
    flags: check.flags,
    options,
  });
}
