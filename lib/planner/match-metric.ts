/**
 * Measure matching: every phrase of the ontology (labels, synonyms, ask-only aliases of stored
 * metrics; labels and synonyms of formulas) found in a question, longest and most specific first,
 * with UTF-16 offsets into the ORIGINAL question, and the qualifiers around each mention (a
 * dimension member, basic/diluted, GAAP/non-GAAP, consolidated/standalone). A qualifier the
 * ontology or the member catalog cannot place is reported with `understood: false`, never dropped.
 */
import { FORMULAS } from '@/lib/ontology/formulas';
import { pluralOf, singularOfLast, withLastWord } from '@/lib/ontology/inflect';
import { METRICS } from '@/lib/ontology/metrics';
import { CAPTION_PATTERNS, EXPENSE_TAIL_WORDS, MEASURE_ABBREVIATIONS, TOTAL_WORDS } from '@/lib/ontology/shorthand';
import type { MetricRef } from './types';

interface MetricPhrase {
  phrase: string;
  ref: MetricRef;
  /** verbs like "earn": used only when nothing else names a measure */
  weak?: boolean;
}

function baseRef(id: string): MetricRef {
  const m = METRICS.find((x) => x.id === id)!;
  return { id: m.id, label: m.label, kind: 'base', op: null, numerator: null, denominator: null, periodType: m.periodType };
}

function formulaRef(id: string): MetricRef {
  const f = FORMULAS.find((x) => x.id === id)!;
  const e = f.formula;
  let numerator: string | null = null;
  let denominator: string | null = null;
  if ('op' in e && 'measure' in e.args[0]) {
    numerator = e.args[0].measure;
    const d = e.args[1];
    denominator = 'measure' in d ? d.measure : 'average' in d && 'measure' in d.average ? d.average.measure : null;
  }
  return { id: f.id, label: f.label, kind: 'derived', op: f.op, numerator, denominator, periodType: f.periodType, formulaId: f.id };
}

/** Map of each normalized character back to its UTF-16 offset in the original text. */
interface Normalized {
  text: string;
  /** offsets[i] = offset in the original of text[i] (for padding spaces: the nearest character) */
  offsets: number[];
}

