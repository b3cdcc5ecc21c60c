/**
 * Definitions stated in a question ("Define unadjusted EBITDA as unadjusted operating income +
 * depreciation and amortization", "retention ratio (using total cash dividends paid and net income)",
 * "Inventory turnover ratio is defined as: (FY2021 COGS) / (average inventory between FY2020 and
 * FY2021)"). Ledgerline computes derived measures by the ontology's formulas only, so a definition is
 * understood when it *agrees* with the formula of the measure it defines — the same operands (named
 * directly or as their base measures), only operators the formula uses, "average" only where the
 * formula averages a balance, and periods that are the question's own fiscal year (or the year
 * before it, for an averaged balance's opening). Such a clause is placed as a confirmation and adds
 * nothing to the plan. A definition that differs in any of these is not placed: its words stay
 * unplaced and block the answer (Ledgerline never answers by its own formula when asked for another).
 *
 * A basis clause after a ratio, its period or company between ("ROA on average total assets", "DSO for
 * fiscal 2026 (average receivables, 365 days)", "ROE, using average shareholders' equity") names some of
 * the formula's operands, the balances it averages, and the day count of a days measure: it agrees when
 * every operand it names is one of the formula's, "average" stands only before a balance the formula
 * averages, and a day count only beside a formula counting days. A stated day count ("365 days") is then
 * used in place of the days in the period.
 */
import { restatesMeasure } from '@/lib/ontology/vocabulary/gloss';
import type { PeriodPhrase } from '@/lib/fiscal';
import { getFormula, type Expr } from '@/lib/ontology/formulas';
import { isFiller } from './filler';
import { tokenize } from './spans';

export interface DefinitionMention {
  id: string;
  start: number;
  end: number;
  /** qualifier spans of the mention ("unadjusted") */
  extra?: { start: number; end: number }[];
}

export interface DefinitionRead {
  claims: { start: number; end: number; detail: string }[];
  /** indexes (into the given mentions) of the measures a definition consumed: neither the question's measure nor operands */
  mentions: Set<number>;
  /** period phrases inside definitions (checked against the question's own period) */
  phrases: Set<PeriodPhrase>;
  /** a day count a basis clause states ("365 days"), by the index of the measure it is stated for */
  dayCounts: Map<number, number>;
}

type Op = 'add' | 'sub' | 'mul' | 'div';

function walk(e: Expr, f: (x: Expr) => void): void {
  f(e);
  if ('average' in e) walk(e.average, f);
  if ('op' in e) for (const a of e.args) walk(a, f);
}

function directMeasures(e: Expr): string[] {
  const out: string[] = [];
  walk(e, (x) => {
    if ('measure' in x) out.push(x.measure);
  });
  return out;
}

interface Shape {
  leaves: Set<string>;
  ops: Set<Op>;
  averages: boolean;
  nested: Set<string>;
  /** the measures the formula (or one nested in it) takes the average balance of */
  averaged: Set<string>;
  /** the formula (or one nested in it) counts the days of its period */
  days: boolean;
}

/** Every formula node reachable from a measure id, nested formulas expanded. */
function expanded(id: string, seen = new Set<string>()): Shape {
  const shape: Shape = { leaves: new Set(), ops: new Set(), averages: false, nested: new Set(), averaged: new Set(), days: false };
  const f = getFormula(id);
  if (!f || seen.has(id)) return { ...shape, leaves: new Set([id]) };
  walk(f.formula, (x) => {
    if ('op' in x) shape.ops.add(x.op);
    if ('days' in x) shape.days = true;
    if ('average' in x) {
      shape.averages = true;
      for (const m of directMeasures(x.average)) shape.averaged.add(m);
    }
    if ('measure' in x) {
      shape.nested.add(x.measure);
      const sub = expanded(x.measure, new Set([...seen, id]));
      for (const l of sub.leaves) shape.leaves.add(l);
      for (const o of sub.ops) shape.ops.add(o);
      for (const n of sub.nested) shape.nested.add(n);
      for (const a of sub.averaged) shape.averaged.add(a);
      shape.averages ||= sub.averages;
      shape.days ||= sub.days;
    }
  });
  return shape;
}

