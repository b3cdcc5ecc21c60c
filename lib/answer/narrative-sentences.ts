/**
 * Whole sentences out of passages: a splitter that never cuts inside a number ("11.4%"), an
 * abbreviation ("U.S.", "Inc.", "e.g.") or a parenthesis, and a scorer that ranks sentences by the
 * question's topic words, the topic's expansion and the heading they sit under.
 */
import { stem } from '@/lib/retrieval/embed';
import { phraseHits } from '@/lib/retrieval/narrative-passages';
import { isAnchor, topicTokens, topicUnits, unitMatch, type TopicUnit } from '@/lib/retrieval/narrative-topics';

export interface Sentence {
  text: string;
  /** offsets into the passage text */
  start: number;
  end: number;
}

const ABBREVIATIONS = new Set(
  'u.s u.k u.n e.u inc co corp ltd llc plc no nos vs v e.g i.e etc mr mrs ms messrs mmes dr st jr sr approx dept gov est fig figs jan feb mar apr jun jul aug sep sept oct nov dec a.m p.m s.a n.v ag l.p lp cf al'.split(
    ' ',
  ),
);

/** Words that open a sentence: after an abbreviation or an initial they start a new one ("… in the U.S. The …"). */
const STARTERS = /^(?:The|This|These|In|As|We|Our|It|For|On|If|However|Additionally|Such|Any|Each|A|An)\b/;

/** Sentence boundaries: terminal punctuation followed by space and a capital/quote/bullet/digit, or a newline. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  let depth = 0;
  // an open double quote ('under the caption "Item 3. Legal Proceedings"'): a full stop inside it does not end the sentence
  let quoted = false;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t) out.push({ text: t, start: start + lead, end: start + lead + t.length });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === '“') quoted = true;
    else if (ch === '”') quoted = false;
    else if (ch === '"') quoted = !quoted;
    if (ch === '\n') {
      push(i);
      start = i + 1;
      depth = 0;
      quoted = false;
      continue;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?') continue;
    // closing quotes/brackets that belong to the sentence
    let j = i + 1;
    while (j < text.length && /["”’)\]]/.test(text[j]!)) j++;
    if (j >= text.length) continue;
    if (!/\s/.test(text[j]!)) continue; // "11.4", "U.S.-based", "e.g.,"
    let k = j;
    while (k < text.length && /[ \t]/.test(text[k]!)) k++;
    const next = text[k] ?? '';
    if (!/[A-Z“"‘'(•\d]/.test(next)) continue;
    if (ch === '.') {
      const word = /([A-Za-z][A-Za-z.]*)$/.exec(text.slice(Math.max(0, i - 12), i))?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(word.replace(/\.$/, ''))) {
        // "U.S. Department", "Inc. and": an abbreviation, unless the next word starts a sentence ("U.S. The …")
        if (!STARTERS.test(text.slice(k))) continue;
      }
      if (/\b(?:No|Nos|Item|Note|Section|Part)\.?$/i.test(text.slice(Math.max(0, i - 8), i)) && /\d/.test(next)) continue;
      // a person's middle initial ("Jon R. Moeller, and …"): a capital alone between a first name and a last name
      if (
        /\b[A-Z][a-z]+ [A-Z]$/.test(text.slice(Math.max(0, i - 24), i)) &&
        /^[A-Z][a-z]+\b(?:,|\s+(?:and|or)\b|\s+[A-Z])/.test(text.slice(k)) &&
        !STARTERS.test(text.slice(k))
      )
        continue;
    }
    if (depth > 0 && /[a-z0-9,;]/.test(text[i - 1] ?? '') && !/\)/.test(text.slice(i, k))) {
      // a full stop inside an open parenthesis is not the end of the sentence unless the parenthesis is unbalanced for long
      const close = text.indexOf(')', k);
      if (close >= 0 && close - k < 200) continue;
    }
    if (
      quoted &&
      /^(?:item|note|part|section)\s+\d{1,2}[a-z]?$/i.test(/[“"]([^“”"]*)$/.exec(text.slice(Math.max(0, i - 24), i))?.[1] ?? '')
    ) {
      // '"Item 3. Legal Proceedings"': the caption goes on to its closing quote
      const close = text.slice(k, k + 120).search(/[”"]/);
      if (close >= 0) continue;
    }
    push(j);
    depth = 0;
    quoted = false;
  }
  push(text.length);
  return out;
}

const DATED =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+(?:\d{1,2},\s+)?(?:19|20)\d{2}\b/;

/** The period a filing reports on: its fiscal year, the period's end and the filing date (ISO dates). */
export interface FilingPeriod {
  fiscalYear: number | null;
  periodEnd: string | null;
  filedAt: string | null;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_DATE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December)\s+(?:\d{1,2},\s+)?((?:19|20)\d{2})\b/g;