/** Lower case, unify quotes, everything but [a-z0-9&'%] becomes one space; padded with spaces. */
function normalizeWithOffsets(original: string): Normalized {
  let text = ' ';
  const offsets: number[] = [0];
  for (let i = 0; i < original.length; i++) {
    let c = original[i]!;
    const lc = c.toLowerCase();
    c = lc.length === 1 ? lc : c;
    if (c === '’' || c === '‘') c = "'";
    const keep = /[a-z0-9&'%]/.test(c);
    if (keep) {
      text += c;
      offsets.push(i);
    } else if (!text.endsWith(' ')) {
      text += ' ';
      offsets.push(i);
    }
  }
  if (!text.endsWith(' ')) {
    text += ' ';
    offsets.push(original.length);
  }
  return expandShorthand({ text, offsets });
}

/**
 * Analyst abbreviations inside measure names ("cash flow from ops", "int expense") read as their
 * expansion (lib/ontology/shorthand.ts). The expansion's characters map back to the abbreviation as
 * written: its first character to the word's start, its last to the word's end.
 */
function expandShorthand(n: Normalized): Normalized {
  let text = ' ';
  const offsets: number[] = [n.offsets[0]!];
  for (const m of n.text.matchAll(/[^ ]+/g)) {
    const s = m.index!;
    const e = s + m[0].length;
    const x = Object.hasOwn(MEASURE_ABBREVIATIONS, m[0]) ? MEASURE_ABBREVIATIONS[m[0]]! : null;
    if (x) {
      text += x;
      for (let k = 0; k < x.length; k++) offsets.push(k === x.length - 1 ? n.offsets[e - 1]! : n.offsets[s]!);
    } else {
      text += m[0];
      for (let k = s; k < e; k++) offsets.push(n.offsets[k]!);
    }
    text += ' ';
    offsets.push(n.offsets[e] ?? n.offsets[e - 1]! + 1);
  }
  return { text, offsets };
}

export function normalizeForMetrics(text: string): string {
  return normalizeWithOffsets(text).text;
}

/**
 * normalizeForMetrics(s).trim(), remembered: the same filer concept and member labels are normalized for
 * every question about their company (hundreds of labels per company, character by character), which was
 * most of the planner's CPU under load. A pure function of the string; the memory is bounded.
 */
const normMemo = new Map<string, string>();
const NORM_MEMO_MAX = 50_000;
const norm = (s: string) => {
  let v = normMemo.get(s);
  if (v === undefined) {
    v = normalizeForMetrics(s).trim();
    if (normMemo.size >= NORM_MEMO_MAX) normMemo.clear();
    normMemo.set(s, v);
  }
  return v;
};

// "how much did Marvell lose": the net loss is net income below zero, said as it is
const WEAK = new Set(['earn', 'earned', 'earns', 'lose', 'lost', 'loses']);
const SIGN = new Map(METRICS.map((m) => [m.id, m.sign]));

/**
 * Last words a measure is not asked by in the plural: their plural is another thing ("equities" are shares
 * held), they have none (mass nouns, abbreviations), or they end in -s (a plural already, or "gross", "loss").
 */
const NO_PLURAL = /^(?:equity|cash|income|profit|tax|eps|capex|opex|ebit|ebitda|debt|growth|interest|capital|\w*s)$/;

/** The phrase with its last word in the plural ("deferred revenue" → "deferred revenues"), or null. */
const pluralOfMeasure = (phrase: string): string | null => withLastWord(phrase, (w) => (NO_PLURAL.test(w) ? w : pluralOf(w)));

const PHRASES: MetricPhrase[] = (() => {
  const out: MetricPhrase[] = [];
  const seen = new Set<string>();
  const push = (phrase: string, ref: MetricRef) => {
    const p = norm(phrase);
    if (!p || seen.has(p)) return;
    seen.add(p);
    out.push({ phrase: p, ref });
  };
  // formulas first: "operating cash flow ratio" beats "operating cash flow" by length anyway; on equal phrases a formula wins
  for (const f of FORMULAS) for (const p of [f.label, ...f.synonyms]) push(p, formulaRef(f.id));
  for (const m of METRICS) for (const p of [m.label, ...m.synonyms, ...(m.aliases ?? [])]) push(p, baseRef(m.id));
  // the plural of a measure's last word names the same measure ("deferred revenues", "customer deposits"),
  // unless another measure is named so (every phrase above is placed first)
  for (const p of [...out]) {
    const plural = pluralOfMeasure(p.phrase);
    if (plural && !seen.has(plural)) {
      seen.add(plural);
      out.push({ phrase: plural, ref: p.ref });
    }
  }
  for (const w of WEAK) out.push({ phrase: w, ref: baseRef('net_income'), weak: true });
  return out.sort((a, b) => b.phrase.length - a.phrase.length);
})();
const PHRASE_SET = new Set(PHRASES.map((p) => p.phrase));
const firstWord = (phrase: string) => {
  const i = phrase.indexOf(' ');
  return i < 0 ? phrase : phrase.slice(0, i);
};

/**
 * `a` and `b` each sorted by phrase length, longest first: one list in that order, `a`'s entries before
 * `b`'s of the same length — what a stable sort of [...a, ...b] by length gives, in one pass.
 */
function mergeByLength(a: MetricPhrase[], b: MetricPhrase[]): MetricPhrase[] {
  const out: MetricPhrase[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.phrase.length >= b[j]!.phrase.length)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * `build(key)` once per key object: the catalogs hand out the same arrays and entries while cached
 * (lib/db/versioned-cache.ts), so what is derived from them is built once per catalog, not per question,
 * and goes with the catalog when it is dropped.
 */
function weakMemo<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const memo = new WeakMap<K, V>();
  return (key) => {
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = build(key)));
    return v;
  };
}

/** A filer concept's phrases (normalized, two words or more). */
const conceptPhraseEntries = weakMemo((c: ConceptEntry): MetricPhrase[] => {
  const list: MetricPhrase[] = [];
  for (const label of conceptPhrases(c.label)) {
    const phrase = norm(label);
    if (phrase.split(' ').length >= 2) list.push({ phrase, ref: conceptRef(c) });
  }
  return list;
});

/** per phrase list: the positions of its phrases by first word, ascending */
const firstWordIndex = weakMemo((phrases: readonly MetricPhrase[]): Map<string, number[]> => {
  const idx = new Map<string, number[]>();
  for (const [i, p] of phrases.entries()) {
    const w = firstWord(p.phrase);
    const at = idx.get(w);
    if (at) at.push(i);
    else idx.set(w, [i]);
  }
  return idx;
});

/** The ontology's phrases and the filer concepts' phrases (after the ontology's of the same length), longest first. */
const phrasesWithConcepts = weakMemo((concepts: readonly ConceptEntry[]): MetricPhrase[] => {
  const added = new Set<string>();
  const extra: MetricPhrase[] = [];
  for (const c of concepts) {
    for (const e of conceptPhraseEntries(c)) {
      if (!PHRASE_SET.has(e.phrase) && !added.has(e.phrase)) {
        added.add(e.phrase);
        extra.push(e);
      }
    }
  }
  return extra.length
    ? mergeByLength(
        PHRASES,
        extra.sort((a, b) => b.phrase.length - a.phrase.length),
      )
    : PHRASES;
});

/** Caption patterns as whole-word regexes over the normalized text (captured: the caption). */
const CAPTIONS = CAPTION_PATTERNS.map((c) => ({
  re: new RegExp(` (${c.pattern})(?= )`, 'g'),
  ref: baseRef(c.metric),
}));

/**
 * Phrases that contain a measure word but name no measure: statement hints ("based on the cash flow
 * statement" is a source restriction, not the cash balance), securities, bare "cash flow". They take
 * their span so no shorter phrase inside them is read as a measure.
 */
