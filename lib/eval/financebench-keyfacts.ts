/**
 * The key-fact scorer of the FinanceBench eval: each question's decisive facts (numbers, a yes/no
 * verdict, named items, phrases; listed from the gold answers only in golden/financebench-keyfacts.jsonl,
 * whose README states the rules) are checked in the first 300 words of an answer's text. A question is
 * correct when every required fact is found; wrong when the answer commits to something the gold
 * contradicts (the opposite yes/no verdict, or computed figures none of which is a required number);
 * incomplete when it answers without contradicting but misses a required fact; abstained when it gives
 * no answer.
 */
import fs from 'node:fs';
import { z } from 'zod';

const numberFact = z.object({
  kind: z.literal('number'),
  value: z.number(),
  unit: z.string(),
  tol: z.number().min(0),
  alternatives: z.array(z.number()).optional(),
  variants: z.array(z.object({ value: z.number(), basis: z.string() })).optional(),
  or_phrases: z.array(z.string()).optional(),
  required: z.boolean(),
  lead: z.boolean().optional(),
});
const yesNoFact = z.object({ kind: z.literal('yesno'), value: z.enum(['yes', 'no']), required: z.boolean() });
const textFact = z.object({
  kind: z.enum(['item', 'phrase']),
  any: z.array(z.string()).min(1),
  not: z.array(z.string()).optional(),
  required: z.boolean(),
  lead: z.boolean().optional(),
});
export const keyFactSchema = z.discriminatedUnion('kind', [numberFact, yesNoFact, textFact]);
export type KeyFact = z.infer<typeof keyFactSchema>;

export const keyFactQuestionSchema = z.object({
  financebench_id: z.string(),
  doc_name: z.string(),
  on_shared_pdf: z.boolean(),
  question_type: z.string(),
  keyFacts: z.array(keyFactSchema).min(1),
  note: z.string().optional(),
  judgement: z.boolean().optional(),
});
export type KeyFactQuestion = z.infer<typeof keyFactQuestionSchema>;

export function loadKeyFacts(file: string): Map<string, KeyFactQuestion> {
  const out = new Map<string, KeyFactQuestion>();
  for (const [i, line] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
    if (!line.trim()) continue;
    const parsed = keyFactQuestionSchema.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
    out.set(parsed.data.financebench_id, parsed.data);
  }
  return out;
}

/** How many words of an answer are read, and how many a `lead` fact may sit in. */
export const READ_WORDS = 300;
export const LEAD_WORDS = 40;

/** The first `n` words, whitespace normalised, thousands separators dropped ("1,824" → "1824"). */
export function firstWords(text: string, n: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').slice(0, n).join(' ');
  return words.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
}

const SCALE: Record<string, number> = {
  thousand: 1e3,
  k: 1e3,
  million: 1e6,
  mn: 1e6,
  m: 1e6,
  billion: 1e9,
  bn: 1e9,
  b: 1e9,
  trillion: 1e12,
  tn: 1e12,
};
const NEGATIVE_WORDS = /\b(?:negative|loss|losses|decline[sd]?|declining|decrease[sd]?|decreasing|fell|fall|drop(?:ped|s)?|down)\b/i;

/** A number written in the text, with the readings a scorer accepts. */
export interface NumberMention {
  index: number;
  readings: number[];
  /** a minus sign, parentheses or a negative word close by */
  negative: boolean;
}

/**
 * Every number of the text, each read as written, times its scale word (thousand … trillion, k/m/bn)
 * and, when followed by % or "percent", divided by 100.
 */
export function numberMentions(text: string): NumberMention[] {
  const out: NumberMention[] = [];
  const re =
    /(\()?(?:(-|−)\s?)?(\$\s?)?(\d+(?:\.\d+)?|\.\d+)(?:\s?(%|percent\b|per cent\b))?(?:\s?(thousand|trillion|billion|million|bn|mn|tn|k|m|b)\b)?(\))?/gi;
  for (const m of text.matchAll(re)) {
    const [, open, minus, dollar, digits = '', pct, scale, close] = m;
    // a number glued to letters or digits on its left is part of a name ("MMM26", "Q2"), not a figure
    if (/[A-Za-z0-9]/.test(text.charAt(m.index - 1)) && !open && !minus && !dollar) continue;
    const v = Number(digits);
    if (!Number.isFinite(v)) continue;
    const readings = [v];
    const factor = scale ? SCALE[scale.toLowerCase()] : undefined;
    if (factor) readings.push(v * factor);
    if (pct) readings.push(v / 100);
    const around = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40);
    out.push({ index: m.index, readings, negative: !!minus || (!!open && !!close) || NEGATIVE_WORDS.test(around) });
  }
  return out;
}

function within(reading: number, target: number, tol: number): boolean {
  const a = Math.abs(reading);
  const b = Math.abs(target);
  if (tol === 0) return Math.abs(a - b) <= 1e-9 * Math.max(1, b);
  return Math.abs(a - b) <= tol * b + 1e-12;
}

/** Whether a mention satisfies a number fact (its value, alternatives, and under `lenient` its variants; the sign when negative). */
export function mentionMatches(m: NumberMention, f: Extract<KeyFact, { kind: 'number' }>, lenient = false): boolean {
  const targets = [f.value, ...(f.alternatives ?? []), ...(lenient ? (f.variants ?? []).map((v) => v.value) : [])];
  if (f.value < 0 && !m.negative) return false;
  return m.readings.some((r) => targets.some((t) => within(r, t, f.tol)));
}

