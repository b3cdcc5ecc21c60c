/**
 * Relation checks shared by the operations. Each returns the typed errors it finds (empty when the
 * relation holds), so an operation can report every problem at once.
 */
import type { Period } from '@/lib/domain/types';
import { dimensionKey, dimensionLabel } from '@/lib/domain/identity';
import { daysBetween, isISODate, lengthClass, toDayNumber } from '@/lib/fiscal';
import { parseDecimal, type Decimal } from './decimal';
import { isCurrencyCode } from './format-value';
import { isNonNegativeMetric } from '@/lib/ontology/metrics';
import type { CalcErrorCode, Operand, TypedError } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

/** The facts behind an operand. */
export function idsOf(...ops: Operand[]): string[] {
  const out: string[] = [];
  for (const op of ops) for (const id of op.factIds ?? [op.id]) if (!out.includes(id)) out.push(id);
  return out;
}

/** A typed error over some operands. */
export function error(code: CalcErrorCode, message: string, ...ops: Operand[]): TypedError {
  return { code, message, factIds: idsOf(...ops) };
}

/** Short name of an operand for formulas: metric id, else the concept's local name. */
export function nameOf(op: Operand): string {
  if (op.metricId) return op.metricId;
  const local = op.concept.includes(':') ? op.concept.slice(op.concept.indexOf(':') + 1) : op.concept;
  return local || op.id;
}

/** "2025-04-01..2026-03-31" or "@2025-03-31". */
export function periodText(p: Period): string {
  return p.type === 'instant' ? `@${p.date}` : `${p.start}..${p.end}`;
}

/** Currency of an operand: its `currency`, else a currency-code unit, else null. */
export function currencyOf(op: Operand): string | null {
  return op.currency ?? (isCurrencyCode(op.unit) ? op.unit : null);
}

/** Parses operand values; INVALID_VALUE for any that are not decimals. */
export function parseValues(ops: Operand[]): { values: Decimal[]; errors: TypedError[] } {
  const values: Decimal[] = [];
  const errors: TypedError[] = [];
  for (const op of ops) {
    const d = parseDecimal(op.value);
    if (d) values.push(d);
    else errors.push(error('INVALID_VALUE', `value "${op.value}" of ${nameOf(op)} is not a decimal number`, op));
  }
  return { values, errors };
}

/** DUPLICATE_OPERAND when one fact appears twice. */
export function checkDistinct(ops: Operand[]): TypedError[] {
  const seen = new Map<string, Operand>();
  const errors: TypedError[] = [];
  for (const op of ops) {
    const first = seen.get(op.id);
    if (first) errors.push(error('DUPLICATE_OPERAND', `fact ${op.id} is used twice`, first, op));
    else seen.set(op.id, op);
  }
  return errors;
}

/** ENTITY_MISMATCH unless every operand belongs to one entity. */
export function checkEntity(ops: Operand[]): TypedError[] {
  const first = ops[0];
  const other = ops.find((o) => o.entityId !== first?.entityId);
  return first && other
    ? [error('ENTITY_MISMATCH', `operands belong to different entities (${first.entityId}, ${other.entityId})`, ...ops)]
    : [];
}

/** INCOMPARABLE_SCOPE when consolidated and standalone figures are mixed. */
export function checkScope(ops: Operand[]): TypedError[] {
  const scopes = new Set(ops.map((o) => o.scope));
  if (scopes.size <= 1) return [];
  const detail = ops.map((o) => `${nameOf(o)}: ${o.scope}`).join(', ');
  return [error('INCOMPARABLE_SCOPE', `consolidated and standalone figures cannot be combined (${detail})`, ...ops)];
}

function dimensionText(dims: Record<string, string>): string {
  return dimensionLabel(dims) || 'consolidated total';
}

/**
 * The dimensions that say which part of the company a figure is. "Consolidation items: operating segments" beside a
 * segment's own member only repeats that the figure is the segment's (not a reconciling item or an elimination):
 * filers tag one segment's revenue without it and its operating income with it (Alphabet's Google Cloud), so it is
 * set aside when another axis names the part. Alone, or with any other consolidation item, it stays.
 */
export function partDimensions(dims: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const axis = Object.keys(dims).find((k) => /(?:^|:)ConsolidationItemsAxis$/.test(k));
  if (!axis || !/(?:^|:)OperatingSegmentsMember$/.test(dims[axis] ?? '') || Object.keys(dims).length < 2) return dims;
  const { [axis]: _, ...rest } = dims;
  return rest;
}

