/**
 * Period helpers of the readers: positions that take a sibling's year, words that join period phrases
 * ("2017 through 2021"), runs of quarters ("Q1-Q3 2025"), the quarters of one year, a TTM written apart
 * from the period it ends with. All over lib/fiscal's phrases; none reads a period of its own.
 */
import type { PeriodPhrase, PeriodSpec } from '@/lib/fiscal';
import type { SpanMap } from '../spans';
import type { PeriodRequest } from '../types';
import type { TtmFold } from './types';

/** The year reference of a fiscal spec, or null. */
export function yearOf(spec: PeriodSpec): Extract<PeriodSpec, { type: 'fiscal' }>['year'] | null {
  if (spec.type === 'fiscal') return spec.year;
  if (spec.type === 'bare_year') return { year: spec.year, style: 'bare' };
  return null;
}

/** A position written without its year ("Q1" in "Q1 and Q2 2022") takes the year of a sibling period. */
export function withYear(spec: PeriodSpec, sibling: PeriodSpec | undefined): PeriodSpec {
  if (spec.type !== 'latest_position' || !sibling) return spec;
  const year = yearOf(sibling);
  return year ? { type: 'fiscal', position: spec.position, year } : spec;
}

/**
 * Words that join or qualify period phrases: "2017 through 2021", "YTD through September 30, 2022",
 * "fiscal Q2 2025", "on a trailing 12-month basis", "FY24 year-end".
 */
export function claimPeriodJoiners(question: string, spans: SpanMap): void {
  const periods = spans
    .map()
    .filter((e) => e.role === 'period')
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < periods.length; i++) {
    const gap = question.slice(periods[i - 1]!.end, periods[i]!.start);
    const m = /^\s*(?:,\s*)?(through|thru|to|until|till|ending|ended|as\s+of|at)\s*$/i.exec(gap);
    if (m) spans.claim(periods[i - 1]!.end, periods[i]!.start, 'period', m[1]!.toLowerCase());
  }
  for (const p of periods) {
    // "through the first three quarters of fiscal 2025": the year to date, so "through" leads it
    const lead =
      /\b(?:over|during|across|throughout|within)\s+(?:the\s+)?$/i.exec(question.slice(Math.max(0, p.start - 16), p.start)) ??
      (/^(?:the\s+)?first\b/i.test(question.slice(p.start, p.end))
        ? /\b(?:through|thru)\s+(?:the\s+)?$/i.exec(question.slice(Math.max(0, p.start - 16), p.start))
        : null);
    if (lead) spans.claim(p.start - lead[0].length, p.start, 'period', lead[0].trim());
    const before = /(?:\bfiscal\s*)$/i.exec(question.slice(Math.max(0, p.start - 8), p.start));
    if (before) spans.claim(p.start - before[0].length, p.start, 'period', 'fiscal');
    const after = /^\s*(?:basis\b|year[- ]ends?\b|period[- ]end\b)/i.exec(question.slice(p.end, p.end + 14));
    if (after) spans.claim(p.end, p.end + after[0].length, 'period', after[0].trim());
  }
}

const QUARTER_RUN_JOIN = /^\s*(?:-|–|—|to|through|thru|until)\s*$/i;
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

/**
 * Runs of quarters written as a range ("Q1-Q3 2025", "Q1 through Q3 FY2026", "1Q25-3Q25", "Q3 2024-Q2
 * 2025"): the first phrase of each run maps to the request of every quarter from its start to its end, in
 * order; the last phrase maps to nothing. Only fiscal quarters (or calendar quarters) of one kind, at most
 * twelve, and only a range that runs forward.
 */