/** "fiscal 2026", "fiscal year 2025", "the third quarter of fiscal year 2026", "the third quarter of 2025" */
const FISCAL_YEAR = /\b(?:fiscal(?:\s+year)?|quarter\s+of(?:\s+fiscal)?(?:\s+year)?)\s+((?:19|20)\d{2})\b/gi;
/** "In 2023, we …", "during 2024" */
const BARE_YEAR = /\b(?:[Ii]n|[Dd]uring|[Ss]ince|[Tt]hrough)\s+((?:19|20)\d{2})\b(?![-–]\d)/g;

/**
 * Whether a sentence reports a development of the filing's own period — a month dated from a year
 * before the period's end up to the filing date, the filing's fiscal year or the next one named
 * ("for fiscal 2026, we expect …") — or only history (every date three or more years before the
 * period's end: "In June 2017, the EC announced …"). null: the sentence is not dated. Pure.
 */
export function recency(s: string, f: FilingPeriod): 'recent' | 'old' | null {
  const end = f.periodEnd ? Date.parse(f.periodEnd) : NaN;
  const fy = f.fiscalYear ?? (Number.isFinite(end) ? new Date(end).getUTCFullYear() : null);
  if (fy === null) return null;
  const filed = f.filedAt ? Date.parse(f.filedAt) : NaN;
  const DAY = 86_400_000;
  let dated = 0;
  let recent = 0;
  let old = 0;
  for (const m of s.matchAll(MONTH_DATE)) {
    dated++;
    const y = Number(m[2]);
    const mi = MONTHS.indexOf(m[1]!.toLowerCase());
    if (Number.isFinite(end)) {
      const d = Date.UTC(y, mi, 15);
      const upTo = Number.isFinite(filed) ? filed + 31 * DAY : end + 120 * DAY;
      if (d >= end - 380 * DAY && d <= upTo) recent++;
      else if (d < end - 3 * 365 * DAY) old++;
    } else if (y === fy || y === fy - 1) recent++;
    else if (y <= fy - 3) old++;
  }
  for (const m of s.matchAll(FISCAL_YEAR)) {
    dated++;
    const y = Number(m[1]);
    if (y === fy || y === fy + 1) recent++;
    else if (y <= fy - 3) old++;
  }
  for (const m of s.matchAll(BARE_YEAR)) {
    dated++;
    const y = Number(m[1]);
    const endYear = Number.isFinite(end) ? new Date(end).getUTCFullYear() : fy;
    if (y === fy || y === endYear) recent++;
    else if (y <= Math.min(fy, endYear) - 3) old++;
  }
  if (!dated) return null;
  if (recent) return 'recent';
  return old === dated ? 'old' : null;
}

export interface TopicScorer {
  core: Set<string>;
  terms: string[];
  /** adjacent topic words as the question wrote them ("lead times", "customer concentration"), stemmed */
  bigrams?: Set<string>;
  /** the topic's words and phrases ("human capital" is one unit: "capital" alone is not it) */
  units?: TopicUnit[];
}

/** Topic words that every passage of a filing's risk or MD&A sections uses: they weigh little. */
const GENERIC = new Set(
  topicTokens(
    'risk risks factor factors disclosure disclosures describe related business company companies impact impacts affect issue issues matter matters concern concerns effect effects main key',
  ),
);

export function topicScorer(topic: string, terms: string[]): TopicScorer {
  const seq = topicTokens(topic);
  const bigrams = new Set(
    seq
      .slice(1)
      .map((w, i) => `${seq[i]} ${w}`)
      .filter((b) => !b.split(' ').every((w) => GENERIC.has(w))),
  );
  return {
    core: new Set(seq),
    terms: terms.map((t) => t.toLowerCase()),
    bigrams,
    units: topicUnits(
      topic,
      terms.filter((t) => /\s/.test(t)),
    ),
  };
}

/** Weight of a topic word: generic words count a quarter. */
export function coreWeight(stemmed: string): number {
  return GENERIC.has(stemmed) ? 0.25 : 1;
}

