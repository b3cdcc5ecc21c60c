/**
 * The period-phrase grammar: finds period phrases in free text and parses each into a
 * calendar-independent {@link PeriodSpec}. Resolution against an entity's calendar happens in
 * `resolve-period.ts`; nothing here needs a calendar, so the planner can extract spans first.
 */
import type { ISODate } from '@/lib/domain/types';
import { DATE_SOURCE, parseDateText } from './parse-date';
import type { FiscalPosition } from './positions';

/** A year reference: `FY2026`/`fiscal 2026` (fiscal), `2026` (bare), `FY2025-26` (span). */
export interface YearRef {
  year: number;
  style: 'fiscal' | 'bare' | 'span';
  /** second year of a span ("FY2025-26" → 2026) */
  spanEnd?: number;
}

/** What a relative phrase refers to. */
export type RelativeWhich =
  | 'last_fiscal_year'
  | 'latest_quarter'
  | 'prior_year'
  | 'prior_quarter'
  | 'year_ago_quarter'
  | 'ytd';

/** Length named by an "… ended <date>" phrase. */
export type EndedLength = 'year' | 'quarter' | 'half' | 'nine_months';

/** Calendar-independent meaning of a period phrase. */
export type PeriodSpec =
  | { type: 'fiscal'; position: FiscalPosition; year: YearRef }
  | { type: 'calendar'; position: FiscalPosition; year: number }
  | { type: 'bare_year'; year: number }
  | { type: 'transition'; year: number }
  | { type: 'ended'; length: EndedLength; date: ISODate }
  | { type: 'instant'; date: ISODate }
  | { type: 'boundary'; edge: 'start' | 'end'; ref: PeriodSpec }
  | { type: 'ttm'; ref: PeriodSpec | null }
  | { type: 'relative'; which: RelativeWhich }
  /** a position without a year ("Q3", "first half"): the latest one reported */
  | { type: 'latest_position'; position: FiscalPosition }
  | { type: 'invalid'; reason: string };

/** A period phrase found in text: `text` = `source.slice(start, end)`. */
export interface PeriodPhrase {
  text: string;
  start: number;
  end: number;
  rule: string;
  spec: PeriodSpec;
}

// ── regex sources (no capture groups; embedded in the rules below) ─────────────────────────────
const POS =
  '(?:q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th)\\s+(?:fiscal\\s+)?quarter' +
  '|h[12]|[12]h|(?:first|second|1st|2nd)\\s+(?:fiscal\\s+)?half(?:[- ]year)?' +
  '|(?:first\\s+)?(?:nine|9)[- ]months?(?:\\s+(?:ytd|year[- ]to[- ]date))?|9m(?:\\s+ytd)?|ytd\\s+q3|q3\\s+ytd)';
const FYREF =
  "(?:fy|f\\.y\\.|fiscal(?:\\s+year)?|financial\\s+year)\\s*[-']?\\s*(?:\\d{4}|\\d{2})(?:\\s*[-–/]\\s*(?:\\d{4}|\\d{2})(?!\\d))?(?!\\d)";
const YREF = `(?:${FYREF}|(?:19|20)\\d{2}(?!\\d)|'\\d{2}(?!\\d))`;
const JOIN = '(?:\\s*[,-]?\\s*|\\s+of\\s+(?:the\\s+)?)';
const POSYEAR = `${POS}${JOIN}${YREF}`;
const COMPACT = "(?:[1-4]q|[12]h)\\s*'?\\d{2}(?!\\d)";
const REVERSE = `${FYREF}\\s*[-\\s]?\\s*(?:q[1-4]|h[12]|9m)`;
const CYREF = "(?:cy|calendar(?:\\s+year)?)\\s*'?(?:\\d{4}|\\d{2})(?!\\d)";
const CYPOS =
  `(?:${POS}${JOIN}${CYREF}|cq[1-4]\\s*'?(?:\\d{4}|\\d{2})(?!\\d)` +
  "|(?:calendar|cy)\\s*(?:q[1-4]|h[12])\\s*'?(?:\\d{4}|\\d{2})(?!\\d))";
