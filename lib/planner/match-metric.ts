/**
 * Measure matching: every phrase of the ontology (labels, synonyms, ask-only aliases of stored
 * metrics; labels and synonyms of formulas) found in a question, longest and most specific first,
 * with UTF-16 offsets into the ORIGINAL question, and the qualifiers around each mention (a
 * dimension member, basic/diluted, GAAP/non-GAAP, consolidated/standalone). A qualifier the
 * ontology or the member catalog cannot place is reported with `understood: false`, never dropped.
 */
import { FORMULAS } from '@/lib/ontology/formulas';
import { pluralOf, singularOf, singularOfLast, withLastWord } from '@/lib/ontology/inflect';
import { METRICS } from '@/lib/ontology/metrics';
import { receivedPhrases } from '@/lib/ontology/vocabulary/received';
import { CAPTION_PATTERNS, EXPENSE_TAIL_WORDS, TOTAL_WORDS } from '@/lib/ontology/shorthand';
import {
  type MeasureQualifier,
  type MemberEntry,
  memberIndex,
  memberShareMentions,
  qualifiersFor,
  STOP,
  withMember,
  wordsOf,
} from './match-member';
import { paymentPhrasings } from './payment-phrasings';
import { ORDINARY_PATTERNS, WEAK_VERBS } from './read/ordinary-words';
import { type Normalized, norm, normalizeForMetrics, normalizeWithOffsets, weakMemo } from './measure-text';
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

// "how much did Marvell lose": the net loss is net income below zero, said as it is
const WEAK = new Set(['earn', 'earned', 'earns', 'lose', 'lost', 'loses']);
const SIGN = new Map(METRICS.map((m) => [m.id, m.sign]));

/**
 * Last words a measure is not asked by in the plural: their plural is another thing ("equities" are shares held), they
 * have none (mass nouns, abbreviations), or end in -s ("gross", "loss"). "Net incomes" of several companies: net income.
 */
const NO_PLURAL = /^(?:equity|cash|tax|eps|capex|opex|ebit|ebitda|debt|growth|interest|capital|\w*s)$/;

/** The phrase with its last word in the plural ("deferred revenue" → "deferred revenues"), or null. */
const pluralOfMeasure = (phrase: string): string | null => withLastWord(phrase, (w) => (NO_PLURAL.test(w) ? w : pluralOf(w)));

/** The ways analysts write "excluding" and "including" inside a measure's name (normalized words). */
const CONNECTIVES: Record<string, readonly string[]> = {
  excluding: ['excluding', 'not counting', 'not including', 'leaving out', 'exclusive of', 'without', 'excl', 'ex'],
  including: ['including', 'counting', 'inclusive of', 'incl', 'with'],
};

/**
 * A phrase with "excluding"/"including" written in its other ways, with or without "the" after it; a combined line
 * ("cash and restricted cash") as its first part including the last ("cash, including restricted cash").
 */
function connectiveVariants(phrase: string): string[] {
  const m = / (excluding|including) (?!the )/.exec(phrase);
  const and = phrase.lastIndexOf(' and ');
  if (!m && and > 0)
    return (CONNECTIVES.including ?? []).filter((c) => c !== 'with').map((c) => `${phrase.slice(0, and)} ${c} ${phrase.slice(and + 5)}`);
  if (!m) return [];
  const [before, after] = [phrase.slice(0, m.index), phrase.slice(m.index + m[0].length)];
  return (CONNECTIVES[m[1] ?? ''] ?? [])
    .flatMap((c) => [`${before} ${c} ${after}`, `${before} ${c} the ${after}`])
    .filter((v) => v !== phrase);
}

/** The ways a balance's classification is said after its name ("shown as current"), normalized. */
const CLASSIFIED = ['as', 'classified as', 'shown as', 'reported as', 'presented as', 'recorded as', 'listed as'];
const CLASSES: readonly (readonly string[])[] = [['current'], ['non current', 'noncurrent']];