export interface SentenceContext {
  heading: string | null;
  /** the filing the sentence is quoted from: a development dated in its period is news, one years before it is history */
  filing?: FilingPeriod | null;
  /** the passage's rerank score relative to the best passage of its bucket (0–1) */
  passageWeight?: number;
  /** position of the sentence in its passage (0 = the unit's lead) */
  position?: number;
  /** the sub-headings above the passage's own, nearest first (lib/retrieval headingContext) */
  context?: string[];
}

/** What a sentence's score is made of (each part as measured; `SENTENCE_WEIGHTS` weighs them). */
export interface SentenceFeatures {
  /** the topic's own units in the sentence (their weights: a generic word a quarter) */
  own: number;
  /** share of the topic the sentence and its heading cover (0–1) */
  coverage: number;
  /** the filings' words for the topic in the sentence (at most 3) */
  terms: number;
  /** the heading it sits under names the topic (1), or a heading above it does (0.6) */
  heading: number;
  /** its passage's rerank score relative to the bucket's best (0–1) */
  passage: number;
  /** the topic's own two-word phrases in it (at most 2) */
  phrases: number;
  /** the unit's opening sentences say what it is about: 1 for the lead, less after */
  lead: number;
  /** it states a specific figure (a year, a percentage, an amount) */
  figure: number;
  /** it reports a dated development */
  dated: number;
  /** the development is of the filing's own period */
  recent: number;
  /** too short to stand alone (under 7 words) */
  short: number;
  /** very long (over 110 words) */
  long: number;
  /** a cross-reference, a forward-looking-statement notice */
  pointer: number;
  /** starts like a table row or a list number */
  row: number;
  /** starts mid-sentence (after a page or table break) */
  fragment: number;
  /** how much of the sub-heading it sits under is the topic ("Competition", "Human Capital Management": 1) */
  focus: number;
  /** share of its words that are the topic's or the filings' words for it */
  density: number;
}

/** How much each part of a sentence's score weighs. */
export const SENTENCE_WEIGHTS: Record<keyof SentenceFeatures, number> = {
  own: 1.2,
  coverage: 2,
  terms: 0.6,
  heading: 1,
  passage: 1.5,
  phrases: 0.8,
  lead: 1.4,
  figure: 0.4,
  dated: 0.8,
  recent: 1.2,
  short: -1.5,
  long: -1,
  pointer: -3,
  row: -1,
  fragment: -2,
  focus: 0,
  density: 0,
};

/**
 * The parts of one sentence's score for the topic, or null when it is off topic. The topic's own
 * words count in the sentence and in the heading it sits under (a sentence under "Human Capital
 * Management" is about human capital even when it says "associates"); the expansion's words, a
 * specific fact (a number, a date), being the lead of its unit and the passage's own rank add to it;
 * cross-references and boilerplate lose.
 */
