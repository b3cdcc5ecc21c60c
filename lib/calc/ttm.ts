/**
 * Trailing twelve months, never counting a day twice: either four contiguous, non-overlapping
 * quarters, or FY + current YTD − prior YTD where the prior YTD starts on the FY start, the current
 * YTD starts the day after the FY ends, and both YTDs have matching lengths and positions.
 */
import type { Period } from '@/lib/domain/types';
import { addDays, lengthClass, lengthFamily } from '@/lib/fiscal';
import { add, sign, sub, sum as sumDecimals, type Decimal } from './decimal';
import {
  cannotBeNegative,
  checkPeriodType,
  checkPeriodTypes,
  checkSameDimensions,
  checkSameMetric,
  checkSameUnit,
  commonChecks,
  compareLengths,
  currencyOf,
  durationDays,
  error,
  invalidOperands,
  nameOf,
  parseValues,
  periodText,
} from './checks';
import { fiscalOf } from './labels';
import { checkAdditive } from './additivity';
import { accepted, plausibility, rejected } from './result';
import { checkTiling } from './sum';
import type { CalcFlag, CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Operands (and options) of ttmFromQuarters. */
export interface TtmQuartersOptions extends CalcOptions {
  /** four quarter-length durations of one metric (any order) */
  quarters: Operand[];
}

/** Operands (and options) of ttmFromYtd. */
export interface TtmYtdOptions extends CalcOptions {
  /** the last full fiscal year */
  fy: Operand;
  /** year to date of the current fiscal year (starts the day after `fy` ends) */
  currentYtd: Operand;
  /** the same year-to-date span of the fiscal year `fy` (starts on `fy`'s start) */
  priorYtd: Operand;
}

/** Either TTM plan. */
export type TtmOptions = TtmQuartersOptions | TtmYtdOptions;

function shapeChecks(ops: Operand[]): TypedError[] {
  const mix = checkPeriodTypes(ops);
  const errors = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...(mix.length > 0 ? mix : checkPeriodType(ops, 'duration', 'TTM adds flows (durations)')),
  ];
  // a TTM adds (and subtracts) periods: only additive flows, never per-share figures, weighted share counts or ratios
  return errors.length > 0 ? errors : checkAdditive(ops, 'a trailing-twelve-month figure');
}

function finish(ops: Operand[], value: Decimal, period: Duration, formula: string, flags: CalcFlag[], options: CalcOptions): CalcResult {
  const first = ops[0]!;
  const check = plausibility(
    cannotBeNegative(first, options.isNonNegative) && sign(value) < 0,
    `TTM ${nameOf(first)} cannot be negative`,
    ops,
    options,
  );
  if (check.errors.length > 0) return rejected('ttm', check.errors);
  if (lengthClass(durationDays(period)) !== 'annual') {
    return rejected('ttm', [error('PERIOD_LENGTH_MISMATCH', `TTM would span ${durationDays(period) + 1} days, not a year`, ...ops)]);
  }
  return accepted({
    op: 'ttm',
    value,
    unit: first.unit,
    currency: currencyOf(first),
    period,
    formula,
    operands: ops,
    basis: 'derived',
    flags: [...flags, ...check.flags],
    options,
  });
}

/** TTM as the sum of four contiguous, non-overlapping quarters. */
export function ttmFromQuarters({ quarters, ...options }: TtmQuartersOptions): CalcResult {
  const invalid = invalidOperands(quarters);
  if (invalid.length > 0) return rejected('ttm', invalid);
  if (quarters.length !== 4) {
    return rejected('ttm', [error('MISSING_FACT', `TTM needs exactly four quarters, got ${quarters.length}`, ...quarters)]);
  }
  const errors = shapeChecks(quarters);
  const { values, errors: valueErrors } = parseValues(quarters);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('ttm', errors);
  for (const q of quarters) {
    const family = lengthFamily(durationDays(q.period as Duration));
    if (family !== 'quarter') {
      errors.push(
        error('PERIOD_LENGTH_MISMATCH', `${periodText(q.period)} is not a quarter (${durationDays(q.period as Duration) + 1} days)`, q),
      );
    }
  }
  if (errors.length > 0) return rejected('ttm', errors);
  const { sorted, errors: tiling } = checkTiling(quarters);
  if (tiling.length > 0) return rejected('ttm', tiling);
  const total = sumDecimals(sorted.map((q) => values[quarters.indexOf(q)]!));
  const first = sorted[0]!.period as Duration;
  const last = sorted[3]!.period as Duration;
  const name = nameOf(sorted[0]!);
  return finish(
    sorted,
    total,
    { type: 'duration', start: first.start, end: last.end },
    sorted.map((q) => `${name}[${periodText(q.period)}]`).join(' + '),
    [],
    options,
  );
}

/** TTM = FY + current YTD − prior YTD. */
export function ttmFromYtd({ fy, currentYtd, priorYtd, ...options }: TtmYtdOptions): CalcResult {
  const invalid = invalidOperands([fy, currentYtd, priorYtd]);
  if (invalid.length > 0) return rejected('ttm', invalid);
  const ops = [fy, currentYtd, priorYtd];
  const errors = shapeChecks(ops);
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('ttm', errors);
  const f = fy.period as Duration;
  const c = currentYtd.period as Duration;
  const p = priorYtd.period as Duration;
  const flags: CalcFlag[] = [];
  if (lengthClass(durationDays(f)) !== 'annual') {
    errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(f)} is not a fiscal year`, fy));
  }
  if (c.start <= f.end) {
    errors.push(error('OVERLAPPING_INTERVALS', `current YTD ${periodText(c)} overlaps the fiscal year ${periodText(f)}`, fy, currentYtd));
  } else if (c.start !== addDays(f.end, 1)) {
    errors.push(error('NON_CONTIGUOUS_PERIODS', `current YTD ${periodText(c)} does not start the day after ${f.end}`, fy, currentYtd));
  }
  if (p.start !== f.start || p.end >= f.end) {
    errors.push(
      error('PERIOD_MISMATCH', `prior YTD ${periodText(p)} must start on the fiscal year start ${f.start} and end inside it`, fy, priorYtd),
    );
  }
  if (errors.length === 0) {
    const lengths = compareLengths(c, p);
    if (!lengths.ok) errors.push(error('PERIOD_LENGTH_MISMATCH', `YTD ${lengths.reason}`, currentYtd, priorYtd));
    else if (lengths.flag) flags.push(lengths.flag);
    const cf = fiscalOf(c, options.calendars);
    const pf = fiscalOf(p, options.calendars);
    if (cf && pf && cf.fiscalPeriod !== pf.fiscalPeriod) {
      errors.push(
        error(
          'FISCAL_POSITION_MISMATCH',
          `YTDs end at different fiscal positions (${cf.fiscalPeriod} vs ${pf.fiscalPeriod})`,
          currentYtd,
          priorYtd,
        ),
      );
    }
  }
  if (errors.length > 0) return rejected('ttm', errors);
  const [fv, cv, pv] = values as [Decimal, Decimal, Decimal];
  const name = nameOf(fy);
  return finish(
    ops,
    sub(add(fv, cv), pv),
    { type: 'duration', start: addDays(p.end, 1), end: c.end },
    `${name}[${periodText(f)}] + ${name}[${periodText(c)}] - ${name}[${periodText(p)}]`,
    flags,
    options,
  );
}

/** TTM from four quarters or from FY + current YTD − prior YTD (see the two functions). */
export function ttm(options: TtmOptions): CalcResult {
  return 'quarters' in options ? ttmFromQuarters(options) : ttmFromYtd(options);
}
