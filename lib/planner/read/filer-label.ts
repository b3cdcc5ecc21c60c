/**
 * Operands named by the filer's own line: in a formula the user states, a run of words no reader placed (with
 * the measure words inside it) is read against the labels and printed captions of the company's reported lines
 * (the concepts outside the ontology, and the filer's own labels of the concepts it maps: lib/retrieval/concepts).
 * The line whose label says exactly the words said (function words aside) is named; else the only line whose label
 * holds them all, saying at most one word more ("purchases of property, equipment and intangible assets" is the line
 * "Purchases related to property and equipment and intangible assets"). None, or several lines holding them: the
 * words stay unplaced and block the answer, named. Only one company's lines are read (a formula
 * stated for several companies keeps its operands as the measure reader placed them).
 */
import { isFiller } from '../filler';
import { conceptRef } from '../match-metric';
import type { MetricRef } from '../types';
import {
  AT_END,
  AVERAGE_AFTER,
  AVERAGE_BEFORE,
  DIVIDE,
  EXCEED,
  LEFT_FROM,
  NO_AVERAGE,
  NUMBER,
  OPERATORS,
  PER_SHARE,
  RATIO_OF,
  SHARE_OF,
  STEP_OPERATORS,
} from './formula-lexicon';
import type { Region } from './formula-forms';
import { refOf } from './measure';
import type { Reading } from './types';

interface LineLabel {
  words: Set<string>;
  ref: MetricRef;
}

/** A content word as compared: lower case, without a plural "s" ("expenses" and "expense", "assets" and "asset"). */
function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/** The content words of a label or of the question's words (function words, possessives and brackets' asides dropped). */
export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !isFiller(w))
    .map(stem);
}

/** The company's reported lines by their labels (concepts outside the ontology, then the filer's labels of mapped ones). */
function lineLabels(r: Reading): LineLabel[] {
  const out: LineLabel[] = [];
  for (const c of r.ctx.measures?.concepts ?? []) {
    if (/deprecated/i.test(c.label)) continue;
    out.push({ words: new Set(contentWords(c.label)), ref: conceptRef(c) });
  }
  // a mapped line is its own concept (the measure's chain may read another concept first), labelled as the filer does
  for (const l of r.ctx.measures?.labels ?? []) {
    const metric = refOf(l.metricId);
    if (!metric || !l.concept || /deprecated/i.test(l.label)) continue;
    out.push({ words: new Set(contentWords(l.label)), ref: { ...metric, id: `concept:${l.concept}`, label: l.label } });
  }
  return out;
}

/**
 * The one reported line the words name: the line whose label says exactly them, else the only line whose label holds
 * them all, when it says at most one word more. Null when none, or when several lines hold them and none says exactly
 * them ("rent expense" beside "Rent expense, stores" and "Rent expense, distribution centers" names neither).
 */
export function lineNamed(said: string[], labels: readonly LineLabel[]): MetricRef | null {
  const words = new Set(said);
  if (words.size < 2) return null;
  const one = (hits: LineLabel[]) => (new Set(hits.map((h) => h.ref.id)).size === 1 ? (hits[0]?.ref ?? null) : null);
  const holding = labels.filter((l) => [...words].every((w) => l.words.has(w)));
  const exact = holding.filter((l) => l.words.size === words.size);
  if (exact.length > 0) return one(exact);
  return holding.every((l) => l.words.size - words.size <= 1) ? one(holding) : null;
}

/** The other words of a formula's grammar: per share, averages, year-end balances, ratio and share words, numbers. */
const GRAMMAR_WORDS = [PER_SHARE, AVERAGE_BEFORE, AVERAGE_AFTER, NO_AVERAGE, AT_END, RATIO_OF, SHARE_OF, LEFT_FROM, EXCEED, DIVIDE, NUMBER];

/** The end of an operator of a formula (a step of one, or another word of its grammar) starting at `i`, else null. */
function operatorAt(question: string, i: number): number | null {
  for (const re of [...OPERATORS.map((o) => o.re), ...STEP_OPERATORS.map((o) => o.re), ...GRAMMAR_WORDS]) {
    re.lastIndex = i;
    const m = re.exec(question);
    if (m?.[0].trim()) return i + m[0].length;
  }
  return null;
}

/**
 * The runs of the formula's region around words no reader placed, read as the company's own lines: a matched run
 * becomes one operand (the measures placed inside it give way) and its words are placed as that measure. True when
 * one was read.
 */