/**
 * The opening verdict: "yes" / "no" when the answer starts with that word as a verdict (leading quotes
 * and spaces ignored) — followed by punctuation, a dash, the end, or a pronoun ("No, it …", "Yes — …",
 * "No it is not"); "No reported measure matches …" opens with a determiner, not a verdict.
 */
export function openingVerdict(text: string): 'yes' | 'no' | null {
  const m = /^[\s"'“‘*_]*(yes|no)\b(?=\s*(?:[,.;:!?—–-]|$)|\s+(?:it|its|it's|there|they|the|this|that|he|she|we|i)\b)/i.exec(text);
  const word = m?.[1]?.toLowerCase();
  return word === 'yes' || word === 'no' ? word : null;
}

function containsAny(text: string, f: Extract<KeyFact, { kind: 'item' | 'phrase' }>): boolean {
  let t = text.toLowerCase();
  for (const n of f.not ?? []) t = t.split(n.toLowerCase()).join(' ');
  return f.any.some((a) => t.includes(a.toLowerCase()));
}

export type KeyFactVerdict = 'correct' | 'wrong' | 'incomplete' | 'abstained';

export interface KeyFactScore {
  verdict: KeyFactVerdict;
  /** per fact, in the file's order: found or not */
  facts: { kind: KeyFact['kind']; required: boolean; found: boolean }[];
  requiredFound: number;
  required: number;
  optionalFound: number;
  optional: number;
  /** why the answer counts as wrong */
  contradiction: string | null;
  /** correct when a number fact's variants (another common definition, `variants`) are accepted too */
  lenientCorrect: boolean;
}

export interface ScoredAnswer {
  /** the answer committed to a result (status answered) */
  answered: boolean;
  text: string;
  /** the answer gives computed or reported figures (values), not only quotes */
  hasValues: boolean;
}

/**
 * Assigns each number fact a different mention (required facts first), by backtracking: the facts
 * of one question are few. Returns which facts were matched.
 */
function assignNumbers(facts: Extract<KeyFact, { kind: 'number' }>[], mentions: NumberMention[], lenient: boolean): boolean[] {
  const order = facts.map((f, i) => ({ f, i })).sort((a, b) => Number(b.f.required) - Number(a.f.required));
  const options = order.map(({ f }) => mentions.flatMap((m, k) => (mentionMatches(m, f, lenient) ? [k] : [])));
  let best: boolean[] = facts.map(() => false);
  let bestScore = -1;
  const used = new Set<number>();
  const found: boolean[] = facts.map(() => false);
  const score = () => order.reduce((s, { f, i }) => s + (found[i] ? (f.required ? 1000 : 1) : 0), 0);
  const walk = (j: number) => {
    if (j === order.length) {
      const s = score();
      if (s > bestScore) {
        bestScore = s;
        best = [...found];
      }
      return;
    }
    const at = order[j];
    if (!at) return;
    const { i } = at;
    for (const k of options[j] ?? []) {
      if (used.has(k)) continue;
      used.add(k);
      found[i] = true;
      walk(j + 1);
      found[i] = false;
      used.delete(k);
    }
    walk(j + 1);
  };
  walk(0);
  return best;
}

/** Score one answer against its key facts (README rules); `lenientCorrect` says whether it is correct when variants count too. */
export function scoreKeyFacts(facts: KeyFact[], a: ScoredAnswer): KeyFactScore {
  const strict = scoreWith(facts, a, false);
  const lenientCorrect = strict.verdict === 'correct' || scoreWith(facts, a, true).verdict === 'correct';
  return { ...strict, lenientCorrect };
}

function scoreWith(facts: KeyFact[], a: ScoredAnswer, lenient: boolean): Omit<KeyFactScore, 'lenientCorrect'> {
  const text = firstWords(a.text, READ_WORDS);
  const lead = firstWords(a.text, LEAD_WORDS);
  const mentions = numberMentions(text);
  const numbers = facts.filter((f): f is Extract<KeyFact, { kind: 'number' }> => f.kind === 'number');
  const assigned = assignNumbers(numbers, mentions, lenient);
  const verdict = openingVerdict(text);
  let contradiction: string | null = null;
  const found = facts.map((f) => {
    if (f.kind === 'number') {
      const byNumber = assigned[numbers.indexOf(f)] === true;
      return byNumber || (f.or_phrases ?? []).some((p) => text.toLowerCase().includes(p.toLowerCase()));
    }
    if (f.kind === 'yesno') {
      if (f.required && verdict && verdict !== f.value) contradiction = `opens with "${verdict}", the gold says "${f.value}"`;
      return verdict === f.value;
    }
    return containsAny(f.lead ? lead : text, f);
  });
  const req = facts.map((f, i) => ({ f, ok: found[i] === true })).filter((x) => x.f.required);
  const opt = facts.map((f, i) => ({ f, ok: found[i] === true })).filter((x) => !x.f.required);
  const allRequired = req.every((x) => x.ok);
  // figures given where the gold asks for a number, none of them the gold's: a committed wrong number
  if (!contradiction && a.hasValues && req.some((x) => x.f.kind === 'number' && !x.ok) && !req.some((x) => x.f.kind === 'number' && x.ok))
    contradiction = 'the figures given are not the gold number';
  const verdictOf = (): KeyFactVerdict => {
    if (!a.answered) return 'abstained';
    if (allRequired) return 'correct';
    return contradiction ? 'wrong' : 'incomplete';
  };
  return {
    verdict: verdictOf(),
    facts: facts.map((f, i) => ({ kind: f.kind, required: f.required, found: found[i] === true })),
    requiredFound: req.filter((x) => x.ok).length,
    required: req.length,
    optionalFound: opt.filter((x) => x.ok).length,
    optional: opt.length,
    contradiction: allRequired ? null : contradiction,
  };
}