/** DIMENSION_MISMATCH unless every operand has the same dimensions (of the part of the company they are). */
export function checkSameDimensions(ops: Operand[]): TypedError[] {
  const keys = new Set(ops.map((o) => dimensionKey(partDimensions(o.dimensions))));
  if (keys.size <= 1) return [];
  const detail = ops.map((o) => `${nameOf(o)}: ${dimensionText(o.dimensions)}`).join('; ');
  return [error('DIMENSION_MISMATCH', `operands have different dimensions (${detail})`, ...ops)];
}

/** CURRENCY_MISMATCH between monetary operands, else UNIT_MISMATCH between different units. */
export function checkSameUnit(ops: Operand[]): TypedError[] {
  const currencies = new Set(ops.map(currencyOf));
  if (currencies.size > 1 && !currencies.has(null)) {
    return [
      error(
        'CURRENCY_MISMATCH',
        `operands are in different currencies (${[...currencies].join(', ')}); convert with an explicit dated FX fact first`,
        ...ops,
      ),
    ];
  }
  const units = new Set(ops.map((o) => o.unit));
  if (units.size > 1 || currencies.size > 1) {
    return [error('UNIT_MISMATCH', `operands have different units (${[...units].join(', ')})`, ...ops)];
  }
  return [];
}

/** INSTANT_DURATION_MIX when instants and durations are mixed. */
export function checkPeriodTypes(ops: Operand[]): TypedError[] {
  const types = new Set(ops.map((o) => o.period.type));
  if (types.size <= 1) return [];
  const detail = ops.map((o) => `${nameOf(o)} ${periodText(o.period)}`).join(', ');
  return [error('INSTANT_DURATION_MIX', `instant (balance) and duration (flow) figures are mixed: ${detail}`, ...ops)];
}

/** WRONG_PERIOD_TYPE unless every operand has the given period type. */
export function checkPeriodType(ops: Operand[], type: Period['type'], why: string): TypedError[] {
  const wrong = ops.filter((o) => o.period.type !== type);
  return wrong.length > 0
    ? [error('WRONG_PERIOD_TYPE', `${why}: ${wrong.map((o) => `${nameOf(o)} ${periodText(o.period)}`).join(', ')}`, ...wrong)]
    : [];
}

/** True when two periods are identical (same type and dates). */
export function samePeriod(a: Period, b: Period): boolean {
  if (a.type === 'instant' && b.type === 'instant') return a.date === b.date;
  if (a.type === 'duration' && b.type === 'duration') return a.start === b.start && a.end === b.end;
  return false;
}

/** True when two durations share at least one day. */
export function overlaps(a: Duration, b: Duration): boolean {
  return a.start <= b.end && b.start <= a.end;
}

/**
 * INSTANT_DURATION_MIX, or PERIOD_MISMATCH unless every operand has exactly the same period
 * (`overlapCode` replaces PERIOD_MISMATCH for overlapping durations, e.g. in sums).
 */
export function checkSamePeriod(ops: Operand[], overlapCode: CalcErrorCode = 'PERIOD_MISMATCH'): TypedError[] {
  const mix = checkPeriodTypes(ops);
  if (mix.length > 0) return mix;
  const first = ops[0];
  if (!first) return [];
  const other = ops.find((o) => !samePeriod(o.period, first.period));
  if (!other) return [];
  const detail = ops.map((o) => `${nameOf(o)} ${periodText(o.period)}`).join(', ');
  const overlapping = first.period.type === 'duration' && other.period.type === 'duration' && overlaps(first.period, other.period);
  return [
    error(
      overlapping ? overlapCode : 'PERIOD_MISMATCH',
      `operands must cover the same period${overlapping ? ' (these overlap without being equal)' : ''}: ${detail}`,
      ...ops,
    ),
  ];
}

/** MIXED_BASIS when operands were chosen under different restatement bases (or some untagged). */
export function checkBasis(ops: Operand[]): TypedError[] {
  const tags = new Set(ops.map((o) => o.basisTag ?? null));
  if (tags.size <= 1) return [];
  const detail = ops.map((o) => `${nameOf(o)}: ${o.basisTag ?? 'untagged'}`).join(', ');
  return [error('MIXED_BASIS', `one calculation cannot mix restatement bases (${detail})`, ...ops)];
}

