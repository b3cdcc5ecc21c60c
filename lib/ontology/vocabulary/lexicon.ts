/**
 * The measure and member lexicon of a filer: phrases from what the filer ships (the ontology's names,
 * the filer's concept labels and descriptions, standard element names read as words, member QNames
 * read as words, captions printed beside tagged values), each reduced to word keys (lemma.ts) and
 * rewritten by the small synonym table (synonyms.ts). A question's words are read against it
 * (read.ts): members as whole names, a measure as the set of its label's words, every content word
 * covered by one of them.
 */
import { memberLabelFromQName } from '../members';
import { isFunctionWord } from './function-words';
import { lemma } from './lemma';
import { phraseKeys, rewrite } from './synonyms';

/** Where a phrase comes from (the reader prefers the filer's own words to names read from element names). */
export type PhraseSource = 'ontology' | 'label' | 'caption' | 'qname' | 'taxonomy' | 'description';

/** What a measure phrase names: an ontology metric or formula, or a filer's concept outside the ontology. */
export interface MeasureTarget {
  kind: 'measure';
  /** ontology id, or `concept:<qname>` */
  id: string;
  /** the measure as the answer names it */
  label: string;
}

/** What a member phrase names: one member of one axis, with the dimension set of its own facts. */
export interface MemberTarget {
  kind: 'member';
  axis: string;
  member: string;
  /** the member's own dimension set (never a narrower slice) */
  dimensions: Record<string, string>;
  /** the member as the filing names it */
  label: string;
}

export interface LexiconEntry {
  target: MeasureTarget | MemberTarget;
  phrase: string;
  source: PhraseSource;
  /** word keys after the synonym table, function words kept (members are names: "Rest of Asia Pacific") */
  keys: string[];
  /** the content keys a question must name for this phrase (function words and optional words left out) */
  required: string[];
}

export interface LexiconSource {
  measures: { id: string; label: string; phrases: { text: string; source: PhraseSource }[] }[];
  members: {
    axis: string;
    member: string;
    dimensions: Record<string, string>;
    /** printed captions and other labels of the member; the QName's words are added here */
    labels: string[];
  }[];
}

export interface Lexicon {
  entries: LexiconEntry[];
  /** entries by each of their required keys */
  byKey: Map<string, LexiconEntry[]>;
  /** every content key of any entry (for "what is reported nearby") */
  keys: Set<string>;
}

/**
 * Words a label carries that a question may leave out without naming another figure: totals, the class of
 * stock every figure is of, and "expense" after what is an expense ("R&D" is R&D expense).
 */
const OPTIONAL = new Set(
  ['total', 'common', 'consolidated', 'amount', 'aggregate', 'reported', 'period', 'during', 'expense'].flatMap((w) => phraseKeys(w)),
);

/** Question words a measure's own word implies, covered by it ("cash" paid is the payment). */
export const IMPLIED: ReadonlyMap<string, readonly string[]> = new Map(phraseKeys('payment').map((k) => [k, phraseKeys('cash')]));

/** Words a caption adds for the sign of a figure ("loss/(gain)", "cost/(credit)"). */
const SIGN_WORDS = new Set(['loss', 'gain', 'credit', 'benefit'].flatMap((w) => phraseKeys(w)));

/** The initials of some words ("Asia Pacific Latin America" → "apla"), lower case. */
function acronym(words: readonly string[]): string {
  return words.length >= 3 ? words.map((w) => w.charAt(0).toLowerCase()).join('') : '';
}

/** Description sentences longer than this are definitions, not names: only their first clause is a phrase. */
const DESCRIPTION_WORDS = 12;

function entryOf(
  target: LexiconEntry['target'],
  phrase: string,
  source: PhraseSource,
  own: (keys: string[]) => boolean,
): LexiconEntry | null {
  const raw = phraseKeys(phrase);
  const keys = rewrite(raw, own).keys;
  const required = [...new Set(keys.filter((k) => !isFunctionWord(k) && !OPTIONAL.has(k)))];
  if (required.length === 0) return null;
  return { target, phrase, source, keys, required };
}

/** "Amount of cash outflow to reacquire common stock during the period." → "cash outflow to reacquire common stock". */
export function descriptionPhrase(description: string): string | null {
  const first = (description.split(/[.;](?:\s|$)/)[0] ?? '').replace(/^(?:the\s+)?amount\s+of\s+/i, '').trim();
  const words = first.split(/\s+/);
  return words.length >= 2 && words.length <= DESCRIPTION_WORDS ? first : null;
}

