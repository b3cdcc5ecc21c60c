/**
 * Parses the date forms analysts write: "31 March 2026", "31st Mar 2026", "March 31, 2026",
 * "Mar. 31 2026", "2026-03-31". Numeric d/m/y forms are ambiguous and deliberately not accepted.
 */
import type { ISODate } from '@/lib/domain/types';
import { daysInMonth, isISODate, makeDate } from './dates';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** Regex source of a month name (no capture groups). */
export const MONTH_SOURCE =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

/** Regex source of a written date (no capture groups). */
export const DATE_SOURCE =
  `(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_SOURCE},?\\s+\\d{4}` +
  `|${MONTH_SOURCE}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}` +
  `|\\d{4}-\\d{2}-\\d{2})`;

const DMY = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+(${MONTH_SOURCE}),?\\s+(\\d{4})$`, 'i');
const MDY = new RegExp(`^(${MONTH_SOURCE})\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})$`, 'i');

/** The month (1-12) a month's name or abbreviation names ("Sept.", "jan", "December"), or null. */
export function monthNumber(text: string): number | null {
  const key = text.trim().toLowerCase().replace('.', '');
  return MONTHS[key.slice(0, key.startsWith('sept') ? 4 : 3)] ?? null;
}

function build(year: number, month: number | null, day: number): ISODate | null {
  if (month === null || day < 1 || day > daysInMonth(year, month)) return null;
  return makeDate(year, month, day);
}

/** ISO date for a written date, or null when it is not a (valid) date. */
export function parseDateText(text: string): ISODate | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return isISODate(t) ? t : null;
  const dmy = DMY.exec(t);
  if (dmy) return build(Number(dmy[3]), monthNumber(dmy[2]!), Number(dmy[1]));
  const mdy = MDY.exec(t);
  if (mdy) return build(Number(mdy[3]), monthNumber(mdy[1]!), Number(mdy[2]));
  return null;
}
