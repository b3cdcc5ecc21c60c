/**
 * The average of one measure over consecutive fiscal years ("FY2018 - FY2020 3 year average EBITDA
 * margin"): the arithmetic mean of the yearly values, each its own year's figure (a ratio is averaged
 * as reported per year, never recomputed from summed parts). The years must be whole, contiguous and
 * distinct durations of the same measure, unit, dimensions and scope; anything else is refused with
 * a typed error instead of averaging across a gap or a double-counted year.
 */
import { dimensionKey } from '@/lib/domain/identity';
import type { Period } from '@/lib/domain/types';
import { div, fromBigInt, sum, type Decimal } from './decimal';
import {
  checkPeriodType,
  checkPeriodTypes,
  checkSameMetric,
  checkSameUnit,
  commonChecks,
  currencyOf,
  error,
  invalidOperands,
  nameOf,
  parseValues,
  periodText,
} from './checks';
import { accepted, rejected } from './result';
import { checkTiling } from './sum';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

export interface AveragePeriodsOptions extends CalcOptions {
  /** one measure over contiguous, non-overlapping durations (the fiscal years averaged) */
  parts: Operand[];
}

export function averagePeriods({ parts, ...options }: AveragePeriodsOptions): CalcResult {
  const invalid = invalidOperands(parts);
  if (invalid.length > 0) return rejected('average_periods', invalid);
  if (parts.length < 2)
    return rejected('average_periods', [error('MISSING_FACT', 'an average over time needs at least two periods', ...parts)]);
  const mix = checkPeriodTypes(parts);
  const errors: TypedError[] = [
    ...commonChecks(parts),
    ...checkSameMetric(parts),
    ...checkSameUnit(parts),
    ...(parts.every((p) => dimensionKey(p.dimensions) === dimensionKey(parts[0]!.dimensions))
      ? []
      : [error('DIMENSION_MISMATCH', 'parts have different dimensions', ...parts)]),
    ...(mix.length > 0
      ? mix
      : checkPeriodType(parts, 'duration', 'an average over fiscal years averages figures over whole years (durations)')),
  ];
  const { values, errors: valueErrors } = parseValues(parts);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('average_periods', errors);
  const { sorted, errors: tiling } = checkTiling(parts);
  if (tiling.length > 0) return rejected('average_periods', tiling);
  const total: Decimal = sum(sorted.map((p) => values[parts.indexOf(p)]!));
  const mean = div(total, fromBigInt(BigInt(sorted.length)));
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  return accepted({
    op: 'average_periods',
    value: mean,
    unit: first.unit,
    currency: currencyOf(first),
    period: { type: 'duration', start: (first.period as Duration).start, end: (last.period as Duration).end },
    formula: `(${sorted.map((p) => `${nameOf(p)}[${periodText(p.period)}]`).join(' + ')}) / ${sorted.length}`,
    operands: sorted,
    basis: 'derived',
    options,
  });
}
