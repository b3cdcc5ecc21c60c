/**
 * The operation reader: what is done with the figures — growth, change, a series, a CAGR, an average over
 * years, a TTM, one figure per period ("each of"), the quarters of a year — from the operation words
 * (lib/planner/operations) outside every span another reader claimed. Words of explicit arithmetic
 * ("plus", "divided by", "as a share of") are left to the expression reader.
 */
import { averageSpan } from '../average';
import { isFiller } from '../filler';
import { cagrSpan } from '../cagr';
import type { Reader, Reading } from './types';
import { claimPeriodJoiners, ttmAnchor } from './period-runs';

const free = <T extends { start: number; end: number }>(r: Reading, xs: T[]) => xs.filter((x) => !r.spans.taken(x.start, x.end));

/** The operation words outside every claimed span, sorted by kind (claims only the CAGR and "absolute" words). */
export const operationWordsReader: Reader = {
  name: 'operation',
  read(r) {
    const { question, spans, ow } = r;
    // "CAGR", "compound annual growth rate": one operation (its growth words are not a yearly growth)
    const cagrW = free(r, ow.cagr);
    // "R&D growth from FY2022 to FY2024, annualized": one growth word and its "annualized" are one CAGR
    const annualized = free(
      r,
      [...question.matchAll(/\bannuali[sz]ed\b/gi)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] })),
    );
    if (cagrW.length === 0 && annualized.length === 1 && free(r, ow.growth).length === 1)
      cagrW.push(annualized[0]!, free(r, ow.growth)[0]!);
    for (const w of cagrW) spans.claim(w.start, w.end, 'operation', 'cagr');
    r.cagrW = cagrW;
    r.growthW = free(r, ow.growth);
    r.changeW = free(r, ow.change);
    // "in absolute terms", "in dollars" beside a growth or change: the change as an amount (a currency
    // instruction's span may hold it already); standing alone they are not an operation
    if (ow.absolute.length > 0 && (r.growthW.length > 0 || r.changeW.length > 0 || ow.comparison.length > 0))
      for (const w of free(r, ow.absolute)) spans.claim(w.start, w.end, 'operation', 'change');
    r.seriesW = free(r, ow.series);
    r.comparing = r.growthW.length > 0 || r.changeW.length > 0 || ow.comparison.length > 0;
    r.prefixW = [...free(r, ow.prefix), ...closingSums(r)];
    // "over" divides only between two measures ("2021 operating income over 2020 revenue"), not "over the last four quarters"
    const between = (w: { start: number; end: number }) =>
      r.measureAt.some((m) => m.end <= w.start) && r.measureAt.some((m) => m.start >= w.end);
    r.arithW = free(r, ow.infix).filter(
      (x) => x.op !== 'join' && !(r.comparing && /^(over|from)$/i.test(x.text.trim())) && !(/^over$/i.test(x.text.trim()) && !between(x)),
    );
    r.methodW = free(r, ow.method);
    return null;
  },
};

/**
 * A word that closes a sum of the operands before it ("dividends and buybacks combined in fiscal 2025, in
 * billions", "Q1 and Q2 revenue together for Apple"): "combined", "together", "in total", "in aggregate"
 * followed only by what other readers placed (its period, company, an instruction) and function words. At
 * the question's end the operation words read it already; before a content word no reader placed
 * ("combined revenue of …") it is no operation.
 */
function closingSums(r: Reading): Reading['prefixW'] {
  const { question, spans } = r;
  const out: Reading['prefixW'] = [];
  for (const m of question.matchAll(/\b(?:combined|together|in\s+total|in\s+aggregate)\b(?!\s+with\b)/gi)) {
    const w = { start: m.index, end: m.index + m[0].length, text: m[0] };
    if (spans.taken(w.start, w.end) || r.ow.prefix.some((p) => p.start <= w.start && w.end <= p.end)) continue;
    if (!r.measureAt.some((x) => x.end <= w.start)) continue;
    const rest = spans.tokens.filter((t) => t.start >= w.end);
    const placed = (t: { start: number; end: number }) => spans.placed().some((e) => t.start < e.end && e.start < t.end);
    if (rest.every((t) => placed(t) || isFiller(t.lower))) out.push({ ...w, op: 'sum', postfix: true });
  }
  return out;
}

/** "and", "as well as", "plus", "along with" (then "its", "the") right before a growth or change word. */
const AND_ITS = /(?:\band|\bas\s+well\s+as|\bplus|\balong\s+with|\btogether\s+with)\s+(?:also\s+)?(?:its\s+|the\s+|their\s+)?$/i;

/**
 * "fiscal 2025 revenue and its percentage change from fiscal 2024", "revenue for FY2025 along with the growth over
 * FY2024": the measure named before "and", the growth or change after it (no measure between them) — its value is
 * asked as well as the rate. The joining words' span, or null.
 */
export function valueAskedToo(r: Reading): { start: number; end: number } | null {
  for (const w of [...r.growthW, ...r.changeW]) {
    const and = AND_ITS.exec(r.question.slice(0, w.start));
    if (!and) continue;
    const measured = r.measureAt.some((m) => m.end <= and.index);
    const between = r.measureAt.some((m) => m.start >= and.index && m.start < w.start);
    if (measured && !between) return { start: and.index, end: and.index + and[0].trimEnd().length };
  }
  return null;
}

