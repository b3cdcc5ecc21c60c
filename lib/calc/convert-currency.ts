/**
 * Currency conversion with an explicit dated FX fact only: unit `<TO>/<FROM>` (units of TO per unit
 * of FROM), an instant rate for a balance on the same date, a duration (average) rate for a flow
 * over the same period.
 */
import { mul, sign, type Decimal } from './decimal';
import { currencyOf, error, invalidOperands, nameOf, parseValues, periodText, samePeriod } from './checks';
import { accepted, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

/** Operands (and options) of the convertCurrency operation. */
export interface ConvertCurrencyOptions extends CalcOptions {
  amount: Operand;
  /** FX fact, unit `<TO>/<FROM>`, e.g. `USD/INR` to turn INR into USD */
  rate: Operand;
}

/** amount × rate in the rate's target currency, basis 'derived', flagged FX_CONVERTED. */
export function convertCurrency({ amount, rate, ...options }: ConvertCurrencyOptions): CalcResult {
  const invalid = invalidOperands([amount, rate]);
  if (invalid.length > 0) return rejected('convert_currency', invalid);
  const errors: TypedError[] = [];
  const from = currencyOf(amount);
  const m = /^([A-Z]{3})\/([A-Z]{3})$/.exec(rate.unit);
  if (!from) errors.push(error('UNIT_MISMATCH', `${nameOf(amount)} is not a monetary amount`, amount));
  if (!m) errors.push(error('UNIT_MISMATCH', `FX rate unit ${rate.unit} is not <TO>/<FROM>`, rate));
  else if (from && m[2] !== from) {
    errors.push(error('CURRENCY_MISMATCH', `FX rate converts from ${m[2]}, the amount is in ${from}`, amount, rate));
  }
  if (amount.period.type !== rate.period.type) {
    errors.push(
      error(
        'INSTANT_DURATION_MIX',
        `a ${amount.period.type} amount needs a ${amount.period.type === 'instant' ? 'spot' : 'period-average'} rate`,
        amount,
        rate,
      ),
    );
  } else if (!samePeriod(amount.period, rate.period)) {
    errors.push(error('PERIOD_MISMATCH', `FX rate ${periodText(rate.period)} is not dated ${periodText(amount.period)}`, amount, rate));
  }
  if ((amount.basisTag ?? null) !== (rate.basisTag ?? null)) {
    errors.push(error('MIXED_BASIS', 'amount and FX rate were chosen under different restatement bases', amount, rate));
  }
  const { values, errors: valueErrors } = parseValues([amount, rate]);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('convert_currency', errors);
  const [a, r] = values as [Decimal, Decimal];
  if (sign(r) <= 0) return rejected('convert_currency', [error('INVALID_VALUE', `FX rate ${rate.value} is not positive`, rate)]);
  const to = m![1]!;
  return accepted({
    op: 'convert_currency',
    value: mul(a, r),
    unit: to,
    currency: to,
    period: amount.period,
    formula: `${nameOf(amount)} * fx[${rate.unit} ${periodText(rate.period)}]`,
    operands: [amount, rate],
    basis: 'derived',
    flags: ['FX_CONVERTED'],
    options,
  });
}
