/**
 * Words that look temporal. The planner blocks a numeric answer on any of them that no period
 * phrase covers, so this list is deliberately generous: a month, a quarter, a half, months, weeks,
 * years, "fiscal", FY/CY-like codes, ended/ending/through, "to date", "as of", YTD/TTM/LTM, ordinals,
 * four-digit years, 'YY, filing forms, and numbers written next to any of these.
 */
import type { PeriodPhrase } from './period-spec';
import { glued, tokenize, type Tok } from './tokens';

/** A temporal-looking word: `word` = `source.slice(start, end)`. */
export interface TemporalWordSpan {
  start: number;
  end: number;
  word: string;
}

const MONTHS = new Set([
  'jan',
  'january',
  'feb',
  'february',
  'mar',
  'march',
  'apr',
  'april',
  'jun',
  'june',
  'jul',
  'july',
  'aug',
  'august',
  'sep',
  'sept',
  'september',
  'oct',
  'october',
  'nov',
  'november',
  'dec',
  'december',
]);
const WORDS = new Set([
  'quarter',
  'quarters',
  'quarterly',
  'qtr',
  'qtrs',
  'half',
  'halves',
  'halfyear',
  'semiannual',
  'biannual',
  'month',
  'months',
  'monthly',
  'mos',
  'week',
  'weeks',
  'weekly',
  'day',
  'days',
  'year',
  'years',
  'yearly',
  'annual',
  'annually',
  'yr',
  'yrs',
  'fiscal',
  'fy',
  'fye',
  'cy',
  'fq',
  'cq',
  'fyq',
  'ended',
  'ending',
  'ends',
  'through',
  'thru',
  'until',
  'ytd',
  'qtd',
  'mtd',
  'ttm',
  'ltm',
  'ntm',
  'mrq',
  'mry',
  'trailing',
  'rolling',
  'first',
  'second',
  'third',
  'fourth',
  'final',
  'period',
  'periods',
  'ago',
  'yearend',
  'h1',
  'h2',
  'q1',
  'q2',
  'q3',
  'q4',
  'transition',
  'calendar',
  'financial',
  'interim',
  'midyear',
]);
/** Spelled-out numbers that count periods ("nine months", "four quarters", "fifty-two weeks"). */
const NUMBER_WORDS = new Set([
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'twenty',
  'thirty',
  'fifty',
  'fiftytwo',
  'fiftythree',
]);

interface Word {
  start: number;
  end: number;
  text: string;
  toks: Tok[];
}

/** Alphanumeric words (morphemes of one word joined back) and single marks. */
function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  for (const t of tokenize(text)) {
    const last = out[out.length - 1];
    if (last && t.kind !== 'punct' && last.toks[0]!.kind !== 'punct' && last.toks[last.toks.length - 1]!.word === t.word) {
      last.end = t.end;
      last.text = text.slice(last.start, last.end);
      last.toks.push(t);
    } else out.push({ start: t.start, end: t.end, text: t.text, toks: [t] });
  }
  return out;
}

/** Codes such as Q3, 3Q24, 1H25, FY2025, 9M22, F3Q25, CY21, 2020Q3, 1st…4th, 10-K parts. */
function isCode(w: Word): boolean {
  const l = w.text.toLowerCase();
  if (!/\d/.test(l) || !/[a-z]/.test(l)) return false;
  if (/^(?:[1-4](?:st|nd|rd|th))$/.test(l)) return true;
  if (/^[qh][1-4]00$/.test(l)) return false; // product names such as H100, not H1 '00
  return (
    /^(?:f|c)?(?:q[1-4]|[1-4]q|h[12]|[12]h|[369]m|12m)(?:fy)?(?:\d{2}|\d{4})?[ae]?$/.test(l) ||
    /^(?:fy|fye|cy|f)(?:\d{2}|\d{4})(?:q[1-4]|h[12]|[ae])?$/.test(l) ||
    /^(?:19|20)\d{2}(?:q[1-4]|h[12])$/.test(l) ||
    /^f?q[1-4]$/.test(l) ||
    /^10[kq]s?$/.test(l)
  );
}

function isYearNumber(w: Word, prev: Word | undefined): boolean {
  if (!/^\d{4}$/.test(w.text)) return false;
  const n = Number(w.text);
  if (n < 1900 || n > 2099) return false;
  // amounts: $2026, 2,024, 2024.5
  return !(prev && prev.end === w.start && /^[$€£₹,.]$/.test(prev.text));
}

