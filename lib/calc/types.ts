/**
 * Calculation operands, results and typed errors. Rejections are results (`{ ok: false, errors }`),
 * never exceptions.
 */
import type { Fact, FiscalPeriodCode, ISODate, Period, Scope } from '@/lib/domain/types';
import type { CalendarInput } from '@/lib/fiscal';
import type { DisplayScale } from './format-value';

/** Why a calculation was rejected. */
export type CalcErrorCode =
  | 'PERIOD_MISMATCH'
  | 'INSTANT_DURATION_MIX'
  | 'OVERLAPPING_INTERVALS'
  | 'NON_CONTIGUOUS_PERIODS'
  | 'PERIOD_LENGTH_MISMATCH'
  | 'FISCAL_POSITION_MISMATCH'
  | 'WRONG_PERIOD_TYPE'
  | 'INCOMPARABLE_SCOPE'
  | 'ENTITY_MISMATCH'
  | 'DIMENSION_MISMATCH'
  | 'METRIC_MISMATCH'
  | 'UNIT_MISMATCH'
  | 'CURRENCY_MISMATCH'
  | 'RESTATEMENT_CONFLICT'
  | 'VERSION_CHAIN_MISMATCH'
  | 'MIXED_BASIS'
  | 'DIVIDE_BY_ZERO'
  | 'NEGATIVE_BASE'
  | 'SIGN_CONVENTION'
  | 'MISSING_FACT'
  | 'DUPLICATE_OPERAND'
  | 'INVALID_VALUE'
  | 'IMPLAUSIBLE_RESULT'
  /** a measure that is not an additive flow (per-share figure, weighted share count, ratio, balance) added over periods */
  | 'NON_ADDITIVE';

/** A typed rejection naming the facts involved. */
export interface TypedError {
  code: CalcErrorCode;
  message: string;
  factIds: string[];
}

/** Caveats on an accepted result. */
export type CalcFlag =
  /** a 53-week period compared or combined with a 52-week one (one extra week) */
  | 'WEEKS_53_VS_52'
  /** periods of the same class whose lengths differ by a few days (calendar quarters 89 vs 92) */
  | 'PERIOD_LENGTH_DIFFERS'
  /** outside the plausibility bounds, accepted because the caller allowed it */
  | 'IMPLAUSIBLE'
  /** an amount converted with an explicit dated FX fact */
  | 'FX_CONVERTED';

/** Operation names. */
export type CalcOp =
  | 'ratio'
  | 'margin'
  | 'share'
  | 'sum'
  | 'sum_periods'
  | 'difference'
  | 'growth'
  | 'change'
  | 'ttm'
  | 'derive_q4'
  | 'derive_h2'
  /** Q2 = H1 − Q1, Q3 = 9M − H1 */
  | 'derive_quarter'
  /** TTM EPS: the labelled sum of four quarterly per-share figures */
  | 'ttm_per_share_sum'
  | 'average_balance'
  | 'per_share'
  | 'free_cash_flow'
  | 'convert_currency'
  | 'cagr'
  | 'average_periods'
  | 'formula'
  /** one node of a formula the user states (lib/calc/arithmetic) */
  | 'arithmetic';

/** 'reported' when every operand is reported for the result's own period, 'derived' otherwise. */
export type ResultBasis = 'reported' | 'derived';

/**
 * An operand: a {@link Fact} (facts satisfy this shape) or an earlier result turned into an operand
 * with `resultAsOperand`.
 */
export interface Operand {
  id: string;
  entityId: string;
  metricId: string | null;
  concept: string;
  /** exact decimal string in base units */
  value: string;
  unit: string;
  currency: string | null;
  period: Period;
  scope: Scope;
  dimensions: Record<string, string>;
  fiscalYear?: number | null;
  fiscalPeriod?: FiscalPeriodCode | null;
  filedAt?: ISODate;
  /** restatement basis the operand was chosen under (`latest`, `original`, `as_of:2024-01-31`); see selectVersion */
  basisTag?: string | null;
  /** the facts behind the operand (a fact: its own id) */
  factIds?: string[];
  /** 'derived' when the operand is itself a derived result */
  resultBasis?: ResultBasis;
}

/** Facts are operands as they are. */
export type FactOperand = Pick<
  Fact,
  'id' | 'entityId' | 'metricId' | 'concept' | 'value' | 'unit' | 'currency' | 'period' | 'scope' | 'dimensions'
>;

/** An accepted calculation. */
export interface CalcOk {
  ok: true;
  op: CalcOp;
  /** the value as a JS number (for output); `exact` holds the decimal */
  value: number;
  /** exact decimal string (quotients rounded to 20 decimal places) */
  exact: string;
  /** `USD`, `ratio`, `pp`, `USD/shares`, … */
  unit: string;
  currency: string | null;
  period: Period;
  /** e.g. "operating_income / revenue" */
  formula: string;
  operandFactIds: string[];
  basis: ResultBasis;
  /** the shared restatement basis tag of the operands, null when untagged */
  versionBasis: string | null;
  display: string;
  flags: CalcFlag[];
  entityId: string;
  scope: Scope;
  dimensions: Record<string, string>;
  /** metric id of the result when the caller named it (e.g. `operating_margin`) */
  metricId: string | null;
}

/** A rejected calculation. */
export interface CalcErr {
  ok: false;
  op: CalcOp;
  errors: TypedError[];
}

/** Every operation returns one of these. */
export type CalcResult = CalcOk | CalcErr;

/** Options every operation accepts. */
export interface CalcOptions {
  /** metric id given to the result (e.g. `operating_margin`) */
  metricId?: string;
  /** entity calendars: enables fiscal-position checks and fiscal labels in formulas */
  calendars?: CalendarInput;
  /** accept results outside plausibility bounds, flagged `IMPLAUSIBLE`, instead of rejecting them */
  allowImplausible?: boolean;
  /** whether an operand's metric cannot be negative (default: a built-in list of metric ids) */
  isNonNegative?: (operand: Operand) => boolean;
  /** display options for the result */
  display?: { scale?: DisplayScale; decimals?: number };
}
