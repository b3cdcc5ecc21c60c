/**
 * Trailing-twelve-month EPS as analysts and data vendors quote it: the sum of the last four quarters'
 * reported earnings per share. Per-share figures do not add exactly (each quarter divides by its own
 * weighted share count), so the result is never called a reported figure: it is labelled "sum of four
 * quarterly EPS", basis 'derived', every quarter cited. A fourth quarter that filings report only
 * inside the fiscal year enters as FY − nine months of the same measure (named in the formula); such a
 * difference is used only as a term of this sum, never answered as the quarter's own EPS.
 */
import type { Period } from '@/lib/domain/types';
import { addDays, lengthClass, lengthFamily } from '@/lib/fiscal';
import { add, sub, type Decimal } from './decimal';
import {
  checkPeriodType,
  checkSameDimensions,
  checkSameMetric,
  checkSameUnit,
  commonChecks,
  currencyOf,
  durationDays,
  error,
  gapDays,
  invalidOperands,
  nameOf,
  overlaps,
  parseValues,
  periodText,
} from './checks';
import { additivityOf } from './additivity';
import { accepted, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** Earnings per share (basic or diluted), by the ontology's rule for the operand's measure or, for a filer concept, its name. */
function isEarningsPerShareMeasure(op: Operand): boolean {
  const a = additivityOf(op);
  return !a.additive && a.reason === 'earnings_per_share';
}

/** One quarter of the sum: reported on its own, or a fourth quarter as the fiscal year less its nine months. */
export type PerShareQuarter = { reported: Operand } | { fy: Operand; nineMonths: Operand };

/** Operands (and options) of ttmPerShareSum. */
export interface TtmPerShareOptions extends CalcOptions {
  /** four contiguous quarters, oldest first */
  quarters: PerShareQuarter[];
}

interface Term {
  ops: Operand[];
  period: Duration;
  value: Decimal;
  text: string;
}

function termOf(q: PerShareQuarter, decimalOf: (op: Operand) => Decimal): { term?: Term; errors: TypedError[] } {
  if ('reported' in q) {
    const p = q.reported.period as Duration;
    return {
      term: { ops: [q.reported], period: p, value: decimalOf(q.reported), text: `${nameOf(q.reported)}[${periodText(p)}]` },
      errors: [],
    };
  }
  const f = q.fy.period as Duration;
  const n = q.nineMonths.period as Duration;
  const errors: TypedError[] = [];
  if (lengthClass(durationDays(f)) !== 'annual')
    errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(f)} is not a fiscal year`, q.fy));
  if (lengthClass(durationDays(n)) !== 'nine_months')
    errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(n)} is not a nine-month year to date`, q.nineMonths));
  if (n.start !== f.start || n.end >= f.end)
    errors.push(error('PERIOD_MISMATCH', `${periodText(n)} is not the first nine months of ${periodText(f)}`, q.fy, q.nineMonths));
  if (errors.length > 0) return { errors };
  const period: Duration = { type: 'duration', start: addDays(n.end, 1), end: f.end };
  const value = sub(decimalOf(q.fy), decimalOf(q.nineMonths));
  return {
    term: {
      ops: [q.fy, q.nineMonths],
      period,
      value,
      text: `(${nameOf(q.fy)}[${periodText(f)}] - ${nameOf(q.nineMonths)}[${periodText(n)}])`,
    },
    errors: [],
  };
}

/** TTM EPS = the sum of four contiguous quarterly EPS of one measure, basis 'derived'. */
export function ttmPerShareSum({ quarters, ...options }: TtmPerShareOptions): CalcResult {
  const ops = quarters.flatMap((q) => ('reported' in q ? [q.reported] : [q.fy, q.nineMonths]));
  const invalid = invalidOperands(ops);
  if (invalid.length > 0) return rejected('ttm_per_share_sum', invalid);
  if (quarters.length !== 4)
    return rejected('ttm_per_share_sum', [error('MISSING_FACT', 'a trailing twelve months needs four quarters', ...ops)]);
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameMetric(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...checkPeriodType(ops, 'duration', 'quarterly EPS are figures over periods'),
  ];
  const notEps = ops.filter((o) => !isEarningsPerShareMeasure(o));
  if (notEps.length > 0)
    errors.push(
      error('INVALID_VALUE', 'only earnings per share are summed over four quarters; other figures have their own TTM rules', ...notEps),
    );
  const { values: parsed, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('ttm_per_share_sum', errors);
  // every operand parsed (parseValues reported none invalid): its decimal by position
  const decimalOf = (op: Operand) => parsed[ops.indexOf(op)] as Decimal;
  const terms: Term[] = [];
  for (const q of quarters) {
    const t = termOf(q, decimalOf);
    errors.push(...t.errors);
    if (t.term) terms.push(t.term);
  }
  if (errors.length > 0) return rejected('ttm_per_share_sum', errors);
  for (const [i, t] of terms.entries()) {
    if (lengthFamily(durationDays(t.period)) !== 'quarter')
      errors.push(error('PERIOD_LENGTH_MISMATCH', `${periodText(t.period)} is not a quarter`, ...t.ops));
    const prev = terms[i - 1];
    if (prev && (overlaps(prev.period, t.period) || gapDays(prev.period, t.period) !== 0))
      errors.push(
        error(
          'NON_CONTIGUOUS_PERIODS',
          `${periodText(prev.period)} and ${periodText(t.period)} are not consecutive quarters`,
          ...prev.ops,
          ...t.ops,
        ),
      );
  }
  const [first, , , last] = terms as [Term, Term, Term, Term];
  const period: Duration = { type: 'duration', start: first.period.start, end: last.period.end };
  if (errors.length === 0 && lengthClass(durationDays(period)) !== 'annual')
    errors.push(error('PERIOD_LENGTH_MISMATCH', `four quarters spanning ${durationDays(period) + 1} days are not a year`, ...ops));
  if (errors.length > 0) return rejected('ttm_per_share_sum', errors);
  const value = terms.slice(1).reduce((acc, t) => add(acc, t.value), first.value);
  const [op] = ops as [Operand];
  return accepted({
    op: 'ttm_per_share_sum',
    value,
    unit: op.unit,
    currency: currencyOf(op),
    period,
    formula: `sum of four quarterly ${nameOf(op)}: ${terms.map((t) => t.text).join(' + ')}`,
    operands: ops,
    basis: 'derived',
    options,
  });
}