const OPERATOR_WORDS: Record<string, Op> = {
  plus: 'add',
  minus: 'sub',
  less: 'sub',
  divided: 'div',
  over: 'div',
  times: 'mul',
  multiplied: 'mul',
};
const OPERATOR_SYMBOLS: Record<string, Op> = { '+': 'add', '-': 'sub', '−': 'sub', '/': 'div', '÷': 'div', '*': 'mul', '×': 'mul' };
/** Words a definition's body may hold besides measures, periods and operators. */
const BODY_WORDS = new Set('and by of the total sum between from to for using with its their a an average averaged mean'.split(' '));

const SENTENCE_END = /[.?!](?=\s|$)/g;

function sentenceEnd(question: string, from: number): number {
  SENTENCE_END.lastIndex = from;
  const m = SENTENCE_END.exec(question);
  return m ? m.index : question.length;
}

function yearOfPhrase(p: PeriodPhrase): number | null {
  // "at the end of FY2023": a balance at a fiscal year's end is that year's (the averaged balance's opening or closing)
  const spec = p.spec;
  if (spec.type === 'boundary' && spec.edge === 'end') return yearOfPhrase({ ...p, spec: spec.ref });
  const s = p.spec as { type: string; position?: string; year?: number | { year: number } };
  if (s.type === 'bare_year' && typeof s.year === 'number') return s.year;
  if (s.type === 'fiscal' && (s.position === 'FY' || s.position === undefined) && s.year && typeof s.year === 'object') return s.year.year;
  return null;
}

/**
 * The definitions of a question that agree with the ontology. `mentions` are the measure mentions in
 * question order; `phrases` the period phrases; `placed(start, end)` says whether a word is already
 * placed (an instruction such as "[from cash flow statement]").
 */
