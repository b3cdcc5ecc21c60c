/**
 * A second or third fiscal quarter that a filing reports only inside its year to date (cash-flow lines
 * in 10-Qs): Q2 = first half − Q1, Q3 = nine months − first half. Both year-to-date figures must start
 * on the fiscal year start, the shorter must end right before the quarter, and what remains must be a
 * quarter in the fiscal position the lengths name; only additive flows are subtracted (a per-share
 * figure or weighted share count of a quarter is not a difference of year-to-date figures). The result
 * is labelled basis 'derived', both operands cited.
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
import { checkAdditive } from './additivity';
import { fiscalOf } from './labels';
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Operands (and options) of deriveQuarter. */
export interface DeriveQuarterOptions extends CalcOptions {
  /** the year to date through the quarter: the first half for Q2, the nine months for Q3 */
  throughQuarter: Operand;
  /** the year to date through the quarter before: Q1 for Q2, the first half for Q3 */
  throughPrior: Operand;
}

/** Which quarter a pair of year-to-date lengths leaves, and the fiscal positions both operands must hold. */
const PLANS = [
  { quarter: 'Q2', through: 'half', prior: 'quarter', throughPos: 'H1', priorPos: 'Q1' },
  { quarter: 'Q3', through: 'nine_months', prior: 'half', throughPos: '9M', priorPos: 'H1' },
] as const;

/** The fiscal position of the quarter `throughQuarter − throughPrior` leaves ('Q2' | 'Q3'), or null for other lengths. */
export function derivedQuarterOf(throughQuarter: Period, throughPrior: Period): 'Q2' | 'Q3' | null {
  if (throughQuarter.type !== 'duration' || throughPrior.type !== 'duration') return null;
  const t = lengthFamily(durationDays(throughQuarter));
  const p = lengthFamily(durationDays(throughPrior));
  return PLANS.find((x) => x.through === t && x.prior === p)?.quarter ?? null;
}

function shapeErrors(ops: Operand[]): TypedError[] {
  const mix = checkPeriodTypes(ops);
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...(mix.length > 0 ? mix : checkPeriodType(ops, 'duration', 'a quarter is derived from flows (durations)')),
  ];
  return errors.length > 0 ? errors : checkAdditive(ops, 'a quarter derived from year-to-date figures');
}

/** Q2 = H1 − Q1 or Q3 = 9M − H1 (by the operands' lengths), basis 'derived', period = the day after the shorter ends .. the longer's end. */
export function deriveQuarter({ throughQuarter, throughPrior, ...options }: DeriveQuarterOptions): CalcResult {
  const ops = [throughQuarter, throughPrior];
  const invalid = invalidOperands(ops);
  if (invalid.length > 0) return rejected('derive_quarter', invalid);
  const errors = shapeErrors(ops);
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('derive_quarter', errors);
  const t = throughQuarter.period as Duration;
  const p = throughPrior.period as Duration;
  const plan = PLANS.find((x) => x.quarter === derivedQuarterOf(t, p));
  if (!plan) {
    return rejected('derive_quarter', [
      error(
        'PERIOD_LENGTH_MISMATCH',
        `${periodText(t)} (${durationDays(t) + 1} days) minus ${periodText(p)} (${durationDays(p) + 1} days) is neither first half − Q1 nor nine months − first half`,
        ...ops,
      ),
    ]);
  }
  if (p.start !== t.start)
    errors.push(error('PERIOD_MISMATCH', `${periodText(p)} and ${periodText(t)} do not start on the same day`, ...ops));
  if (p.end >= t.end) errors.push(error('OVERLAPPING_INTERVALS', `${periodText(p)} does not end before ${periodText(t)}`, ...ops));
  const quarter: Duration = { type: 'duration', start: addDays(p.end, 1), end: t.end };
  if (errors.length === 0 && lengthClass(durationDays(quarter)) === 'other') {
    errors.push(error('PERIOD_LENGTH_MISMATCH', `the difference leaves ${durationDays(quarter) + 1} days, not a quarter`, ...ops));
  }
  if (errors.length === 0 && options.calendars) {
    // both year-to-date figures must sit exactly at their fiscal positions (a 52/53-week calendar included)
    for (const [op, pos] of [
      [throughQuarter, plan.throughPos],
      [throughPrior, plan.priorPos],
    ] as const) {
      const derived = fiscalOf(op.period, options.calendars);
      if (derived && (derived.fiscalPeriod !== pos || !derived.exact))
        errors.push(error('FISCAL_POSITION_MISMATCH', `${periodText(op.period)} is not exactly the fiscal ${pos}`, op));
    }
  }
  if (errors.length > 0) return rejected('derive_quarter', errors);
  const [tv, pv] = values as [Decimal, Decimal];
  const value = sub(tv, pv);
  const check = plausibility(
    cannotBeNegative(throughQuarter, options.isNonNegative) && sign(value) < 0,
    `derived ${plan.quarter} ${nameOf(throughQuarter)} is negative`,
    ops,
    options,
  );
  if (check.errors.length > 0) return rejected('derive_quarter', check.errors);
  return accepted({
    op: 'derive_quarter',
    value,
    unit: throughQuarter.unit,
    currency: currencyOf(throughQuarter),
    period: quarter,
    formula: `${nameOf(throughQuarter)}[${periodText(t)}] - ${nameOf(throughPrior)}[${periodText(p)}]`,
    operands: ops,
    basis: 'derived',
    flags: check.flags,
    options,
  });
}
