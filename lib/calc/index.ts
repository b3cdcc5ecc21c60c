/**
 * Validated calculations over typed facts. Every operation returns `{ ok: true, value, exact, unit,
 * period, formula, operandFactIds, basis, display, flags, … }` or `{ ok: false, errors }` with typed
 * error codes; rejections are results, never exceptions. Arithmetic is exact (BigInt decimals).
 */
export * from './types';
export * as decimal from './decimal';
export type { Decimal } from './decimal';
export { parseDecimal, toDecimalString } from './decimal';
export * from './format-value';
export { resultAsOperand } from './result';
export { defaultIsNonNegative } from './checks';
export * from './ratio';
export * from './additivity';
export * from './sum';
export * from './growth';
export * from './ttm';
export * from './ttm-per-share';
export * from './derive-q4';
export * from './derive-quarter';
export * from './average-balance';
export * from './per-share';
export * from './free-cash-flow';
export * from './convert-currency';
export * from './formula';
export * from './arithmetic';
export * from './cagr';
export * from './average-periods';
export * from './select-version';
