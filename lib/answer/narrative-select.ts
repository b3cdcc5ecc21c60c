/**
 * Which sentences of a bucket's passages answer the question: every whole, quotable sentence is
 * scored for the topic — its words and the filings' words for it (full text), its hashed n-gram
 * vector against the topic's (dense), the Item the topic belongs to and the passage's own rank — and
 * only sentences that clear the relevance bar count. A sentence clears it when it scores at least
 * `RELEVANCE_BAR` and names what the question names: a name the question writes in capitals ("Wiz",
 * "Rubin", "Greater China") must stand in the sentence or its heading (one of them, when it names several).
 */
import { embedText, tokenize } from '@/lib/retrieval/embed';
import type { NarrativePassage } from '@/lib/retrieval/narrative-passages';
import { annualItem, topicsOf } from '@/lib/retrieval/narrative-topics';
import {
  type SentenceContext,
  SENTENCE_WEIGHTS,
  type SentenceFeatures,
  type Sentence,
  sentenceFeatures,
  splitSentences,
  type TopicScorer,
  weigh,
} from './narrative-sentences';

export interface Candidate {
  p: NarrativePassage;
  text: string;
  start: number;
  end: number;
  score: number;
  stems: Set<string>;
  /** position of the passage in the bucket's ranking */
  rank: number;
  /**
   * a unit's title (a risk factor's heading sentence: "Risks associated with our suppliers could
   * materially adversely affect our financial performance."): quoted as the heading it is, cited by
   * `backing`, a sentence of its passage
   */
  backing?: Candidate;
  /** what its score is made of */
  features?: CandidateFeatures;
  /** how soon a reader should read it, among the sentences over the bar (`READING_WEIGHTS`; the score when absent) */
  order?: number;
}

/** A bucket answers the topic when its best sentence scores at least this (and names what the question names). */
export const RELEVANCE_BAR = 3;

const BULLET = /^(?:[•●▪◦·\-–—*]|\(?[a-z0-9]{1,3}\)\s)/;
/** A list item's glyph, left off a quote ("•Continued volatility …" is quoted from "Continued"). */
const GLYPH = /^[•●▪◦·]\s*/;

/**
 * A sentence as it can be quoted on its own: without a list glyph, and whole — it starts with a
 * capital, a digit or an opening quote and ends with a full stop, question or exclamation mark (a list
 * item that ends in ";" or "and", a lead-in that ends in ":", a sub-heading or table caption inside the
 * text, or a tail cut by a page break — "S. customers …" of "U.S." — is no quote). Pure.
 */
export function quotable(s: { text: string; start: number; end: number }): { text: string; start: number; end: number } | null {
  const g = GLYPH.exec(s.text);
  const text = g ? s.text.slice(g[0].length) : s.text;
  const start = s.start + (g ? g[0].length : 0);
  if (!/^[A-Z0-9“"‘'($€£]/.test(text) || !/[.!?]["”’)\]]*$/.test(text)) return null;
  // (a lone initial before a lower-case word is the tail of a name cut at a break — "S. customers, which …" of "U.S." — not a sentence's start)
  if (/^[A-Z]\.\s+[a-z]/.test(text)) return null;
  if (headingLike(text)) return null;
  // (a table's caption — "The following tables present revenues by segment …" — says nothing without its table)
  if (/^(?:the|these) following (?:tables?|charts?|graphs?|schedules?)\b|^the (?:tables?|charts?) (?:below|above)\b/i.test(text))
    return null;
  return { text, start, end: s.end };
}

/** words that stay lower case inside a title ("Evaluation of Disclosure Controls and Procedures") */
const TITLE_GLUE = new Set('a an and as at by for from in into of on or over per the to under via with vs'.split(' '));

/**
 * A sub-heading run into the text with a full stop ("Currency Rate Exposure.", "Suppliers and Supply
 * Chain.", "Evaluation of Disclosure Controls and Procedures."): every word capitalised but the glue of
 * a title, at most ten words — a label, which says nothing; or a scrap of three words or fewer left by a
 * break ("Corporation, among others."). Pure.
 */