export function quarterRuns(question: string, phrases: PeriodPhrase[]): Map<PeriodPhrase, PeriodRequest[]> {
  const out = new Map<PeriodPhrase, PeriodRequest[]>();
  const sorted = [...phrases].sort((a, b) => a.start - b.start);
  const quarterOf = (p: PeriodPhrase) =>
    (p.spec.type === 'fiscal' || p.spec.type === 'calendar') && (QUARTERS as readonly string[]).includes(p.spec.position) ? p.spec : null;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    const months = monthQuarterRun(a, b, question);
    if (months) {
      out.set(a, months);
      out.set(b, []);
      i++;
      continue;
    }
    const qa = quarterOf(a);
    const qb = quarterOf(b);
    if (!qa || !qb || qa.type !== qb.type || !QUARTER_RUN_JOIN.test(question.slice(a.end, b.start))) continue;
    const ya = qa.type === 'fiscal' ? qa.year.year : qa.year;
    const yb = qb.type === 'fiscal' ? qb.year.year : qb.year;
    const from = ya * 4 + QUARTERS.indexOf(qa.position as (typeof QUARTERS)[number]);
    const to = yb * 4 + QUARTERS.indexOf(qb.position as (typeof QUARTERS)[number]);
    if (to <= from || to - from >= 12) continue;
    const requests: PeriodRequest[] = [];
    for (let k = from; k <= to; k++) {
      const year = Math.floor(k / 4);
      const position = QUARTERS[k % 4]!;
      const spec: PeriodSpec =
        qb.type === 'fiscal'
          ? {
              type: 'fiscal',
              position,
              year: { ...(year === yb ? qb.year : qa.type === 'fiscal' && year === ya ? qa.year : { year, style: qb.year.style }), year },
            }
          : { type: 'calendar', position, year };
      requests.push({ text: `${position} ${year}`, spec, forMetric: null });
    }
    out.set(a, requests);
    out.set(b, []);
    i++;
  }
  return out;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * "Jan–Mar 2025 through Jul–Sep 2025": a run of three-month spans named by their months, each span from the
 * first's start to the last's end, three months apart (at most twelve); null for anything else.
 */
function monthQuarterRun(a: PeriodPhrase, b: PeriodPhrase, question: string): PeriodRequest[] | null {
  if (a.spec.type !== 'month_range' || b.spec.type !== 'month_range' || !QUARTER_RUN_JOIN.test(question.slice(a.end, b.start))) return null;
  const index = (m: { month: number; year: number }) => m.year * 12 + m.month - 1;
  const [fa, ta, fb, tb] = [index(a.spec.from), index(a.spec.to), index(b.spec.from), index(b.spec.to)];
  if (ta - fa !== 2 || tb - fb !== 2 || fb <= fa || (fb - fa) % 3 !== 0 || (fb - fa) / 3 >= 12) return null;
  const requests: PeriodRequest[] = [];
  for (let k = fa; k <= fb; k += 3) {
    const from = { month: (k % 12) + 1, year: Math.floor(k / 12) };
    const to = { month: ((k + 2) % 12) + 1, year: Math.floor((k + 2) / 12) };
    const text = `${MONTH_NAMES[from.month - 1]}–${MONTH_NAMES[to.month - 1]} ${to.year}`;
    requests.push({ text, spec: { type: 'month_range', from, to }, forMetric: null });
  }
  return requests;
}

/** The four fiscal quarters of a year phrase ("fiscal 2025", "2025"), written with the phrase's own year. */
export function quartersOf(p: PeriodPhrase): PeriodRequest[] {
  const year = yearOf(p.spec);
  if (!year) return [{ text: p.text, spec: p.spec, forMetric: null }];
  return (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => ({
    text: quarterText(q, year),
    spec: { type: 'fiscal' as const, position: q, year },
    forMetric: null,
  }));
}

/** "Q1 FY2025" (a fiscal year written as such) or "Q1 2025" (a bare year, read as the question wrote it). */
export function quarterText(q: string, year: Extract<PeriodSpec, { type: 'fiscal' }>['year']): string {
  return year.style === 'fiscal' ? `${q} FY${year.year}` : `${q} ${year.year}`;
}

/**
 * A TTM written apart from the period it ends with ("TTM revenue growth y/y as of FQ1'27"): the TTM
 * phrase without its own end, and exactly one other period, introduced by an end word (as of,
 * through, to, ending, ended, until, at). Null when the question is anything else.
 */
export function ttmAnchor(question: string, phrases: PeriodPhrase[]): TtmFold | null {
  const ttm = phrases.find((p) => p.spec.type === 'ttm' && p.spec.ref === null);
  const others = phrases.filter((p) => p !== ttm);
  if (!ttm || others.length !== 1) return null;
  const anchor = others[0]!;
  if (anchor.start < ttm.end || !['fiscal', 'instant', 'latest_position', 'named_by_month', 'relative'].includes(anchor.spec.type))
    return null;
  const from = Math.max(ttm.end, anchor.start - 12);
  const lead = /\b(?:as\s+of|through|thru|to|ending|ended|until|till|at)\s*$/i.exec(question.slice(from, anchor.start));
  if (!lead) return null;
  const start = from + lead.index;
  return { ttm, anchor, joiner: { start, end: start + lead[0].trimEnd().length } };
}
