/**
 * Average balance over a duration from the instant balances at both ends: the opening balance at
 * the day before the duration starts (the prior period end) and the closing balance at its end.
 */
import type { Period } from '@/lib/domain/types';
import { addDays } from '@/lib/fiscal';
import { add, dec, div, sign, type Decimal } from './decimal';
import {
  cannotBeNegative,
  checkPeriodType,
  checkSameDimensions,
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
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Operands (and options) of the averageBalance operation. */
export interface AverageBalanceOptions extends CalcOptions {
  /** balance at the prior period end (instant) */
  opening: Operand;
  /** balance at the period end (instant) */
  closing: Operand;
  /** the duration averaged over (default: day after opening .. closing) */
  period?: Duration;
}

/** (opening + closing) / 2 over the duration between them, basis 'derived'. */
export function averageBalance({ opening, closing, period, ...options }: AverageBalanceOptions): CalcResult {
  const invalid = invalidOperands([opening, closing]);
  if (invalid.length > 0) return rejected('average_balance', invalid);
  const ops = [opening, closing];
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...checkPeriodType(ops, 'instant', 'an average balance needs instant balances at both ends'),
  ];
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('average_balance', errors);
  const o = opening.period as Extract<Period, { type: 'instant' }>;
  const c = closing.period as Extract<Period, { type: 'instant' }>;
  if (o.date >= c.date) {
    return rejected('average_balance', [error('PERIOD_MISMATCH', `opening ${o.date} is not before closing ${c.date}`, ...ops)]);
  }
  const span: Duration = period ?? { type: 'duration', start: addDays(o.date, 1), end: c.date };
  if (span.start !== addDays(o.date, 1) || span.end !== c.date) {
    return rejected('average_balance', [
      error('PERIOD_MISMATCH', `balances at ${o.date} and ${c.date} are not the ends of ${periodText(span)}`, ...ops),
    ]);
  }
  const [ov, cv] = values as [Decimal, Decimal];
  const value = div(add(ov, cv), dec('2'));
  const check = plausibility(
    cannotBeNegative(opening, options.isNonNegative) && (sign(ov) < 0 || sign(cv) < 0),
    `${nameOf(opening)} cannot be negative`,
    ops,
    options,
  );
  if (check.errors.length > 0) return rejected('average_balance', check.errors);
  return accepted({
    op: 'average_balance',
    value,
    unit: opening.unit,
    currency: currencyOf(opening),
    period: span,
    formula: `(${nameOf(opening)}[${o.date}] + ${nameOf(closing)}[${c.date}]) / 2`,
    operands: ops,
    basis: 'derived',
    flags: check.flags,
    options,
  });
}
