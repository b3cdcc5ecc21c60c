/**
 * Column headers → typed periods, scope and version, through the fiscal calendar.
 *
 * "Year ended March 31, 2026", "Three months ended 30.09.2025", "Half year ended", "As at 31 March
 * 2025", "FY2025", "2024-2025", "Fiscal 2025", "52 weeks ended February 1, 2025", a bare "2025" under
 * "Year ended December 31,", "Current year"/"Previous year" (relative to the table title's period).
 * Periods come from dates and the calendar; a header that yields no single period yields none.
 */
import type { FiscalPeriodCode, ISODate, Period, Scope } from '@/lib/domain/types';
import {
  addDays,
  addMonths,
  extractPeriodPhrases,
  isISODate,
  resolveSpec,
  type CalendarInput,
  type PeriodSpec,
  type ResolvedPeriod,
} from '@/lib/fiscal';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export type DateOrder = 'dmy' | 'mdy';

/**
 * The length and end of columns' periods printed apart from their years: "Six months ended June 30,"
 * in a header's stub, "As of or for the three months / ended June 30," above the table, "Year Ended
 * December 31," over "2022 | 2021".
 */
export const LENGTH_PHRASE =
  /\b(?:(?:three|six|nine|twelve)\s+months|(?:fiscal\s+)?years?|quarters?|(?:13|26|39|52|53)\s+weeks)\s+ended\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?/i;

/**
 * Rewrites header text so the period grammar reads it: numeric dates (30.09.2025, 09/30/2025),
 * week-based lengths, year spans (2024-2025 → FY2024-2025), "YE"/"FYE" abbreviations.
 */
