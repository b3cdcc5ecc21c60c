/**
 * The period reader: every period phrase through lib/fiscal's grammar (the one period grammar), with
 * what the question says around them — "(fiscal years)" after bare years, a stated year end checked
 * against the fiscal year ("fiscal 2025 (ended September 2025)"), "full year", "annual", a range of
 * years, periods pinned to one operand ("using FY2025 operating profit"). A basis date or a named filing
 * is no period (the scope reader hid them); neither is a date inside an instruction or a threshold.
 */
import { extractPeriodPhrases, monthNumber, phraseRanges, yearRangeSpan, type PeriodPhrase } from '@/lib/fiscal';
import { withinInstruction } from '../instructions';
import { matchMetrics } from '../match-metric';
import { operationWords } from '../operations';
import { withoutRanges } from '../version-basis';
import type { Reader, Reading } from './types';
import { claimDiscreteQuarter, claimQ4Derivation, namesQuarter } from './discrete-quarter';

/** "(ended September)", ", which ended in late January 2026", "(FYE June 2025)" right after a fiscal year. */
const END_DATE = String.raw`(?:in\s+|on\s+)?(?:(early|mid|late)[-\s]+)?(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?:\s+(\d{1,2})(?!\d)(?:st|nd|rd|th)?)?(?:\s*,?\s+(\d{4}))?\s*\)?`;
const YEAR_END_CHECK_BODY = String.raw`(?:ended|ending|ends|closed|fye)\s+` + END_DATE;
/** a period's end restated in brackets: "the nine months of fiscal 2025 (through June 28, 2025)" */
const THROUGH_CHECK = new RegExp(String.raw`^\s*\(\s*(?:through|thru|to)\s+` + END_DATE, 'i');
/** right after the fiscal year: "fiscal 2024 (ended September)", "FY2026, which ended in late January 2026" */
const YEAR_END_CHECK = new RegExp(String.raw`^\s*[,(]?\s*(?:(?:which|that)\s+)?` + YEAR_END_CHECK_BODY, 'i');
/** later in the question, as an aside: "fiscal 2025 revenue (ended September 2025)", "…, which ended in late January" */
const YEAR_END_ASIDE = new RegExp(String.raw`(?:\(\s*|,?\s*(?:which|that)\s+)` + YEAR_END_CHECK_BODY, 'i');
const FULL_YEAR = /\bfull[- ]year\b|\bfull\s+fiscal\s+year\b|\bwhole\s+year\b/gi;

export const periodReader: Reader = {
  name: 'period',
  read(r) {
    const { question, spans } = r;
    // periods (the basis phrase's date and a named filing are not periods)
    // "the end of each company's fiscal 2024": the owner words are read apart (claimOwnCalendars), the period around them
    r.periodText = withoutRanges(question, [...r.version.hidden, ...ownCalendarLeads(r)]);
    const instructionClaims = r.instructionsRead.claims;
    const rawPhrases = extractPeriodPhrases(r.periodText)
      .filter((p) => !withinInstruction(instructionClaims, p.start, p.end) && !withinInstruction(r.verdictRead.claims, p.start, p.end))
      .map((p) => (/\s{2}/.test(p.text) ? { ...p, text: p.text.replace(/\s+/g, ' ') } : p));
    // "Alphabet diluted EPS as reported in the 2021 10-K": a named filing without another period is its own period
    if (rawPhrases.length === 0 && r.version.filingPeriod) rawPhrases.push(r.version.filingPeriod);
    r.rawPhrases = rawPhrases;
    // operation words that name a comparison base ("versus the prior quarter"); a period the grammar reads wins
    const ow = operationWords(question);
    ow.comparison = ow.comparison.filter((c) => !rawPhrases.some((p) => p.spec.type !== 'relative' && p.start < c.end && c.start < p.end));
    r.ow = ow;
    spans.reader = 'operation';
    for (const c of ow.comparison) spans.claim(c.start, c.end, 'operation', c.kind);
    spans.reader = 'period';
    let phrases = rawPhrases.filter((p) => !(p.spec.type === 'relative' && ow.comparison.some((c) => p.start < c.end && c.start < p.end)));
    phrases = fiscalMarked(r, phrases);
    phrases = yearEndsChecked(r, phrases);
    phrases = asidesChecked(r, phrases);
    phrases = monthQuarters(r, phrases);
    phrases = claimQ4Derivation(question, spans, phrases);
    for (const p of phrases) for (const [s, e] of phraseRanges(p)) spans.claim(s, e, 'period', p.text);
    for (const m of question.matchAll(FULL_YEAR)) {
      const near = phrases.some(
        (p) => Math.abs(p.start - (m.index! + m[0].length)) <= 2 && (p.spec.type === 'fiscal' || p.spec.type === 'bare_year'),
      );
      if (near) spans.claim(m.index!, m.index! + m[0].length, 'period', 'FY');
    }
    claimAnnual(r, phrases);
    claimOwnCalendars(r, phrases);
    claimDiscreteQuarter(question, spans, phrases);
    r.phrases = phrases;
    r.rangeSpan = yearRangeSpan(r.periodText, phrases);
    if (r.rangeSpan) spans.claim(r.rangeSpan.start, r.rangeSpan.end, 'period', `FY${r.rangeSpan.from}–FY${r.rangeSpan.to}`);
    r.pins = pinnedPeriods(question, phrases);
    r.range = r.rangeSpan ? { from: r.rangeSpan.from, to: r.rangeSpan.to } : null;
    return null;
  },
};

