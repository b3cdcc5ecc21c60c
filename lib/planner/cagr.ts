/**
 * The span of a compound annual growth rate: two fiscal years, named as a range ("FY2021 to
 * FY2024", "between 2019 and 2022", "2019–2022"), as two years ("FY2021 and FY2024"), or as a count
 * ending at a year ("3-year CAGR through FY2024"). Never a default span, never "the last N years"
 * resolved behind the analyst's back: without both ends the planner asks.
 */
import type { PeriodPhrase, YearRangeSpan } from '@/lib/fiscal';
import type { Mention } from './operations';

export type CagrSpan =
  | { ok: true; range: { from: number; to: number }; years: number; claims: Mention[] }
  | { ok: false; question: string; options: string[] };

/** The fiscal year of a whole-year phrase ("FY2024", "fiscal 2024", "2024"); null for quarters, halves, dates. */
export function wholeYear(p: PeriodPhrase): number | null {
  const s = p.spec;
  if (s.type === 'fiscal' && s.position === 'FY' && s.year.style !== 'span') return s.year.year;
  if (s.type === 'bare_year') return s.year;
  return null;
}

const ASK = {
  question: 'Over which fiscal years? Name the first and the last, e.g. “FY2021 to FY2024”.',
  options: ['FY2021 to FY2024', 'FY2019 to FY2024'],
};

export function cagrSpan(
  question: string,
  phrases: PeriodPhrase[],
  range: YearRangeSpan | null,
  counts: (Mention & { years: number })[],
): CagrSpan {
  const count = counts[0] ?? null;
  if (counts.length > 1)
    return {
      ok: false,
      question: `The question names ${counts.map((c) => `“${c.text}”`).join(' and ')}; which span should the CAGR cover?`,
      options: [],
    };
  // "CAGR over the last three years": three years of compounding or three years of figures — asked
  const latest = phrases.find((p) => p.spec.type === 'latest_years');
  if (latest)
    return {
      ok: false,
      question: `“${latest.text}” can mean that many years of compounding or that many yearly figures. ${ASK.question}`,
      options: ASK.options,
    };
  const notYears = phrases.filter((p) => wholeYear(p) === null);
  if (notYears.length > 0) {
    return {
      ok: false,
      question: `A CAGR compounds over whole fiscal years; “${notYears[0]!.text}” is not one. Name the first and last fiscal year.`,
      options: ASK.options,
    };
  }
  const years = phrases.map(wholeYear).filter((y): y is number => y !== null);
  let from: number;
  let to: number;
  const claims: Mention[] = [];
  if (range) {
    from = range.from;
    to = range.to;
  } else if (years.length === 2) {
    from = Math.min(...years);
    to = Math.max(...years);
  } else if (years.length === 1 && count) {
    // "3-year CAGR through FY2024": the span ends at the year named
    to = years[0]!;
    from = to - count.years;
    const p = phrases[0]!;
    const lead = /\b(?:through|thru|to|until|ending(?:\s+(?:in|with))?|ended|up\s+to)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?)?$/i.exec(
      question.slice(Math.max(0, p.start - 30), p.start),
    );
    if (lead) claims.push({ start: p.start - lead[0].length, end: p.start, text: lead[0] });
  } else if (years.length === 1) {
    return {
      ok: false,
      question: `A CAGR needs a first and a last fiscal year; only ${phrases[0]!.text} is named. From which fiscal year?`,
      options: [`FY${years[0]! - 3} to FY${years[0]}`, `FY${years[0]! - 5} to FY${years[0]}`],
    };
  } else if (years.length > 2) {
    return { ok: false, question: `A CAGR runs between two fiscal years; this names ${years.length}. Which two?`, options: [] };
  } else {
    return { ok: false, ...ASK };
  }
  if (to <= from) return { ok: false, question: `A CAGR needs two different fiscal years (got FY${from} and FY${to}).`, options: [] };
  if (count) {
    if (count.years !== to - from) {
      return {
        ok: false,
        question: `“${count.text}” does not match FY${from} to FY${to} (${to - from} years apart). Which span do you mean?`,
        options: [`FY${to - count.years} to FY${to}`, `FY${from} to FY${to}`],
      };
    }
    claims.push({ start: count.start, end: count.end, text: count.text });
  }
  return { ok: true, range: { from, to }, years: to - from, claims };
}
