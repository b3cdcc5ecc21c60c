/**
 * Fourth quarter derived as FY − nine-month YTD (filings report no standalone Q4). The 9M must start
 * on the fiscal year start and end right before Q4; the result is labelled basis 'derived'.
 */
import type { Period } from '@/lib/domain/types';
import { addDays, lengthClass, lengthFamily } from '@/lib/fiscal';
import { sign, sub, type Decimal } from './decimal';
import {
  cannotBeNegative,
  checkPeriodType,
  checkPeriodTypes,
  checkSameDimensions,
  checkSameMetric,
  checkSameUnit,
  commonChecks,
  currencyOf,
  durationDays,
  error,
  invalidOperands,
  nameOf,
  parseValues,
  periodText,
} from './checks';
import { fiscalOf } from './labels';
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Operands (and options) of the deriveQ4 operation. */
export interface DeriveQ4Options extends CalcOptions {
  fy: Operand;
  nineMonths: Operand;
}

/** Q4 = FY − 9M YTD, basis 'derived', period = day after the 9M end .. FY end. */
export function deriveQ4({ fy, nineMonths, ...options }: DeriveQ4Options): CalcResult {
  const invalid = invalidOperands([fy, nineMonths]);
  if (invalid.length > 0) return rejected('derive_q4', invalid);
  const ops = [fy, nineMonths];
  const mix = checkPeriodTypes(ops);
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...(mix.length > 0 ? mix : checkPeriodType(ops, 'duration', 'Q4 is derived from flows (durations)')),
  ];
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('derive_q4', errors);
  const f = fy.period as Duration;
  const n = nineMonths.period as Duration;
  if (lengthClass(durationDays(f)) !== 'annual') errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(f)} is not a fiscal year`, fy));
  if (lengthClass(durationDays(n)) !== 'nine_months') {
    errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(n)} is not a nine-month YTD (${durationDays(n) + 1} days)`, nineMonths));
  }
  if (n.start !== f.start) {
    errors.push(error('PERIOD_MISMATCH', `the 9M YTD starts ${n.start}, not on the fiscal year start ${f.start}`, ...ops));
  }
  if (n.end >= f.end) {
    errors.push(error('OVERLAPPING_INTERVALS', `the 9M YTD ${periodText(n)} does not end before the fiscal year ends`, ...ops));
  }
  const q4: Duration = { type: 'duration', start: addDays(n.end, 1), end: f.end };
  if (errors.length === 0 && lengthFamily(durationDays(q4)) !== 'quarter') {
    errors.push(error('PERIOD_LENGTH_MISMATCH', `FY − 9M leaves ${durationDays(q4) + 1} days, not a fourth quarter`, ...ops));
  }
  if (errors.length === 0 && options.calendars) {
    const derived = fiscalOf(n, options.calendars);
    if (derived && (derived.fiscalPeriod !== '9M' || !derived.exact)) {
      errors.push(error('FISCAL_POSITION_MISMATCH', `${periodText(n)} is not exactly the fiscal nine months before Q4`, nineMonths));
    }
  }
  if (errors.length > 0) return rejected('derive_q4', errors);
  const [fv, nv] = values as [Decimal, Decimal];
  const value = sub(fv, nv);
  const check = plausibility(
    cannotBeNegative(fy, options.isNonNegative) && sign(value) < 0,
    `derived Q4 ${nameOf(fy)} is negative`,
    ops,
    options,
  );
  if (check.errors.length > 0) return rejected('derive_q4', check.errors);
  return accepted({
    op: 'derive_q4',
    value,
    unit: fy.unit,
    currency: currencyOf(fy),
    period: q4,
    formula: `${nameOf(fy)}[${periodText(f)}] - ${nameOf(nineMonths)}[${periodText(n)}]`,
    operands: ops,
    basis: 'derived',
    flags: check.flags,
    options,
  });
}
