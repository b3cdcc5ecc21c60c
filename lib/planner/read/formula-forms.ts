/**
 * Forms a stated formula takes around its grammar (./formula reads it): a definition opened by a verb ("Define X
 * as …", "Let X = …") and its name said again later, a ratio the measure reader took whole from its written-out
 * terms inside a longer formula, a bracket of instruction words, and the number of times a balance turns.
 */
import { FORMULAS } from '@/lib/ontology/formulas';
import { INSTRUCTION_DASH } from '../operations';
import type { MetricRef } from '../types';
import { DEFINE_AS, DEFINE_LEAD, type FormulaOp, HOW_MANY_TIMES, OPERATORS, TURN } from './formula-lexicon';
import type { Item } from './formula-parse';
import { refOf } from './measure';
import type { MeasureAt, Reading } from './types';

/** Where the formula is and what it defines: the name before a definition marker, or none. */
export interface Region {
  start: number;
  end: number;
  /** the name the formula defines ("free cash flow", "net operating income"), when the question gives one */
  name: { start: number; end: number; measure: MeasureAt | null } | null;
  /** the definition marker ("defined as", "i.e.", "="), placed as part of the formula */
  marker: { start: number; end: number } | null;
  /** the verb that opens a definition before its name ("Define", "Let"), placed with the marker */
  lead?: { start: number; end: number };
}

/**
 * The end of the sentence from `from` (an abbreviation's dot — "i.e.", "Inc.", "vs." — ends none), or of its clause
 * where a spaced dash opens an instruction ("… in fiscal 2025 - use the cash flow statement's line").
 */
const SENTENCE_END = new RegExp(String.raw`[.?!](?=\s|$)|${INSTRUCTION_DASH}`, 'gi');
export const sentenceEnd = (q: string, from: number) => {
  const m = new RegExp(SENTENCE_END);
  m.lastIndex = from;
  for (let x = m.exec(q); x; x = m.exec(q)) {
    if (x[0] === '.' && /(?:\b[a-z]|\b(?:vs|inc|incl|excl|corp|co|ltd|no|approx|etc))$/i.test(q.slice(0, x.index))) continue;
    return x.index;
  }
  return q.length;
};

/**
 * "Define R&D intensity as R&D divided by revenue", "Let X = revenue − cost of sales": a sentence that opens with a
 * verb of definition names what the formula after its "as" (or "=") defines. Null when no sentence does.
 */
export function definedAfterVerb(r: Reading): Region | null {
  const { question, measureAt } = r;
  DEFINE_LEAD.lastIndex = 0;
  for (let lead = DEFINE_LEAD.exec(question); lead; lead = DEFINE_LEAD.exec(question)) {
    const nameStart = lead.index + lead[0].length;
    const end = sentenceEnd(question, nameStart);
    const as = DEFINE_AS.exec(question.slice(nameStart, end));
    if (!as || as.index === 0) continue;
    const nameEnd = nameStart + as.index;
    const start = nameEnd + as[0].length;
    const whole = measureAt.find((m) => m.start === nameStart && m.end === nameEnd) ?? null;
    return {
      start,
      end,
      name: { start: nameStart, end: nameEnd, measure: whole },
      marker: { start: nameEnd, end: start },
      lead: { start: lead.index + lead[0].length - lead[0].trimStart().length, end: nameStart },
    };
  }
  return definedByIs(r);
}