/** Builds the lexicon of one filer (or of the companies a question names). */
export function buildLexicon(src: LexiconSource): Lexicon {
  const ownKeys = new Set<string>();
  for (const m of src.measures) for (const p of m.phrases) for (const k of phraseKeys(p.text)) ownKeys.add(k);
  // a rule that applies only without a phrase of the filer's own ("EBIT"): the filer has one when every key is its own
  const own = (keys: string[]) => keys.every((k) => ownKeys.has(k));
  const entries: LexiconEntry[] = [];
  const seen = new Set<string>();
  const push = (e: LexiconEntry | null) => {
    if (!e) return;
    const id = e.target.kind === 'measure' ? e.target.id : `${e.target.axis}|${JSON.stringify(e.target.dimensions)}`;
    const k = `${id}|${e.keys.join(' ')}`;
    if (seen.has(k)) return;
    seen.add(k);
    entries.push(e);
  };
  for (const m of src.measures) {
    const target: MeasureTarget = { kind: 'measure', id: m.id, label: m.label };
    for (const p of m.phrases) {
      const text = p.source === 'description' ? descriptionPhrase(p.text) : p.text;
      if (text) push(entryOf(target, text, p.source, own));
      // "Nontrade receivables, current" is also asked as "nontrade receivables"
      const head = text?.split(',')[0]?.trim();
      if (head && head !== text && head.split(/\s+/).length >= 2) push(entryOf(target, head, p.source, own));
    }
  }
  // a row caption names the member when it does not read wholly as a measure ("Net earnings/(loss)" beside a
  // segment's figure names the figure) and shares a word with the member's QName ("Net actuarial loss"
  // beside a pension plan's figure is a line of the plan, not its name)
  const measures = entries.map((e) => ({ required: e.required, keys: new Set(e.keys) }));
  const contentOf = (label: string) => rewrite(phraseKeys(label), own).keys.filter((k) => !isFunctionWord(k) && !SIGN_WORDS.has(k));
  const namesAMeasure = (content: string[]) =>
    measures.some((m) => m.required.every((k) => content.includes(k)) && content.every((k) => m.keys.has(k) || OPTIONAL.has(k)));
  const sharesAWord = (content: string[], qname: string[]) => {
    const q = qname.join('');
    const c = content.join('');
    // a code ("country:CN") says nothing to compare a caption with
    if (q.length <= 3) return true;
    return content.some((k) => k.length >= 3 && q.includes(k)) || qname.some((k) => k.length >= 3 && c.includes(k)) || c === acronym(qname);
  };
  for (const m of src.members) {
    const qname = memberLabelFromQName(m.member);
    const qkeys = contentOf(qname);
    const captions = m.labels.filter((l) => {
      const content = contentOf(l);
      return !namesAMeasure(content) && sharesAWord(content, qkeys);
    });
    // the member as the filing names it: its first caption that names it (never a row's measure or a date), else its QName's words
    const label = captions[0] ?? qname;
    const target: MemberTarget = { kind: 'member', axis: m.axis, member: m.member, dimensions: m.dimensions, label };
    for (const l of captions) push(entryOf(target, l, 'caption', own));
    push(entryOf(target, qname, 'qname', own));
    // "Sam's Club U.S." is also "Sam's Club": a name of two words or more before its market's country code
    const market = /^(\S+(?:\s+\S+)+)\s+[A-Z]{2}$/.exec(qname)?.[1];
    if (market) push(entryOf(target, market, 'qname', own));
    // "EMEA", "APLA": a name of three words or more is also asked by its initials
    const words = qname.split(/\s+/).filter((w) => !isFunctionWord(lemma(w)));
    const initials = words.length <= 5 && words.every((w) => /^[A-Za-z]+$/.test(w)) ? acronym(words) : '';
    if (initials.length >= 3) push(entryOf(target, initials, 'qname', own));
  }
  const byKey = new Map<string, LexiconEntry[]>();
  const keys = new Set<string>();
  for (const e of entries) {
    for (const k of e.required) {
      keys.add(k);
      const list = byKey.get(k);
      if (list) list.push(e);
      else byKey.set(k, [e]);
    }
  }
  return { entries, byKey, keys };
}