export const NON_MEASURE_PHRASES: readonly string[] = [
  'cash flow statement',
  'cash flow statements',
  'cash flows statement',
  'statement of cash flows',
  'statements of cash flows',
  'statement of cash flow',
  'consolidated statements of cash flows',
  'consolidated statement of cash flows',
  'balance sheet',
  'balance sheets',
  'income statement',
  'income statements',
  'statement of income',
  'statements of income',
  'statement of operations',
  'statements of operations',
  'statement of financial position',
  'p&l statement',
  'debt securities',
  'equity securities',
  'cash flow',
  'cash flows',
  'cash-flow',
];
const NON_MEASURE = [...new Set(NON_MEASURE_PHRASES.map((p) => normalizeForMetrics(p).trim()))];

/** Margin formulas by their numerator (measure ÷ revenue over the same duration). */
const MARGIN_OF = new Map<string, string>();
for (const f of FORMULAS) {
  const e = f.formula;
  if (
    f.op === 'margin' &&
    'op' in e &&
    e.op === 'div' &&
    'measure' in e.args[0] &&
    'measure' in e.args[1] &&
    e.args[1].measure === 'revenue' &&
    !MARGIN_OF.has(e.args[0].measure)
  ) {
    MARGIN_OF.set(e.args[0].measure, f.id);
  }
}

/** Every phrase the matcher knows, with what it resolves to (for the phrasing table and the UI). */
export function knownMeasurePhrases(): { phrase: string; id: string; kind: 'base' | 'derived' }[] {
  return PHRASES.filter((p) => !p.weak).map((p) => ({ phrase: p.phrase, id: p.ref.id, kind: p.ref.kind }));
}

/** Phrases that name several metrics: the planner asks instead of choosing. */
const AMBIGUOUS: { pattern: RegExp; options: string[] }[] = [
  { pattern: /\b(eps|earnings per share)\b/, options: ['diluted EPS', 'basic EPS'] },
  { pattern: /\b(earnings)\b/, options: ['net income', 'diluted EPS'] },
  { pattern: /\b(profit)\b/, options: ['net income', 'operating income', 'gross profit'] },
  { pattern: /\b(margin)\b/, options: ['gross margin', 'operating margin', 'net margin'] },
  { pattern: /\b(debt)\b(?! securities)/, options: ['total debt', 'long-term debt', 'net debt'] },
  {
    pattern: /\b(cash flows?)\b(?! statements?)/,
    options: ['operating cash flow', 'free cash flow', 'investing cash flow', 'financing cash flow'],
  },
  { pattern: /\b(leverage)\b/, options: ['debt to equity', 'net debt to EBITDA', 'debt to EBITDA'] },
  { pattern: /\b(liquidity)\b/, options: ['current ratio', 'quick ratio', 'cash ratio'] },
  { pattern: /\b(returns?)\b/, options: ['return on equity', 'return on assets', 'return on invested capital'] },
  { pattern: /\b(turnover)\b/, options: ['asset turnover', 'inventory turnover', 'receivables turnover'] },
];

/** A dimension member a question may name: from the filing (table row labels, the member QName). */
export interface MemberEntry {
  entityId?: string;
  /** axis QName, e.g. `srt:ProductOrServiceAxis` */
  axis: string;
  /** member QName, e.g. `us-gaap:IPhoneMember` */
  member: string;
  /** labels and aliases, e.g. ["iPhone"] */
  labels: string[];
  /** the full dimension set of the member's facts (with neutral or parent members); default { axis: member } */
  dimensions?: Record<string, string>;
  /** how the filing writes a label matched without its company word ("Cloud" → "Google Cloud"), for the answer */
  display?: Record<string, string>;
}

/** A reported concept outside the ontology, askable by the filer's label (lib/retrieval/concepts.ts). */
export interface ConceptEntry {
  concept: string;
  label: string;
  periodType: 'instant' | 'duration';
}

export interface MatchContext {
  /** members of the question's entities (lib/retrieval/members.ts loadMemberCatalog) */
  members?: MemberEntry[];
  /** labelled concepts of the question's entities that the ontology does not map */
  concepts?: ConceptEntry[];
}

/** Label phrasings of a concept: "Nontrade Receivables, Current" → also "nontrade receivables". */
function conceptPhrases(label: string): string[] {
  const out = [label];
  const head = label.split(',')[0]!.trim();
  if (head !== label && head.split(/\s+/).length >= 2) out.push(head);
  // "Casino revenues" is asked as "casino revenue" too, "Trading asset" as "trading assets"
  for (const p of [...out]) {
    const n = p.toLowerCase();
    const other = pluralOfMeasure(n) ?? singularOfLast(n);
    if (other) out.push(other);
  }
  return out;
}

function conceptRef(c: ConceptEntry): MetricRef {
  return {
    id: `concept:${c.concept}`,
    label: c.label,
    kind: 'base',
    op: null,
    numerator: null,
    denominator: null,
    periodType: c.periodType,
  };
}

export type QualifierKind = 'member' | 'eps_basis' | 'gaap' | 'scope';