function isTemporal(words: Word[], k: number): boolean {
  const w = words[k]!;
  const l = w.text.toLowerCase();
  if (w.toks[0]!.kind === 'punct') return false;
  if (MONTHS.has(l) || WORDS.has(l) || isCode(w) || isYearNumber(w, words[k - 1])) return true;
  // "May" only next to a number ("May 2024", "31 May")
  if (l === 'may') return [words[k - 1], words[k + 1]].some((n) => n && /^\d{1,4}$/.test(n.text));
  return false;
}

/**
 * Every token of `question` that looks temporal, in text order. Multi-word markers ("as of", "as
 * at", "to date", "year-to-date") come as one span; a number or number word written next to a
 * temporal word ("nine months", "June 30", "12-month", "'24") is reported too.
 */
export function temporalWordSpans(question: string): TemporalWordSpan[] {
  const words = wordsOf(question);
  const mark = new Array<boolean>(words.length).fill(false);
  /** word k and word k+1 form one span */
  const join = new Array<boolean>(words.length).fill(false);
  for (let k = 0; k < words.length; k++) if (isTemporal(words, k)) mark[k] = true;
  const low = (k: number) => words[k]?.text.toLowerCase();
  for (let k = 0; k < words.length; k++) {
    const l = low(k);
    // as of / as at
    if (l === 'as' && (low(k + 1) === 'of' || low(k + 1) === 'at')) mark[k] = mark[k + 1] = join[k] = true;
    // to date / to-date
    if (l === 'to' && low(k + 1) === 'date') mark[k] = mark[k + 1] = join[k] = true;
    if (l === 'to' && low(k + 1) === '-' && low(k + 2) === 'date') mark[k] = mark[k + 1] = mark[k + 2] = join[k] = join[k + 1] = true;
    // 10-K, 10-Q
    if (l === '10' && low(k + 1) === '-' && /^(?:k|q|ks|qs)$/.test(low(k + 2) ?? ''))
      mark[k] = mark[k + 1] = mark[k + 2] = join[k] = join[k + 1] = true;
    // 'YY
    if (/^['’‘]$/.test(words[k]!.text) && /^\d{2}$/.test(words[k + 1]?.text ?? '') && glued(words[k]!.toks[0], words[k + 1]!.toks[0]))
      mark[k] = mark[k + 1] = join[k] = true;
  }
  // numbers (and number words) next to a temporal word, across one hyphen, comma or slash
  const isNumberish = (w: Word | undefined) =>
    !!w && (/^\d{1,4}$/.test(w.text) || NUMBER_WORDS.has(w.text.toLowerCase()) || /^\d{1,2}(?:st|nd|rd|th)$/i.test(w.text));
  let changed = true;
  while (changed) {
    changed = false;
    for (let k = 0; k < words.length; k++) {
      if (mark[k] || !isNumberish(words[k])) continue;
      for (const d of [-1, 1]) {
        let j = k + d;
        if (words[j] && /^[-–,/]$/.test(words[j]!.text)) j += d;
        if (words[j] && mark[j] && words[j]!.toks[0]!.kind !== 'punct' && !/^(?:as|of|at|to|date)$/.test(low(j) ?? '')) {
          mark[k] = true;
          changed = true;
          break;
        }
      }
    }
  }
  const out: TemporalWordSpan[] = [];
  for (let k = 0; k < words.length; k++) {
    if (!mark[k]) continue;
    const w = words[k]!;
    const prev = out[out.length - 1];
    if (prev && k > 0 && join[k - 1] && mark[k - 1]) {
      prev.end = w.end;
      prev.word = question.slice(prev.start, prev.end);
      continue;
    }
    if (w.toks[0]!.kind === 'punct' && !join[k]) continue;
    out.push({ start: w.start, end: w.end, word: w.text });
  }
  return out;
}

/** The text ranges a period phrase covers: its parts, or its whole span. */
export function phraseRanges(p: PeriodPhrase): [number, number][] {
  return p.parts ?? [[p.start, p.end]];
}

/**
 * The temporal-looking words of `question` that no range of `covered` contains — what the planner
 * must ask about. Pass the ranges of the period phrases (see {@link phraseRanges}), of a year range
 * (`yearRangeSpan`), and of anything else the planner understood (operations such as
 * "quarter-over-quarter", series words such as "each fiscal year", basis phrases).
 */
export function uncoveredTemporalWords(question: string, covered: readonly (readonly [number, number])[]): TemporalWordSpan[] {
  return temporalWordSpans(question).filter((w) => !covered.some(([a, b]) => a <= w.start && w.end <= b));
}
