/**
 * Calendar-date arithmetic on ISO `YYYY-MM-DD` strings, done in whole UTC days so that
 * no time zone or daylight-saving shift can move a period boundary.
 */
import type { ISODate } from '@/lib/facts/types';

const MS_PER_DAY = 86_400_000;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1–12) and day of an ISO date. */
export interface YMD {
  year: number;
  month: number;
  day: number;
}

/** True when `s` is a real calendar date written as `YYYY-MM-DD`. */
export function isISODate(s: string): boolean {
  const m = ISO_RE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Splits an ISO date; throws on malformed input (callers validate user text first). */
export function ymd(iso: ISODate): YMD {
  if (!isISODate(iso)) throw new RangeError(`not an ISO date: ${iso}`);
  return { year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) };
}

/** Builds an ISO date; the day must exist in that month. */
export function makeDate(year: number, month: number, day: number): ISODate {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`invalid date ${year}-${month}-${day}`);
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Number of days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 (may be negative). */
export function toDayNumber(iso: ISODate): number {
  const { year, month, day } = ymd(iso);
  return Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

/** Inverse of {@link toDayNumber}. */
export function fromDayNumber(n: number): ISODate {
  const d = new Date(n * MS_PER_DAY);
  return makeDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** `iso` shifted by `n` days. */
export function addDays(iso: ISODate, n: number): ISODate {
  return fromDayNumber(toDayNumber(iso) + n);
}

/** `to − from` in days (end − start convention: a 13-week quarter is 90). */
export function daysBetween(from: ISODate, to: ISODate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** Day of week, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(iso: ISODate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7;
}

/** True when the date is the last day of its month. */
export function isMonthEnd(iso: ISODate): boolean {
  const { year, month, day } = ymd(iso);
  return day === daysInMonth(year, month);
}

/**
 * `iso` moved by `n` months. The day is clamped to the target month's length; when
 * `stickToMonthEnd` is set and `iso` is a month end, the result is the target month's end.
 */
export function addMonths(iso: ISODate, n: number, stickToMonthEnd = false): ISODate {
  const { year, month, day } = ymd(iso);
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = daysInMonth(y, m);
  const d = stickToMonthEnd && day === daysInMonth(year, month) ? last : Math.min(day, last);
  return makeDate(y, m, d);
}

/** Earlier of two ISO dates. */
export function minDate(a: ISODate, b: ISODate): ISODate {
  return a <= b ? a : b;
}

/** Later of two ISO dates. */
export function maxDate(a: ISODate, b: ISODate): ISODate {
  return a >= b ? a : b;
}

const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Human date, e.g. `1 Apr 2025`. */
export function formatHumanDate(iso: ISODate): string {
  const { year, month, day } = ymd(iso);
  return `${day} ${MONTH_SHORT[month - 1]} ${year}`;
}