export interface MeasureQualifier {
  kind: QualifierKind;
  /** the words as written */
  text: string;
  start: number;
  end: number;
  /** basic | diluted | gaap | non_gaap | consolidated | standalone | the member QName; null when not understood */
  value: string | null;
  /** the resolved member */
  member?: { axis: string; member: string; label: string; dimensions: Record<string, string> } | null;
  /** false: a qualifier Ledgerline cannot apply (an adjusted figure, an unknown segment): the planner must block */
  understood: boolean;
}

export interface MetricMention {
  ref: MetricRef;
  phrase: string;
  /** UTF-16 offset of the mention in the original question (same as `start`) */
  index: number;
  start: number;
  /** exclusive */
  end: number;
  qualifiers: MeasureQualifier[];
}

/**
 * Words that qualify a measure (segment, adjusted, non-GAAP, organic, excluding, per employee, …):
 * when one is left unconsumed by any rule, the planner blocks instead of answering the unqualified
 * total. Multi-word entries are matched as phrases.
 */
export const MEASURE_QUALIFIER_WORDS: readonly string[] = [
  'segment',
  'segments',
  'division',
  'divisions',
  'business unit',
  'reportable segment',
  'operating segment',
  'adjusted',
  'non gaap',
  'nongaap',
  'non-gaap',
  'pro forma',
  'proforma',
  'normalized',
  'normalised',
  'underlying',
  'organic',
  'core',
  'recurring',
  'comparable',
  'like for like',
  'same store',
  'same-store',
  'constant currency',
  'fx neutral',
  'excluding',
  'ex',
  'exclusive of',
  'net of',
  'per employee',
  'per store',
  'per unit',
  'per subscriber',
  'per user',
  'per customer',
  'per square foot',
  'run rate',
  'annualized',
  'annualised',
  'implied',
  'guidance',
  'forecast',
  'estimated',
  'consensus',
  'domestic',
  'international',
  'region',
  'regional',
  'geographic',
  'geography',
  'country',
  'product',
  'products',
  'services',
  'category',
  'brand',
  'platform',
  'market',
  'attributable',
  'continuing',
  'discontinued',
];

const QUALIFIER_RE = new RegExp(
  `(?:^|[^a-z0-9])(${[...MEASURE_QUALIFIER_WORDS]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[-\s]+/g, '[-\\s]+'))
    .join('|')})(?=$|[^a-z0-9])`,
  'gi',
);

/**
 * Measure-qualifier words in the question outside the given spans (what the planner's rules
 * consumed): each is a word that could change which figure is meant.
 */
export function unplacedQualifierWords(
  question: string,
  consumed: readonly { start: number; end: number }[],
): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  for (const m of question.matchAll(QUALIFIER_RE)) {
    const start = m.index! + m[0].length - m[1]!.length;
    const end = start + m[1]!.length;
    if (consumed.some((c) => start < c.end && end > c.start)) continue;
    out.push({ text: m[1]!, start, end });
  }
  return out;
}

const NON_GAAP =
  /^(?:adjusted|non gaap|nongaap|pro forma|proforma|normalized|normalised|underlying|organic|core|recurring|comparable|cash)$/;
const GAAP = /^(?:gaap|unadjusted|reported|as reported|statutory)$/;
const MEMBER_NOUNS = /^(?:segment|segments|division|business|unit|region|category|product line|platform|market|brand)$/;
const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'in',
  'from',
  'by',
  'at',
  'and',
  'or',
  'what',
  'was',
  'is',
  'were',
  'how',
  'much',
  'many',
  'did',
  'does',
  'its',
  "'s",
  's',
  'to',
  'on',
  'with',
  'total',
  'fiscal',
  'fy',
  'year',
  'quarter',
]);

interface Word {
  w: string;
  start: number;
  end: number;
}

function wordsOf(n: Normalized): Word[] {
  const out: Word[] = [];
  const re = /[^ ]+/g;
  for (const m of n.text.matchAll(re)) {
    const s = m.index!;
    const e = s + m[0].length;
    out.push({ w: m[0], start: n.offsets[s]!, end: n.offsets[e - 1]! + 1 });
  }
  return out;
}

const squash = (s: string) =>
  norm(s)
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

interface MemberIndexEntry {
  key: string;
  entry: MemberEntry;
  label: string;
}