/**
 * A measure's phrase with its classification said after it ("long term debt classified as current"), for each
 * class another measure is named by ("current portion …" aside, "long term debt current", "non current term
 * debt"): that measure, never the one the phrase names alone. A class no measure is named by adds nothing, so
 * the word stays unplaced and is asked about.
 */
function classifiedVariants(p: MetricPhrase, byPhrase: ReadonlyMap<string, MetricRef>): [string, MetricRef][] {
  const out: [string, MetricRef][] = [];
  for (const spellings of CLASSES) {
    const ref = spellings
      .flatMap((c) => [byPhrase.get(`${c} ${p.phrase}`), byPhrase.get(`${p.phrase} ${c}`)])
      .find((r) => r !== undefined && r.id !== p.ref.id);
    if (ref) for (const c of spellings) for (const verb of CLASSIFIED) out.push([`${p.phrase} ${verb} ${c}`, ref]);
  }
  return out;
}

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
  // a bottom line asked by its loss ("net loss attributable to the parent", "net loss attributable to common stockholders")
  for (const p of [...out]) {
    const loss = /^net (?:income|earnings|profit) (?=attributable |available |to )/.exec(p.phrase);
    const v = loss && `net loss ${p.phrase.slice(loss[0].length)}`;
    if (v && !seen.has(v)) {
      seen.add(v);
      out.push({ phrase: v, ref: p.ref });
    }
  }
  // "long-term debt excluding current portion" asked as "… not counting the current portion", "… leaving out …"
  for (const p of [...out])
    for (const v of connectiveVariants(p.phrase))
      if (!seen.has(v)) {
        seen.add(v);
        out.push({ phrase: v, ref: p.ref });
      }
  // "term debt classified as non-current", "long-term debt shown as current": the measure of that classification
  const byPhrase = new Map(out.map((p) => [p.phrase, p.ref]));
  for (const p of [...out])
    for (const [v, ref] of classifiedVariants(p, byPhrase))
      if (!seen.has(v)) {
        seen.add(v);
        out.push({ phrase: v, ref });
      }
  for (const w of WEAK) out.push({ phrase: w, ref: baseRef('net_income'), weak: true });
  // "how much did it sell", "how much did it borrow": a verb names a measure only when nothing else does
  for (const v of WEAK_VERBS) for (const w of v.words) out.push({ phrase: w, ref: baseRef(v.metric), weak: true });
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

/** The phrases a question is matched against: the ontology's, the filer concepts' and its labels' payment phrasings. */
function phrasesFor(ctx: MatchContext | undefined): readonly MetricPhrase[] {
  const base = ctx?.concepts?.length ? phrasesWithConcepts(ctx.concepts) : PHRASES;
  return ctx?.labels?.length ? withLabelPhrases(base)(ctx.labels) : base;
}
const withLabelPhrases = weakMemo((base: readonly MetricPhrase[]) =>
  weakMemo((labels: readonly { metricId: string; label: string }[]): readonly MetricPhrase[] => {
    const paid = paymentPhrasings(labels, (p) => PHRASE_SET.has(p));
    const extra = paid.map((x) => ({ phrase: x.phrase, ref: baseRef(x.metricId) })).sort((a, b) => b.phrase.length - a.phrase.length);
    return extra.length ? mergeByLength([...base], extra) : base;
  }),
);

