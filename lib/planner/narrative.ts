/**
 * Routing for questions about what filings say. A pure classifier — question (+ the planner's span
 * map) → narrative | numeric | mixed, the topic without operation/pathway words, its expansion, the
 * pathway, the filing references ("latest 10-K", "in their 2024 10-Ks") — and `planNarrative`, which
 * turns a narrative question into a NarrativeRequest on its own (entities, periods, filings, topic).
 *
 * Rule of thumb: a question is narrative when it asks what a filing says (describe, discuss, risk
 * factors, "how has X changed" about a topic that is not a reported figure, drivers, reasons), even
 * when it names a measure ("risks to Walmart's sales"); numeric when it asks for a figure; mixed when
 * one clause asks for a figure and another for what the filing says — each part goes its own way.
 */
import { extractPeriodPhrases, type PeriodPhrase } from '@/lib/fiscal';
import { NARRATIVE_TOPICS, topicsOf } from '@/lib/retrieval/narrative-topics';
import type { CatalogEntity } from './catalog';
import { type EntityIndex, indexOf } from './entity-index';
import { matchEntities } from './match-entities';
import { matchMetrics } from './match-metric';
import type { Clarification, EntityRef, NarrativeIntent, Pathway, PeriodRequest } from './types';

/** A span of the question the planner has already placed (entity, period, metric …). */
export interface QuestionSpan {
  start: number;
  end: number;
  role: string;
}

/** "latest 10-K", "most recent annual report", "their 2024 10-Ks", "fiscal 2025 10-Q". */
export interface FilingRef {
  text: string;
  start: number;
  end: number;
  /** null = any periodic report ("latest filing") */
  form: '10-K' | '10-Q' | '20-F' | null;
  /** the latest such filing of each entity */
  latest: boolean;
  /** the filing for this fiscal year (the entity's calendar), when written */
  fiscalYear: number | null;
  /** the report for the period ending in this month ("the June 2025 10-Q" → "2025-06"), when written */
  periodMonth?: string;
  /**
   * no filing or period was named: the company's latest annual report and the periodic reports filed
   * after it, read together (the newest first)
   */
  recent?: boolean;
}

/** What a question that names no filing and no period reads: each company's recent filings. */
export const RECENT_FILINGS: FilingRef = {
  text: 'its latest annual report and the reports filed after it',
  start: 0,
  end: 0,
  form: null,
  latest: true,
  fiscalYear: null,
  recent: true,
};

export type QuestionKind = 'narrative' | 'numeric' | 'mixed';