/** "Services revenue", "iPhone gross margin": the answer names the member with the measure, never the measure alone. */
function withMember(member: string, label: string): string {
  return `${member} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** per members list */
const memberIndex = weakMemo(buildMemberIndex);

function buildMemberIndex(members: MemberEntry[]): Map<string, MemberIndexEntry[]> {
  const idx = new Map<string, MemberIndexEntry[]>();
  for (const e of members) {
    for (const label of e.labels) {
      const key = squash(label);
      if (key.length < 2) continue;
      const list = idx.get(key) ?? [];
      // one entry per dimension set: the member alone ({Product: Apparel}) and its slices ({Product: Apparel,
      // Segment: Converse}) are different figures, and the smallest filed one is the member's own
      const dims = JSON.stringify(Object.entries(e.dimensions ?? { [e.axis]: e.member }).sort(([a], [b]) => a.localeCompare(b)));
      if (
        !list.some(
          (x) =>
            JSON.stringify(
              Object.entries(x.entry.dimensions ?? { [x.entry.axis]: x.entry.member }).sort(([a], [b]) => a.localeCompare(b)),
            ) === dims,
        )
      )
        list.push({ key, entry: e, label: e.display?.[label] ?? label });
      idx.set(key, list);
    }
  }
  return idx;
}

/** Axis preference when one label names members of several axes: segments, then products, then geography. */
function axisRank(axis: string): number {
  if (/BusinessSegments|Segment/i.test(axis)) return 0;
  if (/ProductOrService|Product/i.test(axis)) return 1;
  if (/Geograph|Region|Country/i.test(axis)) return 2;
  return 3;
}

/** The longest run of words ending at `to` (exclusive) or starting at `from` that names a member. */
function findMember(
  words: Word[],
  lo: number,
  hi: number,
  idx: Map<string, MemberIndexEntry[]>,
  anchorEnd: boolean,
): { from: number; to: number; hit: MemberIndexEntry } | null {
  for (let len = Math.min(5, hi - lo); len >= 1; len--) {
    const from = anchorEnd ? hi - len : lo;
    const to = from + len;
    const key = words
      .slice(from, to)
      .map((w) => w.w)
      .join('')
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]/g, '');
    const hits = idx.get(key);
    if (hits?.length) {
      const size = (e: MemberEntry) => Object.keys(e.dimensions ?? { [e.axis]: e.member }).length;
      const ranked = [...hits].sort((a, b) => axisRank(a.entry.axis) - axisRank(b.entry.axis) || size(a.entry) - size(b.entry));
      const best = ranked[0]!;
      // only slices of the member are filed, in several segments ({Grocery, Walmart U.S.} and {Grocery, Sam's Club}):
      // no figure is the member's own, and taking one slice would answer for a part as if for the whole
      const rivals = ranked.filter((h) => axisRank(h.entry.axis) === axisRank(best.entry.axis) && size(h.entry) === size(best.entry));
      if (size(best.entry) > 1 && rivals.length > 1) return null;
      return { from, to, hit: best };
    }
  }
  return null;
}

function qualifiersFor(
  question: string,
  words: Word[],
  mention: { start: number; end: number; ref: MetricRef },
  ctx: MatchContext | undefined,
  idx: Map<string, MemberIndexEntry[]> | null,
): MeasureQualifier[] {
  const out: MeasureQualifier[] = [];
  const first = words.findIndex((w) => w.start >= mention.start);
  let last = words.findIndex((w) => w.end > mention.end - 1 && w.start < mention.end);
  if (last < 0) last = first;
  const within = words.slice(first, last + 1).map((w) => w.w);
  const span = (a: Word, b: Word) => ({ text: question.slice(a.start, b.end), start: a.start, end: b.end });
  if (within.includes('basic')) out.push({ kind: 'eps_basis', value: 'basic', understood: true, ...span(words[first]!, words[last]!) });
  if (within.includes('diluted')) out.push({ kind: 'eps_basis', value: 'diluted', understood: true, ...span(words[first]!, words[last]!) });
  let i = first - 1;
  if (within[0] === 'gaap' && words[i]?.w === 'non') {
    // "non-GAAP operating income": the phrase "gaap operating income" must not swallow the "non"
    out.push({ kind: 'gaap', value: 'non_gaap', understood: false, ...span(words[i]!, words[first]!) });
    i--;
  } else if (within.includes('unadjusted') || within.includes('gaap'))
    out.push({ kind: 'gaap', value: 'gaap', understood: true, ...span(words[first]!, words[last]!) });

  // words before the mention: GAAP/non-GAAP, scope, members ("iPhone net sales", "Data Center revenue", "Google Cloud segment revenue")
  while (i >= 0) {
    const w = words[i]!.w;
    if (GAAP.test(w) && words[i - 1]?.w !== 'non') {
      out.push({ kind: 'gaap', value: 'gaap', understood: true, ...span(words[i]!, words[i]!) });
      i--;
      continue;
    }
    if (NON_GAAP.test(w) || (w === 'gaap' && words[i - 1]?.w === 'non')) {
      const a = w === 'gaap' ? i - 1 : i;
      out.push({ kind: 'gaap', value: 'non_gaap', understood: false, ...span(words[a]!, words[i]!) });
      i = a - 1;
      continue;
    }
    if (w === 'consolidated' || w === 'standalone') {
      out.push({ kind: 'scope', value: w, understood: true, ...span(words[i]!, words[i]!) });
      i--;
      continue;
    }
    break;
  }
  // "<member> [segment] <measure>"
  let hi = i + 1;
  let noun: Word | null = null;
  if (hi > 0 && MEMBER_NOUNS.test(words[hi - 1]!.w)) {
    noun = words[hi - 1]!;
    hi--;
  }
  let placed = false;
  if (idx && hi > 0) {
    const lo = Math.max(0, hi - 5);
    const f = findMember(words, lo, hi, idx, true);
    if (f) {
      const a = words[f.from]!;
      const b = noun ?? words[f.to - 1]!;
      out.push({
        kind: 'member',
        value: f.hit.entry.member,
        member: {
          axis: f.hit.entry.axis,
          member: f.hit.entry.member,
          label: f.hit.label,
          dimensions: f.hit.entry.dimensions ?? { [f.hit.entry.axis]: f.hit.entry.member },
        },
        understood: true,
        ...span(a, b),
      });
      placed = true;
    }
  }
  // "<measure> from|of|for [the] <member> [segment]"
  if (!placed && idx) {
    let j = last + 1;
    if (['from', 'of', 'for', 'in', 'at', 'by'].includes(words[j]?.w ?? '')) {
      j++;
      if (['the', 'its', 'their'].includes(words[j]?.w ?? '')) j++;
      const f = findMember(words, j, Math.min(words.length, j + 5), idx, false);
      if (f) {
        const after = words[f.to];
        const b = after && MEMBER_NOUNS.test(after.w) ? after : words[f.to - 1]!;
        out.push({
          kind: 'member',
          value: f.hit.entry.member,
          member: {
            axis: f.hit.entry.axis,
            member: f.hit.entry.member,
            label: f.hit.label,
            dimensions: f.hit.entry.dimensions ?? { [f.hit.entry.axis]: f.hit.entry.member },
          },
          understood: true,
          ...span(words[f.from]!, b),
        });
        placed = true;
      }
    }
  }
  // an unknown member: "<words> segment <measure>", "<measure> of the <words> segment"
  if (!placed && noun) {
    let a = hi - 1;
    while (a >= 0 && !STOP.has(words[a]!.w) && hi - a <= 3) a--;
    const from = a + 1;
    if (from < hi) {
      out.push({ kind: 'member', value: null, member: null, understood: false, ...span(words[from]!, noun) });
      placed = true;
    }
  }
  if (!placed) {
    const j0 = last + 1;
    if (['from', 'of', 'for', 'in', 'at', 'by'].includes(words[j0]?.w ?? '')) {
      let j = j0 + 1;
      if (['the', 'its', 'their'].includes(words[j]?.w ?? '')) j++;
      let k = j;
      while (k < words.length && k - j < 4 && !MEMBER_NOUNS.test(words[k]!.w) && !STOP.has(words[k]!.w)) k++;
      if (k < words.length && k > j && MEMBER_NOUNS.test(words[k]!.w)) {
        out.push({ kind: 'member', value: null, member: null, understood: false, ...span(words[j]!, words[k]!) });
      }
    }
  }
  void ctx;
  return out;
}

const SHARE_WORDS = new Set(['percentage', 'percent', '%', 'share', 'proportion', 'fraction', 'portion']);

/**
 * Segment mix with the member named alone: "iPhone as a percentage of total net sales", "Data Center
 * as a share of revenue". The member is the measure after "of" restricted to that member (the same
 * measure, so the share compares one figure with its own total over the same period); a word before
 * "as" that names no member of the filing gives nothing.
 */
function memberShareMentions(
  question: string,
  words: Word[],
  mentions: MetricMention[],
  idx: Map<string, MemberIndexEntry[]>,
): MetricMention[] {
  const out: MetricMention[] = [];
  for (const m of mentions) {
    if (m.ref.dimensions || m.ref.kind !== 'base') continue;
    let k = words.findIndex((w) => w.start >= m.start) - 1;
    // "of [the] [Apple's|its] [total] net sales"
    for (let n = 0; n < 3 && /^(?:total|the|its|their|[a-z0-9&]+'s?)$/.test(words[k]?.w ?? '') && words[k]?.w !== 'of'; n++) k--;
    if (words[k]?.w !== 'of') continue;
    k--;
    if (!SHARE_WORDS.has(words[k]?.w ?? '')) continue;
    k--;
    if (words[k]?.w === 'a' || words[k]?.w === 'an') k--;
    if (words[k]?.w !== 'as') continue;
    const f = findMember(words, Math.max(0, k - 5), k, idx, true);
    if (!f) continue;
    const a = words[f.from]!;
    const b = words[f.to - 1]!;
    if (mentions.some((o) => a.start < o.end && b.end > o.start)) continue;
    const member = {
      axis: f.hit.entry.axis,
      member: f.hit.entry.member,
      label: f.hit.label,
      dimensions: f.hit.entry.dimensions ?? { [f.hit.entry.axis]: f.hit.entry.member },
    };
    out.push({
      ref: { ...m.ref, label: withMember(member.label, m.ref.label), dimensions: member.dimensions, memberLabel: member.label },
      phrase: question.slice(a.start, b.end).toLowerCase(),
      index: a.start,
      start: a.start,
      end: b.end,
      qualifiers: [
        {
          kind: 'member',
          value: member.member,
          member,
          understood: true,
          text: question.slice(a.start, b.end),
          start: a.start,
          end: b.end,
        },
      ],
    });
  }
  return out;
}

/**
 * All measure mentions, longest phrase first, without overlaps, in question order, each with its
 * qualifiers; `ambiguous` when no phrase matched but a word names several measures.
 */
export function matchMetrics(
  question: string,
  ctx?: MatchContext,
): { mentions: MetricMention[]; ambiguous: { phrase: string; options: string[] } | null } {
  const n = normalizeWithOffsets(question);
  const normText = n.text;
  const taken: [number, number][] = [];
  const raw: { p: MetricPhrase; s: number; e: number }[] = [];
  // filer concepts (ask by label) rank after ontology phrases of the same length: the ontology wins ties
  const phrases = ctx?.concepts?.length ? phrasesWithConcepts(ctx.concepts) : PHRASES;
  // a phrase can only be found (` phrase ` in the text) when its first word is a word of the text
  const textWords = new Set(normText.split(' '));
  // statement hints and other non-measures: claimed first unless a longer measure phrase covers them
  const blocked: [number, number][] = [];
  for (const np of NON_MEASURE) {
    let from = 0;
    for (;;) {
      const i = normText.indexOf(` ${np} `, from);
      if (i < 0) break;
      blocked.push([i + 1, i + 1 + np.length]);
      from = i + 1;
    }
  }
  // statement captions (lib/ontology/shorthand CAPTION_PATTERNS): they compete with phrases by length
  const captions: { p: MetricPhrase; s: number; e: number }[] = [];
  for (const c of CAPTIONS) {
    for (const m of normText.matchAll(c.re)) {
      const s = m.index! + 1;
      const e = s + m[1]!.length;
      if (captions.some((o) => s < o.e && e > o.s)) continue;
      captions.push({ p: { phrase: m[1]!, ref: c.ref }, s, e });
    }
  }
  captions.sort((a, b) => b.e - b.s - (a.e - a.s));
  const claim = (r: { p: MetricPhrase; s: number; e: number }) => {
    const inside = blocked.some(([a, b]) => r.s >= a && r.e <= b);
    if (!inside && taken.every(([a, b]) => r.e <= a || r.s >= b)) {
      taken.push([r.s, r.e]);
      raw.push(r);
    }
  };
  // only the phrases whose first word is a word of the text, in the list's order (longest first): the
  // others cannot be found, and a caption is claimed before the next phrase it is not shorter than either way
  const byFirst = firstWordIndex(phrases);
  const candidates: number[] = [];
  for (const w of textWords) {
    const at = byFirst.get(w);
    if (at) for (const i of at) candidates.push(i);
  }
  candidates.sort((a, b) => a - b);
  for (const ci of candidates) {
    const p = phrases[ci]!;
    while (captions.length && captions[0]!.e - captions[0]!.s >= p.phrase.length) claim(captions.shift()!);
    let from = 0;
    for (;;) {
      const i = normText.indexOf(` ${p.phrase} `, from);
      if (i < 0) break;
      const s = i + 1;
      const e = s + p.phrase.length;
      // a measure phrase inside a non-measure phrase ("cash" in "cash flow statement") is not a measure;
      // one that covers it ("cash flow from operations") is
      const inside = blocked.some(([a, b]) => s >= a && e <= b);
      if (!inside && taken.every(([a, b]) => e <= a || s >= b)) {
        taken.push([s, e]);
        raw.push({ p, s, e });
      }
      from = i + 1;
    }
  }
  for (const c of captions) claim(c);
  // a generic head ("profit for the year") preceded by a qualifier that names another measure ("gross");
  // a total word is not such a qualifier ("total income before income taxes" is income before income taxes)
  for (const [i, m] of raw.entries()) {
    const head = m.p.phrase.split(' ')[0]!;
    if (!['profit', 'income', 'earnings', 'loss'].includes(head)) continue;
    const prev = /([a-z&]+) $/.exec(normText.slice(0, m.s))?.[1];
    if (!prev || TOTAL_WORDS.includes(prev)) continue;
    const qualified = PHRASES.find((p) => p.phrase === `${prev} ${head}`);
    if (qualified && qualified.ref.id !== m.p.ref.id) raw[i] = { p: qualified, s: m.s - prev.length - 1, e: m.e };
  }
  // "<measure> (…) % margin", "<measure> as a % of revenue": the measure's margin formula, when the ontology has one
  for (const [i, m] of raw.entries()) {
    if (m.p.ref.kind !== 'base') continue;
    const after = question.slice(n.offsets[m.e - 1]! + 1);
    const tail =
      /^\s*(?:\([^()]{0,80}\)\s*)?(?:%\s*margin|margin\b|as an? (?:%|percent(?:age)?|share) of (?:total )?(?:net )?(?:revenues?|sales))/i.exec(
        after,
      );
    if (!tail) continue;
    const f = MARGIN_OF.get(m.p.ref.id);
    if (!f) continue;
    const endOrig = n.offsets[m.e - 1]! + 1 + tail[0].length;
    // the normalized end: the first normalized position at or after the original end
    let e = m.e;
    while (e < n.offsets.length && n.offsets[e]! < endOrig) e++;
    const phrase = norm(question.slice(n.offsets[m.s]!, endOrig));
    for (const [j, o] of raw.entries()) if (j !== i && o.s >= m.e && o.e <= e) raw[j] = { ...o, p: { ...o.p, weak: true } };
    raw[i] = { p: { phrase, ref: formulaRef(f) }, s: m.s, e };
  }
  const strong = raw.filter((r) => !r.p.weak);
  const chosen = strong.length ? strong : raw;
  // "total opex", "overall revenue": the word naming the reported total belongs to the measure's span
  // "G&A expense", "R&D costs": a word after an expense measure that only repeats what it is
  const free = (s: number, e: number) => !chosen.some((o) => s < o.e && e > o.s);
  for (const [i, r] of chosen.entries()) {
    let { s, e, p } = r;
    const prev = /([a-z]+) $/.exec(normText.slice(0, s));
    if (prev && TOTAL_WORDS.includes(prev[1]!) && !TOTAL_WORDS.includes(p.phrase.split(' ')[0]!) && free(s - prev[1]!.length - 1, s - 1)) {
      s -= prev[1]!.length + 1;
      p = { ...p, phrase: `${prev[1]} ${p.phrase}` };
    }
    const next = /^ ([a-z]+) /.exec(normText.slice(e));
    if (
      next &&
      EXPENSE_TAIL_WORDS.includes(next[1]!) &&
      p.ref.kind === 'base' &&
      SIGN.get(p.ref.id) === 'expense' &&
      !EXPENSE_TAIL_WORDS.includes(p.phrase.split(' ').at(-1)!) &&
      free(e + 1, e + 1 + next[1]!.length)
    ) {
      e += next[1]!.length + 1;
      p = { ...p, phrase: `${p.phrase} ${next[1]}` };
    }
    chosen[i] = { ...r, p, s, e };
  }
  const words = wordsOf(n);
  const idx = ctx?.members?.length ? memberIndex(ctx.members) : null;
  const mentions: MetricMention[] = chosen
    .map((r) => {
      const start = n.offsets[r.s]!;
      const end = n.offsets[r.e - 1]! + 1;
      const qualifiers = qualifiersFor(question, words, { start, end, ref: r.p.ref }, ctx, idx);
      const member = qualifiers.find((q) => q.kind === 'member' && q.member);
      const ref: MetricRef = member?.member
        ? {
            ...r.p.ref,
            label: withMember(member.member.label, r.p.ref.label),
            dimensions: member.member.dimensions,
            memberLabel: member.member.label,
          }
        : r.p.ref;
      return { ref, phrase: r.p.phrase, index: start, start, end, qualifiers };
    })
    .sort((a, b) => a.start - b.start);
  if (idx) mentions.push(...memberShareMentions(question, words, mentions, idx));
  mentions.sort((a, b) => a.start - b.start);
  let ambiguous: { phrase: string; options: string[] } | null = null;
  if (mentions.length === 0) {
    for (const a of AMBIGUOUS) {
      const m = a.pattern.exec(normText);
      if (m) {
        ambiguous = { phrase: m[1]!, options: a.options };
        break;
      }
    }
  }
  return { mentions, ambiguous };
}

/**
 * The known measures closest to an unknown phrase, for the "unknown measure" answer's choices: a
 * measure phrase sharing a word with it (2 points), or a stem of five letters or more (1 point:
 * "EBITDAR" ~ "EBITDA", "store" ~ "stores"), scaled by the phrase's length. Only measures that
 * share at least half of the phrase's words count, so a phrase sharing one generic word ("cost" in
 * "customer acquisition cost") gets no choices and is said to be unknown.
 */
export function closestMeasures(text: string, limit = 5): { id: string; label: string }[] {
  const q = [
    ...new Set(
      norm(text)
        .split(' ')
        .filter((w) => w.length > 1 && !STOP.has(w)),
    ),
  ];
  if (q.length === 0) return [];
  const labels = new Map<string, string>([
    ...METRICS.map((m) => [m.id, m.label] as const),
    ...FORMULAS.map((f) => [f.id, f.label] as const),
  ]);
  const stem = (a: string, b: string) => {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i >= 5;
  };
  const score = new Map<string, number>();
  for (const p of PHRASES) {
    if (p.weak) continue;
    const words = p.phrase.split(' ');
    let s = 0;
    let shared = 0;
    for (const w of q) {
      if (words.includes(w)) {
        s += 2;
        shared += 1;
      } else if (words.some((x) => stem(x, w))) {
        s += 1;
        shared += 0.5;
      }
    }
    if (s === 0 || shared < q.length / 2) continue;
    const scaled = s / Math.sqrt(words.length);
    if ((score.get(p.ref.id) ?? 0) < scaled) score.set(p.ref.id, scaled);
  }
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([id]) => ({ id, label: labels.get(id) ?? id }));
}