export function normalizeHeaderText(text: string, order: DateOrder = 'dmy'): string {
  let t = ` ${text
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  t = t.replace(/(?<![\d.])(\d{1,2})[./-](\d{1,2})[./-](\d{4}|\d{2})(?![\d.])/g, (m, a: string, b: string, y: string) => {
    let day = Number(a);
    let month = Number(b);
    if (order === 'mdy' && Number(a) <= 12 && Number(b) > 12) [day, month] = [Number(b), Number(a)];
    else if (order === 'mdy' && Number(a) <= 12 && Number(b) <= 12) [day, month] = [Number(b), Number(a)];
    else if (Number(b) > 12 && Number(a) <= 12) [day, month] = [Number(b), Number(a)];
    const year = y.length === 2 ? 2000 + Number(y) : Number(y);
    if (month < 1 || month > 12 || day < 1 || day > 31) return m;
    return `${day} ${MONTHS[month - 1]} ${year}`;
  });
  t = t
    .replace(/\b(?:52|53|fifty[- ]two|fifty[- ]three)[- ]weeks?\s+(?=ended|ending)/gi, 'fiscal year ')
    .replace(/\b(?:12|13|14|thirteen|fourteen|twelve)[- ]weeks?\s+(?=ended|ending)/gi, 'quarter ')
    .replace(/\b(?:24|25|26|27|twenty[- ]six)[- ]weeks?\s+(?=ended|ending)/gi, 'six months ')
    .replace(/\b(?:36|37|38|39|40|thirty[- ]nine)[- ]weeks?\s+(?=ended|ending)/gi, 'nine months ')
    .replace(/\bhalf[- ]year(?:ly)?\s+(?=ended|ending)/gi, 'half year ')
    .replace(/\bperiod\s+(?=ended|ending)/gi, 'period ')
    .replace(/\b(?:fiscal\s+)?years?\s+(?=ended|ending)/gi, 'year ')
    .replace(/\bquarters?\s+(?=ended|ending)/gi, 'quarter ')
    .replace(/\bmonths\s+(?=ended|ending)/gi, 'months ')
    .replace(/\bthree\s+months\b/gi, 'three months')
    .replace(/(?<![\w-])(20\d{2}|19\d{2})\s*[-–/]\s*(20\d{2}|19\d{2}|\d{2})(?![\d-])/g, (m, a: string, b: string) => {
      const second = b.length === 2 ? Math.floor(Number(a) / 100) * 100 + Number(b) : Number(b);
      return second === Number(a) + 1 ? `FY${a}-${b}` : m;
    })
    .replace(/\bF\.?Y\.?\s*(?=\d)/gi, 'FY')
    .replace(/\bFiscal\s+(?=(?:19|20)\d{2}\b)/gi, 'FY');
  return t.replace(/\s+/g, ' ').trim();
}

export interface ColumnPeriod {
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  /** how the header was read ("ended", "instant", "fiscal", "bare_year", "span", "relative", "title") */
  how: string;
  /** the header named only a date (no "ended"/"as at"): the statement kind decides instant or year */
  dateOnly: boolean;
  notes: string[];
}

export type PeriodReading =
  | { status: 'ok'; value: ColumnPeriod }
  /** no period phrase in the header at all */
  | { status: 'none' }
  /** several different periods, or one that does not resolve */
  | { status: 'unresolved'; reason: string };

function fromResolved(r: ResolvedPeriod, how: string, dateOnly = false): ColumnPeriod {
  return { period: r.period, fiscalYear: r.fiscalYear, fiscalPeriod: r.fiscalPeriod, how, dateOnly, notes: r.notes };
}

/** A header's date phrases merged: "Year ended" + "March 31," + "2026" arrive as one text. */
function specsOf(text: string): { spec: PeriodSpec; text: string }[] {
  return extractPeriodPhrases(text)
    .filter((p) => p.rule !== 'relative' && !(p.spec.type === 'relative'))
    .map((p) => ({ spec: p.spec, text: p.text }));
}

function periodKey(p: Period): string {
  return p.type === 'instant' ? p.date : `${p.start}..${p.end}`;
}

/**
 * Reads the period of a column from its header path. `titlePeriod` is the table title's period, used
 * for "Current year"/"Previous year" headers and for a bare "ended" without a date.
 */
export function readColumnPeriod(
  path: string[],
  calendars: CalendarInput | null,
  opts: { order?: DateOrder; titlePeriod?: ColumnPeriod | null } = {},
): PeriodReading {
  const whole = readJoinedPeriod(path, calendars, opts);
  if (whole.status !== 'unresolved' || path.length < 2 || !whole.reason.startsWith('several periods')) return whole;
  // "For the Years Ended May 31, 2023, 2022 and 2021" › "Year Ended May 31," › "2023": an upper heading
  // that lists every column's period, narrowed by the column's own heading to one of them
  for (let k = 1; k < path.length; k++) {
    const own = readJoinedPeriod(path.slice(k), calendars, opts);
    if (own.status !== 'ok') continue;
    const listed = periodsNamed(path.slice(0, k).join(' '), calendars, opts.order);
    const p = own.value.period;
    const end = p.type === 'instant' ? p.date : p.end;
    const named = listed.some(
      (q) =>
        periodKey(q) === periodKey(p) ||
        (q.type === 'instant' && q.date === end) ||
        (q.type === 'duration' && p.type === 'instant' && q.end === end),
    );
    // an upper heading that names no period of its own, or a sentence run into the heading ("… for the
    // three and six months ended June 30, 2023 and 2022."), leaves the column's own heading to say it
    const upper = path.slice(0, k).join(' ').trim();
    const prose = /[.:;]$/.test(upper) || upper.length > 100;
    return named || listed.length === 0 || prose ? { status: 'ok', value: { ...own.value, how: `${own.value.how}:narrowed` } } : whole;
  }
  return whole;
}

/** Every period a text names, resolved on the calendar (unresolvable phrases left out). */
function periodsNamed(text: string, calendars: CalendarInput | null, order?: DateOrder): Period[] {
  if (!calendars) return [];
  const out: Period[] = [];
  for (const { spec, text: t } of specsOf(normalizeHeaderText(text, order))) {
    if (spec.type === 'relative' || spec.type === 'ttm') continue;
    const res =
      spec.type === 'bare_year'
        ? resolveSpec({ type: 'fiscal', position: 'FY', year: { year: spec.year, style: 'fiscal' } }, { calendars }, t)
        : resolveSpec(spec, { calendars }, t);
    if (res.status === 'resolved') out.push(res.period);
  }
  return out;
}

function readJoinedPeriod(
  path: string[],
  calendars: CalendarInput | null,
  opts: { order?: DateOrder; titlePeriod?: ColumnPeriod | null },
): PeriodReading {
  const joined = normalizeHeaderText(path.join(' '), opts.order);
  if (!joined) return { status: 'none' };
  const relative = /\b(?:previous|prior|preceding|last)\s+(?:fiscal\s+|financial\s+)?(?:year|period)\b|\bcorresponding\b/i.test(joined)
    ? -1
    : /\bcurrent\s+(?:fiscal\s+|financial\s+)?(?:year|period)\b|\bthis\s+year\b/i.test(joined)
      ? 0
      : null;
  const specs = specsOf(joined);
  if (specs.length === 0) {
    if (relative !== null && opts.titlePeriod) return shiftTitle(opts.titlePeriod, relative, calendars);
    return { status: 'none' };
  }
  if (!calendars || (Array.isArray(calendars) && calendars.length === 0))
    return { status: 'unresolved', reason: 'no fiscal calendar for the entity' };
  const ctx = { calendars };
  const found = new Map<string, ColumnPeriod>();
  const problems: string[] = [];
  for (const { spec, text } of specs) {
    let r: ColumnPeriod | null = null;
    if (spec.type === 'bare_year') {
      const res = resolveSpec({ type: 'fiscal', position: 'FY', year: { year: spec.year, style: 'fiscal' } }, ctx, text);
      if (res.status === 'resolved') r = fromResolved(res, 'bare_year');
      else problems.push(res.reason);
    } else if (spec.type === 'instant') {
      const res = resolveSpec(spec, ctx, text);
      const asAt = /\b(?:as\s+(?:at|of)|at|on)\s/i.test(text);
      if (res.status === 'resolved') r = fromResolved(res, 'instant', !asAt);
      else problems.push(res.reason);
    } else if (spec.type === 'relative' || spec.type === 'ttm') {
      problems.push(`"${text}" is relative`);
    } else {
      const res = resolveSpec(spec, ctx, text);
      if (res.status === 'resolved') r = fromResolved(res, spec.type === 'fiscal' && spec.year.style === 'span' ? 'span' : spec.type);
      else problems.push(res.reason);
    }
    if (r) found.set(periodKey(r.period), r);
  }
  // "Year ended March 31," over "2026" and "2025" columns: the date phrase plus a bare year of the same date
  if (found.size > 1) {
    const durations = [...found.values()].filter((f) => f.period.type === 'duration' && f.how !== 'bare_year');
    const instants = [...found.values()].filter((f) => f.period.type === 'instant');
    if (
      durations.length === 1 &&
      [...found.values()].every(
        (f) =>
          f === durations[0] ||
          (f.how === 'bare_year' && f.fiscalYear === durations[0]!.fiscalYear) ||
          (f.period.type === 'instant' && f.period.date === (durations[0]!.period as { end: string }).end),
      )
    ) {
      return { status: 'ok', value: durations[0]! };
    }
    if (
      durations.length === 0 &&
      instants.length === 1 &&
      [...found.values()].every((f) => f === instants[0] || (f.how === 'bare_year' && f.fiscalYear === instants[0]!.fiscalYear))
    ) {
      return { status: 'ok', value: instants[0]! };
    }
    return { status: 'unresolved', reason: `several periods in "${joined}"` };
  }
  if (found.size === 1) {
    const only = [...found.values()][0]!;
    // "Year Ended December 31, 2018" › "Third Quarter": the quarter of that fiscal year, never the year
    const quarter = /\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\b|\bQ([1-4])\b/i.exec(joined);
    if (quarter && only.period.type === 'duration' && only.fiscalPeriod === 'FY' && only.fiscalYear !== null) {
      const n = quarter[2]
        ? Number(quarter[2])
        : { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 }[quarter[1]!.toLowerCase() as 'first'];
      const res = resolveSpec({ type: 'fiscal', position: `Q${n}` as 'Q1', year: { year: only.fiscalYear, style: 'fiscal' } }, ctx, joined);
      return res.status === 'resolved'
        ? { status: 'ok', value: fromResolved(res, 'quarter_of_year') }
        : { status: 'unresolved', reason: `"${joined}" names a quarter of FY${only.fiscalYear} the calendar does not place` };
    }
    // "Three months ended June 30," › "Average" › "2023": the bare year is not the quarter the heading
    // names, and a phrase that did not resolve may be the column's real period
    if (only.how === 'bare_year' && /\b(?:quarter|three months|six months|nine months|half year)\b/i.test(joined)) {
      // "Six months ended June 30, (in millions) 2023": the length, its end day and the year, read together
      const m =
        /\b(quarter|three months|six months|nine months|half year)\s+ended\s+(?:[A-Za-z]+\s+){0,2}?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2})\b/i.exec(
          joined,
        );
      const years = joined.match(/\b(?:19|20)\d{2}\b/g) ?? [];
      if (m && years.length === 1) {
        const phrase = `${m[1]} ended ${m[2]}, ${years[0]}`;
        const again = specsOf(phrase);
        if (again.length === 1 && again[0]!.spec.type !== 'bare_year') {
          const res = resolveSpec(again[0]!.spec, ctx, phrase);
          if (res.status === 'resolved') return { status: 'ok', value: fromResolved(res, 'ended') };
        }
      }
      return { status: 'unresolved', reason: `"${joined}" names a part of a year and a bare year` };
    }
    // "Year ended" over a column whose own header is only a date: the length phrase decides
    // (never a count of years: "Under 1 year", "1-5 years", "After 5 years" are maturity buckets, not lengths)
    const lengthWord =
      /(?<!\d[\s–-]*)\b(?:year|quarter|three months|six months|nine months|half year|twelve months)\b(?!\s+(?:ended|ending))/i.exec(joined);
    if (only.how === 'instant' && only.dateOnly && lengthWord) {
      const phrase = `${lengthWord[0]} ended ${(only.period as { date: string }).date}`;
      const again = specsOf(
        phrase.replace(/(\d{4})-(\d{2})-(\d{2})/, (_m, y: string, mo: string, d: string) => `${Number(d)} ${MONTHS[Number(mo) - 1]} ${y}`),
      );
      if (again.length === 1) {
        const res = resolveSpec(again[0]!.spec, ctx, phrase);
        if (res.status === 'resolved') return { status: 'ok', value: fromResolved(res, 'ended') };
      }
    }
    return { status: 'ok', value: only };
  }
  return { status: 'unresolved', reason: problems[0] ?? `cannot read a period from "${joined}"` };
}

function shiftTitle(title: ColumnPeriod, years: number, calendars: CalendarInput | null): PeriodReading {
  if (years === 0) return { status: 'ok', value: { ...title, how: 'relative' } };
  if (!calendars || title.fiscalYear === null || title.fiscalPeriod === null)
    return { status: 'unresolved', reason: 'previous period of an unknown title period' };
  if (title.period.type === 'instant') {
    const res = resolveSpec(
      { type: 'boundary', edge: 'end', ref: { type: 'fiscal', position: 'FY', year: { year: title.fiscalYear + years, style: 'fiscal' } } },
      { calendars },
      'previous',
    );
    return res.status === 'resolved'
      ? { status: 'ok', value: fromResolved(res, 'relative') }
      : { status: 'unresolved', reason: 'no previous fiscal year' };
  }
  const position = title.fiscalPeriod === 'OTHER' || title.fiscalPeriod === 'TRANSITION' ? null : title.fiscalPeriod;
  if (!position) return { status: 'unresolved', reason: 'previous period of a non-fiscal title period' };
  const res = resolveSpec(
    { type: 'fiscal', position, year: { year: title.fiscalYear + years, style: 'fiscal' } },
    { calendars },
    'previous',
  );
  return res.status === 'resolved'
    ? { status: 'ok', value: fromResolved(res, 'relative') }
    : { status: 'unresolved', reason: 'no previous fiscal period' };
}

/** An instant column read as the fiscal year ending that day (duration rows of an annual statement). */
export function yearEndingAt(date: ISODate, calendars: CalendarInput): ColumnPeriod | null {
  const phrase = `year ended ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  const specs = specsOf(phrase);
  if (specs.length !== 1) return null;
  const res = resolveSpec(specs[0]!.spec, { calendars }, phrase);
  return res.status === 'resolved' && res.kind === 'fiscal_period' ? fromResolved(res, 'ended') : null;
}