/** The shared basis tag (after checkBasis passed). */
export function basisTagOf(ops: Operand[]): string | null {
  return ops[0]?.basisTag ?? null;
}

/** end − start of a duration. */
export function durationDays(p: Duration): number {
  return daysBetween(p.start, p.end);
}

/** Whole days from the end of `a` to the start of `b` minus one: 0 when contiguous. */
export function gapDays(a: Duration, b: Duration): number {
  return toDayNumber(b.start) - toDayNumber(a.end) - 1;
}

/**
 * Comparison of two duration lengths: same class and at most 7 days apart. Returns the flag to
 * raise (53 vs 52 weeks, or small calendar-month differences) or an error message.
 */
export function compareLengths(
  a: Duration,
  b: Duration,
): { ok: true; flag: 'WEEKS_53_VS_52' | 'PERIOD_LENGTH_DIFFERS' | null } | { ok: false; reason: string } {
  const da = durationDays(a);
  const db = durationDays(b);
  const ca = lengthClass(da);
  const cb = lengthClass(db);
  const family = (c: string) => (c === 'quarter_14w' ? 'quarter' : c);
  const limit = ca === 'other' ? 3 : 7;
  if (family(ca) !== family(cb) || Math.abs(da - db) > limit) {
    return { ok: false, reason: `period lengths are not comparable (${da + 1} vs ${db + 1} days)` };
  }
  if (Math.abs(da - db) === 7 && ca !== 'other') return { ok: true, flag: 'WEEKS_53_VS_52' };
  return { ok: true, flag: da === db ? null : 'PERIOD_LENGTH_DIFFERS' };
}

/**
 * Default non-negativity rule: the ontology's `nonNegative` constraint of the operand's metric (the
 * one source of truth; lib/ontology/metrics.ts and line-items.ts).
 */
export function defaultIsNonNegative(op: Operand): boolean {
  return isNonNegativeMetric(op.metricId);
}

/** Same metric: metric ids when both have one (concept names change over time), else concepts. */
export function sameMetric(a: Operand, b: Operand): boolean {
  return a.metricId && b.metricId ? a.metricId === b.metricId : a.concept === b.concept;
}

/** METRIC_MISMATCH unless every operand measures the same metric. */
export function checkSameMetric(ops: Operand[]): TypedError[] {
  const first = ops[0];
  const other = first && ops.find((o) => !sameMetric(first, o));
  return first && other
    ? [error('METRIC_MISMATCH', `operands measure different metrics (${nameOf(first)}, ${nameOf(other)})`, ...ops)]
    : [];
}

/** Checks every operation runs first: distinct facts, one basis, one entity, one scope. */
export function commonChecks(ops: Operand[]): TypedError[] {
  return [...checkDistinct(ops), ...checkBasis(ops), ...checkEntity(ops), ...checkScope(ops)];
}

/**
 * INVALID_VALUE for malformed operands (non-string values, malformed dates, durations that end
 * before they start). Every operation runs this first, so that later checks never throw.
 */
export function invalidOperands(ops: Operand[]): TypedError[] {
  const errors: TypedError[] = [];
  for (const o of ops) {
    if (typeof o.value !== 'string') errors.push(error('INVALID_VALUE', `value of ${o.id} is not a decimal string`, o));
    const p = o.period;
    const dates = p?.type === 'instant' ? [p.date] : p?.type === 'duration' ? [p.start, p.end] : [];
    if (dates.length === 0 || dates.some((d) => typeof d !== 'string' || !isISODate(d))) {
      errors.push(error('INVALID_VALUE', `period of ${o.id} is malformed`, o));
    } else if (p.type === 'duration' && p.end < p.start) {
      errors.push(error('INVALID_VALUE', `period ${periodText(p)} ends before it starts`, o));
    }
  }
  return errors;
}

/** Operands whose metric cannot be negative but whose value is negative. */
export function negativeWhereImpossible(ops: Operand[], values: Decimal[], isNonNegative?: (op: Operand) => boolean): Operand[] {
  return ops.filter((op, i) => cannotBeNegative(op, isNonNegative) && values[i] !== undefined && values[i]!.coef < 0n);
}

/** Whether the operand's metric cannot be negative, by the caller's rule or the default list. */
export function cannotBeNegative(op: Operand, isNonNegative?: (op: Operand) => boolean): boolean {
  return (isNonNegative ?? defaultIsNonNegative)(op);
}