export function filerLineOperands(r: Reading, region: Region): boolean {
  const { question, spans } = r;
  if (r.entities.length !== 1) return false;
  const tokens = spans.tokens.filter((t) => t.start >= region.start && t.end <= region.end);
  const loose = tokens.filter((t) => !spans.taken(t.start, t.end) && !isFiller(t.lower));
  if (loose.length === 0) return false;
  const labels = lineLabels(r);
  if (labels.length === 0) return false;
  let read = false;
  const inMeasure = (t: { start: number; end: number }) => r.measureAt.some((m) => m.start < t.end && t.start < m.end);
  // a token that ends a run: another reader's word (a company, a period, an instruction) or an operator; a measure's
  // word and its qualifier ("equipment" read as a kind of asset) are the line's words
  const own = ['measure', 'qualifier', 'filler'];
  const grammar = tokens.flatMap((t) => {
    const end = operatorAt(question, t.start);
    return end === null ? [] : [{ start: t.start, end }];
  });
  const boundary = (k: number) => {
    const t = tokens[k];
    if (!t) return true;
    const other = spans.placed().some((e) => !own.includes(e.role) && e.start < t.end && t.start < e.end);
    return other || grammar.some((g) => g.start < t.end && t.start < g.end);
  };
  // what stands between two tokens of one run: spaces, a hyphen, a comma, an ampersand, an apostrophe
  const joined = (k: number) => {
    const [t, next] = [tokens[k], tokens[k + 1]];
    return !!t && !!next && /^[\s,&'’-]*$/.test(question.slice(t.end, next.start));
  };
  for (const word of loose) {
    const at = tokens.indexOf(word);
    if (spans.taken(word.start, word.end) || boundary(at)) continue;
    let a = at;
    let b = at;
    while (a > 0 && at - a < 10 && !boundary(a - 1) && joined(a - 1)) a--;
    while (b < tokens.length - 1 && b - at < 10 && !boundary(b + 1) && joined(b)) b++;
    const found = longestLine(r, tokens, a, b, at, labels, inMeasure);
    if (!found) continue;
    const [s, e, ref] = found;
    releaseMembers(r, s, e);
    r.measureAt = [...r.measureAt.filter((m) => m.end <= s || m.start >= e), { ref, start: s, end: e }].sort((x, y) => x.start - y.start);
    spans.claim(s, e, 'measure', ref.id);
    r.notes.push(`read “${question.slice(s, e)}” as the company's line “${ref.label}”`);
    read = true;
  }
  return read;
}

/**
 * A member the filer's vocabulary read in words that are now the line's own ("equipment" of "property, equipment and
 * intangible assets" read as an Equipment member): the measures it restricted outside the line are whole again.
 */
function releaseMembers(r: Reading, s: number, e: number): void {
  const inside = (q: { start: number; end: number }) => q.start >= s && q.end <= e;
  const whole = (ref: MetricRef): MetricRef => {
    if (!ref.memberLabel) return ref;
    const { dimensions: _d, memberLabel, ...rest } = ref;
    const label = ref.label.startsWith(`${memberLabel} `) ? ref.label.slice(memberLabel.length + 1) : ref.label;
    return { ...rest, label: label.charAt(0).toUpperCase() + label.slice(1) };
  };
  const released = new Set<number>();
  r.metricMentions = r.metricMentions.map((m) => {
    const member = m.qualifiers.find((q) => q.kind === 'member' && inside(q));
    const overlaps = m.start < e && m.end > s;
    if (!member || !m.ref.memberLabel || overlaps) return m;
    released.add(m.start);
    return { ...m, ref: whole(m.ref), qualifiers: m.qualifiers.filter((q) => q !== member) };
  });
  r.measureAt = r.measureAt.map((m) => (released.has(m.start) ? { ...m, ref: whole(m.ref) } : m));
}

/** The longest window of tokens a..b holding token `at` whose words name one line (never splitting a placed measure). */
function longestLine(
  r: Reading,
  tokens: Reading['spans']['tokens'],
  a: number,
  b: number,
  at: number,
  labels: readonly LineLabel[],
  inMeasure: (t: { start: number; end: number }) => boolean,
): [number, number, MetricRef] | null {
  const { question } = r;
  // a measure placed across the window's edge
  const cuts = (s: number, e: number) => r.measureAt.some((m) => m.start < e && s < m.end && (m.start < s || m.end > e));
  for (let len = b - a + 1; len >= 2; len--) {
    for (let i = Math.max(a, at - len + 1); i <= at && i + len - 1 <= b; i++) {
      const j = i + len - 1;
      const first = tokens[i];
      const last = tokens[j];
      if (!first || !last || isFiller(first.lower) || isFiller(last.lower) || cuts(first.start, last.end)) continue;
      if (!tokens.slice(i, j + 1).some((t) => !inMeasure(t) && !isFiller(t.lower))) continue;
      const ref = lineNamed(contentWords(question.slice(first.start, last.end)), labels);
      if (ref) return [first.start, last.end, ref];
    }
  }
  return null;
}
