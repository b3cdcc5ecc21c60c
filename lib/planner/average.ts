/**
 * An average over fiscal years ("FY2018 - FY2020 3 year average EBITDA margin", "three-year average
 * revenue through FY2024", "average capex over FY2019 to FY2021"). Its own rule, not the CAGR's: an
 * N-year average covers N fiscal years *inclusive* (FY2018–FY2020 is 3 years; a 3-year CAGR through
 * FY2020 starts at FY2017). The span is a range of whole fiscal years, or a count ending at a named
 * year; a count that disagrees with the range, a span of quarters or no span at all is asked back.
 * "Average quarterly X" over one fiscal year is the mean of its fiscal quarters, each its own figure.
 * "average" before a balance without a count or a range ("average inventory") is the average balance
 * of a formula, not this operation, and is left to the measure grammar.
 */
import type { PeriodPhrase, YearRangeSpan } from '@/lib/fiscal';
import { wholeYear } from './cagr';
import type { Mention } from './operations';

export type AverageSpan =
  /** `per: 'quarter'`: the mean of the fiscal quarters of the one year ("average quarterly revenue in 2025") */
  | { ok: true; range: { from: number; to: number }; claims: Mention[]; per?: 'quarter' }
  | { ok: false; question: string; options: string[] };

const AVERAGE = /\b(?:average|averaged|mean)\b/gi;

/**
 * The average operation's span, or null when the question asks for no average over years. `taken`
 * says whether a word is already placed (a definition's "average inventory").
 */
export function averageSpan(
  question: string,
  phrases: PeriodPhrase[],
  range: YearRangeSpan | null,
  counts: (Mention & { years: number })[],
  taken: (start: number, end: number) => boolean,
  quarterly: readonly Mention[] = [],
): AverageSpan | null {
  const words = [...question.matchAll(AVERAGE)].filter((m) => !taken(m.index!, m.index! + m[0].length));
  if (words.length === 0) return null;
  const w = words[0]!;
  const ws = w.index!;
  const we = ws + w[0].length;
  // "3 year average", "three-year average", "3-yr average"
  const count = counts.find((c) => !taken(c.start, c.end) && /^[\s-]*$/.test(question.slice(c.end, ws)));
  const over = /^\s+(?:of\s+(?:the\s+)?|over\s+(?:the\s+)?|across\s+(?:the\s+)?)?/i.exec(question.slice(we));
  // "average quarterly revenue in 2025": the mean of that fiscal year's quarters, each its own figure
  const perQuarter = quarterly.find((q) => q.start >= we && /^[\s-]*$/.test(question.slice(we, q.start)));
  const year = phrases.length === 1 && phrases[0] ? wholeYear(phrases[0]) : null;
  if (perQuarter && !count && !range && words.length === 1 && year !== null)
    return { ok: true, range: { from: year, to: year }, claims: [{ start: ws, end: we, text: w[0] }], per: 'quarter' };
  if (!count && !range) return null;
  if (words.length > 1)
    return {
      ok: false,
      question: 'The question names “average” more than once; which average over which fiscal years do you mean?',
      options: [],
    };
  const claims: Mention[] = [{ start: count ? count.start : ws, end: we, text: question.slice(count ? count.start : ws, we) }];
  if (over?.[0].trim()) claims.push({ start: we, end: we + over[0].length, text: over[0] });
  const notYears = phrases.filter((p) => wholeYear(p) === null);
  if (notYears.length > 0) {
    return {
      ok: false,
      question: `An average over fiscal years takes whole fiscal years; “${notYears[0]!.text}” is not one. Name the first and last fiscal year.`,
      options: [],
    };
  }
  const years = phrases.map(wholeYear).filter((y): y is number => y !== null);
  let from: number;
  let to: number;
  if (range) {
    from = range.from;
    to = range.to;
  } else if (years.length === 1 && count) {
    to = years[0]!;
    from = to - count.years + 1;
    const p = phrases[0]!;
    const lead = /\b(?:through|thru|to|until|ending(?:\s+(?:in|with))?|ended|up\s+to)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?$/i.exec(
      question.slice(Math.max(0, p.start - 30), p.start),
    );
    if (lead) claims.push({ start: p.start - lead[0].length, end: p.start, text: lead[0] });
  } else {
    return {
      ok: false,
      question: 'Over which fiscal years should the average run? Name the first and the last, e.g. “FY2018 to FY2020”.',
      options: [],
    };
  }
  if (to <= from)
    return {
      ok: false,
      question: `An average over fiscal years needs at least two different fiscal years (got FY${from} to FY${to}).`,
      options: [],
    };
  if (count && count.years !== to - from + 1) {
    return {
      ok: false,
      question: `“${count.text}” does not match FY${from} to FY${to} (${to - from + 1} fiscal years). Which span do you mean?`,
      options: [`FY${to - count.years + 1} to FY${to}`, `FY${from} to FY${to}`],
    };
  }
  return { ok: true, range: { from, to }, claims };
}