/** Statement captions and the ordinary words that name a measure (lib/planner/read/ordinary-words). */
const CAPTIONS = [...CAPTION_PATTERNS, ...ORDINARY_PATTERNS].map((c) => ({
  re: new RegExp(` (${c.pattern})(?= )`, 'g'),
  ref: FORMULAS.some((f) => f.id === c.metric) ? formulaRef(c.metric) : baseRef(c.metric),
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

/** A reported concept outside the ontology, askable by the filer's label (lib/retrieval/concepts.ts). */
export interface ConceptEntry {
  concept: string;
  label: string;
  periodType: 'instant' | 'duration';
}

export type { MeasureQualifier, MemberEntry, QualifierKind } from './match-member';
export { normalizeForMetrics };

export interface MatchContext {
  /** members of the question's entities (lib/retrieval/members.ts loadMemberCatalog) */
  members?: MemberEntry[];
  /** labelled concepts of the question's entities that the ontology does not map */
  concepts?: ConceptEntry[];
  /**
   * where the question names no company: the companies filing a member it names by a proper name
   * (lib/retrieval/member-owners.ts), the question's company when one, asked back when several
   */
  owners?: readonly { entityId: string; text: string; label: string }[];
  /** the filers' own labels of the concepts ontology measures map (lib/retrieval/concepts loadMappedConceptLabels) */
  labels?: readonly { metricId: string; label: string; concept?: string }[];
}

/** Words opening a caption's postmodifier: its head noun stands before the first ("expense from investment property"). */
const POSTMODIFIER = /^(.*?\b)([a-z]+)(\s+(?:of|for|from|to|on|in|by|under|with|at|into|per)\s.*)$/;

/**
 * Label phrasings of a concept: "Nontrade Receivables, Current" → also "nontrade receivables"; the head noun
 * in the other number ("Casino revenues" → "casino revenue", "Direct operating expense from investment
 * property" → "… expenses from …"); the "non" prefix written as a word of its own ("Dividends paid to
 * noncontrolling interests" → "… non-controlling …": the normalized text splits the hyphen).
 */
/** The other sign of a line, written in parentheses in a concept's label: "Expense (Benefit)", "Income (Loss)". */
const SIGN_ALTERNATIVE = /\s*\((?:benefit|loss|income|expense|gain|deficit|decrease|increase|credit|charge)\)/gi;
/** Words after a label's comma that only word the head again ("…, Continuing Operations", "…, Net of Tax"): any other tail names a part or a variant. */
const WORDING_TAIL = /^,\s*(?:continuing operations|net of tax|net)\s*$/i;

function conceptPhrases(label: string): string[] {
  const out = [label];
  const head = label.split(',')[0]!.trim();
  if (head !== label && head.split(/\s+/).length >= 2) out.push(head);
  // the label without the sign's other name ("Current Federal Tax Expense (Benefit)": "current federal tax expense"); its head
  // only where the words after the comma only word it again ("…, Domestic", "…, Tax", "…, Per Diluted Share" are parts)
  const signless = (t: string) => t.replace(SIGN_ALTERNATIVE, '').replace(/\s+/g, ' ').trim();
  if (signless(label) !== label) out.push(signless(label));
  if (head !== label && signless(head) !== head && WORDING_TAIL.test(label.slice(head.length)) && signless(head).split(' ').length >= 2)
    out.push(signless(head));
  for (const p of [...out]) {
    const n = p.toLowerCase();
    // the last word ("casino revenues"), and a head noun before a postmodifier ("expense from …")
    const last = pluralOfMeasure(n) ?? singularOfLast(n);
    if (last) out.push(last);
    const post = POSTMODIFIER.exec(n);
    const w = post?.[2];
    const v = w && (NO_PLURAL.test(w) ? singularOf(w) : pluralOf(w));
    if (post && w && v && v !== w) out.push(`${post[1]}${v}${post[3]}`);
  }
  for (const p of [...out]) if (/\bnon(?=[a-z]{4})/i.test(p)) out.push(p.replace(/\bnon(?=[a-z]{4})/gi, 'non-'));
  // "Rental income" asked as the rent collected (lib/ontology/vocabulary/received)
  out.push(...receivedPhrases(label));
  return out;
}

/** A concept outside the ontology as a measure of its own, labelled as the filer labels it. */
export function conceptRef(c: ConceptEntry): MetricRef {
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

type RawMention = { p: MetricPhrase; s: number; e: number };

/** Statement hints and other non-measures in the normalized text (a phrase inside one is no measure). */
function nonMeasureRanges(normText: string): [number, number][] {
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
  return blocked;
}

/** Every measure phrase and caption found, longest first, without overlaps (normalized offsets). */
/**
 * An operator written apart from its operands (" / ", " + ", " = ", or after a closing parenthesis: "cost of sales) /
 * revenue") stands between two of them: a measure phrase never spans one. A slash inside a name ("D/E", "debt/EBITDA",
 * "generated by/(used in)") is part of it.
 */
const OPERATOR_CHARS = /\s[/+=*÷×](?=\s)|\)\s*[/+=*÷×]/;

function rawMentions(n: Normalized, question: string, ctx: MatchContext | undefined): RawMention[] {
  const normText = n.text;
  const taken: [number, number][] = [];
  const raw: RawMention[] = [];
  // filer concepts (ask by label) rank after ontology phrases of the same length: the ontology wins ties
  const phrases = phrasesFor(ctx);
  // a phrase can only be found (` phrase ` in the text) when its first word is a word of the text
  const textWords = new Set(normText.split(' '));
  // statement hints and other non-measures: claimed first unless a longer measure phrase covers them
  const blocked = nonMeasureRanges(normText);
  // statement captions (lib/ontology/shorthand CAPTION_PATTERNS): they compete with phrases by length
  const captions: RawMention[] = [];
  for (const c of CAPTIONS) {
    for (const m of normText.matchAll(c.re)) {
      const s = m.index! + 1;
      const e = s + m[1]!.length;
      if (captions.some((o) => s < o.e && e > o.s)) continue;
      captions.push({ p: { phrase: m[1]!, ref: c.ref }, s, e });
    }
  }
  captions.sort((a, b) => b.e - b.s - (a.e - a.s));
  // a measure phrase inside a non-measure phrase ("cash" in "cash flow statement") is not a measure;
  // one that covers it ("cash flow from operations") is
  const claim = (r: RawMention) => {
    const inside = blocked.some(([a, b]) => r.s >= a && r.e <= b);
    // words on both sides of an operator are two operands ("cost of sales) / revenue" is no "sales revenue")
    const across = OPERATOR_CHARS.test(question.slice(n.offsets[r.s], n.offsets[r.e - 1]));
    if (!inside && !across && taken.every(([a, b]) => r.e <= a || r.s >= b)) {
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
      claim({ p, s: i + 1, e: i + 1 + p.phrase.length });
      from = i + 1;
    }
  }
  for (const c of captions) claim(c);
  return raw;
}

/**
 * A generic head ("profit for the year") preceded by a qualifier that names another measure ("gross"); a
 * total word is not such a qualifier ("total income before income taxes" is income before income taxes).
 * "<measure> (…) % margin", "<measure> as a % of revenue": the measure's margin formula, when the ontology has one.
 */
function qualifiedHeads(raw: RawMention[], question: string, n: Normalized): void {
  for (const [i, m] of raw.entries()) {
    const head = m.p.phrase.split(' ')[0]!;
    if (!['profit', 'income', 'earnings', 'loss'].includes(head)) continue;
    const prev = /([a-z&]+) $/.exec(n.text.slice(0, m.s))?.[1];
    if (!prev || TOTAL_WORDS.includes(prev)) continue;
    const qualified = PHRASES.find((p) => p.phrase === `${prev} ${head}`);
    if (qualified && qualified.ref.id !== m.p.ref.id) raw[i] = { p: qualified, s: m.s - prev.length - 1, e: m.e };
  }
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
}

/** Ways of writing one place: a measure named with one of them ("US pre-tax income") is named with any other. */
const PLACE_FORMS: readonly (readonly string[])[] = [['us', 'u s', 'usa', 'united states', 'u s a']];
const placeForms = (words: string) => PLACE_FORMS.find((f) => f.includes(words)) ?? [words];

/**
 * A measure named with its place, the place written after it or in another of its forms ("pre-tax income in the
 * US", "income before taxes from the United States", "pretax income outside the U.S."): the measure one of whose
 * names is the place put before a name of the measure read ("US income before income taxes"; outside a place is
 * "non-" the place), when the ontology or the filer names one so. The place's words then belong to that measure;
 * with no such name they stay unplaced.
 */
function placedMeasures(raw: RawMention[], question: string, n: Normalized, phrases: readonly MetricPhrase[]): void {
  const qualified = qualifiedIndex(phrases);
  // the place after the measure, with a verb that only says where it was made ("earned in", "generated outside")
  const PLACE_AFTER = /^(?:(?:earned|generated|made|booked) )?(in|from|within|inside|outside(?: of)?) (?:the )?([a-z]+(?: [a-z]+)?) /;
  for (const [i, m] of raw.entries()) {
    if (m.p.weak) continue;
    // each try: the place's words, where they start (normalized), the mention's new span
    const tries: { words: string; at: number; s: number; e: number; outside: boolean }[] = [];
    const after = PLACE_AFTER.exec(n.text.slice(m.e + 1));
    const [all = '', prep = '', place = ''] = after ?? [];
    if (place) {
      const at = m.e + all.length - place.length;
      // two words ("united states") before one
      for (const w of new Set([place, place.split(' ')[0] ?? place]))
        tries.push({ words: w, at, s: m.s, e: at + w.length, outside: prep.startsWith('outside') });
    }
    const before = /(?:^| )((?:[a-z]+ )?[a-z]+) $/.exec(n.text.slice(0, m.s))?.[1];
    if (before)
      for (const w of new Set([before, before.split(' ').at(-1) ?? before]))
        if (placeForms(w).length > 1) tries.push({ words: w, at: m.s - w.length - 1, s: m.s - w.length - 1, e: m.e, outside: false });
    for (const t of tries) {
      // a place is a proper name ("in the US", never "in total"), or a form of a place written in lower case
      if (placeForms(t.words).length === 1 && !/^[A-Z]/.test(question.charAt(n.offsets[t.at] ?? 0))) continue;
      const ref = placeForms(t.words)
        .map((f) => qualified.get(`${t.outside ? `non ${f}` : f}|${m.p.ref.id}`))
        .find((r) => r !== undefined);
      // a weak verb inside the span ("earned") gives way: a strong mention is read before any weak one
      if (!ref || raw.some((o, j) => j !== i && !o.p.weak && o.s < t.e && t.s < o.e)) continue;
      raw[i] = { p: { phrase: n.text.slice(t.s, t.e), ref }, s: t.s, e: t.e };
      break;
    }
  }
}
/** `${words}|${measure id}` → the measure named by those words (up to three) put before a name of that measure. */
const qualifiedIndex = weakMemo((phrases: readonly MetricPhrase[]) => {
  const strong = phrases.filter((p) => !p.weak);
  const byPhrase = new Map(strong.map((p) => [p.phrase, p.ref]));
  const out = new Map<string, MetricRef>();
  for (const q of strong) {
    const words = q.phrase.split(' ');
    for (let k = 1; k <= 3 && k < words.length; k++) {
      const head = byPhrase.get(words.slice(k).join(' '));
      const key = head && `${words.slice(0, k).join(' ')}|${head.id}`;
      if (head && key && head.id !== q.ref.id && !out.has(key)) out.set(key, q.ref);
    }
  }
  return out;
});

/**
 * "total opex", "overall revenue": the word naming the reported total belongs to the measure's span;
 * "G&A expense", "R&D costs": a word after an expense measure that only repeats what it is.
 */
function withTotalsAndTails(chosen: RawMention[], normText: string): RawMention[] {
  const out = [...chosen];
  const free = (s: number, e: number) => !out.some((o) => s < o.e && e > o.s);
  for (const [i, r] of out.entries()) {
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
    out[i] = { ...r, p, s, e };
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
  // "its own stock", "LPA's own shareholders": "own" after a possessive is an adjective, not the verb of assets
  const raw = rawMentions(n, question, ctx).filter(
    (r) => !(r.p.weak && r.p.phrase === 'own' && /(?:\b(?:its|their|our|your|his|her)|'s?) $/.test(n.text.slice(0, r.s))),
  );
  qualifiedHeads(raw, question, n);
  placedMeasures(raw, question, n, phrasesFor(ctx));
  const strong = raw.filter((r) => !r.p.weak);
  const chosen = withTotalsAndTails(strong.length ? strong : raw, n.text);
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
      const m = a.pattern.exec(n.text);
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
