/** Per-share amounts: an amount divided by a share count over the same period. */
import { div, sign, type Decimal } from './decimal';
import { checkSameDimensions, checkSamePeriod, commonChecks, currencyOf, error, invalidOperands, nameOf, parseValues } from './checks';
import { accepted, plausibility, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

/** Operands (and options) of the perShare operation. */
export interface PerShareOptions extends CalcOptions {
  /** monetary amount (e.g. net income, equity) */
  amount: Operand;
  /** share count in unit `shares`, over the same period (weighted average for flows) */
  shares: Operand;
}

/** amount / shares → unit `<CUR>/shares` (e.g. EPS, book value per share). */
export function perShare({ amount, shares, ...options }: PerShareOptions): CalcResult {
  const invalid = invalidOperands([amount, shares]);
  if (invalid.length > 0) return rejected('per_share', invalid);
  const ops = [amount, shares];
  const currency = currencyOf(amount);
  const errors: TypedError[] = [...commonChecks(ops), ...checkSameDimensions(ops), ...checkSamePeriod(ops)];
  if (!currency) errors.push(error('UNIT_MISMATCH', `${nameOf(amount)} (${amount.unit}) is not a monetary amount`, amount));
  if (shares.unit !== 'shares') errors.push(error('UNIT_MISMATCH', `${nameOf(shares)} is in ${shares.unit}, not shares`, shares));
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('per_share', errors);
  const [a, s] = values as [Decimal, Decimal];
  if (sign(s) === 0) return rejected('per_share', [error('DIVIDE_BY_ZERO', `${nameOf(shares)} is zero`, shares)]);
  const check = plausibility(sign(s) < 0, `a share count cannot be negative (${shares.value})`, ops, options);
  if (check.errors.length > 0) return rejected('per_share', check.errors);
  return accepted({
    op: 'per_share',
    value: div(a, s),
    unit: `${currency}/shares`,
    currency,
    period: amount.period,
    formula: `${nameOf(amount)} / ${nameOf(shares)}`,
    operands: ops,
    basis: 'reported',
    flags: check.flags,
    options,
  });
}
