/**
 * The rest of a fiscal year derived from the year and its year to date (filings report no standalone
 * Q4 or second half): Q4 = FY − nine-month YTD, H2 = FY − first half. The YTD must start on the fiscal
 * year start and end right before the rest; only additive flows are subtracted (a per-share figure
 * or weighted share count of Q4 is not FY − 9M); the result is labelled basis 'derived'.
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
import { checkAdditive } from './additivity';
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Operands (and options) of the deriveQ4 operation. */
export interface DeriveQ4Options extends CalcOptions {
  fy: Operand;
  nineMonths: Operand;
}

/** Operands (and options) of the deriveH2 operation. */
export interface DeriveH2Options extends CalcOptions {
  fy: Operand;
  firstHalf: Operand;
}

interface RestKind {
  op: 'derive_q4' | 'derive_h2';
  /** the fiscal position of the YTD and of the rest */
  ytd: '9M' | 'H1';
  rest: 'Q4' | 'H2';
  ytdClass: 'nine_months' | 'half';
  restFamily: 'quarter' | 'half';
  ytdWords: string;
}

const Q4: RestKind = { op: 'derive_q4', ytd: '9M', rest: 'Q4', ytdClass: 'nine_months', restFamily: 'quarter', ytdWords: 'nine-month YTD' };
const H2: RestKind = { op: 'derive_h2', ytd: 'H1', rest: 'H2', ytdClass: 'half', restFamily: 'half', ytdWords: 'first half' };

function deriveRest(k: RestKind, fy: Operand, ytd: Operand, options: CalcOptions): CalcResult {
  const invalid = invalidOperands([fy, ytd]);
  if (invalid.length > 0) return rejected(k.op, invalid);
  const ops = [fy, ytd];
  const mix = checkPeriodTypes(ops);
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...(mix.length > 0 ? mix : checkPeriodType(ops, 'duration', `${k.rest} is derived from flows (durations)`)),
  ];
  if (errors.length === 0) errors.push(...checkAdditive(ops, `${k.rest} = FY − ${k.ytd}`));
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected(k.op, errors);
  const f = fy.period as Duration;
  const n = ytd.period as Duration;
  if (lengthClass(durationDays(f)) !== 'annual') errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(f)} is not a fiscal year`, fy));
  if (lengthClass(durationDays(n)) !== k.ytdClass) {
    errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(n)} is not a ${k.ytdWords} (${durationDays(n) + 1} days)`, ytd));
  }
  if (n.start !== f.start) {
    errors.push(error('PERIOD_MISMATCH', `the ${k.ytd} YTD starts ${n.start}, not on the fiscal year start ${f.start}`, ...ops));
  }
  if (n.end >= f.end) {
    errors.push(error('OVERLAPPING_INTERVALS', `the ${k.ytd} YTD ${periodText(n)} does not end before the fiscal year ends`, ...ops));
  }
  const rest: Duration = { type: 'duration', start: addDays(n.end, 1), end: f.end };
  if (errors.length === 0 && lengthFamily(durationDays(rest)) !== k.restFamily) {
    errors.push(
      error(
        'PERIOD_LENGTH_MISMATCH',
        `FY − ${k.ytd} leaves ${durationDays(rest) + 1} days, not a ${k.rest === 'Q4' ? 'fourth quarter' : 'second half'}`,
        ...ops,
      ),
    );
  }
  if (errors.length === 0 && options.calendars) {
    const derived = fiscalOf(n, options.calendars);
    if (derived && (derived.fiscalPeriod !== k.ytd || !derived.exact)) {
      errors.push(
        error(
          'FISCAL_POSITION_MISMATCH',
          `${periodText(n)} is not exactly the fiscal ${k.ytd === '9M' ? 'nine months' : 'first half'} before ${k.rest}`,
          ytd,
        ),
      );
    }
  }
  if (errors.length > 0) return rejected(k.op, errors);
  const [fv, nv] = values as [Decimal, Decimal];
  const value = sub(fv, nv);
  const check = plausibility(
    cannotBeNegative(fy, options.isNonNegative) && sign(value) < 0,
    `derived ${k.rest} ${nameOf(fy)} is negative`,
    ops,
    options,
  );
  if (check.errors.length > 0) return rejected(k.op, check.errors);
  return accepted({
    op: k.op,
    value,
    unit: fy.unit,
    currency: currencyOf(fy),
    period: rest,
    formula: `${nameOf(fy)}[${periodText(f)}] - ${nameOf(ytd)}[${periodText(n)}]`,
    operands: ops,
    basis: 'derived',
    flags: check.flags,
    options,
  });
}

/** Q4 = FY − 9M YTD, basis 'derived', period = day after the 9M end .. FY end. */
export function deriveQ4({ fy, nineMonths, ...options }: DeriveQ4Options): CalcResult {
  return deriveRest(Q4, fy, nineMonths, options);
}

/** H2 = FY − H1, basis 'derived', period = day after the first half ends .. FY end. */
export function deriveH2({ fy, firstHalf, ...options }: DeriveH2Options): CalcResult {
  return deriveRest(H2, fy, firstHalf, options);
}