/** The operation words that are no arithmetic, claimed: growth, change, series, quarterly, each, CAGR, average, TTM. */
export const operationReader: Reader = {
  name: 'operation',
  read(r) {
    const { question, spans, ow, phrases, rangeSpan, notes, entities, metric } = r;
    for (const w of [...r.growthW, ...r.changeW, ...r.seriesW, ...r.methodW])
      spans.claim(w.start, w.end, 'operation', w.text.toLowerCase());
    // "quarterly revenue for fiscal 2025", "revenue by quarter, 2025", "each quarter of FY2026": the quarters of one year
    const yearPhrases = phrases.filter((p) => (p.spec.type === 'fiscal' && p.spec.position === 'FY') || p.spec.type === 'bare_year');
    r.quarterlyW = phrases.length === 1 && yearPhrases.length === 1 ? free(r, ow.quarterly) : [];
    for (const w of r.quarterlyW) spans.claim(w.start, w.end, 'operation', 'quarterly');
    // "yearly growth rates for FY24 and FY25": one rate per year named; "annual revenue growth, Q3 FY2025": year over year
    r.yearlyW = r.comparing && phrases.length + (rangeSpan ? 1 : 0) >= 2 ? free(r, ow.yearly) : [];
    for (const w of r.yearlyW) spans.claim(w.start, w.end, 'operation', 'each');
    if (r.comparing && phrases.length === 1 && !rangeSpan)
      for (const w of free(r, ow.yearly)) spans.claim(w.start, w.end, 'operation', 'year_over_year');
    // comparison connectors ("2021 over 2020", "Q3 next to Q3") and words joining two periods ("2017 through 2021")
    if (r.comparing)
      for (const w of free(r, ow.infix))
        if (/^(over|from|to|against)$/i.test(w.text.trim())) spans.claim(w.start, w.end, 'operation', 'comparison');
    for (const m of question.matchAll(/\b(?:next\s+to|side\s+by\s+side)\b/gi)) spans.claim(m.index!, m.index! + m[0].length, 'filler');
    claimEach(r);
    const joined = r.comparing ? valueAskedToo(r) : null;
    if (joined)
      for (const t of spans.tokens)
        if (t.start >= joined.start && t.end <= joined.end && !spans.taken(t.start, t.end))
          spans.claim(t.start, t.end, 'operation', 'value too');
    spans.reader = 'period';
    claimPeriodJoiners(question, spans);
    // "TTM revenue growth y/y as of FQ1'27": the TTM ends with the period its anchor word names (one period, not two)
    r.ttmFold = ttmAnchor(question, phrases);
    if (r.ttmFold?.joiner && !spans.taken(r.ttmFold.joiner.start, r.ttmFold.joiner.end))
      spans.claim(r.ttmFold.joiner.start, r.ttmFold.joiner.end, 'period', 'TTM end');
    spans.reader = 'operation';
    r.cagr = r.cagrW.length > 0 ? cagrSpan(question, phrases, rangeSpan, free(r, ow.yearCounts)) : null;
    if (r.cagr?.ok) for (const c of r.cagr.claims) spans.claim(c.start, c.end, 'operation', 'cagr');
    if (r.cagr && !r.cagr.ok && metric)
      return {
        status: 'needs_clarification',
        clarification: { question: r.cagr.question, options: r.cagr.options },
        partial: { entities, metric },
        notes,
      };
    // "FY2018 - FY2020 3 year average EBITDA margin": an average over fiscal years (its own span rule)
    r.average =
      !r.cagr && metric
        ? averageSpan(question, phrases, rangeSpan, free(r, ow.yearCounts), (st, en) => spans.taken(st, en), r.quarterlyW)
        : null;
    if (r.average && !r.average.ok)
      return {
        status: 'needs_clarification',
        clarification: { question: r.average.question, options: r.average.options },
        partial: { entities, ...(metric ? { metric } : {}) },
        notes,
      };
    if (r.average?.ok) for (const c of r.average.claims) spans.claim(c.start, c.end, 'operation', 'average');
    // "using FY2025 operating profit and FY2024 revenue": the words joining pinned operands
    for (const w of free(r, ow.infix)) {
      if (w.op === 'join' && r.pins.size > 0 && /^(and|with|from)$/i.test(w.text.trim())) spans.claim(w.start, w.end, 'operand_pin');
    }
    for (const m of question.matchAll(/\b(?:using|based\s+on|(?:computed|calculated|derived|worked\s+out)\s+(?:with|from|using|on))\b/gi))
      if (r.pins.size > 0) spans.claim(m.index!, m.index! + m[0].length, 'operand_pin');
    return null;
  },
};

/**
 * "for each of fiscal 2022, 2023 and 2024", "in each of the last three fiscal years": one figure per period
 * named — only when the periods that follow are several (a single period has no "each").
 */
function claimEach(r: Reading): void {
  const { question, spans, phrases, rangeSpan } = r;
  for (const m of question.matchAll(/\b(?:(?:for|in)\s+)?each(?:\s+of(?:\s+the)?)?\b/gi)) {
    if (spans.taken(m.index!, m.index! + m[0].length)) continue;
    const after = phrases.filter((p) => p.start >= m.index! + m[0].length);
    const rangeAfter = rangeSpan && rangeSpan.start >= m.index! + m[0].length;
    if (after.length >= 2 || rangeAfter || after.some((p) => p.spec.type === 'latest_years')) {
      spans.claim(m.index!, m.index! + m[0].length, 'filler');
      r.eachW = true;
    }
  }
}