export function headingLike(text: string): boolean {
  const words = text
    .replace(/[.!?"”’)\]]+$/, '')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length <= 3) return true;
  return words.length <= 10 && words.every((w) => /^[A-Z0-9“"‘'(&]/.test(w) || TITLE_GLUE.has(w.toLowerCase()));
}

/** Longest quote of a lead-in with its list ("… including, from: • … ; • … ."), in words. */
const LIST_QUOTE_WORDS = 160;

/**
 * A lead-in that ends with a colon, quoted with the list it opens when the list is short enough to
 * read as one quote (its items, each on its own line, up to the one that ends with a full stop), or
 * alone when the list is long — never an item cut from its lead-in, never a lead-in to no list. Pure.
 */
export function leadInWithList(text: string, sentences: Sentence[], i: number): { text: string; start: number; end: number } | null {
  const lead = sentences[i];
  if (
    !lead ||
    !/:["”’)]*$/.test(lead.text) ||
    !/^[A-Z0-9“"‘'(]/.test(lead.text.replace(GLYPH, '')) ||
    lead.text.split(/\s+/).length < 6 ||
    GLYPH.test(lead.text)
  )
    return null;
  let end = -1;
  let items = 0;
  let words = lead.text.split(/\s+/).length;
  for (let j = i + 1; j < sentences.length; j++) {
    const item = sentences[j];
    if (!item || !GLYPH.test(item.text)) break;
    items++;
    words += item.text.split(/\s+/).length;
    if (words > LIST_QUOTE_WORDS) break;
    if (/[.!?]["”’)\]]*$/.test(item.text)) {
      end = j;
      break;
    }
  }
  const last = sentences[end];
  // (a lead-in to a table or to text that is no list — "The following table presents …:" — says nothing alone)
  if (!items) return null;
  if (!last) return { text: lead.text, start: lead.start, end: lead.end };
  return { text: text.slice(lead.start, last.end), start: lead.start, end: last.end };
}

/** How the topic is matched beyond its words: its vector, the Items it belongs to and the names it must carry. */
export interface Relevance {
  /** the topic and its first expansion terms, embedded (the dense side) */
  vector: number[];
  /** Items that usually hold the topic, most likely first (10-K ids) */
  items: string[];
  /** names the question writes in capitals, each as its alternative word sequences (stemmed) */
  names: string[][][];
  /**
   * what the topic is about (stemmed): its nouns outside the names it writes in capitals — not a verb
   * form ("lifting", "holding"), not a placeholder ("business", "situation")
   */
  about: string[];
  /** those of its nouns that name a topic of the lexicon ("seasonality", "tariffs"): said in any word of their root */
  anchors?: string[];
}

/** Words that stand for whatever the question is about, not for a thing of their own. */
const PLACEHOLDERS = new Set(
  'business businesses company operations results performance situation status conditions condition impact impacts effect effects plans plan things matters issue issues update news way ways role'.split(
    ' ',
  ),
);

/** The topic's own nouns beside the names it writes in capitals (stemmed), if any: not a verb form, not a placeholder. */
export function topicNouns(topic: string, names: string[][][]): string[] {
  const named = new Set(names.flatMap((forms) => forms.flat()));
  const words = topic
    .toLowerCase()
    .split(/[^a-z0-9&-]+/)
    .filter((w) => w.length > 2 && !PLACEHOLDERS.has(w) && !/(?:ed|ing)$/.test(w));
  return [...new Set(words.flatMap((w) => tokenize(w)).filter((w) => !named.has(w)))];
}

export function relevanceOf(topic: string, terms: string[], items: string[], names: string[][][] = []): Relevance {
  const about = topicNouns(topic, names);
  const anchors = about.filter((w) => topicsOf(w).length > 0);
  return { vector: embedText([topic, ...terms.slice(0, 6)].join(' ')), items, names, about, anchors };
}

/** Shortest word that shares its root with a longer one by being its beginning ("seasonal" of "seasonality"). */
const ROOT_LETTERS = 6;

/**
 * Whether a text's words hold a stemmed noun: the word itself, or a word of the same root — one the
 * beginning of the other, the shorter of at least `ROOT_LETTERS` letters ("seasonal"/"seasonality",
 * "manufactur"/"manufacturer"; not "state"/"statement"). Pure.
 */
export function holdsRoot(words: Set<string>, noun: string): boolean {
  if (words.has(noun)) return true;
  for (const w of words) {
    const [short, long] = w.length <= noun.length ? [w, noun] : [noun, w];
    if (short.length >= ROOT_LETTERS && long.startsWith(short)) return true;
  }
  return false;
}

/**
 * Whether a sentence says something of what the topic is about: when the topic has two or more nouns of
 * its own (beside any names), a sentence that holds none of them — only a name ("the Federal Reserve" in
 * a sentence on supervision, asked about an asset cap) or a verb of the question ("we hold …", asked
 * whether it is holding crypto) — is not about the topic.
 */
function saysOf(text: string, heading: string | null, rel: Relevance): boolean {
  // (one word beside a name is often what happens to it — "ramp", "investment" — said in other words)
  if (rel.about.length < 2) return true;
  const seq = new Set(tokenize(`${heading ?? ''} ${text}`));
  // (a noun that names a topic of the lexicon is said in any word of its root: "seasonal" of "seasonality";
  // another only in its own word: "electricity" says nothing of an electric-vehicle programme)
  return rel.about.some((w) => seq.has(w) || (rel.anchors?.includes(w) && holdsRoot(seq, w)));
}

function cosine(a: number[], b: number[]): number {
  let s = 0;
  a.forEach((x, i) => {
    s += x * (b[i] ?? 0);
  });
  return s;
}

/** Whether a text holds one of a name's forms (stemmed word sequences side by side). */
function holds(seq: string[], forms: string[][]): boolean {
  return forms.some((f) => {
    for (let i = 0; i + f.length <= seq.length; i++) if (f.every((w, k) => seq[i + k] === w)) return true;
    return false;
  });
}

/**
 * Whether a sentence (or the heading it sits under) names one of the names the question names (a
 * question naming two — "Gaming and Automotive" — is answered by sentences on either).
 */
export function namesOne(text: string, heading: string | null, names: string[][][]): boolean {
  if (!names.length) return true;
  const seq = tokenize(`${heading ?? ''} . ${text}`);
  return names.some((forms) => holds(seq, forms));
}

/** A heading's last part when it is a unit's title sentence (a risk factor), not a sub-heading ("Evaluation of Disclosure Controls and Procedures."). */
export function titleOf(heading: string | null): string | null {
  const last = heading?.split(' — ').at(-1)?.trim();
  return last && /[.?!]$/.test(last) && last.split(/\s+/).length >= 6 && /^[A-Z]/.test(last) && !headingLike(last) ? last : null;
}

/** A candidate's features: the sentence's own (lib/answer/narrative-sentences) and how it stands to the topic's vector, Items and unit. */
export type CandidateFeatures = SentenceFeatures & {
  /** cosine of its hashed n-gram vector with the topic's */
  dense: number;
  /** its Item is the one the topic belongs to (1), or one that often holds it (0.5) */
  item: number;
  /** it is a unit's title (a risk factor's heading sentence) */
  title: number;
  /** its passage's place in the bucket's ranking (1 for the first, 1/2 for the second …) */
  prank: number;
};

/**
 * How much each feature weighs in a sentence's relevance: the passage's own rank and the heading it
 * sits under count most (the sections filings devote to a topic hold what an analyst reads first),
 * then the sentence's words. Fitted on the project's narrative set (the key sentences analysts picked
 * against the rest of the passages retrieved), checked on the held-out set.
 */
export const CANDIDATE_WEIGHTS: Record<keyof CandidateFeatures, number> = {
  ...SENTENCE_WEIGHTS,
  own: 0,
  coverage: 1,
  heading: 3.75,
  passage: 5.6,
  phrases: 1.2,
  dated: 0.4,
  pointer: -1.5,
  density: 0.75,
  dense: 2,
  item: 0.6,
  title: 0.8,
  prank: 0,
};

/**
 * What a reader reads first among a filing's sentences that clear the relevance bar (the bar itself is
 * read with `CANDIDATE_WEIGHTS`): the sentences of the best-ranked passages, those that state a figure
 * or a development of the filing's own period, a unit's title and the sentences dense in the topic's
 * words — an older dated event later. Fitted on the project's narrative set by the key sentences
 * analysts picked against the rest of each answer's candidates, read within the answer's word budget;
 * checked on the held-out set.
 */
export const READING_WEIGHTS: Record<keyof CandidateFeatures, number> = {
  ...SENTENCE_WEIGHTS,
  own: 0,
  coverage: 1.5,
  terms: 0.4,
  heading: 1.7,
  passage: 8.2,
  phrases: 0.7,
  lead: 1.3,
  figure: 3.7,
  dated: -1.6,
  recent: 1.8,
  pointer: -3.8,
  focus: 0.6,
  density: 4.9,
  dense: 1.3,
  item: 0.75,
  title: 1.9,
  prank: -0.75,
};

/** Share of a sub-heading's words that are the topic's for the sub-section to be given to the topic. */
const FOCUSED = 0.5;

/** Scores one sentence (or title) for the topic: null when it is off topic or lacks a name the question names. */
function featuresOf(
  text: string,
  ctx: SentenceContext,
  section: string | null,
  sc: TopicScorer,
  rel: Relevance | undefined,
  title: boolean,
  rank: number,
): CandidateFeatures | null {
  const f = sentenceFeatures(text, ctx, sc);
  // a sentence with no word of the topic (nor of its expansion) of its own is carried only by its heading
  // or passage ("Forward-looking statements" for a question "is it looking at …"): it says nothing on it —
  // unless it sits in a sub-section given to the topic (its own short heading mostly the topic's words:
  // "Israel and Regional Conflicts", asked how exposed it is to the conflict in Israel)
  if (!f || (rel && f.own + f.terms + f.phrases === 0 && !(f.heading === 1 && f.focus >= FOCUSED))) return null;
  if (rel && (!namesOne(text, ctx.heading, rel.names) || !saysOf(text, ctx.heading, rel))) return null;
  const at = rel ? rel.items.indexOf(annualItem(section) ?? '') : -1;
  return {
    ...f,
    dense: rel ? Math.max(0, cosine(embedText(text), rel.vector)) : 0,
    item: at === 0 ? 1 : at > 0 && at < 3 ? 0.5 : 0,
    title: title ? 1 : 0,
    prank: 1 / (1 + rank),
  };
}

/** Topic sentences of a bucket's passages (and their units' titles), scored, best first. */
export function candidates(
  passages: NarrativePassage[],
  sc: TopicScorer,
  rel?: Relevance,
  weights: Record<keyof CandidateFeatures, number> = CANDIDATE_WEIGHTS,
): Candidate[] {
  const out: Candidate[] = [];
  const top = Math.max(1e-9, ...passages.map((p) => p.score));
  const titles = new Set<string>();
  const add = (c: Omit<Candidate, 'score' | 'stems'>, f: CandidateFeatures | null) => {
    if (!f) return;
    const score = weigh(f, weights);
    if (score > 0) out.push({ ...c, score, order: weigh(f, READING_WEIGHTS), stems: new Set(tokenize(c.text)), features: f });
  };
  passages.forEach((p, rank) => {
    const filing = { fiscalYear: p.fiscalYear, periodEnd: p.periodOfReport, filedAt: p.filedAt };
    const ctx = { heading: p.heading, context: p.context, passageWeight: Math.max(0, p.score / top), filing };
    // a unit's title, once per title (cited by its passage's first sentence)
    const title = titleOf(p.heading);
    const backing = title && !titles.has(title) ? firstSentence(p) : null;
    if (title && backing) {
      titles.add(title);
      add({ ...backing, text: title, rank, backing }, featuresOf(title, { ...ctx, position: 0 }, p.section, sc, rel, true, rank));
    }
    // a sentence's position counts within its paragraph: each paragraph's opening sentence states what
    // it is about (a bullet continues the list its paragraph opened)
    let para = 0;
    let lastEnd = 0;
    const sentences = splitSentences(p.text);
    sentences.forEach((s, i) => {
      if (/\n/.test(p.text.slice(lastEnd, s.start)) && !BULLET.test(s.text)) para = 0;
      lastEnd = s.end;
      const position = para++;
      const q = quotable(s) ?? leadInWithList(p.text, sentences, i);
      if (q) add({ p, ...q, rank }, featuresOf(q.text, { ...ctx, position }, p.section, sc, rel, false, rank));
    });
  });
  return out.sort((a, b) => b.score - a.score || a.rank - b.rank || a.start - b.start);
}

/** The first whole sentence of a passage (what a title's citation opens at). */
function firstSentence(p: NarrativePassage): Candidate | null {
  for (const s of splitSentences(p.text)) {
    const q = quotable(s);
    if (q) return { p, text: q.text, start: q.start, end: q.end, score: 0, stems: new Set(tokenize(q.text)), rank: 0 };
  }
  return null;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / (a.size + b.size - n);
}

/** Sentences this similar (stemmed-word Jaccard) say the same thing: one is quoted. */
const DUPLICATE = 0.6;

export const wordsOf = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** what a second (third …) sentence of the same unit (Item and heading) loses of its relevance: under the bar it is out */
const SAME_UNIT = 1.2;
/** what each further sentence of a unit already quoted loses in the reading order: an answer covers the topic's parts */
const SAME_UNIT_ORDER = 0.28;
/**
 * what each word of a sentence beyond `CONCISE_WORDS` costs it in the reading order: of two sentences
 * about as relevant, the shorter is read first, and leaves room for another part of the topic (the
 * sentences analysts pick as key are shorter than the rest; checked on the held-out set)
 */
const LENGTH_COST = 0.37;
const CONCISE_WORDS = 30;
/**
 * the paragraph `LENGTH_COST` was fitted for (one company's paragraph in a comparison of two: half the
 * answer's 250 words less its lead, 117) and any shorter one; a word is a smaller share of a longer paragraph — a detail answer's one paragraph of about 240
 * words pays half as much per word, and keeps a relevant sentence of 45–60 words (a board's oversight, a
 * customer's share of revenue) that a shorter paragraph passes over for two shorter ones
 */
const LENGTH_COST_WORDS = 117;
/** a quote may take half an answer's words, and at least this many */
const LONG_QUOTE = 45;
/** candidates looked at for a pick */
const POOL = 60;

const unitOf = (c: Candidate) => `${c.p.sourceId}|${c.p.section}|${c.p.heading}`;

/**
 * The sentences a reader gets from one bucket: its relevant sentences in order of relevance — each
 * further sentence of a unit already quoted weighed down a little, so that the answer covers the
 * topic's parts, and a long sentence a little per word over `CONCISE_WORDS` — near-duplicates skipped, until `words` would be exceeded (a long sentence that does
 * not fit is passed over for a shorter one) or `n` are kept. Pure.
 */
export function pick(cands: Candidate[], o: { words: number; n?: number; bar?: number; skip?: Set<string> }): Candidate[] {
  const bar = o.bar ?? RELEVANCE_BAR;
  const pool = cands
    .slice(0, POOL)
    .filter((c) => c.score >= bar && !o.skip?.has(keyOf(c)) && (c.backing || !isCrossReference(c.text) || !!referencedDocument(c.text)));
  const kept: Candidate[] = [];
  const perUnit = new Map<string, number>();
  let used = 0;
  let long: Candidate | undefined;
  // (a word costs the share it takes of the paragraph's words: a paragraph with more room than `LENGTH_COST_WORDS` pays less for it)
  const perWord = LENGTH_COST * Math.min(1, LENGTH_COST_WORDS / Math.max(1, o.words));
  while (pool.length && kept.length < (o.n ?? Infinity)) {
    // (a sentence whose relevance, weighed down for its unit, falls under the bar is out; length only orders the rest)
    const relevance = (c: Candidate) => c.score - SAME_UNIT * (perUnit.get(unitOf(c)) ?? 0);
    let best = -1;
    let bestV = -Infinity;
    pool.forEach((c, i) => {
      if (relevance(c) < bar - SAME_UNIT) return;
      const v =
        (c.order ?? c.score) - SAME_UNIT_ORDER * (perUnit.get(unitOf(c)) ?? 0) - perWord * Math.max(0, wordsOf(c.text) - CONCISE_WORDS);
      if (v > bestV) (bestV = v), (best = i);
    });
    if (best < 0) break;
    const [c] = pool.splice(best, 1);
    if (!c) break;
    if (kept.some((k) => jaccard(k.stems, c.stems) > DUPLICATE || k.text.includes(c.text) || c.text.includes(k.text))) continue;
    // (each quote is followed by its source number, "[n]": a word too)
    const w = wordsOf(c.text) + 1;
    if (used + w > o.words) continue;
    // a sentence that would take more than half the answer crowds out the rest: kept only if nothing else is
    if (w > Math.max(LONG_QUOTE, o.words / 2)) {
      long ??= c;
      continue;
    }
    kept.push(c);
    used += w;
    perUnit.set(unitOf(c), (perUnit.get(unitOf(c)) ?? 0) + 1);
  }
  return kept.length || !long ? kept : [long];
}

/** one key per sentence of a stored chunk, whether retrieved or read with its whole filing */
export const keyOf = (c: Candidate) => `${c.p.id}:${c.start}`;

/** A sentence that only points to where a disclosure is: another document, item or note. */
export function isCrossReference(s: string): boolean {
  return (
    /\bincorporated (?:herein |into this (?:item|report) )?by reference\b/i.test(s) ||
    /\b(?:information|disclosure)s?\b[^.]{0,80}\b(?:can be found|is (?:included|contained|set forth))\b[^.]{0,40}\b(?:in|under)\b/i.test(
      s,
    ) ||
    (/^(?:see|refer to|for (?:a |further |additional )?(?:discussion|information|details?)\b)/i.test(s) &&
      /\b(?:item|note|part|section|annual report|proxy statement)\b/i.test(s) &&
      s.split(/\s+/).length < 40)
  );
}

/** The document a cross-reference points to ("the 2024 Annual Report to Shareholders"), when it names one outside the filing. */
export function referencedDocument(s: string): string | null {
  const m = /\b((?:\d{4}\s+)?(?:annual report to (?:shareholders|stockholders)|proxy statement|annual report)(?:\s+for\s+\d{4})?)\b/i.exec(
    s,
  );
  if (m?.[1]) return m[1];
  // another periodic report ("the 2024 Form 10-K"), not this one ("Item 1A of this Form 10-K")
  const f = /(?<!\bthis\s)\b(\d{4}\s+Form\s+10-[KQ])\b/i.exec(s);
  return f?.[1] ?? null;
}

const MONTH_WORDS = new Set('january february march april may june july august september october november december'.split(' '));
/** capitalised words that are no name of a thing: filing and question words */
const NOT_NAMES = new Set(
  'form item part note i compare contrast describe explain what how why which who when where does did is are was were has have had per fiscal fy quarter annual report'.split(
    ' ',
  ),
);
/** initials whose filings spell out (the name is matched by either form) */
const SPELLED: Record<string, string[][]> = { eu: [['eu'], ['european']], uk: [['uk'], ['united', 'kingdom']] };

/**
 * The names a question writes in capitals that its topic kept, in whole or in part ("Wiz", "Rubin", "Greater China",
 * "One Big Beautiful Bill Act", "iPhone", "GLP-1"): not the first word of a sentence, not a company
 * asked about, a month or a filing word. Each name is given as the stemmed word sequences that name it:
 * the words themselves, the tails of a long name ("beautiful bill act") and its initials ("obbba").
 * Pure.
 */
export function questionNames(question: string, topic: string, entityNames: string[]): string[][][] {
  const inTopic = new Set(tokenize(topic));
  const entityWords = new Set(entityNames.flatMap((n) => tokenize(n)));
  const out: string[][][] = [];
  const run = /(?<![.?!:]\s|^)\b((?:(?:[A-Z][\w&]*|[a-z]+[A-Z]\w*)(?:-\w+)?(?:['’]s)?\s+)*(?:[A-Z][\w&]*|[a-z]+[A-Z]\w*)(?:-\w+)?)/g;
  for (const m of question.matchAll(run)) {
    const words = tokenize((m[1] ?? '').replace(/['’]s\b/g, '')).filter(
      (w) => !entityWords.has(w) && !MONTH_WORDS.has(w) && !NOT_NAMES.has(w) && !/^(?:19|20)\d{2}$/.test(w),
    );
    // (a name the topic dropped entirely is not what the question asks about)
    if (!words.some((w) => inTopic.has(w))) continue;
    const forms: string[][] = [words];
    for (let i = 1; i + 2 <= words.length; i++) forms.push(words.slice(i));
    // (its initials, and those of each tail of three words or more: "EU Digital Markets Act" is also "the DMA")
    for (let i = 0; i + 3 <= words.length; i++)
      forms.push([
        words
          .slice(i)
          .map((w) => w[0])
          .join(''),
      ]);
    if (words.length === 1 && SPELLED[words[0]!]) forms.push(...SPELLED[words[0]!]!.slice(1));
    out.push(forms);
  }
  return out;
}
