/**
 * Year-end rules: where a fiscal year ends, and how fiscal years are named.
 *
 * Every rule is anchored on a month ("nominal" year end): a fixed day of that month, or the last /
 * nearest weekday to that month's end (52/53-week years). The *nominal year* of a fiscal year is the
 * calendar year of that anchor month, even when a "nearest" rule spills into the next month
 * (Marvell's year anchored on January 2024 ends Saturday 2024-02-03).
 */
import type { FiscalCalendar, ISODate, YearEndRule } from '@/lib/domain/types';
import { addDays, daysInMonth, makeDate, toDayNumber, weekdayOf, ymd } from './dates';

/** Label convention of fiscal years. */
export type LabelBy = FiscalCalendar['labelBy'];

/** Weekday names, 0 = Sunday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Throws when a rule has out-of-range fields (month 1–12, day 1–31, weekday 0–6). */
export function assertValidRule(rule: YearEndRule): void {
  if (!Number.isInteger(rule.month) || rule.month < 1 || rule.month > 12) {
    throw new RangeError(`year-end month out of range: ${rule.month}`);
  }
  if (rule.kind === 'fixed' && (!Number.isInteger(rule.day) || rule.day < 1 || rule.day > 31)) {
    throw new RangeError(`year-end day out of range: ${rule.day}`);
  }
  if (rule.kind === 'week' && (!Number.isInteger(rule.weekday) || rule.weekday < 0 || rule.weekday > 6)) {
    throw new RangeError(`year-end weekday out of range: ${rule.weekday}`);
  }
}

/**
 * The last day of the fiscal year whose anchor month falls in `nominalYear`.
 * Fixed days beyond the month's length are clamped (a `{month: 2, day: 29}` rule ends on the
 * last day of February every year).
 */
export function nominalYearEnd(rule: YearEndRule, nominalYear: number): ISODate {
  let perRule = endCache.get(rule);
  if (!perRule) {
    assertValidRule(rule);
    perRule = new Map();
    endCache.set(rule, perRule);
  }
  let end = perRule.get(nominalYear);
  if (end === undefined) {
    end = computeYearEnd(rule, nominalYear);
    perRule.set(nominalYear, end);
  }
  return end;
}

/** Year ends memoized per rule object (rules are immutable values). */
const endCache = new WeakMap<YearEndRule, Map<number, ISODate>>();

function computeYearEnd(rule: YearEndRule, nominalYear: number): ISODate {
  const monthEnd = makeDate(nominalYear, rule.month, daysInMonth(nominalYear, rule.month));
  if (rule.kind === 'fixed') {
    return makeDate(nominalYear, rule.month, Math.min(rule.day, daysInMonth(nominalYear, rule.month)));
  }
  const back = (weekdayOf(monthEnd) - rule.weekday + 7) % 7; // days back to the last such weekday
  if (rule.rule === 'last' || back <= 3) return addDays(monthEnd, -back);
  return addDays(monthEnd, 7 - back);
}

/**
 * Offset between the nominal year and the start-year label: a fiscal year anchored on 31 December
 * starts on 1 January of the same year; every other anchor starts in the previous calendar year.
 */
function startYearOffset(rule: YearEndRule): number {
  const decemberEnd = rule.month === 12 && (rule.kind === 'week' || rule.day >= 31);
  return decemberEnd ? 0 : -1;
}

/** The fiscal-year label of the year with the given nominal year. */
export function labelOfNominal(rule: YearEndRule, labelBy: LabelBy, nominalYear: number): number {
  return labelBy === 'end-year' ? nominalYear : nominalYear + startYearOffset(rule);
}

/** The nominal year of the fiscal year with the given label. */
export function nominalOfLabel(rule: YearEndRule, labelBy: LabelBy, label: number): number {
  return labelBy === 'end-year' ? label : label - startYearOffset(rule);
}

/**
 * The last day of fiscal year `labelYear` under `rule` (labels by end year unless told otherwise).
 * Apple FY2023 (last Saturday of September) → `2023-09-30`; NVIDIA FY2025 (last Sunday of January)
 * → `2025-01-26`; Marvell FY2024 (Saturday nearest 31 January) → `2024-02-03`.
 */
export function fiscalYearEnd(rule: YearEndRule, labelYear: number, labelBy: LabelBy = 'end-year'): ISODate {
  return nominalYearEnd(rule, nominalOfLabel(rule, labelBy, labelYear));
}

/** First day of the fiscal year with this nominal year under a single rule (no calendar changes). */
export function nominalYearStart(rule: YearEndRule, nominalYear: number): ISODate {
  return addDays(nominalYearEnd(rule, nominalYear - 1), 1);
}

/** The nominal year whose fiscal year (under `rule`) contains `date`. */
export function nominalYearContaining(rule: YearEndRule, date: ISODate): number {
  const { year } = ymd(date);
  const day = toDayNumber(date);
  for (let n = year - 1; n <= year + 1; n++) {
    if (day <= toDayNumber(nominalYearEnd(rule, n)) && day > toDayNumber(nominalYearEnd(rule, n - 1))) return n;
  }
  /* c8 ignore next */
  throw new Error(`no fiscal year contains ${date}`);
}

/** The nominal year whose year end is exactly `date`, or null. */
export function nominalYearEndingOn(rule: YearEndRule, date: ISODate): number | null {
  const { year } = ymd(date);
  for (let n = year - 1; n <= year + 1; n++) if (nominalYearEnd(rule, n) === date) return n;
  return null;
}

/** Whether the rule is 52/53-week. */
export function isWeekRule(rule: YearEndRule): rule is Extract<YearEndRule, { kind: 'week' }> {
  return rule.kind === 'week';
}

/** Short description, e.g. "last Saturday of September" or "31 March". */
export function describeRule(rule: YearEndRule): string {
  const month = MONTH_NAMES[rule.month - 1];
  if (rule.kind === 'fixed') return `${rule.day} ${month}`;
  const weekday = WEEKDAY_NAMES[rule.weekday];
  return rule.rule === 'last' ? `last ${weekday} of ${month}` : `${weekday} nearest the end of ${month}`;
}

/** Structural equality of two rules. */
export function sameRule(a: YearEndRule, b: YearEndRule): boolean {
  if (a.kind === 'fixed' && b.kind === 'fixed') return a.month === b.month && a.day === b.day;
  if (a.kind === 'week' && b.kind === 'week') return a.month === b.month && a.weekday === b.weekday && a.rule === b.rule;
  return false;
}