/** "(fiscal years)", "(fiscal)", "(in fiscal terms)" after bare years or codes: the question's years are fiscal. */
function fiscalMarked(r: Reading, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const fiscalMark = /\(\s*(?:in\s+)?fiscal(?:\s+years?|\s+terms|\s+basis)?\s*\)/i.exec(r.question);
  const bareYear = (p: PeriodPhrase) => p.spec.type === 'bare_year' || (p.spec.type === 'fiscal' && p.spec.year.style === 'bare');
  if (!fiscalMark || !phrases.some(bareYear) || !phrases.every((p) => p.spec.type === 'bare_year' || p.spec.type === 'fiscal'))
    return phrases;
  r.spans.claim(fiscalMark.index, fiscalMark.index + fiscalMark[0].length, 'period', 'fiscal');
  return phrases.map((p): PeriodPhrase => {
    if (p.spec.type === 'bare_year')
      return { ...p, spec: { type: 'fiscal', position: 'FY', year: { year: p.spec.year, style: 'fiscal' } } };
    if (p.spec.type === 'fiscal' && p.spec.year.style === 'bare')
      return { ...p, spec: { ...p.spec, year: { ...p.spec.year, style: 'fiscal' } } };
    return p;
  });
}

/**
 * "fiscal 2025 (ended September 2025)", "fiscal year 2026, which ended in late January 2026": the year end the
 * question states for a fiscal year is a check on it (a mismatch blocks the answer), never a second period.
 */
function yearEndsChecked(r: Reading, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const { question, spans } = r;
  const checked: [number, number][] = [];
  const out = phrases.map((p): PeriodPhrase => {
    if (p.spec.type !== 'fiscal' || p.spec.year.style === 'span') return p;
    const rest = question.slice(p.end);
    // an aside further on belongs to this year only when the question names no other fiscal year; a quarter, half or
    // nine months only takes the end said right after it ("the nine months of fiscal 2025 (ended June 28, 2025)")
    const year = p.spec.position === 'FY';
    const only = year && phrases.filter((q) => q.spec.type === 'fiscal' && q.spec.position === 'FY').length === 1;
    const m = YEAR_END_CHECK.exec(rest) ?? THROUGH_CHECK.exec(rest) ?? (only ? YEAR_END_ASIDE.exec(rest) : null);
    if (m && !year && !m[3]) return p;
    const month = m ? monthNumber(m[2]!) : null;
    if (!m || !month) return p;
    const start = p.end + m.index + m[0].length - m[0].trimStart().length;
    const end = p.end + m.index + m[0].replace(/\s+$/, '').length;
    checked.push([start, end]);
    const endsIn = {
      month,
      ...(m[4] ? { year: Number(m[4]) } : {}),
      ...(m[3] ? { day: Number(m[3]) } : {}),
      ...(m[1] ? { part: m[1].toLowerCase() as 'early' | 'mid' | 'late' } : {}),
    };
    return { ...p, spec: { ...p.spec, endsIn } };
  });
  for (const [a, b] of checked) spans.claim(a, b, 'period', 'stated year end');
  // the stated end's own words ("September 2025") are not another period
  return out.filter((p) => !checked.some(([a, b]) => p.start >= a && p.end <= b));
}