/** A statement opening with a short name and "is" / "equals" ("Cash conversion is operating cash flow divided by net income."). */
const DEFINE_IS =
  /(?:^|[.;!?]\s+)((?:[\p{L}\p{N}&'’-]+\s+){0,4}?[\p{L}\p{N}&'’-]+)(\s+(?:is|equals)\s+)(?!(?:defined|calculated|computed|taken|measured|worked|derived|expressed|given|the\s+same)\b)/giu;
const QUESTION_WORD = /\b(?:what|how|which|who|when|where|why|was|were|is|are|did|does|do|its|it|this|that)\b/i;

/**
 * "Cash conversion is operating cash flow divided by net income. What was it for Acme in 2024?": a statement (not a
 * question) whose subject is a short name no company or period is said in, and whose predicate writes a calculation,
 * defines that name. Null when no sentence does.
 */
function definedByIs(r: Reading): Region | null {
  const { question, measureAt } = r;
  DEFINE_IS.lastIndex = 0;
  for (let m = DEFINE_IS.exec(question); m; m = DEFINE_IS.exec(question)) {
    const [all, name = '', is = ''] = m;
    const nameStart = m.index + all.length - is.length - name.length;
    const nameEnd = nameStart + name.length;
    const start = nameEnd + is.length;
    const end = sentenceEnd(question, start);
    const said = (x: { start: number; end: number }) => x.start < nameEnd && nameStart < x.end;
    if (QUESTION_WORD.test(name) || r.entityAt.some(said) || r.phrases.some(said) || question.charAt(end) === '?') continue;
    if (!operatorIn(question, start, end, ['add', 'sub', 'mul', 'div', 'share'])) continue;
    const whole = measureAt.find((x) => x.start === nameStart && x.end === nameEnd) ?? null;
    return { start, end, name: { start: nameStart, end: nameEnd, measure: whole }, marker: { start: nameEnd, end: start } };
  }
  return null;
}

/** The first operator written at a word start between `from` and `to`, with its position. */
export function operatorIn(
  q: string,
  from: number,
  to: number,
  ops: readonly FormulaOp[],
): { start: number; end: number; op: FormulaOp } | null {
  for (let i = from; i < to; i++) {
    if (i > 0 && /[\p{L}\p{N}]/u.test(q.charAt(i - 1)) && /[\p{L}]/u.test(q.charAt(i))) continue;
    for (const o of OPERATORS) {
      if (!ops.includes(o.op)) continue;
      o.re.lastIndex = i;
      const m = o.re.exec(q);
      if (m && i + m[0].length <= to) return { start: i, end: i + m[0].length, op: o.op };
    }
  }
  return null;
}

/**
 * A ratio the measure reader read whole from words that write it out ("cost of revenue, as a share of revenue")
 * inside a longer formula ("revenue left over after cost of revenue, as a share of revenue"): its two terms and its
 * operator, so the formula's grammar relates them to the rest as written. Null for a ratio named by its name, or
 * when nothing else in the formula is calculated.
 */
export function gluedRatio(r: Reading, m: MeasureAt, region: Region): Item[] | null {
  const { question } = r;
  const { ref } = m;
  if (ref.kind !== 'derived' || !ref.numerator || !ref.denominator) return null;
  const op = operatorIn(question, m.start, m.end, ['share', 'div']);
  const num = refOf(ref.numerator);
  const den = refOf(ref.denominator);
  if (!op || !num || !den || op.start === m.start) return null;
  const elsewhere = (a: number, b: number) => operatorIn(question, a, b, ['add', 'sub', 'mul', 'div', 'share']);
  if (!elsewhere(region.start, m.start) && !elsewhere(m.end, region.end)) return null;
  const head = /[\s,]*$/.exec(question.slice(m.start, op.start));
  const numEnd = op.start - (head?.[0].length ?? 0);
  const denStart = op.end + (/^\s*/.exec(question.slice(op.end, m.end))?.[0].length ?? 0);
  const operand = (metric: MetricRef, start: number, end: number): Item => ({
    k: 'operand',
    start,
    end,
    metric,
    periods: [],
    average: false,
    perShare: false,
  });
  return [
    operand(num, m.start, numEnd),
    ...(question.slice(numEnd, op.start).includes(',') ? [{ k: 'comma' as const, start: numEnd, end: numEnd + 1 }] : []),
    { k: 'op', start: op.start, end: op.end, op: op.op, ...(op.op === 'share' ? { loose: true as const } : {}) },
    operand(den, denStart, m.end),
  ];
}

/** Whether every word between `a` and `b` is an instruction's ("times", "in %", "one decimal"). */
export function instructionOnly(r: Reading, a: number, b: number): boolean {
  const words = r.spans.tokens.filter((t) => t.start >= a && t.end <= b);
  return (
    words.length > 0 && words.every((t) => r.spans.placed().some((e) => e.role === 'instruction' && e.start <= t.start && t.end <= e.end))
  );
}

/** The library's turnover of a balance: its flow over the balance's average, in times ("inventory turnover" for inventories). */
export function turnoverOf(balance: string): MetricRef | null {
  const def = FORMULAS.find((f) => {
    const e = f.formula;
    if (f.unit !== 'times' || !('op' in e) || e.op !== 'div') return false;
    const d = e.args[1];
    return 'average' in d && 'measure' in d.average && d.average.measure === balance;
  });
  if (!def || !('op' in def.formula)) return null;
  const num = def.formula.args[0];
  return {
    id: def.id,
    label: def.label,
    kind: 'derived',
    op: def.op,
    numerator: 'measure' in num ? num.measure : null,
    denominator: balance,
    periodType: def.periodType,
    formulaId: def.id,
  };
}

/**
 * "How many times did it turn its inventory over in fiscal 2024?": the number of times a balance turns is the
 * library's turnover of that balance (its flow over the average balance, in times); the words are placed as the
 * measure's and the plan is its value. False when no balance with a turnover follows the verb.
 */
export function readTurnover(r: Reading): boolean {
  const { question, spans } = r;
  const how = HOW_MANY_TIMES.exec(question);
  if (!how) return false;
  const end = sentenceEnd(question, how.index);
  TURN.lastIndex = how.index + how[0].length;
  const verb = TURN.exec(question);
  if (!verb || verb.index >= end) return false;
  const inSentence = r.measureAt.filter((m) => m.start >= how.index && m.end <= end);
  const [balance] = inSentence;
  const gap = balance ? question.slice(verb.index + verb[0].length, balance.start) : '';
  if (inSentence.length !== 1 || !balance || balance.ref.periodType !== 'instant' || !/^\s+(?:(?:its|their|the|over)\s+)*$/i.test(gap))
    return false;
  const ref = turnoverOf(balance.ref.id);
  if (!ref) return false;
  const was = balance.ref.id;
  for (const list of [r.measureAt, r.metricMentions]) for (const m of list) if (m.start === balance.start) m.ref = ref;
  if (r.metric?.id === was) r.metric = ref;
  const words = [
    [how.index, how.index + how[0].length],
    [verb.index, verb.index + verb[0].length],
  ];
  const over = /^\s+over\b/i.exec(question.slice(balance.end));
  if (over) words.push([balance.end + over[0].length - 4, balance.end + over[0].length]);
  for (const [a = 0, b = 0] of words)
    for (const t of spans.tokens)
      if (t.start >= a && t.end <= b && !spans.taken(t.start, t.end)) spans.claim(t.start, t.end, 'operation', ref.id);
  return true;
}

/**
 * "Debt load = total debt / total assets. What was the debt load of …?": the name a formula defines, said again
 * outside the formula, asks for the formula's result (its words are placed as the name, nothing else).
 */
export function nameSaidAgain(r: Reading, name: NonNullable<Region['name']>, region: Region): void {
  const { question, spans } = r;
  const text = question.slice(name.start, name.end).trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return;
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const again = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu');
  for (const m of question.matchAll(again)) {
    const start = m.index;
    const end = start + m[0].length;
    if ((start < name.end && name.start < end) || (start < region.end && region.start < end)) continue;
    if (!spans.taken(start, end)) spans.claim(start, end, 'operation', 'name of the formula');
  }
}
