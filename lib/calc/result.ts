/** Building accepted and rejected results, and feeding results back in as operands. */
import type { Period } from '@/lib/domain/types';
import { toDecimalString, toNumber, type Decimal } from './decimal';
import { formatValue } from './format-value';
import { dimensionLabel } from '@/lib/domain/identity';
import { basisTagOf, error, idsOf, periodText } from './checks';
import type { CalcErr, CalcFlag, CalcOk, CalcOp, CalcOptions, Operand, ResultBasis, TypedError } from './types';

/** A rejected result. */
export function rejected(op: CalcOp, errors: TypedError[]): CalcErr {
  return { ok: false, op, errors };
}

/** Inputs of {@link accepted}. */
export interface AcceptArgs {
  op: CalcOp;
  value: Decimal;
  unit: string;
  currency: string | null;
  period: Period;
  formula: string;
  operands: Operand[];
  basis: ResultBasis;
  flags?: CalcFlag[];
  options?: CalcOptions;
  /** dimensions of the result (default: those of the first operand) */
  dimensions?: Record<string, string>;
}

/** An accepted result; `basis` becomes 'derived' when any operand is derived. */
export function accepted(args: AcceptArgs): CalcOk {
  const first = args.operands[0]!;
  const derived = args.basis === 'derived' || args.operands.some((o) => o.resultBasis === 'derived');
  const flags = [...new Set(args.flags ?? [])];
  return {
    ok: true,
    op: args.op,
    value: toNumber(args.value),
    exact: toDecimalString(args.value),
    unit: args.unit,
    currency: args.currency,
    period: args.period,
    formula: args.formula,
    operandFactIds: idsOf(...args.operands),
    basis: derived ? 'derived' : 'reported',
    versionBasis: basisTagOf(args.operands),
    display: formatValue(args.value, { unit: args.unit, currency: args.currency, ...args.options?.display }),
    flags,
    entityId: first.entityId,
    scope: first.scope,
    dimensions: args.dimensions ?? { ...first.dimensions },
    metricId: args.options?.metricId ?? null,
  };
}

/**
 * Plausibility gate: IMPLAUSIBLE_RESULT (or, with `allowImplausible`, an `IMPLAUSIBLE` flag) when
 * `bad` holds.
 */
export function plausibility(
  bad: boolean,
  message: string,
  operands: Operand[],
  options: CalcOptions | undefined,
): { errors: TypedError[]; flags: CalcFlag[] } {
  if (!bad) return { errors: [], flags: [] };
  if (options?.allowImplausible) return { errors: [], flags: ['IMPLAUSIBLE'] };
  return { errors: [error('IMPLAUSIBLE_RESULT', message, ...operands)], flags: [] };
}

/** Turns an accepted result into an operand for a further calculation (e.g. change of two margins). */
export function resultAsOperand(result: CalcOk, name?: string): Operand {
  const metric = name ?? result.metricId;
  return {
    id: `calc:${result.op}:${metric ?? result.formula}:${periodText(result.period)}:${dimensionLabel(result.dimensions)}`,
    entityId: result.entityId,
    metricId: metric ?? null,
    concept: metric ?? result.formula,
    value: result.exact,
    unit: result.unit,
    currency: result.currency,
    period: result.period,
    scope: result.scope,
    dimensions: { ...result.dimensions },
    basisTag: result.versionBasis,
    factIds: result.operandFactIds,
    resultBasis: result.basis,
  };
}
