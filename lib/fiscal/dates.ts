/**
 * Calendar-date arithmetic on ISO `YYYY-MM-DD` strings, done in whole UTC days so that
 * no time zone or daylight-saving shift can move a period boundary.
 */
import type { ISODate } from '@/lib/domain/types';

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Inverse of {@link daysFromCivil}. */
function civilFromDays(n: number): YMD {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Year, month (1–12) and day of an ISO date. */
export interface YMD {
  year: number;
  month: number;
  day: number;
}

/** Parses `YYYY-MM-DD` without allocation; null when malformed or not a real date. */
function parseISO(s: string): YMD | null {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  for (let i = 0; i < 10; i++) {
    if (i === 4 || i === 7) continue;
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return null;
    if (i < 4) year = year * 10 + c;
    else if (i < 7) month = month * 10 + c;
    else day = day * 10 + c;
  }
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True when `s` is a real calendar date written as `YYYY-MM-DD`. */
export function isISODate(s: string): boolean {
  return parseISO(s) !== null;
}

/** Splits an ISO date; throws on malformed input (callers validate user text first). */
export function ymd(iso: ISODate): YMD {
  const parsed = parseISO(iso);
  if (!parsed) throw new RangeError(`not an ISO date: ${iso}`);
  return parsed;
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
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

const DAY_CACHE_LIMIT = 100_000;
const dayNumberCache = new Map<string, number>();

/** Days since 1970-01-01 (may be negative). */
export function toDayNumber(iso: ISODate): number {
  const cached = dayNumberCache.get(iso);
  if (cached !== undefined) return cached;
  const { year, month, day } = ymd(iso);
  const n = daysFromCivil(year, month, day);
  if (dayNumberCache.size >= DAY_CACHE_LIMIT) dayNumberCache.clear();
  dayNumberCache.set(iso, n);
  return n;
}

/** Inverse of {@link toDayNumber}. */
export function fromDayNumber(n: number): ISODate {
  const { year, month, day } = civilFromDays(n);
  return makeDate(year, month, day);
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