export interface Classification {
  kind: QuestionKind;
  /** what the passages must be about, without company names, periods, filing and operation words */
  topic: string;
  /** the topic's words plus the filings' words for the topics it touches (expansion) */
  topicTerms: string[];
  /** ids of the lexicon topics touched (lib/retrieval/narrative-topics) */
  topics: string[];
  /** comparison when the question contrasts companies, longitudinal when it asks how text changed */
  pathwayHint: Pathway;
  /** the clause(s) asking for figures (mixed and numeric questions) */
  numericPart?: string;
  /** the clause(s) asking what the filings say (mixed and narrative questions) */
  narrativePart?: string;
  filings: FilingRef[];
  /** why: one short note per signal, for the manifest */
  reasons: string[];
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const FORM = `(?:10-?k|10-?q|20-?f|annual reports?|quarterly reports?|(?:annual|quarterly|periodic) filings?|filings?|reports?)s?`;
const FILING_RE = new RegExp(
  String.raw`\b(?:(?:in|from|of|per|according to)\s+)?(?:(?:the|their|its|each|both|his|her)\s+(?:companies'?\s+|company's\s+)?)?` +
    String.raw`(?:(latest|most recent|last|newest|recent|current)\s+)?` +
    // "2024 10-K", "fiscal 2025 10-K", "FY25 10-K", "June 2025 10-Q" (the report for the period ending that month)
    String.raw`(?:(?:(?:fiscal\s+(?:year\s+)?|fy\s*)?((?:19|20)\d{2})|fy\s*'?(\d{2})|(${MONTHS})\s+((?:19|20)\d{2}))\s+)?(?:form\s+)?(${FORM})\b` +
    // "annual report for 2024", "10-K for fiscal 2024", "10-Q for fiscal year 2026"
    String.raw`(?:\s+for\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|fy\s*)?((?:19|20)\d{2})\b)?`,
  'gi',
);

function formOf(word: string): FilingRef['form'] {
  const w = word.toLowerCase().replace(/s$/, '');
  if (/^10-?k|annual/.test(w)) return '10-K';
  if (/^10-?q|quarterly/.test(w)) return '10-Q';
  if (/^20-?f/.test(w)) return '20-F';
  return null;
}

/** Filing references in the question; a bare "report"/"filing" counts only with latest or a year. */
export function findFilingRefs(question: string): FilingRef[] {
  const out: FilingRef[] = [];
  for (const m of question.matchAll(FILING_RE)) {
    const latest = !!m[1];
    const year = m[2] ? Number(m[2]) : m[3] ? 2000 + Number(m[3]) : m[7] ? Number(m[7]) : null;
    const month = m[4] ? `${m[5]}-${String(MONTHS.split('|').indexOf(m[4].toLowerCase()) + 1).padStart(2, '0')}` : null;
    const form = formOf(m[6]!);
    if (form === null && !latest && year === null && month === null) continue;
    // "annual report" with no qualifier is still a filing reference ("in its annual report")
    out.push({
      text: m[0].trim(),
      start: m.index!,
      end: m.index! + m[0].length,
      form,
      latest: latest || (year === null && month === null && form !== null),
      fiscalYear: year,
      ...(month ? { periodMonth: month } : {}),
    });
  }
  return out;
}

/** Words that ask what a filing says: what it discusses, and why a figure moved or what the business depends on or is exposed to. */
const NARRATIVE_ASK =
  /\b(describe[sd]?|describing|description|flag(?:s|ged)?|present(?:s|ed)?|discuss(?:es|ed|ion)?|explain(?:s|ed)?|summari[sz]e|outline|characteri[sz]e[sd]?|say|says|said|(?<!\bunited\s+)state[sd]?|disclos\w*|mention\w*|highlight\w*|identif(?:y|ies|ied)|cite[sd]?|attribut\w*|why|drove|drivers?|driven|driving|drives|push(?:es|ed|ing)?\s+(?:up|down)|pushing|hurt(?:s|ing)?|headwinds?|tailwinds?|weigh(?:s|ed|ing)? on|depend(?:s|ed|ent|ence|ency|ing)?|relian(?:ce|t)|rel(?:y|ies|ied) on|exposed|affect(?:s|ed|ing)?|happen(?:s|ed|ing)?|factors|reasons?|language|commentary|narrative|wording|approach|manage[sd]?|mitigat\w*|oversee[sn]?|oversight|address(?:es|ed)?|view|warn\w*|md&a|item\s+\d{1,2}[a-c]?|risk factors?|risks?|threats?|challenges|uncertaint\w*|policy|policies)\b/i;

/** Words that ask for a figure. */
const NUMERIC_ASK =
  /\b(how much|how many|what (?:was|were|is|are) (?:the |its |their )?(?:total|amount|value|level|figure|number)|amount of|percentage|percent|share of|ratio|proportion|portion of|by how much|in (?:dollars|millions|billions)|\$\s?\d|margin (?:in|for)|grow(?:th)? rate|what (?:was|were) [\w'’&. -]{0,40}(?:revenue|sales|income|expenses?|profit|margin|cash flow|eps|assets|debt)\b)/i;

/** A filing's cover page as a noun ("the cover of its 10-Q", "per the 10-K cover page", "the front page"), not the verb "cover". */
const COVER_PAGE =
  /\b(?:the|its|their|10-?[kq]|20-?f|40-?f)\s+(?:front\s+)?cover(?:\s+(?:page|sheet|date))?\b(?!\s+(?:its|their|the|our|interest|costs?|expenses?)\b)|\bfront\s+page\b/;

/** "how many people", "how many stores": a count of things, not a ratio, a change in points or a number of days. */
const COUNT_ASK = /\bhow many (?!(?:percentage |basis )?points\b|times\b|days\b|x\b)[a-z]/i;

/**
 * Words that ask for a list of things, whatever they name: "What are its major acquisitions?", "What
 * are the key products …" — the main ones of a kind, not an amount.
 */
const LIST_ASK =
  /^\s*(?:what|which) (?:are|were) (?:the |its |their )?(?:[a-z&'-]+ )?(?:major|main|key|primary|principal|significant|notable|largest|biggest) [a-z]/;

/**
 * Words that ask who, or which or what things, in a clause that names no measure and asks for no
 * amount: "Who are its primary customers?", "What industry does it operate in?", "Which debt
 * securities are registered …?", "What are the geographies that it operates in?", "What does it sell?".
 */
const THINGS_ASK = new RegExp(
  [
    String.raw`^\s*(?:who|whom)\b`,
    LIST_ASK.source,
    String.raw`^\s*(?:what|which) (?:are|were) the [a-z-]+ (?:that|which|where|in which)\b`,
    String.raw`^\s*(?:what|which) (?:kinds? of |types? of |sorts? of )?[a-z-]+(?: [a-z-]+)? (?:does|do|did|is|are|was|were|has|have)\b`,
    String.raw`^\s*what (?:does|do|did)\b.*\b(?:sell|make|produce|offer|manufacture|do|operate)\s*[?.]?\s*$`,
  ].join('|'),
);

/** Operation and pathway words, filing words and fillers: not part of the topic. */
const NOT_TOPIC = new Set(
  (
    'what which who whom how why when where did does do is are was were be been being has have had the a an of in on at for to from by with and or vs versus ' +
    'compare compared comparing comparison contrast contrasting differ differs difference differences between against side each both their its his her they them it this that these those ' +
    'change changed changes changing evolve evolved evolution shift shifted over time year years yearly annual annually quarter quarters latest most recent last newest current new ' +
    'describe described describes describing description discuss discussed discusses discussion explain explained explains summarize summarise outline characterize say says said state stated ' +
    'disclose disclosed discloses disclosure disclosures mention mentioned mentions highlight highlights identify identified cite cited tell me please give show list provide ' +
    'flag flags flagged present presents presented as ' +
    "filing filings report reports annual quarterly 10-k 10-ks 10-q 10-qs 20-f form company companies company's companies' management management's according per " +
    'language wording commentary narrative section item key main primary principal major any all there about regarding related relating around concerning including such ' +
    'fiscal fy calendar period periods through since versus ' +
    // words of how a question is put, not of what it is about ("what could go wrong", "what is happening to")
    'could can would go still much many happen happens happened happening pushing pushed move moved moves moving trended trending ' +
    'looking considering planning thinking doing going trying seeing done ' +
    // asking what moved a figure: the figure is the topic ("what drove comparable sales")
    'drove driven driving drivers driver ' +
    // adverbs of how much or how often, said of any topic
    'primarily mainly mostly largely chiefly generally typically currently '
  )
    .split(/\s+/)
    .filter(Boolean),
);

function cleanWords(text: string): string[] {
  const words = (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z0-9][a-z0-9&'-]*/g) ?? []
  ).map((w) => w.replace(/'s$|'$/, ''));
  // a question word that opens a term of the lexicon with the word after it is the term's ("disclosure
  // controls", "state aid"), not how the question is put
  const inTerm = (i: number) => lexiconPairs().has(`${words[i]} ${words[i + 1]}`) || lexiconPairs().has(`${words[i - 1]} ${words[i]}`);
  return words.filter(
    (w, i) => w.length > 1 && (!NOT_TOPIC.has(w) || inTerm(i)) && !/^(?:19|20)\d{2}$/.test(w) && !/^(?:fy|q)\d+$/.test(w),
  );
}

let pairs: Set<string> | null = null;
/** The first two words of the lexicon's terms of two words or more, when both are words of their own ("state aid"; not "department of"). */
function lexiconPairs(): Set<string> {
  if (pairs) return pairs;
  const small = new Set(['of', 'and', 'or', 'the', 'to', 'in', 'for', 'a', 'an', 'on', 'by', 'with']);
  pairs = new Set();
  for (const t of NARRATIVE_TOPICS)
    for (const term of t.terms) {
      const [a, b] = term.toLowerCase().split(/[\s,]+/);
      if (a && b && !small.has(a) && !small.has(b)) pairs.add(`${a} ${b}`);
    }
  return pairs;
}

/**
 * Runs of two or more capitalised words inside a question (a law, a product, a programme: "Digital
 * Markets Act", "Data Center", "Blackwell Ultra"), lower case, without the question's first word.
 * Pure.
 */
export function namedPhrases(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /(?<=[a-z0-9,;:'’)]\s+|^\s*\S+\s+)((?:[A-Z][A-Za-z0-9&]*(?:[-’'][A-Za-z]+)?\s+){1,5}[A-Z][A-Za-z0-9&]*)/g,
  )) {
    const words = cleanWords(m[1]!);
    if (words.length >= 2) out.push(words.join(' '));
  }
  return [...new Set(out)];
}

/**
 * The initials a filing may define for a name of three or more words, for the name and each of its
 * shorter tails: "eu digital markets act" → "edma", "dma".
 */
function acronymsOf(phrase: string): string[] {
  const w = phrase.split(' ');
  const out: string[] = [];
  for (let i = 0; i + 3 <= w.length; i++)
    out.push(
      w
        .slice(i)
        .map((x) => x[0])
        .join(''),
    );
  return out;
}

/** Clause boundaries: "…; …", "…? …", "… and what/how/why …". */
function clauses(question: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  const re =
    /\s*(?:[;?]|,?\s+(?:and|also|plus)\s+(?=(?:what|how|why|which|where|who|describe|explain|discuss|summari[sz]e|outline|did|does|is|are|was|were|has|have)\b))\s*/gi;
  let last = 0;
  for (const m of question.matchAll(re)) {
    const text = question.slice(last, m.index);
    if (text.trim()) out.push({ text, start: last });
    last = m.index! + m[0].length;
  }
  if (question.slice(last).trim()) out.push({ text: question.slice(last), start: last });
  return out;
}

/** Topics that are about what a filing says, whatever the question's form. */
const TEXT_TOPICS = new Set([
  'cybersecurity',
  'supply_chain',
  'climate',
  'competition',
  'legal',
  'controls',
  'human_capital',
  'export_controls',
  'tariffs',
  'ai',
  'strategy',
  'outlook',
  'privacy',
  'ip',
  'regulation',
  'seasonality',
  'properties',
  'accounting_policies',
  'market_risk',
  'customers',
  'macro',
  'business',
  'acquisitions',
]);

/** Words that ask how something moved from one report to another, or how the reports compare on it. */
const MOVED = /\b(?:chang\w*|evolv\w*|shift\w*|mov(?:e|ed|es|ing)|trend\w*|develop\w*|compar\w*)\b/;

/**
 * How many different filings a clause names ("its fiscal 2025 10-K and its latest 10-Q": two; "the 10-K … the
 * 10-K": one). Pure.
 */
function distinctFilings(refs: FilingRef[]): number {
  return new Set(refs.map((f) => JSON.stringify([f.form, f.latest, f.fiscalYear, f.periodMonth ?? null]))).size;
}

function clauseKind(
  text: string,
  hasMetric: boolean,
  measureSpans: { start: number; end: number }[] = [],
  filingsNamed = 0,
): { kind: 'narrative' | 'numeric' | 'unknown'; why: string } {
  const t = text.toLowerCase();
  // words inside a measure's name ask nothing ("net income attributable to common stockholders")
  let asking = t;
  for (const m of measureSpans) {
    // nor does a measure's share given to a part ("revenue attributed to Singapore"), unlike a cause ("attribute the rise to")
    const end = m.end + (/^\s+(?:(?:was|were|is|are)\s+)?attribut(?:ed|able)\s+to\b/.exec(asking.slice(m.end))?.[0].length ?? 0);
    asking = asking.slice(0, m.start) + ' '.repeat(Math.max(0, end - m.start)) + asking.slice(end);
  }
  const ask = NARRATIVE_ASK.exec(asking);
  const numeric = NUMERIC_ASK.exec(t);
  const textTopic = topicsOf(t).find((x) => TEXT_TOPICS.has(x.id));
  // "how has X changed" with a reported figure is a number; with a text topic it is what the filing says
  const changeQ = /\bhow (?:has|have|did|do|does)\b.*\b(chang\w*|evolv\w*|shift\w*|develop\w*|differ\w*)\b/.test(t);
  // a figure "disclosed" or "stated" on a cover page is the cover's figure: a cover gives figures, never text to read
  const coverFigure =
    hasMetric && COVER_PAGE.test(t) && /^(?:disclos|stat|say|said|mention|present|cite|highlight|identif)/i.test(ask?.[1] ?? '');
  if (
    ask &&
    !coverFigure &&
    !(
      numeric &&
      /^(?:percentage|percent|share of|ratio|proportion)$/i.test(numeric[1]!) &&
      !/\b(risk|describe|discuss|explain|why|driver|factor|reason)/.test(t)
    )
  ) {
    return { kind: 'narrative', why: `asks what the filing says (“${ask[1]}”)` };
  }
  // how a measure moved from one filing to another ("how did its operating expenses change between its 10-K and its
  // latest 10-Q"): no one filing holds the figure asked for; what each filing says of it and of what moved it is the answer
  // (a cover page's figures have no text around them: they stay figures)
  if (hasMetric && filingsNamed >= 2 && MOVED.test(t) && !COVER_PAGE.test(t))
    return { kind: 'narrative', why: `asks how a figure moved across ${filingsNamed} filings: what they say of it` };
  // a count the filings give in their text, not in a statement ("how many people does it employ")
  if (numeric && COUNT_ASK.test(t) && textTopic && !hasMetric)
    return { kind: 'narrative', why: `asks for a count of “${textTopic.id}”, disclosed in text` };
  if (numeric) return { kind: 'numeric', why: `asks for a figure (“${numeric[1]}”)` };
  // a filing's cover page gives figures (the shares outstanding, the public float), never text to read
  const cover = COVER_PAGE.exec(t);
  if (cover) return { kind: 'numeric', why: `names a filing's cover page (“${cover[0]}”), which gives figures` };
  const things = (hasMetric ? LIST_ASK : THINGS_ASK).exec(t.replace(/\s+/g, ' '));
  if (things) return { kind: 'narrative', why: `asks for things, not a figure (“${things[0].trim()}”)` };
  if (textTopic && (!hasMetric || changeQ)) return { kind: 'narrative', why: `topic “${textTopic.id}” is disclosed in text` };
  if (hasMetric) return { kind: 'numeric', why: 'names a measure' };
  if (textTopic) return { kind: 'narrative', why: `topic “${textTopic.id}”` };
  return { kind: 'unknown', why: 'no narrative or numeric signal' };
}

/**
 * Classifies a question. `spans` (optional) are the planner's placed spans (entities, periods,
 * metrics …) in question offsets: entity and period spans are left out of the topic, metric spans
 * make a clause numeric unless it asks what the filing says.
 */
export function classifyQuestion(question: string, spans: QuestionSpan[] = []): Classification {
  const reasons: string[] = [];
  const filings = findFilingRefs(question);
  const metricSpans = spans.filter((s) => s.role === 'metric');
  const parts = clauses(question);
  // company names are not topics ("Helios Components" is no supply-chain question)
  let unnamed = question;
  for (const sp of spans.filter((x) => x.role === 'entity'))
    unnamed = unnamed.slice(0, sp.start) + ' '.repeat(Math.max(0, sp.end - sp.start)) + unnamed.slice(sp.end);
  const kinds = parts.map((c) => {
    const end = c.start + c.text.length;
    const measures = matchMetrics(c.text).mentions;
    const hasMetric = metricSpans.some((s) => s.start < end && s.end > c.start) || (metricSpans.length === 0 && measures.length > 0);
    const own = filings.filter((f) => f.start < end && f.end > c.start);
    // "since its fiscal 2025 10-K": that filing and the latest one
    const one = own.length === 1 ? own[0] : undefined;
    const since = one && /\bsince\s+$/i.test(question.slice(0, one.start)) ? 1 : 0;
    const named = distinctFilings(own) + since;
    const k = clauseKind(unnamed.slice(c.start, end), hasMetric, measures, named);
    reasons.push(`“${c.text.trim()}”: ${k.kind} — ${k.why}`);
    return { ...c, kind: k.kind };
  });
  // a clause without a signal of its own follows the question's other clauses
  const known = kinds.filter((k) => k.kind !== 'unknown');
  const narrativeClauses = kinds.filter((k) => k.kind === 'narrative');
  const numericClauses = kinds.filter((k) => k.kind === 'numeric');
  let kind: QuestionKind;
  if (narrativeClauses.length && numericClauses.length) kind = 'mixed';
  else if (narrativeClauses.length) kind = 'narrative';
  else if (numericClauses.length || known.length === 0) kind = 'numeric';
  else kind = 'numeric';
  if (kind === 'numeric' && filings.length && known.length === 0) kind = 'narrative';

  const narrativeText = kind === 'numeric' ? '' : kind === 'mixed' ? narrativeClauses.map((c) => c.text).join(' ') : question;
  const narrativeStart = kind === 'mixed' ? narrativeClauses[0]!.start : 0;
  // the topic: the narrative clause(s) without entity/period/filing spans and operation words
  const cut: [number, number][] = [
    ...spans.filter((s) => s.role === 'entity' || s.role === 'period').map((s) => [s.start, s.end] as [number, number]),
    ...filings.map((f) => [f.start, f.end] as [number, number]),
    ...extractPeriodPhrases(question).map((p: PeriodPhrase) => [p.start, p.end] as [number, number]),
  ];
  let masked = question;
  for (const [a, b] of cut) masked = masked.slice(0, a) + ' '.repeat(Math.max(0, b - a)) + masked.slice(b);
  const topicSource = kind === 'mixed' ? narrativeClauses.map((c) => masked.slice(c.start, c.start + c.text.length)).join(' ') : masked;
  const words = cleanWords(topicSource.replace(/\bclimate[- ]change\b/gi, 'climate-change'));
  // "… and what drove its growth": the figure the narrative clause refers back to is part of its topic
  if (kind === 'mixed') {
    for (const c of numericClauses)
      for (const m of matchMetrics(c.text).mentions) for (const w of cleanWords(m.phrase)) if (!words.includes(w)) words.unshift(w);
  }
  const topic = words.join(' ');
  const touched = topicsOf(`${topicSource} ${words.join(' ')}`);
  // a name the question writes in capitals ("Digital Markets Act", "Blackwell Ultra") is one term,
  // and filings often shorten it to its initials (“the DMA”)
  const named = namedPhrases(topicSource).filter((p) => p.split(' ').every((w) => words.includes(w)));
  const topicTerms = [...new Set([...words, ...named, ...named.flatMap(acronymsOf), ...touched.flatMap((t) => t.terms)])];
  const q = question.toLowerCase().replace(/\bclimate[- ]change\b/g, 'climate');
  const pathwayHint: Pathway = /\b(compar\w*|contrast\w*|versus|vs\.?|differ\w*|side[- ]by[- ]side|relative to|against)\b/.test(q)
    ? 'comparison'
    : /\b(chang\w*|evolv\w*|evolution|shift\w*|over time|year[- ]over[- ]year|from (?:fy|fiscal )?\d{4} to|between (?:fy|fiscal )?\d{4} and|trend\w*|mov(?:e|ed|es|ing) (?:from|between|since)|added|removed|new (?:risk|language|disclosure)s?|redline|no longer)\b/.test(
          q,
        )
      ? 'longitudinal'
      : 'detail';
  void narrativeStart;
  return {
    kind,
    topic,
    topicTerms,
    topics: touched.map((t) => t.id),
    pathwayHint,
    ...(kind !== 'narrative'
      ? { numericPart: numericClauses.length ? numericClauses.map((c) => c.text.trim()).join('; ') : question }
      : {}),
    ...(kind !== 'numeric' ? { narrativePart: narrativeText.trim() } : {}),
    filings,
    reasons,
  };
}

/** A narrative intent plus what the classifier found: the filings asked for and the expanded topic. */
export interface NarrativeRequest extends NarrativeIntent {
  /** the filings named ("latest 10-K"): buckets are that filing's fiscal year and form */
  filings?: FilingRef[];
  /** expanded topic words for retrieval (classifier output); default: the topic's own words */
  topicTerms?: string[];
  topics?: string[];
}

export type NarrativePlan =
  | { status: 'planned_narrative'; narrative: NarrativeRequest; classification: Classification; notes: string[] }
  | { status: 'needs_clarification'; clarification: Clarification; classification: Classification; notes: string[] }
  | { status: 'insufficient_evidence'; missing: string; classification: Classification; notes: string[] }
  | { status: 'not_narrative'; classification: Classification; notes: string[] };

/** Where the matched company names (and the catalog's names and tickers) stand in the raw question. */
export function entitySpans(question: string, mentionTexts: string[], catalog: CatalogEntity[]): QuestionSpan[] {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  const names = new Set<string>(mentionTexts.map((t) => t.toLowerCase()));
  for (const e of catalog) {
    for (const n of [e.name, e.legalName, e.ticker, ...e.aliases.map((a) => a.alias)])
      if (n && n.length > 1 && new RegExp(`\\b${escapeRe(n.toLowerCase())}\\b`).test(q)) names.add(n.toLowerCase());
  }
  const spans: QuestionSpan[] = [];
  for (const n of [...names].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(`\\b${escapeRe(n).replace(/ /g, '[\\s,.]+')}(?:'s|')?(?![a-z0-9])`, 'g');
    for (const m of q.matchAll(re)) {
      if (spans.some((s) => m.index! < s.end && m.index! + m[0].length > s.start)) continue;
      spans.push({ start: m.index!, end: m.index! + m[0].length, role: 'entity' });
    }
  }
  return spans;
}

/** Where a matched company name ends: past the following words that go on with its catalog name ("Wells" → "Wells Fargo's"). */
function nameEnd(question: string, end: number, e: CatalogEntity | undefined): number {
  if (!e) return end;
  const names = [e.name, e.legalName, ...e.aliases.map((a) => a.alias)]
    .filter((n): n is string => !!n)
    .map((n) =>
      n
        .toLowerCase()
        .split(/[^a-z0-9&]+/)
        .filter(Boolean),
    );
  let at = end;
  for (;;) {
    const m = /^\s+([A-Za-z0-9&]+)(?:['’]s?)?/.exec(question.slice(at));
    if (!m) break;
    const before = question
      .slice(0, at)
      .toLowerCase()
      .split(/[^a-z0-9&]+/)
      .filter(Boolean);
    const w = m[1]!.toLowerCase();
    // the word continues a name whose words so far end the question text up to here
    const goesOn = names.some((n) => {
      const i = n.indexOf(w);
      return i > 0 && n.slice(0, i).every((x, k) => before[before.length - i + k] === x);
    });
    if (!goesOn) break;
    at += m[0].length;
  }
  return at;
}

/** Words that start with a capital but name no company: question words, filings, periods, topics. */
const NOT_A_COMPANY =
  /^(?:what|how|why|which|who|where|when|compare|contrast|describe|explain|summari[sz]e|outline|list|show|tell|did|does|do|is|are|was|were|has|have|in|on|for|the|their|its|and|or|vs|versus|item|part|form|fiscal|fy|q[1-4]|annual|quarterly|latest|most|recent|10-?[kq]|20-?f|u\.?s\.?|eu|ai|ceo|cfo|ciso|board|audit|committee|sec|doj|ftc|gaap)$/i;

/**
 * Capitalised names listed beside a matched company with "and", "or", "vs", "versus" or a comma
 * ("Nike and Adidas", "Adidas versus Nike") that match no company of the workspace. Pure.
 */
export function unheldListedNames(question: string, entitySpans: { start: number; end: number }[], filings: FilingRef[] = []): string[] {
  const covered = (a: number, b: number) => [...entitySpans, ...filings].some((s) => a < s.end && b > s.start);
  const out: string[] = [];
  const name = String.raw`([A-Z][A-Za-z0-9&.\-]*(?:\s+[A-Z][A-Za-z0-9&.\-]*){0,3})(?:['’]s?)?`;
  const join = String.raw`\s*(?:,\s*(?:and\b|or\b)?|\band\b|\bor\b|\bvs\.?|\bversus\b|&)\s*`;
  for (const sp of entitySpans) {
    const after = new RegExp(`^${join}${name}`).exec(question.slice(sp.end));
    const beforeText = question.slice(0, sp.start);
    const before = new RegExp(`${name}${join}$`).exec(beforeText);
    for (const [m, at] of [
      [after, after ? sp.end + after[0].length - after[1]!.length - (after[0].length - after[0].trimEnd().length) : -1],
      [before, before ? before.index : -1],
    ] as const) {
      if (!m) continue;
      // (leading question words are not part of the name: "Compare Adidas versus Nike")
      const words = m[1]!.replace(/[.,]+$/, '').split(/\s+/);
      let skip = 0;
      while (skip < words.length && NOT_A_COMPANY.test(words[skip]!)) skip++;
      const n = words.slice(skip).join(' ');
      const start = at + (skip ? m[1]!.indexOf(n) : 0);
      // a period written like a name ("FY2025", "Q3 2024", "H1 FY26") is a period, never a company
      if (
        !n ||
        NOT_A_COMPANY.test(words.at(-1)!) ||
        covered(start, start + n.length) ||
        extractPeriodPhrases(n).some((p) => p.start === 0 && p.end >= n.replace(/[’']s?$/, '').length)
      )
        continue;
      if (!out.includes(n)) out.push(n);
    }
  }
  return out;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A narrative question → NarrativeRequest: entities from the catalog, periods from the period
 * grammar, filings ("latest 10-K"), topic and pathway. Without a period or a filing it reads each
 * company's recent filings (the latest annual report and the reports filed after it), every quote
 * naming its filing. `topic`: read the question as a topic even where it names a figure (the numeric
 * readers could not read it as one).
 */
/** A company named as the example another is measured against: "like Apple's", "unlike Nike's", "as Apple did". */
function isReference(question: string, m: { start: number; end: number }): boolean {
  if (!/\b(?:like|unlike|similar to|as)\s+(?:the\s+)?$/i.test(question.slice(0, m.start))) return false;
  // the name possessive ("Apple's", its span may hold the "'s") or the subject of a verb of its own ("Nike did")
  return (
    /['’]s?$/.test(question.slice(m.start, m.end)) || /^\S*?(?:['’]s?(?!\w)|\s+(?:did|does|has|had|do)\b)/i.test(question.slice(m.end))
  );
}

export function planNarrative(
  question: string,
  ctx: { catalog: CatalogEntity[]; index?: EntityIndex },
  opts: { topic?: boolean } = {},
): NarrativePlan {
  const notes: string[] = [];
  const { mentions, unknownNames } = matchEntities(question, ctx.index ?? ctx.catalog);
  // the cached per-tenant index, or the one kept for this catalog array: never a per-question rebuild
  const index = ctx.index ?? indexOf(ctx.catalog);
  // the matcher's own spans (exact offsets), never a scan of the catalog per question; a span runs on
  // over the rest of its company's name ("Wells" of "Wells Fargo's" matched: "Fargo" is no topic)
  const spans = mentions.map((m) => ({
    start: m.start,
    end: m.entityIds.length === 1 ? nameEnd(question, m.end, index.byId(m.entityIds[0]!)) : m.end,
    role: 'entity',
  }));
  const read = classifyQuestion(question, spans);
  // `topic`: the numeric readers found no reported figure in what the question asks about, so it is a topic
  const { numericPart: _figures, ...asTopic } = read;
  const classification: Classification = opts.topic ? { ...asTopic, kind: 'narrative', narrativePart: question } : read;
  if (classification.kind === 'numeric') return { status: 'not_narrative', classification, notes };
  // a company listed beside a known one that the workspace does not hold ("Nike and Adidas"): the
  // comparison cannot be made, and one side alone is not what was asked
  const listed = unheldListedNames(question, spans, classification.filings);
  if (listed.length) {
    return {
      status: 'insufficient_evidence',
      missing: `No company named ${listed.map((n) => `“${n}”`).join(' or ')} is in this workspace.`,
      classification,
      notes,
    };
  }
  const ambiguous = mentions.find((m) => m.entityIds.length > 1);
  if (ambiguous) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `“${ambiguous.text}” matches several companies. Which one do you mean?`,
        options: ambiguous.entityIds.map((id) => index.byId(id)!.name),
        rewrites: ambiguous.entityIds.map(
          (id) => `${question.slice(0, ambiguous.start)}${index.byId(id)!.name}${question.slice(ambiguous.end)}`,
        ),
      },
      classification,
      notes,
    };
  }
  // a company named only as the example the question measures another against ("a state aid case like
  // Apple's", "as Nike did") is not asked about: the answer is the other company's
  const asked = mentions.filter((m) => !isReference(question, m));
  const entities: EntityRef[] = [...new Set((asked.length ? asked : mentions).map((m) => m.entityIds[0]!))].map((id) => {
    const e = index.byId(id)!;
    return { id: e.id, name: e.name, ticker: e.ticker };
  });
  if (entities.length === 0) {
    if (unknownNames.length)
      return {
        status: 'insufficient_evidence',
        missing: `No company named ${unknownNames.map((n) => `“${n}”`).join(' or ')} is in this workspace.`,
        classification,
        notes,
      };
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which company do you mean?', options: ctx.catalog.slice(0, 8).map((e) => e.name) },
      classification,
      notes,
    };
  }
  if (unknownNames.length) {
    return {
      status: 'insufficient_evidence',
      missing: `No company named ${unknownNames.map((n) => `“${n}”`).join(' or ')} is in this workspace.`,
      classification,
      notes,
    };
  }
  const filings = [...classification.filings];
  const filingSpans = filings.map((f) => [f.start, f.end]);
  // period phrases inside a filing reference ("2024" of "2024 10-K") belong to the filing
  const periods: PeriodRequest[] = extractPeriodPhrases(question)
    .filter((p) => !filingSpans.some(([a, b]) => p.start >= a! && p.end <= b!))
    .map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
  // a company and a topic without a filing or period: the company's recent filings, latest first (each
  // quote names its filing) — the analyst is not asked to pick a report for a question about a topic
  if (periods.length === 0 && filings.length === 0) {
    filings.push(RECENT_FILINGS);
    notes.push('no filing or period named: the latest annual report and the reports filed after it');
  }
  if (!classification.topic) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: 'What should the passages be about?',
        options: ['risk factors', 'cybersecurity', 'competition', 'supply chain'],
      },
      classification,
      notes,
    };
  }
  const pathway: Pathway =
    entities.length > 1
      ? 'comparison'
      : classification.pathwayHint === 'longitudinal' || periods.length + filings.length > 1
        ? 'longitudinal'
        : 'detail';
  return {
    status: 'planned_narrative',
    narrative: {
      entities,
      topic: classification.topic,
      periods,
      pathway,
      filings,
      topicTerms: classification.topicTerms,
      topics: classification.topics,
    },
    classification,
    notes,
  };
}

export { NARRATIVE_TOPICS };
