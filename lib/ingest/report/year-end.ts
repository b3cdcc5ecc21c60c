/**
 * A document's fiscal year ends, anchored on its cover. An annual filing's cover states the year
 * end ("For the fiscal year ended December 2, 2022"): only header dates within a few days of that
 * month and day are year ends (52/53-week years drift by up to a week) — an audit-report date, a
 * subsequent-event date or a quarter end never is. A quarterly filing's cover gives the quarter end;
 * its balance sheet compares with the last fiscal year end, the date its headers name most often a
 * few months before the quarter end.
 */
import type { ISODate, YearEndRule } from '@/lib/domain/types';
import {
  DATE_SOURCE,
  daysBetween,
  daysInMonth,
  extractPeriodPhrases,
  isISODate,
  isMonthEnd,
  nominalYearContaining,
  nominalYearEnd,
  nominalYearEndingOn,
  parseDateText,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@/lib/fiscal';
import { periodTexts } from './analyze';
import { tableKind, tableTitle } from './bind';
import type { CoverPage } from './cover';
import type { ReportDocument } from './model';
import { normalizeHeaderText, yearEndEvidence, type DateOrder } from './periods';

export interface DocumentYearEnds {
  /** fiscal year ends the document names, ascending */
  dates: ISODate[];
  /** MMDD of the latest one (the hint for calendar inference), null when none is known */
  mmdd: string | null;
  /** the document speaks of 52/53-week years */
  weekBased: boolean;
  /** how the year end was found */
  how: 'cover' | 'balance_sheet' | 'headers' | 'none';
}

/** Days between two month-days, around the year (Dec 30 vs Jan 2 → 3). */
function monthDayDistance(a: ISODate, b: ISODate): number {
  const doy = (d: ISODate) => daysBetween(`${d.slice(0, 4)}-01-01`, d);
  const x = doy(a);
  const y = doy(b);
  const diff = Math.abs(x - y);
  return Math.min(diff, 365 - diff);
}

/** Every date the headers and titles name (instants and period ends), with counts. */
function headerDates(doc: ReportDocument, order: DateOrder): Map<ISODate, number> {
  const counts = new Map<ISODate, number>();
  for (const raw of periodTexts(doc)) {
    if (raw.length > 300) continue;
    for (const p of extractPeriodPhrases(normalizeHeaderText(raw, order))) {
      const spec = p.spec as { type: string; date?: string };
      const d = spec.date;
      if ((spec.type === 'instant' || spec.type === 'ended') && d && isISODate(d)) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
  }
  return counts;
}

/** Year ends the headers of the primary statements (balance sheet, income statement, cash flows) name. */
function statementYearEnds(doc: ReportDocument, order: DateOrder): ISODate[] {
  const tables = doc.tables.filter((t) => {
    const kind = tableKind([tableTitle(t) ?? '', ...t.context.slice(-3)].join(' '));
    return kind === 'balance_sheet' || kind === 'profit_loss' || kind === 'cash_flow';
  });
  if (tables.length === 0) return [];
  const texts = periodTexts({ ...doc, title: null, tables, blocks: [] });
  return [...new Set(yearEndEvidence(texts, order).flatMap((e) => e.dates))];
}

/**
 * The dates that are year ends of the 52/53-week rule the anchor (the cover's year end) follows: its
 * weekday, last of or nearest to the end of its month, whichever rule more of the dates follow.
 */
export function weekRuleDates(anchor: ISODate, dates: ISODate[]): ISODate[] {
  const weekday = weekdayOf(anchor);
  const m = Number(anchor.slice(5, 7));
  // a year end in the first days of a month belongs to the month before ("nearest Saturday to 31 January" → 3 February)
  const month = Number(anchor.slice(8, 10)) <= 7 ? (m === 1 ? 12 : m - 1) : m;
  let best: ISODate[] = [anchor];
  for (const rule of ['last', 'nearest'] as const) {
    const r: YearEndRule = { kind: 'week', weekday, month, rule };
    if (nominalYearEndingOn(r, anchor) === null) continue;
    const fits = dates.filter((d) => nominalYearEndingOn(r, d) !== null);
    if (fits.length > best.length) best = fits;
  }
  return best.sort();
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAY = WEEKDAY_NAMES.map((w) => w.toLowerCase());
const STATED_RULE = new RegExp(
  String.raw`\b(?:fiscal|financial|reporting)\s+years?\b[^.;]{0,160}?\b(?:end(?:s|ed|ing)?|clos(?:es|ing))\s+on\s+(?:the\s+)?(?:(last)\s+(${WEEKDAY.join('|')})\s+(?:(?:of|in)\s+)?(?:(?:each|every|the\s+month\s+of)\s+)?(${MONTHS.join('|')})` +
    String.raw`|(${WEEKDAY.join('|')})\s+(?:nearest|closest)\s+(?:to\s+)?(?:(?:the\s+)?(?:last\s+day|end)\s+of\s+(${MONTHS.join('|')})|(${MONTHS.join('|')})\s+(\d{1,2})))`,
  'i',
);

/**
 * The 52/53-week rule a document states in words: "Our fiscal year ends on the last Saturday of each
 * December", "a 52- or 53-week fiscal year ending on the Saturday nearest to January 31", "the fiscal
 * year ends on the Sunday closest to the end of August". Null when no sentence states one (a fixed year
 * end is read from the headers' dates instead).
 */
export function statedYearEndRule(texts: Iterable<string>): Extract<YearEndRule, { kind: 'week' }> | null {
  for (const t of texts) {
    const m = STATED_RULE.exec(t.replace(/\s+/g, ' '));
    if (!m) continue;
    if (m[1])
      return { kind: 'week', weekday: WEEKDAY.indexOf(m[2]!.toLowerCase()), month: MONTHS.indexOf(m[3]!.toLowerCase()) + 1, rule: 'last' };
    const weekday = WEEKDAY.indexOf(m[4]!.toLowerCase());
    if (m[5]) return { kind: 'week', weekday, month: MONTHS.indexOf(m[5].toLowerCase()) + 1, rule: 'nearest' };
    // "nearest to January 31" is the month's end; "nearest to September 30" likewise — another day is no rule we hold
    const month = MONTHS.indexOf(m[6]!.toLowerCase()) + 1;
    if (Number(m[7]) !== daysInMonth(2001, month) && !(month === 2 && Number(m[7]) >= 28)) continue;
    return { kind: 'week', weekday, month, rule: 'nearest' };
  }
  return null;
}

export function documentYearEnds(doc: ReportDocument, cover: CoverPage, order: DateOrder): DocumentYearEnds {
  const texts = periodTexts(doc);
  const ev = yearEndEvidence(texts, order);
  const mmddOf = (d: ISODate) => d.slice(5, 7) + d.slice(8, 10);
  const stated = statedYearEndRule(doc.blocks.map((b) => b.text));
  const weekBased =
    !!stated || ev.some((e) => e.weekBased) || texts.some((t) => /\b(?:52|53|fifty[- ]two|fifty[- ]three)[- ]weeks?\b/i.test(t));
  if (cover.periodKind === 'annual' && cover.periodEnd) {
    const anchor = cover.periodEnd;
    // the document states its rule and the cover's year end follows it: the year ends it compares are
    // the rule's (PepsiCo's "last Saturday of each December": 25 Dec 2021, not the 1 Jan 2022 a
    // "nearest" reading of the headers' dates would give)
    const n = stated ? nominalYearEndingOn(stated, anchor) : null;
    if (stated && n !== null) {
      // (back to the year end before the earliest year compared: the opening balance of a statement of equity
      // over three years — and the date that tells "nearest" from "last": Best Buy's "Saturday nearest the end of
      // January" ended fiscal 2020 on 1 February 2020, which no "last Saturday of January" does)
      const dates = [nominalYearEnd(stated, n - 3), nominalYearEnd(stated, n - 2), nominalYearEnd(stated, n - 1), anchor];
      return { dates, mmdd: mmddOf(anchor), weekBased: true, how: 'cover' };
    }
    const dates = new Set<ISODate>([anchor]);
    // the primary statements' own headers name the year ends they compare; when they name any besides
    // the cover's, only theirs count (a debt note's "December 31, 2009" or a standard's "January 1, 2019" never does)
    const own = statementYearEnds(doc, order).filter((d) => d < anchor && monthDayDistance(d, anchor) <= 7);
    if (own.length > 0) {
      const all = weekBased ? weekRuleDates(anchor, [anchor, ...own]) : [anchor, ...own];
      return { dates: [...new Set(all)].sort(), mmdd: mmddOf(anchor), weekBased, how: 'cover' };
    }
    // a month-end year end without 52/53-week language: a date a few days off is a year end only if the
    // headers name it more than once (PepsiCo's "December 25, 2021", not a stray "July 1, 2022")
    const fixedMonthEnd = !weekBased && isMonthEnd(anchor);
    for (const e of ev)
      for (const d of e.dates)
        if (d <= anchor && monthDayDistance(d, anchor) <= 7 && (!fixedMonthEnd || isMonthEnd(d) || e.count >= 2)) dates.add(d);
    // 52/53-week years: a year end falls on the anchor's weekday under one rule (last / nearest to the
    // month end); "January 1, 2019" (a standard's effective date) or a Wednesday 31 December is not one
    if (weekBased) {
      const kept = weekRuleDates(anchor, [...dates]);
      dates.clear();
      for (const d of kept) dates.add(d);
    }
    // "Year Ended June 30, 2023 2022 2021": the earlier columns name only their years. A month-end year
    // end with no 52/53-week language ends on that month end every year.
    if (dates.size === 1 && !weekBased && isMonthEnd(anchor)) {
      const prior = `${Number(anchor.slice(0, 4)) - 1}-${anchor.slice(5, 7)}-${String(daysInMonth(Number(anchor.slice(0, 4)) - 1, Number(anchor.slice(5, 7)))).padStart(2, '0')}`;
      if (texts.some((t) => t.includes(prior.slice(0, 4)))) dates.add(prior);
    }
    return { dates: [...dates].sort(), mmdd: mmddOf(anchor), weekBased, how: 'cover' };
  }
  if (cover.periodKind === 'quarterly' && cover.periodEnd) {
    const q = cover.periodEnd;
    if (stated) {
      // the last fiscal year end before the quarter, by the rule the document states
      const n = nominalYearContaining(stated, q) - 1;
      const prior = nominalYearEnd(stated, n);
      if (daysBetween(prior, q) >= 60)
        return { dates: [nominalYearEnd(stated, n - 1), prior], mmdd: mmddOf(prior), weekBased: true, how: 'balance_sheet' };
    }
    let best: { d: ISODate; n: number } | null = null;
    for (const [d, n] of headerDates(doc, order)) {
      const back = daysBetween(d, q);
      if (back < 60 || back > 300 || monthDayDistance(d, q) <= 7) continue;
      if (!best || n > best.n || (n === best.n && d > best.d)) best = { d, n };
    }
    if (best && best.n >= 2) {
      const dates = new Set<ISODate>([best.d]);
      for (const e of ev) for (const d of e.dates) if (d <= best.d && monthDayDistance(d, best.d) <= 7) dates.add(d);
      return { dates: [...dates].sort(), mmdd: mmddOf(best.d), weekBased, how: 'balance_sheet' };
    }
    return { dates: [], mmdd: null, weekBased, how: 'none' };
  }
  // no cover period (earnings releases, annual reports of other markets): the headers' year ends
  const top = ev[0];
  if (!top) return { dates: [], mmdd: null, weekBased, how: 'none' };
  return { dates: [...new Set(ev.flatMap((e) => e.dates))].sort(), mmdd: top.weekBased ? null : top.mmdd, weekBased, how: 'headers' };
}

/** "fiscal 2022", "fiscal year 2022", "FY2022", "FY22" → the year as the document writes it ("fiscal 2022-23" is no single year). */
const LABEL = String.raw`(?:fiscal\s+(?:year\s+)?|\bFY\s?)((?:19|20)\d{2}|'?\d{2})(?![-–/]?\d)`;
/** a date, then its label in parentheses: `January 31, 2020 ("fiscal 2020")` */
const DATE_THEN_LABEL = new RegExp(String.raw`(${DATE_SOURCE})\s*\(\s*["“”']?\s*${LABEL}\s*["“”']?\s*\)`, 'gi');
/** a label, then the date its year ended on: "fiscal 2022, which ended January 28, 2023", "fiscal year 2023 ended June 30, 2023" */
const LABEL_THEN_DATE = new RegExp(
  String.raw`\b${LABEL}\s*,?\s*\(?\s*(?:which\s+|that\s+)?(?:ended|ends|ending|end(?:ed)?\s+on)\s+(?:on\s+)?(${DATE_SOURCE})`,
  'gi',
);
const LABEL_ANYWHERE = new RegExp(LABEL, 'gi');
/** before a label in a headline: the year it closes ("Fourth Quarter and Full Year Fiscal 2022") */
const CLOSING_BEFORE = /\b(?:fourth[-\s]quarter|Q4|full[-\s]year|year[-\s]end(?:ed)?)\b[^.]{0,40}$/i;
/** before a label: a quarter that is not the last ("Third Quarter Fiscal 2023 Results" closes no year) */
const INTERIM_BEFORE = /\b(?:first|second|third|1st|2nd|3rd|Q[123]|six|nine|half)\b[^.]{0,40}$/i;
/** after a label in a headline: "Fiscal 2022 Results", "FISCAL YEAR 2023 FORM 10-K ANNUAL REPORT" */
const CLOSING_AFTER =
  /^\s*(?:(?:fourth[-\s]quarter|Q4|full[-\s]year|annual|year[-\s]end)\b|(?:financial\s+)?results\b|form\s+10-K\b|annual\s+report\b)/i;
const ORDINAL = ['first', 'second', 'third'];

function labelYear(raw: string): number {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 4 ? Number(digits) : 2000 + Number(digits);
}

/**
 * (year end, fiscal year the document names it) pairs, to tell a company that names its fiscal year by
 * the calendar year it starts in (Ulta's "fiscal 2022" ended January 28, 2023) from one that names it by
 * the year it ends in (Walmart's "fiscal 2020" ended January 31, 2020). Only a year end the document's
 * own year ends confirm counts, and only where the text ties the label to it: a date with its label in
 * parentheses, a label followed by the date it ended on, a headline naming the one year a release or an
 * annual report closes (the latest year end), or a quarterly report's "second quarter of fiscal 2024"
 * for its own quarter (the year before it ended on the last year end). Without such a tie there is no pair.
 */
export function documentLabelledYears(doc: ReportDocument, cover: CoverPage, ye: DocumentYearEnds): { end: ISODate; fiscalYear: number }[] {
  const ends = [...new Set([...ye.dates, ...(cover.periodKind === 'annual' && cover.periodEnd ? [cover.periodEnd] : [])])].sort();
  if (ends.length === 0) return [];
  const latest = ends[ends.length - 1]!;
  const yearEndNear = (d: ISODate | null): ISODate | null =>
    d ? (ends.find((e) => e === d) ?? ends.find((e) => Math.abs(daysBetween(e, d)) <= 7) ?? null) : null;
  const out = new Map<string, { end: ISODate; fiscalYear: number }>();
  const add = (end: ISODate | null, fiscalYear: number) => {
    // a label names the year that ends in it or in the year after it: nothing else is this year end's label
    if (!end || fiscalYear < Number(end.slice(0, 4)) - 1 || fiscalYear > Number(end.slice(0, 4))) return;
    out.set(`${end}|${fiscalYear}`, { end, fiscalYear });
  };
  const flat = (t: string) => t.replace(/\s+/g, ' ');
  const texts = [doc.title ?? '', ...doc.blocks.map((b) => b.text)].map(flat);
  for (const t of texts) {
    for (const m of t.matchAll(DATE_THEN_LABEL)) add(yearEndNear(parseDateText(m[1]!)), labelYear(m[2]!));
    for (const m of t.matchAll(LABEL_THEN_DATE)) add(yearEndNear(parseDateText(m[2]!)), labelYear(m[1]!));
  }
  if (cover.periodKind === 'annual' || cover.kind === 'release' || cover.kind === 'none') {
    // the headline: the title and the first pages' lines (a release's first lines, an annual report's cover)
    // (headings and short lines only: a paragraph compares with earlier years)
    const headlines = [
      doc.title ?? '',
      ...doc.blocks
        .filter((b) => (b.page ?? 1) <= 2 && (b.kind === 'heading' || b.text.length <= 120))
        .slice(0, 40)
        .map((b) => b.text),
    ].map(flat);
    const named = new Set<number>();
    const all = new Set<number>();
    for (const h of headlines) {
      for (const m of h.matchAll(LABEL_ANYWHERE)) {
        const before = h.slice(Math.max(0, m.index - 60), m.index);
        const after = h.slice(m.index + m[0].length);
        if (INTERIM_BEFORE.test(before)) continue;
        all.add(labelYear(m[1]!));
        if (CLOSING_BEFORE.test(before) || CLOSING_AFTER.test(after)) named.add(labelYear(m[1]!));
      }
    }
    // one year named, and no other: the year the document closes (two are a comparison, not a name)
    if (named.size === 1 && all.size === 1)
      add(cover.periodKind === 'annual' && cover.periodEnd ? yearEndNear(cover.periodEnd) : latest, [...named][0]!);
  }
  if (cover.periodKind === 'quarterly' && cover.periodEnd && latest < cover.periodEnd) {
    // the report's own quarter of the year after the last year end ("second quarter of fiscal 2024"); the same
    // quarter a year earlier is named too, and is the smaller label
    const ordinal = ORDINAL[Math.round(daysBetween(latest, cover.periodEnd) / 91) - 1];
    if (ordinal) {
      const quarterOf = new RegExp(String.raw`\b${ordinal}\s+quarter\s+of\s+${LABEL}`, 'gi');
      let current = 0;
      for (const t of texts) for (const m of t.matchAll(quarterOf)) current = Math.max(current, labelYear(m[1]!));
      if (current > 0) add(latest, current - 1);
    }
  }
  return [...out.values()];
}