const YEAR4 = '(?:19|20)\\d{2}(?!\\d)';
const TTMWORD =
  '(?:ttm|ltm|trailing[- ](?:twelve|12)[- ]months?|last[- ](?:twelve|12)[- ]months)';
const LATEST_Q = '(?:latest|last|most\\s+recent)\\s+(?:reported\\s+)?(?:fiscal\\s+)?quarter';
const ENDED_WHAT =
  '(?:fiscal\\s+year|financial\\s+year|fy|year|twelve\\s+months|12\\s+months|fiscal\\s+quarter|quarter' +
  '|three\\s+months|3\\s+months|six\\s+months|6\\s+months|half[- ]year|nine\\s+months|9\\s+months)';

const B = '(?<![\\w$])'; // phrase start boundary
const E = '(?![\\w%])'; // phrase end boundary

// ── small parsers ──────────────────────────────────────────────────────────────────────────────
/** Expands a two-digit year: 00–69 → 2000s, 70–99 → 1900s. */
export function expandYear(digits: string): number {
  const n = Number(digits);
  if (digits.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

function parsePosition(text: string): FiscalPosition {
  const t = text.toLowerCase();
  if (/nine|9m|9[- ]month|ytd\s+q3|q3\s+ytd/.test(t)) return '9M';
  if (/half|h[12]|[12]h/.test(t)) return /second|2nd|h2|2h/.test(t) ? 'H2' : 'H1';
  const digit = /q([1-4])|([1-4])q/.exec(t);
  if (digit) return `Q${digit[1] ?? digit[2]}` as FiscalPosition;
  if (/second|2nd/.test(t)) return 'Q2';
  if (/third|3rd/.test(t)) return 'Q3';
  if (/fourth|4th/.test(t)) return 'Q4';
  return 'Q1';
}

function parseYearRef(text: string): YearRef | { invalid: string } {
  const t = text.toLowerCase().trim();
  const nums = t.match(/\d{4}|\d{2}/g) ?? [];
  const first = expandYear(nums[0]!);
  const fiscal = /^(?:fy|f\.y\.|fiscal|financial)/.test(t);
  if (nums.length < 2) return { year: first, style: fiscal ? 'fiscal' : 'bare' };
  const raw = nums[1]!;
  const second = raw.length === 4 ? Number(raw) : Math.floor(first / 100) * 100 + Number(raw) + (Number(raw) < first % 100 ? 100 : 0);
  if (second !== first + 1) return { invalid: `"${text.trim()}" spans ${first}–${second}, not one fiscal year` };
  return { year: first, style: 'span', spanEnd: second };
}

function fiscalSpec(posText: string | null, yearText: string): PeriodSpec {
  const year = parseYearRef(yearText);
  if ('invalid' in year) return { type: 'invalid', reason: year.invalid };
  return { type: 'fiscal', position: posText ? parsePosition(posText) : 'FY', year };
}

function dateSpec(text: string, build: (date: ISODate) => PeriodSpec): PeriodSpec {
  const date = parseDateText(text);
  return date ? build(date) : { type: 'invalid', reason: `"${text}" is not a valid date` };
}

function endedLength(what: string): EndedLength {
  const t = what.toLowerCase();
  if (/quarter|three|3/.test(t)) return 'quarter';
  if (/six|6|half/.test(t)) return 'half';
  if (/nine|9/.test(t)) return 'nine_months';
  return 'year';
}

/** Parses a sub-phrase (a rule's `ref` group) by the first rule matching it whole. */
function parseWhole(text: string): PeriodSpec {
  for (const rule of RULES) {
    const m = new RegExp(`^(?:${rule.source})$`, 'i').exec(text.trim());
    if (m) return rule.build(m.groups ?? {}, m[0]);
  }
  return { type: 'invalid', reason: `cannot read "${text}" as a period` };
}

// ── rules ─────────────────────────────────────────────────────────────────────────────────────
interface Rule {
  name: string;
  source: string;
  build: (g: Record<string, string | undefined>, whole: string) => PeriodSpec;
}

const REF_FISCAL = `${POSYEAR}|${COMPACT}|${REVERSE}|${FYREF}`;

const RULES: Rule[] = [
  {
    name: 'ttm',
    source: `${TTMWORD}(?:\\s*[(,]?\\s*(?:(?:as\\s+(?:of|at)|ended|ending|through|to|at|for|in)\\s+)?(?:the\\s+)?(?<ref>${REF_FISCAL}|${DATE_SOURCE}|${LATEST_Q}))?`,
    build: (g) => {
      if (!g.ref) return { type: 'ttm', ref: null };
      const ref = parseWhole(g.ref);
      return ref.type === 'invalid' ? ref : { type: 'ttm', ref };
    },
  },
  {
    name: 'boundary',
    source: `(?:(?:as\\s+(?:of|at)|at)\\s+(?:the\\s+)?)?(?<edge>end|close|beginning|start)\\s+of\\s+(?:the\\s+)?(?<ref>${REF_FISCAL}|${CYPOS}|${CYREF}|${YEAR4})`,
    build: (g) => {
      const ref = parseWhole(g.ref!);
      if (ref.type === 'invalid') return ref;
      const edge = /end|close/i.test(g.edge!) ? 'end' : 'start';
      return { type: 'boundary', edge, ref };
    },
  },
  {
    name: 'ended',
    source: `(?<what>${ENDED_WHAT})\\s+(?:ended|ending)\\s+(?:on\\s+)?(?<date>${DATE_SOURCE})`,
    build: (g) => dateSpec(g.date!, (date) => ({ type: 'ended', length: endedLength(g.what!), date })),
  },
  {
    name: 'as_of',
    source: `(?:as\\s+(?:of|at)|at|on)\\s+(?:the\\s+)?(?<date>${DATE_SOURCE})`,
    build: (g) => dateSpec(g.date!, (date) => ({ type: 'instant', date })),
  },
  {
    name: 'calendar_position',
    source: `(?<pos>${POS})${JOIN}(?<cy>${CYREF})`,
    build: (g) => ({ type: 'calendar', position: parsePosition(g.pos!), year: expandYear(g.cy!.match(/\d{4}|\d{2}/)![0]) }),
  },
  {
    name: 'calendar_quarter',
    source: `(?:cq(?<q>[1-4])|(?:calendar|cy)\\s*(?<pos>q[1-4]|h[12]))\\s*'?(?<y>\\d{4}|\\d{2})(?!\\d)`,
    build: (g) => ({ type: 'calendar', position: parsePosition(g.q ? `q${g.q}` : g.pos!), year: expandYear(g.y!) }),
  },
  {
    name: 'fiscal_position',
    source: `(?<pos>${POS})${JOIN}(?<yr>${YREF})`,
    build: (g) => fiscalSpec(g.pos!, g.yr!),
  },
  {
    name: 'fiscal_compact',
    source: `(?<pos>[1-4]q|[12]h)\\s*'?(?<yy>\\d{2})(?!\\d)`,
    build: (g) => ({ type: 'fiscal', position: parsePosition(g.pos!), year: { year: expandYear(g.yy!), style: 'fiscal' } }),
  },
  {
    name: 'fiscal_reverse',
    source: `(?<yr>${FYREF})\\s*[-\\s]?\\s*(?<pos>q[1-4]|h[12]|9m)`,
    build: (g) => fiscalSpec(g.pos!, g.yr!),
  },
  {
    name: 'fiscal_year',
    source: `(?<yr>${FYREF})`,
    build: (g) => fiscalSpec(null, g.yr!),
  },
  {
    name: 'calendar_year',
    source: `(?<cy>${CYREF})`,
    build: (g) => ({ type: 'calendar', position: 'FY', year: expandYear(g.cy!.match(/\d{4}|\d{2}/)![0]) }),
  },
  {
    name: 'transition',
    source: 'transition\\s+period\\s+(?<y>\\d{4})(?!\\d)',
    build: (g) => ({ type: 'transition', year: Number(g.y) }),
  },
  {
    name: 'year_ago_quarter',
    source:
      '(?:(?:same|corresponding)\\s+quarter\\s+(?:of\\s+)?(?:last|the\\s+prior|the\\s+previous|a|the\\s+preceding)\\s+year(?:\\s+ago)?' +
      '|year[- ]ago\\s+quarter|prior[- ]year\\s+quarter)',
    build: () => ({ type: 'relative', which: 'year_ago_quarter' }),
  },
  {
    name: 'last_fiscal_year',
    source:
      '(?:(?:last|latest|most\\s+recent)\\s+(?:(?:full|complete|completed|reported)\\s+)?(?:fiscal|financial)\\s+year' +
      '|(?:latest|most\\s+recent)\\s+(?:(?:full|complete|completed|reported)\\s+)?year|last\\s+(?:full|complete|completed|reported)\\s+year)',
    build: () => ({ type: 'relative', which: 'last_fiscal_year' }),
  },
  {
    name: 'latest_quarter',
    source: LATEST_Q,
    build: () => ({ type: 'relative', which: 'latest_quarter' }),
  },
  {
    name: 'prior_quarter',
    source: '(?:(?:prior|previous|preceding|sequential)\\s+(?:fiscal\\s+)?quarter)',
    build: () => ({ type: 'relative', which: 'prior_quarter' }),
  },
  {
    name: 'prior_year',
    source:
      '(?:(?:prior|previous|preceding)\\s+(?:fiscal\\s+|financial\\s+)?year|last\\s+year|year[- ]ago(?:\\s+period)?|a\\s+year\\s+(?:ago|earlier)|prior[- ]year\\s+period)',
    build: () => ({ type: 'relative', which: 'prior_year' }),
  },
  {
    name: 'ytd',
    source: '(?:ytd|year[- ]to[- ]date)',
    build: () => ({ type: 'relative', which: 'ytd' }),
  },
  {
    name: 'position_only',
    source:
      '(?<pos>q[1-4]|[1-4]q|h[12]|[12]h|9m|(?:first|second|third|fourth|1st|2nd|3rd|4th)\\s+(?:fiscal\\s+)?quarter|(?:first|second|1st|2nd)\\s+(?:fiscal\\s+)?half)',
    build: (g) => ({ type: 'latest_position', position: parsePosition(g.pos!) }),
  },
  {
    name: 'date',
    source: `(?<date>${DATE_SOURCE})`,
    build: (g) => dateSpec(g.date!, (date) => ({ type: 'instant', date })),
  },
  {
    name: 'bare_year',
    source: `(?<![.,€£₹'])(?<y>${YEAR4})(?![.,]\\d)`,
    build: (g) => ({ type: 'bare_year', year: Number(g.y) }),
  },
];

const COMPILED = RULES.map((rule, priority) => ({
  rule,
  priority,
  re: new RegExp(`${B}(?:${rule.source})${E}`, 'gi'),
}));

/**
 * Finds the period phrases in a question, longest first, without overlaps, in text order.
 * E.g. "operating margin in FY2026 vs the prior year" → ["FY2026", "prior year"].
 */
export function extractPeriodPhrases(question: string): PeriodPhrase[] {
  const found: (PeriodPhrase & { priority: number })[] = [];
  for (const { rule, priority, re } of COMPILED) {
    re.lastIndex = 0;
    for (const m of question.matchAll(re)) {
      const start = m.index;
      found.push({
        text: m[0],
        start,
        end: start + m[0].length,
        rule: rule.name,
        spec: rule.build(m.groups ?? {}, m[0]),
        priority,
      });
    }
  }
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || a.priority - b.priority || a.start - b.start);
  const chosen: PeriodPhrase[] = [];
  for (const f of found) {
    if (chosen.some((c) => f.start < c.end && c.start < f.end)) continue;
    const { priority: _priority, ...phrase } = f;
    chosen.push(phrase);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/** Parses one phrase that must make up the whole text; null when it does not. */
export function parsePeriodPhrase(text: string): PeriodSpec | null {
  const trimmed = text.trim();
  const phrases = extractPeriodPhrases(trimmed);
  return phrases.length === 1 && phrases[0]!.start === 0 && phrases[0]!.end === trimmed.length ? phrases[0]!.spec : null;
}