export function sentenceFeatures(s: string, ctx: SentenceContext | string | null, sc: TopicScorer): SentenceFeatures | null {
  const c: SentenceContext = typeof ctx === 'object' && ctx !== null ? ctx : { heading: ctx };
  const lower = s.toLowerCase();
  const seq = topicTokens(s);
  const stems = new Set(seq);
  const headSeq = topicTokens(c.heading ?? '');
  const headStems = new Set(headSeq);
  // each unit of the topic weighs its words (a generic word a quarter); a phrase whose words do not
  // stand together counts a fifth
  const units = sc.units ?? [...sc.core].map((x) => ({ stems: [x], text: x }));
  const weight = (u: TopicUnit) => u.stems.reduce((a, x) => a + coreWeight(x), 0);
  let own = 0;
  let inHeading = 0;
  let coreTotal = 0;
  let headHit = false;
  // a sentence names the topic itself when it holds the unit that names a lexicon topic (the anchor:
  // "cybersecurity" of "cybersecurity risk governance" — "governance" alone is not it), else one of
  // the topic's own units that is not a generic word; a topic of generic words only ("risk factors")
  // is named by any of them
  const specifics = units.filter((u) => u.stems.some((x) => coreWeight(x) === 1));
  const anchors = specifics.filter(isAnchor);
  const needed = anchors.length ? anchors : specifics.length ? specifics : units;
  let specific = false;
  for (const u of units) {
    const w = weight(u);
    const inS = unitMatch(u, seq, stems);
    const inH = unitMatch(u, headSeq, headStems);
    if (inS >= 0.5 && needed.includes(u)) specific = true;
    own += w * inS;
    inHeading += w * Math.max(0, inH - inS);
    coreTotal += w;
    if (inH === 1 && u.stems.some((x) => coreWeight(x) === 1)) headHit = true;
  }
  const termHits = phraseHits(lower, stems, sc.terms);
  const headTerms = phraseHits((c.heading ?? '').toLowerCase(), headStems, sc.terms.slice(0, 10));
  if (headTerms > 0) headHit = true;
  // a sub-section under a heading on the topic (the two nearest above it) counts as under it, a little less
  let contextHit = false;
  if (!headHit) {
    for (const h of (c.context ?? []).slice(0, 2)) {
      const sq = topicTokens(h);
      const st = new Set(sq);
      if (
        units.some((u) => unitMatch(u, sq, st) === 1 && u.stems.some((x) => coreWeight(x) === 1)) ||
        phraseHits(h.toLowerCase(), st, sc.terms.slice(0, 10)) > 0
      )
        contextHit = true;
    }
  }
  // off topic: neither the topic's own words, nor one of the phrases or two of the words filings use
  // for it, nor a heading on it
  if (!specific && termHits < 2 && !headHit && !contextHit && !sc.terms.some((t) => /[\s-]/.test(t) && lower.includes(t))) return null;
  const words = s.split(/\s+/).length;
  let phrases = 0;
  // the topic's own phrase ("lead times") in the sentence is stronger evidence than its words apart
  if (sc.bigrams?.size) for (let i = 1; i < seq.length; i++) if (sc.bigrams.has(`${seq[i - 1]} ${seq[i]}`)) phrases++;
  const when = c.filing ? recency(s, c.filing) : null;
  return {
    own,
    coverage: coreTotal ? (own + inHeading * 0.6) / coreTotal : 0,
    terms: Math.min(termHits, 3),
    heading: headHit ? 1 : contextHit ? 0.6 : 0,
    passage: c.passageWeight ?? 0,
    phrases: Math.min(phrases, 2),
    lead: ([1.4, 1.0, 0.6, 0.3][c.position ?? 9] ?? 0) / 1.4,
    figure: /\d/.test(s) && /\b(?:19|20)\d{2}\b|%|\$\s?\d|\d+\s(?:million|billion)/.test(s) ? 1 : 0,
    // a dated development ("In September 2024, the Court …") is what happened, not boilerplate
    dated: DATED.test(s) ? 1 : 0,
    // (an old date loses nothing: a commitment announced years ago — "In 2021, … a 2040 net zero
    // ambition" — still stands)
    recent: when === 'recent' ? 1 : 0,
    short: words < 7 ? 1 : 0,
    long: words > 110 ? 1 : 0,
    pointer:
      /\b(see|refer to)\b[^.]*\b(item|note|part|section)\s+\d|incorporated (?:herein )?by reference|forward-looking statements?/i.test(s)
        ? 1
        : 0,
    row: /^\(?\d+\)|^table of contents/i.test(s) ? 1 : 0,
    fragment: /^[a-z]/.test(s) ? 1 : 0,
    focus: focusOf(c.heading, sc),
    density: seq.length ? seq.filter((x) => sc.core.has(x) || termStems(sc).has(x)).length / Math.max(8, seq.length) : 0,
  };
}

const termStemMemo = new WeakMap<TopicScorer, Set<string>>();
/** The stems of the topic's one-word expansion terms. */
function termStems(sc: TopicScorer): Set<string> {
  let v = termStemMemo.get(sc);
  if (!v) termStemMemo.set(sc, (v = new Set(sc.terms.filter((t) => !/[\s-]/.test(t)).flatMap((t) => topicTokens(t)))));
  return v;
}

/** Share of a short sub-heading's words that are the topic's (a unit title sentence is no sub-heading: 0). */
function focusOf(heading: string | null, sc: TopicScorer): number {
  const last = heading?.split(' — ').at(-1) ?? '';
  const seq = topicTokens(last);
  if (!seq.length || seq.length > 8 || /[.?!]$/.test(last.trim())) return 0;
  return seq.filter((x) => sc.core.has(x) || termStems(sc).has(x)).length / seq.length;
}

/** The weighted sum of a sentence's features. */
export function weigh<F extends SentenceFeatures>(f: F, w: Record<keyof F, number>): number {
  let v = 0;
  for (const k of Object.keys(f) as (keyof F)[]) v += (f[k] as number) * w[k];
  return v;
}

/** Score of one sentence for the topic (0 = off topic). */
export function scoreSentence(s: string, ctx: SentenceContext | string | null, sc: TopicScorer): number {
  const f = sentenceFeatures(s, ctx, sc);
  return f ? weigh(f, SENTENCE_WEIGHTS) : 0;
}

export { stem };
