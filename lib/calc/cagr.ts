/**
 * Compound annual growth rate over N fiscal years: (later / earlier)^(1/N) − 1, where the earlier
 * operand is the start of the range (the same fiscal position N years before the later one) — never
 * the average of the yearly growth rates, never a pair that is not N years apart.
 */
import type { Period } from '@/lib/domain/types';
import { daysBetween } from '@/lib/fiscal';
import { dec, div, sign, toNumber, type Decimal } from './decimal';
import {
  checkPeriodTypes,
  checkSameDimensions,
  checkSameMetric,
  checkSameUnit,
  commonChecks,
  compareLengths,
  error,
  invalidOperands,
  nameOf,
  parseValues,
  periodText,
} from './checks';
import { fiscalOf, operandPeriodLabel } from './labels';
import { accepted, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

export interface CagrOptions extends CalcOptions {
  /** value at the end of the range (the later fiscal year) */
  later: Operand;
  /** value at the start of the range (N fiscal years before) */
  earlier: Operand;
  /** N: whole fiscal years between the two */
  years: number;
}

const DAYS_PER_YEAR = 365.2425;
const RATE_UNITS = new Set(['ratio', 'pp', 'times', 'percent']);

function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

/** (later / earlier)^(1/years) − 1, unit 'ratio', basis 'derived'. */
export function cagr({ later, earlier, years, ...options }: CagrOptions): CalcResult {
  const invalid = invalidOperands([later, earlier]);
  if (invalid.length > 0) return rejected('cagr', invalid);
  const ops = [later, earlier];
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...checkPeriodTypes(ops),
  ];
  if (!Number.isInteger(years) || years < 1 || years > 50)
    errors.push(error('INVALID_VALUE', `a CAGR spans a whole number of years ≥ 1 (got ${years})`, ...ops));
  // a rate of a rate (margin, multiple, percentage points) compounds nothing: its change is the answer
  if (RATE_UNITS.has(later.unit) || RATE_UNITS.has(earlier.unit))
    errors.push(
      error(
        'INVALID_VALUE',
        `a CAGR compounds amounts (money, shares, per-share figures, counts), not a ratio such as ${nameOf(later)}; ask for its change instead`,
        ...ops,
      ),
    );
  if (errors.length === 0) {
    const lp = later.period;
    const ep = earlier.period;
    if (lp.type === 'duration' && ep.type === 'duration') {
      const lengths = compareLengths(lp, ep);
      if (!lengths.ok) errors.push(error('PERIOD_LENGTH_MISMATCH', lengths.reason, ...ops));
    }
    const lf = fiscalOf(lp, options.calendars);
    const ef = fiscalOf(ep, options.calendars);
    if (lf && ef && lf.fiscalPeriod !== 'OTHER' && ef.fiscalPeriod !== 'OTHER') {
      if (lf.fiscalPeriod !== ef.fiscalPeriod)
        errors.push(
          error('FISCAL_POSITION_MISMATCH', `a CAGR compares the same fiscal position (${lf.fiscalPeriod} vs ${ef.fiscalPeriod})`, ...ops),
        );
      else if (lf.fiscalYear - ef.fiscalYear !== years)
        errors.push(
          error('PERIOD_MISMATCH', `${years}-year CAGR needs fiscal years ${years} apart (got ${lf.label} and ${ef.label})`, ...ops),
        );
    } else {
      const gap = daysBetween(endOf(ep), endOf(lp));
      if (Math.abs(gap - years * DAYS_PER_YEAR) > 10)
        errors.push(error('PERIOD_MISMATCH', `periods ending ${endOf(ep)} and ${endOf(lp)} are not ${years} years apart`, ...ops));
    }
  }
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('cagr', errors);
  const [l, e] = values as [Decimal, Decimal];
  const labels = [operandPeriodLabel(later, options.calendars), operandPeriodLabel(earlier, options.calendars)];
  if (sign(e) <= 0 || sign(l) <= 0) {
    const at = (o: Operand, label: string) => `${label} (${periodText(o.period)}): ${o.value}`;
    return rejected('cagr', [
      error('NEGATIVE_BASE', `a CAGR needs positive values at both ends (${at(earlier, labels[1]!)}; ${at(later, labels[0]!)})`, ...ops),
    ]);
  }
  const growthFactor = toNumber(div(l, e, 30));
  const rate = growthFactor ** (1 / years) - 1;
  return accepted({
    op: 'cagr',
    value: dec(rate.toFixed(15)),
    unit: 'ratio',
    currency: null,
    period: later.period,
    formula: `(${nameOf(later)}[${labels[0]}] / ${nameOf(earlier)}[${labels[1]}])^(1/${years}) - 1`,
    operands: ops,
    basis: 'derived',
    options,
  });
}