/**
 * "the December 2024 and March 2025 quarters", "the April, July and October 2025 quarters": months listed before
 * one plural "quarters" are each the quarter ending in that month (as "the December 2024 quarter" is).
 */
function monthQuarters(r: Reading, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const { question, spans } = r;
  const out = [...phrases];
  const joined = (a: PeriodPhrase | undefined, b: PeriodPhrase | undefined) =>
    a?.spec.type === 'month' && b?.spec.type === 'month' && /^\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)$/i.test(question.slice(a.end, b.start));
  for (let k = 0; k < out.length; k++) {
    let j = k;
    while (joined(out[j], out[j + 1])) j++;
    const last = out[j];
    const plural = j > k && last ? /^\s*quarters\b/i.exec(question.slice(last.end)) : null;
    if (!plural || !last) continue;
    for (let x = k; x <= j; x++) {
      const p = out[x];
      if (p?.spec.type !== 'month') continue;
      out[x] = { ...p, spec: { type: 'named_by_month', length: 'quarter', month: p.spec.month, year: p.spec.year, yearKind: 'calendar' } };
    }
    spans.claim(last.end, last.end + plural[0].length, 'period', 'quarters');
    k = j;
  }
  return out;
}

/** "(the 53-week year)", ", a 14-week quarter", "(53 weeks)": the length the question states for the period before it. */
const WEEKS_ASIDE =
  /^\s*,?\s*\(?\s*(?:(?:which|that)\s+(?:was|is)\s+)?(?:the\s+|a\s+|an\s+)?(52|53|13|14|fifty[- ]two|fifty[- ]three|thirteen|fourteen)[-\s]weeks?(?:\s+(?:fiscal\s+)?(year|quarter|period))?\s*(\))?/i;
const WEEK_WORDS: Record<string, number> = {
  'fifty-two': 52,
  'fifty two': 52,
  'fifty-three': 53,
  'fifty three': 53,
  thirteen: 13,
  fourteen: 14,
};
const QUARTERS = new Set(['Q1', 'Q2', 'Q3', 'Q4']);
type FiscalSpec = Extract<PeriodPhrase['spec'], { type: 'fiscal' }>;

/**
 * Asides that confirm the period before them, read as checks on it (the resolver refuses a period they do not fit,
 * never answering another one): a stated length ("fiscal 2023 (the 53-week year)": that year must run 53 weeks) and a
 * quarter's code beside its month name ("the September quarter of fiscal 2025 (Q4)": Q4 of fiscal 2025, which must
 * end in September). A code naming another fiscal year than the month-named quarter's is asked back.
 */