export function readDefinitions(
  question: string,
  mentions: DefinitionMention[],
  phrases: PeriodPhrase[],
  placed: (start: number, end: number) => boolean,
): DefinitionRead {
  const out: DefinitionRead = { claims: [], mentions: new Set(), phrases: new Set(), dayCounts: new Map() };
  const found: { start: number; end: number; defined: number; body: [number, number] }[] = [];
  mentions.forEach((m, i) => {
    const before = question.slice(Math.max(0, m.start - 30), m.start);
    const after = question.slice(m.end);
    let start = -1;
    let bodyStart = -1;
    let bodyEnd = -1;
    const lead = /\b(?:define|defining|calculate|calculating|compute|computing)\s+(?:the\s+)?$/i.exec(before);
    const as = /^\s+(?:as|using|with|from|by)\b\s*:?/i.exec(after);
    const isDefined = /^\s+(?:is|are|being|to\s+be)?\s*(?:defined|calculated|computed|measured)\s+(?:as|using|by)\b\s*:?/i.exec(after);
    const paren = /^\s*\(\s*(?:using|with|based\s+on|defined\s+as|calculated\s+(?:as|using)|computed\s+(?:as|using))\s+/i.exec(after);
    if (lead && as && (/^\s+as\b/i.test(as[0]) || /^(?:calculat|comput)/i.test(lead[0].trim()))) {
      start = m.start - lead[0].length;
      bodyStart = m.end + as[0].length;
      bodyEnd = sentenceEnd(question, bodyStart);
    } else if (isDefined) {
      start = m.start;
      bodyStart = m.end + isDefined[0].length;
      bodyEnd = sentenceEnd(question, bodyStart);
    } else if (paren) {
      start = m.end + after.indexOf('(');
      bodyStart = m.end + paren[0].length;
      const close = question.indexOf(')', bodyStart);
      if (close < 0) return;
      bodyEnd = close + 1;
    } else return;
    found.push({ start: start < 0 ? m.start : start, end: bodyEnd, defined: i, body: [bodyStart, bodyEnd] });
  });
  if (found.length === 0) return readBasisClauses(question, mentions, phrases, out);

  const insideAny = (s: number, e: number) => found.some((f) => f.start <= s && e <= f.end);
  const main = mentions.find((m) => !insideAny(m.start, m.end));
  if (!main) return out;
  const mainYears = phrases.filter((p) => !insideAny(p.start, p.end)).map(yearOfPhrase);

  for (const f of found) {
    const defined = mentions[f.defined]!;
    // the defined measure is the question's measure or one of its formula's operands
    if (main.id !== defined.id && !expanded(main.id).nested.has(defined.id)) continue;
    const formula = getFormula(defined.id);
    const shape = expanded(defined.id);
    const [bs, be] = f.body;
    const bodyMentions = mentions.map((m, i) => ({ m, i })).filter(({ m, i }) => i !== f.defined && m.start >= bs && m.end <= be);
    const bodyIds = new Set(bodyMentions.map(({ m }) => m.id));
    if (bodyIds.size === 0) continue;
    const direct = formula ? new Set(directMeasures(formula.formula)) : new Set<string>();
    const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));
    const operandsAgree = (bodyIds.size === 1 && bodyIds.has(defined.id)) || same(bodyIds, direct) || same(bodyIds, shape.leaves);
    if (!operandsAgree) continue;
    // operators: only those the formula uses
    const body = question.slice(bs, be);
    let opsAgree = true;
    for (const ch of body.replace(/\b[\w&]+-[\w&]+\b/g, ' ')) {
      const op = OPERATOR_SYMBOLS[ch];
      if (op && !shape.ops.has(op)) opsAgree = false;
    }
    // periods: the question's fiscal year, or the year before for an averaged balance
    const bodyPhrases = phrases.filter((p) => p.start >= bs && p.end <= be);
    const mainYear = mainYears.length === 1 ? mainYears[0] : null;
    const periodsAgree = bodyPhrases.every((p) => {
      const y = yearOfPhrase(p);
      return y !== null && mainYear != null && (y === mainYear || (shape.averages && y === mainYear - 1));
    });
    if (!opsAgree || !periodsAgree) continue;
    // every other word of the body is an operator word or a joining word
    const covered = (s: number, e: number) =>
      bodyMentions.some(({ m }) => (m.start <= s && e <= m.end) || (m.extra ?? []).some((x) => x.start <= s && e <= x.end)) ||
      bodyPhrases.some((p) => p.start <= s && e <= p.end) ||
      placed(s, e);
    const loose = tokenize(body)
      .map((t) => ({ ...t, start: t.start + bs, end: t.end + bs }))
      .filter((t) => !covered(t.start, t.end))
      .filter((t) => {
        const op = OPERATOR_WORDS[t.lower];
        if (op) return !shape.ops.has(op);
        if (/^(?:average|averaged|mean)$/.test(t.lower)) return !shape.averages;
        return !(BODY_WORDS.has(t.lower) || isFiller(t.lower));
      });
    if (loose.length > 0) continue;
    out.claims.push({ start: f.start, end: f.end, detail: `definition of ${defined.id} (agrees with the ontology formula)` });
    // a definition sentence restates its measure ("Define EBITDA as …"); a bracket after the question's measure does not
    if (defined.start >= f.start) out.mentions.add(f.defined);
    for (const { i } of bodyMentions) out.mentions.add(i);
    for (const p of bodyPhrases) out.phrases.add(p);
  }
  return readBasisClauses(question, mentions, phrases, out);
}