/** The fiscal quarter, half or nine months ending on a date ("three months ended 30 June 2023"), if the calendar has one. */
export function monthsEndingAt(date: ISODate, months: 3 | 6 | 9, calendars: CalendarInput): ColumnPeriod | null {
  const word = { 3: 'three', 6: 'six', 9: 'nine' }[months];
  const phrase = `${word} months ended ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  const specs = specsOf(phrase);
  if (specs.length !== 1) return null;
  const res = resolveSpec(specs[0]!.spec, { calendars }, phrase);
  return res.status === 'resolved' && res.kind === 'fiscal_period' ? fromResolved(res, 'ended') : null;
}

/** A duration column read as its end date (balance-sheet rows under a "Year ended" header). */
export function instantAtEnd(p: ColumnPeriod): ColumnPeriod {
  if (p.period.type === 'instant') return p;
  const fiscalPeriod: FiscalPeriodCode | null =
    p.fiscalPeriod === 'FY' || p.fiscalPeriod === 'Q1' || p.fiscalPeriod === 'Q2' || p.fiscalPeriod === 'Q3'
      ? p.fiscalPeriod
      : p.fiscalPeriod === 'Q4'
        ? 'FY'
        : 'OTHER';
  return { ...p, period: { type: 'instant', date: p.period.end }, fiscalPeriod, how: `${p.how}:end` };
}

/** Scope named in a text ("Standalone", "Consolidated"), if exactly one. */
export function scopeIn(text: string): Scope | null {
  // (a US filing's parent-company-only statements — "PARENT COMPANY – CONDENSED BALANCE SHEETS", Schedule I's
  // "Condensed Financial Information of Registrant" — are the company's own, standalone ones)
  const s =
    /\bstand[- ]?alone\b|\bparent[- ]company[- ]only\b|\bparent company\s*[–—-]\s*condensed\b|\bcondensed financial information of (?:the )?(?:registrant|parent company)\b/i.test(
      text,
    );
  const c = /\bconsolidated\b/i.test(text);
  if (s && !c) return 'standalone';
  if (c && !s) return 'consolidated';
  return null;
}

/** "Restated", "As restated", "Reclassified" → restated; "As previously reported" → original (not the latest view). */
export function versionIn(text: string): 'restated' | 'previously_reported' | null {
  if (/\b(?:as\s+)?(?:previously|originally)\s+reported\b/i.test(text)) return 'previously_reported';
  if (/\brestated\b|\breclassified\b|\bregrouped\b/i.test(text)) return 'restated';
  return null;
}

/**
 * Year ends named in the document's headers and titles ("year ended March 31, 2025", "as at 31 March
 * 2025"), most frequent first: the evidence for a provisional calendar when the entity has none.
 */
export function yearEndEvidence(
  texts: string[],
  order: DateOrder = 'dmy',
): { mmdd: string; count: number; dates: ISODate[]; weekBased: boolean }[] {
  const counts = new Map<string, { count: number; dates: Set<ISODate> }>();
  let weekBased = false;
  for (const raw of texts) {
    if (/\b(?:52|53)[- ]weeks?\b/i.test(raw)) weekBased = true;
    const t = normalizeHeaderText(raw, order);
    for (const p of extractPeriodPhrases(t)) {
      if (p.spec.type === 'ended' && p.spec.length === 'year') add(p.spec.date);
      else if (p.spec.type === 'instant' && /\b(?:year|as at|as of)\b/i.test(t)) add(p.spec.date);
    }
  }
  function add(date: ISODate) {
    if (!isISODate(date)) return;
    const mmdd = date.slice(5, 7) + date.slice(8, 10);
    const e = counts.get(mmdd) ?? { count: 0, dates: new Set<ISODate>() };
    e.count++;
    e.dates.add(date);
    counts.set(mmdd, e);
  }
  return [...counts.entries()]
    .map(([mmdd, e]) => ({ mmdd, count: e.count, dates: [...e.dates].sort(), weekBased }))
    .sort((a, b) => b.count - a.count);
}

/** The twelve months ending on a date (provisional annual bounds for calendar inference). */
export function twelveMonthsEnding(date: ISODate): { start: ISODate; end: ISODate } {
  return { start: addDays(addMonths(date, -12, true), 1), end: date };
}
