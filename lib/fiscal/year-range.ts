/**
 * Ranges of years written in a question: "FY2018-FY2021", "from FY2022 to FY2024", "2019-21",
 * "2017 through 2021", "fiscal years 2021 through 2025", "between 2019 and 2021".
 */
import type { PeriodPhrase } from './period-spec';

const RANGE_JOIN = /^\s*(?:-|–|—|to|through|thru|until)\s*$/i;
const AND_JOIN = /^\s*and\s*$/i;
/** Longest range accepted (years). */
const MAX_SPAN = 30;

function yearOf(p: PeriodPhrase): number | null {
  const s = p.spec;
  if (s.type === 'fiscal' && s.position === 'FY' && s.year.style !== 'span') return s.year.year;
  if (s.type === 'bare_year') return s.year;
  return null;
}

/** A range of fiscal years and the text it spans (both years, the joiner, a leading "from"/"between"). */
export interface YearRangeSpan {
  from: number;
  to: number;
  start: number;
  end: number;
}

/**
 * The inclusive range of fiscal years two consecutive year phrases span when they are joined by
 * "-", "to", "through", "until" (or "and" after "between"), with the offsets of the whole range
 * (so "through", "to", "from", "between" are accounted for); null when there is none.
 */
export function yearRangeSpan(question: string, phrases: PeriodPhrase[]): YearRangeSpan | null {
  const years = phrases.filter((p) => yearOf(p) !== null).sort((a, b) => a.start - b.start);
  for (let i = 0; i + 1 < years.length; i++) {
    const a = years[i]!;
    const b = years[i + 1]!;
    const between = question.slice(a.end, b.start);
    const lead = /\b(from|between)\s+(?:the\s+)?(?:fiscal\s+(?:years?\s+)?)?$/i.exec(question.slice(0, a.start));
    const ranged = RANGE_JOIN.test(between) || (AND_JOIN.test(between) && lead?.[1]?.toLowerCase() === 'between');
    if (!ranged) continue;
    const from = Math.min(yearOf(a)!, yearOf(b)!);
    const to = Math.max(yearOf(a)!, yearOf(b)!);
    if (to - from <= MAX_SPAN) return { from, to, start: lead ? lead.index : a.start, end: b.end };
  }
  return null;
}

/** The inclusive range of fiscal years a question names ("FY2018-FY2021", "2019-21"); see {@link yearRangeSpan}. */
export function yearRange(question: string, phrases: PeriodPhrase[]): { from: number; to: number } | null {
  const r = yearRangeSpan(question, phrases);
  return r && { from: r.from, to: r.to };
}