/** Words a basis clause opens with, after the measure (and its period): "on", "using", "(", ", based on". */
const BASIS_LEAD =
  /^\s*(?:,\s*)?(\(\s*)?(?:(?:calculated|computed|measured)\s+)?((?:on|using|with|based\s+on|over)\s+)?(?:an?\s+|the\s+)?/i;
/** A stated day count: "365 days", "365-day year", "a 360 day year". */
const DAY_COUNT = /\b(365|360)[- ]?days?\b(?:\s+year\b)?/gi;
const AVERAGE_WORD = /^(?:average|averaged|mean)$/;
/** Words of a basis clause besides operands, averaging words and day counts. */
const BASIS_WORDS = new Set([
  ...BODY_WORDS,
  'on',
  'over',
  'balance',
  'balances',
  'basis',
  'year',
  'day',
  'days',
  'opening',
  'closing',
  'beginning',
  'ending',
  'end',
]);

/** Where a clause after a measure starts: past the measure's period phrases (", fiscal 2026", "for fiscal 2025"). */
function pastPeriods(question: string, from: number, phrases: PeriodPhrase[]): number {
  let at = from;
  for (;;) {
    const lead = /^\s*,?\s*(?:(?:for|in|during)\s+)?/i.exec(question.slice(at))?.[0].length ?? 0;
    // the phrase as the period reader took it, with or without the word that leads it
    const p = phrases.find((x) => x.start >= at && x.start <= at + lead && x.end > at + lead);
    if (!p) return at;
    at = p.end;
  }
}

/** The basis clauses after the question's ratios that agree with their formulas (see the module comment). */
function readBasisClauses(question: string, mentions: DefinitionMention[], phrases: PeriodPhrase[], out: DefinitionRead): DefinitionRead {
  const taken = (s: number, e: number) => out.claims.some((c) => s < c.end && c.start < e);
  mentions.forEach((m, i) => {
    const shape = expanded(m.id);
    if (!getFormula(m.id) || (!shape.averages && !shape.days) || out.mentions.has(i)) return;
    const start = pastPeriods(question, m.end, phrases);
    const lead = BASIS_LEAD.exec(question.slice(start));
    if (!lead) return;
    const bs = start + lead[0].length;
    const close = lead[1] ? question.indexOf(')', bs) : -1;
    if (lead[1] && close < 0) return;
    // "on average equity for fiscal 2023": the period said after the clause is the question's, no part of it
    const after = lead[1]
      ? null
      : phrases.filter((p) => p.start >= bs && p.start < sentenceEnd(question, bs)).sort((a, b) => a.start - b.start)[0];
    const be = lead[1]
      ? close
      : after
        ? bs + question.slice(bs, after.start).replace(/[\s,]*(?:\b(?:for|in|during|over|at)\s+(?:the\s+)?)?$/i, '').length
        : sentenceEnd(question, bs);
    const body = question.slice(bs, be);
    // without a bracket or a leading word the clause starts with what it states ("…, average assets")
    if (!lead[1] && !lead[2] && !/^(?:average|averaged|mean|365|360)\b/i.test(body)) return;
    if (!body.trim() || taken(start, be)) return;
    const clause = readBasis(question, [bs, be], shape, mentions, i, phrases);
    if (!clause) return;
    const end = lead[1] ? close + 1 : be;
    out.claims.push({
      start: start + (/^\s*/.exec(question.slice(start))?.[0].length ?? 0),
      end,
      detail: `basis of ${m.id} (agrees with the ontology formula)`,
    });
    for (const j of clause.mentions) out.mentions.add(j);
    if (clause.days) out.dayCounts.set(i, clause.days);
  });
  return out;
}

/**
 * A basis clause's body read against the formula's shape: the operand mentions it holds (all the formula's),
 * its stated day count; null when a word of it names anything else.
 */
function readBasis(
  question: string,
  [bs, be]: [number, number],
  shape: Shape,
  mentions: DefinitionMention[],
  self: number,
  phrases: PeriodPhrase[],
): { mentions: number[]; days: number | null } | null {
  const operands = new Set([...shape.nested, ...shape.leaves]);
  const inside = mentions.map((m, j) => ({ m, j })).filter(({ m, j }) => j !== self && m.start >= bs && m.end <= be);
  if (inside.some(({ m }) => !operands.has(m.id))) return null;
  if (phrases.some((p) => p.start >= bs && p.end <= be)) return null;
  const body = question.slice(bs, be);
  let days: number | null = null;
  const counts: [number, number][] = [];
  for (const d of body.matchAll(DAY_COUNT)) {
    if (!shape.days || (days !== null && days !== Number(d[1]))) return null;
    days = Number(d[1]);
    counts.push([bs + d.index, bs + d.index + d[0].length]);
  }
  for (const ch of body.replace(/\b[\w&]+-[\w&]+\b/g, ' ')) {
    const op = OPERATOR_SYMBOLS[ch];
    if (op && !shape.ops.has(op)) return null;
  }
  // the operands a word names: a mention's, or those with the word among their own names ("equity", "payables")
  const operandsAt = (t: { start: number; end: number; text: string }): string[] => {
    const mention = inside.find(({ m }) => m.start <= t.start && t.end <= m.end)?.m.id;
    return mention ? [mention] : [...operands].filter((o) => restatesMeasure(t.text, o));
  };
  const tokens = tokenize(body).map((t) => ({ ...t, start: t.start + bs, end: t.end + bs }));
  let named = 0;
  for (const [k, t] of tokens.entries()) {
    if (counts.some(([a, b]) => a <= t.start && t.end <= b)) continue;
    const op = OPERATOR_WORDS[t.lower];
    if (op) {
      if (!shape.ops.has(op)) return null;
      continue;
    }
    if (AVERAGE_WORD.test(t.lower)) {
      if (!shape.averages || !averagesBalance(tokens, k, operandsAt, shape)) return null;
      continue;
    }
    if (operandsAt(t).length > 0) {
      named++;
      continue;
    }
    if (!(BASIS_WORDS.has(t.lower) || isFiller(t.lower))) return null;
  }
  if (named === 0 && days === null && !/\b(?:average|averaged|mean)\b/i.test(body)) return null;
  return { mentions: inside.map(({ j }) => j), days };
}

/** Words between an averaging word and the balance it averages ("the mean of opening and closing total assets"). */
const AVERAGING_WORDS = new Set([...BODY_WORDS, 'opening', 'closing', 'beginning', 'end', 'over', 'on']);

/**
 * Whether the averaging word at `k` stands with a balance the formula averages: "average total assets",
 * "the mean of opening and closing total assets", "average balances", "equity averaged over the opening and
 * closing balances" (the balance before the participle), "net income / that average" (a back-reference).
 */
function averagesBalance(
  tokens: { lower: string; text: string; start: number; end: number }[],
  k: number,
  operandsAt: (t: { start: number; end: number; text: string }) => string[],
  shape: Shape,
): boolean {
  const averaged = (what: string[]) => what.some((w) => shape.averaged.has(w) || averagedWithin(w, shape));
  const next = tokens.slice(k + 1).find((x) => !AVERAGING_WORDS.has(x.lower));
  const prev = tokens[k - 1];
  const nextOperands = next ? operandsAt(next) : [];
  const prevOperands = prev ? operandsAt(prev) : [];
  // the balance after the word, else the one before it ("equity averaged over …", "equity average")
  if (nextOperands.length > 0) return averaged(nextOperands);
  if (prevOperands.length > 0) return averaged(prevOperands);
  if (!next) return prev?.lower === 'that' || prev?.lower === 'the';
  return /^balances?$/.test(next.lower);
}

/** A nested formula whose own balances are averaged ("DSO" inside the cash conversion cycle). */
function averagedWithin(id: string, shape: Shape): boolean {
  return shape.nested.has(id) && expanded(id).averages;
}
