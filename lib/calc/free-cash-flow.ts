/** Free cash flow = operating cash flow − capital expenditure over the same period. */
import { sign, sub, type Decimal } from './decimal';
import {
  checkPeriodType,
  checkSameDimensions,
  checkSamePeriod,
  checkSameUnit,
  commonChecks,
  currencyOf,
  error,
  invalidOperands,
  nameOf,
  parseValues,
} from './checks';
import { accepted, rejected } from './result';
import type { CalcOptions, CalcResult, Operand, TypedError } from './types';

/** Operands (and options) of the freeCashFlow operation. */
export interface FreeCashFlowOptions extends CalcOptions {
  operatingCashFlow: Operand;
  /** capital expenditure as reported: a positive outflow (e.g. PaymentsToAcquirePropertyPlantAndEquipment) */
  capex: Operand;
}

/** operating cash flow − capex; a negative capex is SIGN_CONVENTION (it would be added back). */
export function freeCashFlow({ operatingCashFlow, capex, ...options }: FreeCashFlowOptions): CalcResult {
  const invalid = invalidOperands([operatingCashFlow, capex]);
  if (invalid.length > 0) return rejected('free_cash_flow', invalid);
  const ops = [operatingCashFlow, capex];
  const samePeriod = checkSamePeriod(ops);
  const errors: TypedError[] = [
    ...commonChecks(ops),
    ...checkSameDimensions(ops),
    ...checkSameUnit(ops),
    ...(samePeriod.length > 0 ? samePeriod : checkPeriodType(ops, 'duration', 'cash flows are durations')),
  ];
  const { values, errors: valueErrors } = parseValues(ops);
  errors.push(...valueErrors);
  if (errors.length > 0) return rejected('free_cash_flow', errors);
  const [ocf, cx] = values as [Decimal, Decimal];
  if (sign(cx) < 0) {
    return rejected('free_cash_flow', [
      error('SIGN_CONVENTION', `${nameOf(capex)} is negative (${capex.value}); pass capital expenditure as a positive outflow`, capex),
    ]);
  }
  return accepted({
    op: 'free_cash_flow',
    value: sub(ocf, cx),
    unit: operatingCashFlow.unit,
    currency: currencyOf(operatingCashFlow),
    period: operatingCashFlow.period,
    formula: `${nameOf(operatingCashFlow)} - ${nameOf(capex)}`,
    operands: ops,
    basis: 'reported',
    options: { metricId: 'free_cash_flow', ...options },
  });
}