function asidesChecked(r: Reading, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const { question, spans } = r;
  const out: PeriodPhrase[] = [];
  for (let k = 0; k < phrases.length; k++) {
    const p = phrases[k];
    if (!p) continue;
    const next = phrases[k + 1];
    const weeks = p.spec.type === 'fiscal' ? WEEKS_ASIDE.exec(question.slice(p.end)) : null;
    if (weeks && p.spec.type === 'fiscal' && p.spec.year.style !== 'span') {
      const said = (weeks[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const n = Number(said) || WEEK_WORDS[said] || 0;
      const length = (weeks[2] ?? '').toLowerCase();
      const fits = length === 'year' ? p.spec.position === 'FY' : length === 'quarter' ? QUARTERS.has(p.spec.position) : true;
      const paren = /\(/.test(weeks[0]) === !!weeks[3];
      if (fits && paren && (n >= 52 ? p.spec.position === 'FY' : QUARTERS.has(p.spec.position))) {
        spans.claim(p.end + weeks[0].length - weeks[0].trimStart().length, p.end + weeks[0].trimEnd().length, 'period', `${n} weeks`);
        out.push({ ...p, spec: { ...p.spec, weeks: n } });
        continue;
      }
    }
    const between = next ? question.slice(p.end, next.start) : '';
    const months = next ? yearlessMonths(p, next, between, question) : null;
    if (next && months) {
      spans.claim(p.end, next.end + months.close, 'period', `confirms ${p.text}`);
      out.push({ ...p, spec: months.spec });
      k++;
      continue;
    }
    const inParens = RESTATING_OPEN.test(between) && /^\s*\)/.test(question.slice(next?.end ?? 0));
    const apposed = APPOSED_OPEN.test(between) && APPOSED_CLOSE.test(question.slice(next?.end ?? 0));
    const code = next && (inParens || apposed) ? next : null;
    const checked = code ? (quarterCodeCheck(p, code) ?? restated(p, code)) : null;
    if (code && checked) {
      spans.claim(
        p.end,
        code.end + (inParens ? (/^\s*\)/.exec(question.slice(code.end))?.[0].length ?? 0) : 0),
        'period',
        `confirms ${p.text}`,
      );
      out.push({ ...p, spec: checked });
      k++;
      continue;
    }
    out.push(p);
  }
  return out;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A bracket opening a yearless quarter's months: "(the April–", "(i.e. the July to ", "(" before "September quarter". */
const MONTHS_OPEN = /^\s*\(\s*(?:(?:i\.\s?e\.?|that\s+is|or)\s*,?\s*)?(?:the\s+)?(?:([a-z]{3,9})\.?\s*(?:[-–—]|to|through|thru)\s*)?$/i;

/**
 * "Q2 2025 (the April–June quarter)", "fiscal Q3 2024 (the September quarter)": a quarter with its year, restated by
 * the months it runs without a year, is that quarter, which must end in the month named (checked on the company's
 * calendar when answered, never a second period). The first month, when said, must open the same quarter.
 */
function yearlessMonths(p: PeriodPhrase, next: PeriodPhrase, between: string, question: string): { spec: Spec; close: number } | null {
  if (next.spec.type !== 'month_quarter' || p.spec.type !== 'fiscal' || !QUARTERS.has(p.spec.position) || p.spec.year.style === 'span')
    return null;
  const open = MONTHS_OPEN.exec(between);
  const close = /^\s*\)/.exec(question.slice(next.end));
  if (!open || !close) return null;
  const end = next.spec.month;
  const first = open[1] ? MONTH_NAMES.indexOf(open[1].slice(0, 3).toLowerCase()) + 1 : null;
  if (first !== null && (first === 0 || ((first + 1) % 12) + 1 !== end)) return null;
  return { spec: { ...p.spec, endsIn: { month: end } }, close: close[0].length };
}

/** What opens a restatement in parentheses: "(", "(fiscal ", "(i.e. ", "(that is, ". */
const RESTATING_OPEN = /^\s*\(\s*(?:(?:i\.\s?e\.?|that\s+is|or|also)\s*,?\s*)?(?:the\s+)?(?:fiscal\s+)?$/i;

/**
 * What sets a restatement beside its period without parentheses: ", i.e. fiscal Q1", ", that is Q2 FY25", "— fiscal Q1
 * 2025" (a bare comma joins a list, never a restatement), closed by the question's end or its punctuation.
 */
const APPOSED_OPEN =
  /^\s*(?:,\s*(?:i\.\s?e\.?|that\s+is|namely)|—\s*(?:(?:i\.\s?e\.?|that\s+is|namely)\b\.?)?)\s*,?\s*(?:the\s+)?(?:fiscal\s+)?$/i;
const APPOSED_CLOSE = /^\s*(?:$|[,;.?!—])/;

type Spec = PeriodPhrase['spec'];
/** The length a period phrase names, when it names one period of a known length (else null: no restatement). */
function lengthOf(s: Spec): 'quarter' | 'half' | 'nine_months' | 'year' | 'instant' | 'ttm' | null {
  const ofPosition = (p: string) => (/^Q[1-4]$/.test(p) ? 'quarter' : /^H[12]$/.test(p) ? 'half' : p === '9M' ? 'nine_months' : 'year');
  switch (s.type) {
    case 'fiscal':
      return s.year.style === 'span' ? null : ofPosition(s.position);
    case 'calendar':
    case 'latest_position':
      return ofPosition(s.position);
    case 'ended':
    case 'named_by_month':
      return s.length;
    case 'month_range':
      return namesQuarter(s) ? 'quarter' : null;
    case 'instant':
      return 'instant';
    case 'ttm':
      return 'ttm';
    default:
      return null;
  }
}

/**
 * "the quarter ended March 29, 2025 (Q2 FY25)", "the April–June 2025 quarter (fiscal Q3 2025)", "the September quarter
 * 2025 (fiscal Q4)", "TTM as of the end of fiscal Q1 2026 (April 30, 2025)": a period restated in parentheses is one
 * period, checked against the entity's calendar by the resolver (the same period answers, two periods are asked back).
 * Only periods of one length restate each other (a date restates a TTM's end or a date); a yearless position never
 * leads.
 */
function restated(p: PeriodPhrase, code: PeriodPhrase): Spec | null {
  const [a, b] = [lengthOf(p.spec), lengthOf(code.spec)];
  if (!a || !b || p.spec.type === 'latest_position') return null;
  const fits = a === b ? a !== 'ttm' : a === 'ttm' && (b === 'instant' || b === 'quarter');
  return fits ? { type: 'restated', spec: p.spec, as: code.spec, asText: code.text } : null;
}

/** "the September quarter of fiscal 2025 (Q4)": Q4 of fiscal 2025 ending in September; null when the code is no such check. */
function quarterCodeCheck(named: PeriodPhrase, code: PeriodPhrase): FiscalSpec | PeriodPhrase['spec'] | null {
  const n = named.spec;
  const c = code.spec;
  const position = c.type === 'latest_position' || c.type === 'fiscal' ? c.position : null;
  if (!position || !QUARTERS.has(position)) return null;
  if (n.type === 'named_by_month' && n.length === 'quarter' && n.yearKind === 'fiscal') {
    // a code with a fiscal year of its own must name the month-named quarter's year
    if (c.type === 'fiscal' && c.year.year !== n.year)
      return { type: 'invalid', reason: `“${named.text}” is in fiscal ${n.year}, and “${code.text}” names fiscal ${c.year.year}` };
    return { type: 'fiscal', position, year: { year: n.year, style: 'fiscal' }, endsIn: { month: n.month } };
  }
  if (n.type === 'named_by_month' && n.length === 'quarter' && c.type === 'fiscal' && c.year.style !== 'bare')
    return { ...c, endsIn: { month: n.month, year: n.year } };
  return null;
}

/**
 * "annual revenue FY2024", "average annual revenue FY2022-FY2024", "yearly net income for the last three
 * years": the word says the periods are fiscal years, which they are — placed only when every period is one.
 */
function claimAnnual(r: Reading, phrases: PeriodPhrase[]): void {
  const { ow, spans } = r;
  const yearLike = (p: PeriodPhrase) =>
    (p.spec.type === 'fiscal' && p.spec.position === 'FY') ||
    p.spec.type === 'bare_year' ||
    (p.spec.type === 'calendar' && p.spec.position === 'FY') ||
    p.spec.type === 'latest_years' ||
    (p.spec.type === 'relative' && p.spec.which === 'last_fiscal_year');
  const comparing = ow.growth.length + ow.change.length + ow.comparison.length + ow.cagr.length > 0;
  if (phrases.length === 0 || !phrases.every(yearLike) || comparing) return;
  for (const m of r.question.matchAll(/\b(?:annual|yearly)\b/gi))
    if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'period', 'FY');
}

/**
 * "each company's fiscal 2025", "in their respective fiscal 2025", "each on its own fiscal calendar": with several
 * companies, each period is resolved on each company's own calendar — what the planner does anyway, so the words
 * are placed as that. Their trailing "fiscal year" / "calendar" (no year of its own) only beside a period the
 * question names; with one company "each company's" is not placed (it blocks, named). A bare "each" before a period or
 * member noun ("each quarter") is an operation's word and is not read here.
 */
const OWN_CALENDAR =
  /\b(?:each\s+(?:company|firm|issuer|one|business|filer)['’]s(?:\s+(?:own|respective))?|each\s+(?:on|in|by|using|for)\s+(?:its|their)\s+own|for\s+each(?:\s+(?:company|firm|one|of\s+them))?(?=\s*[?.!]?\s*$)|(?:on|in|by|using)\s+(?:their|its)\s+(?:own|respective)|their\s+(?:own\s+)?respective|their\s+own(?=\s+(?:fiscal|financial|reporting)\b)|respective(?=\s+(?:fiscal|financial|reporting)\b)|each(?=\s*(?:$|[,.;:)?!]|(?:for|on|in|at|with|using|one|company|companies|firm|firms|of\s+them|respectively)\b))|(?:its|their)\s+own\b|respective(?:ly)?\b)/gi;
/** What may follow the owner words without a year: "fiscal year", "calendar", "reporting calendars". */
const OWN_TAIL = /^(?:\s+(?:fiscal|financial|reporting))?(?:\s+(?:calendars?|fiscal\s+years?|years?))?\b(?!\s*'?\d)/i;

/** The owner words' ranges ("each company's", "their respective"), with several companies only. */
function ownCalendarLeads(r: Reading): [number, number][] {
  if (r.entities.length < 2) return [];
  return [...r.question.matchAll(OWN_CALENDAR)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length]);
}

/**
 * "for their fiscal 2025 years", "Nike and P&G, fiscal 2024 quarters Q2": with several companies, the period's own
 * noun in the plural right after it says it is each company's own (a year after a year, quarters after a quarter).
 */
const PLURAL_OF: Record<string, RegExp> = {
  year: /^\s+(?:fiscal\s+)?years\b/i,
  quarter: /^\s+(?:fiscal\s+)?quarters\b/i,
  half: /^\s+halves\b/i,
};

function positionLength(spec: PeriodPhrase['spec']): 'year' | 'quarter' | 'half' | null {
  // "at the end of their respective fiscal 2025 years": the end of each company's own year
  if (spec.type === 'boundary') return positionLength(spec.ref);
  const position = spec.type === 'fiscal' || spec.type === 'calendar' ? spec.position : spec.type === 'bare_year' ? 'FY' : null;
  if (!position || (spec.type === 'fiscal' && spec.year.style === 'span')) return null;
  return position === 'FY' ? 'year' : /^Q[1-4]$/.test(position) ? 'quarter' : /^H[12]$/.test(position) ? 'half' : null;
}

function claimOwnCalendars(r: Reading, phrases: PeriodPhrase[]): void {
  const { spans, question } = r;
  if (r.entities.length >= 2)
    for (const p of phrases) {
      const length = positionLength(p.spec);
      const plural = length ? PLURAL_OF[length]?.exec(question.slice(p.end)) : null;
      if (!plural) continue;
      const s = p.end + plural[0].length - plural[0].trimStart().length;
      if (!spans.taken(s, p.end + plural[0].length)) spans.claim(s, p.end + plural[0].length, 'period', "each company's own");
    }
  for (const [s, lead] of ownCalendarLeads(r)) {
    const tail = phrases.length > 0 ? (OWN_TAIL.exec(question.slice(lead))?.[0].length ?? 0) : 0;
    spans.claimWords(s, lead + tail, 'period', "each company's own calendar");
  }
}

/** "using FY2025 operating profit": a period pinned to one operand of a derived metric. */
function pinnedPeriods(question: string, phrases: PeriodPhrase[]): Map<PeriodPhrase, string> {
  const pins = new Map<PeriodPhrase, string>();
  for (const p of phrases) {
    const before = question.slice(Math.max(0, p.start - 30), p.start).toLowerCase();
    // "using FY2025 gross profit and FY2024 revenue": a list of pinned operands
    if (
      !/\b(using|with|from|based on)\s+(the\s+)?(its\s+)?$/.test(before) &&
      !(pins.size > 0 && /\band\s+(the\s+)?(its\s+)?$/.test(before))
    )
      continue;
    const after = question.slice(p.end, p.end + 60);
    const m = matchMetrics(after).mentions[0];
    if (m && m.index <= 3 && m.ref.kind === 'base') pins.set(p, m.ref.id);
  }
  return pins;
}

/**
 * "the same year", "that quarter", "at year-end" without a year of its own: a reference back to the question's
 * period ("shares outstanding at year end" is the share count's own date, read by the formula reader).
 */
const SAME_PERIOD =
  /\b(?:(?:for|in|of|during|over)\s+)?(?:the\s+same|that)\s+(?:fiscal\s+)?(?:year|quarter|period)\b|(?<!outstanding\s)\b(?:at|as\s+of)\s+(?:the\s+)?(?:fiscal\s+)?year[- ]end\b(?!\s+(?:of\s+)?(?:fiscal\s+)?(?:fy)?\d)/gi;
/** A reference back to the question's one date ("at that date", "on the same day", "as of that point"). */
const SAME_DATE = /\b(?:at|on|as\s+(?:of|at))\s+(?:that|the\s+same)\s+(?:date|day|time|point(?:\s+in\s+time)?|balance[- ]sheet\s+date)\b/gi;

/**
 * "for the year", "during the fiscal year" with no year of its own, after a question that names one year ("based on
 * the FY2025 10-K, what was diluted EPS for the fiscal year?"): that year. Not "the year before/ended/to …", which
 * the period grammar and the thread read.
 */
const THE_YEAR =
  /\b(?:for|in|during|over|across)\s+the\s+(?:(?:whole|full|entire)\s+)?(?:fiscal\s+)?year\b(?!\s*(?:before|earlier|prior|ago|after|later|end|ended|ending|to|through|thru|until|-|–|\d))/gi;

/**
 * After the measures: a reference back to the period ("the diluted EPS for the same year", "total assets at
 * year-end") is placed as the question's period when the question names exactly one (a year-end only with a
 * year); with none or several it stays unplaced and blocks, naming its words.
 */
export const samePeriodReader: Reader = {
  name: 'period',
  read(r) {
    // "versus the same nine months of fiscal 2023": "same" before a period that names its own year adds nothing
    for (const p of r.phrases) {
      const same = /\b(?:the\s+)?same\s+$/i.exec(r.question.slice(Math.max(0, p.start - 12), p.start));
      if (!same || !/(?<!\d)(?:19|20)\d\d(?!\d)|\bfy\s*'?\d{2}(?!\d)/i.test(p.text)) continue;
      const s = p.start - same[0].length;
      if (!r.spans.taken(s, p.start))
        r.spans.claim(s, p.start - (same[0].length - same[0].trimEnd().length), 'period', `the period named after it: ${p.text}`);
    }
    const distinct = [...new Map(r.phrases.map((p) => [JSON.stringify(p.spec), p])).values()];
    const [only] = distinct;
    if (distinct.length !== 1 || !only) return null;
    // a year: a bare or fiscal year, or the year of an annual filing ("its 2024 annual report", "the FY2024 10-K")
    const spec = only.spec;
    const yearly =
      spec.type === 'bare_year' ||
      (spec.type === 'fiscal' && spec.position === 'FY') ||
      (spec.type === 'filing' && (spec.form === '10-K' || spec.form === 'annual') && typeof spec.which === 'number');
    // "… at the beginning of fiscal 2025 plus its marketable securities at that date": the one date the question names
    if (spec.type === 'boundary' || spec.type === 'instant')
      for (const m of r.question.matchAll(SAME_DATE)) {
        const s = m.index ?? 0;
        if (!r.spans.taken(s, s + m[0].length)) r.spans.claim(s, s + m[0].length, 'period', `the question's date: ${only.text}`);
      }
    for (const m of [...r.question.matchAll(SAME_PERIOD), ...(yearly ? r.question.matchAll(THE_YEAR) : [])]) {
      const s = m.index ?? 0;
      const e = s + m[0].length;
      if (/year[- ]end/i.test(m[0]) && !yearly) continue;
      if (!r.spans.taken(s, e)) r.spans.claim(s, e, 'period', `the question's period: ${only.text}`);
    }
    return null;
  },
};
