/**
 * Deterministic planner: question → typed intent, or a clarification, or what is missing. A pipeline of
 * readers (lib/planner/read), one per kind of meaning, each claiming spans of one span map; every word is
 * placed by a reader or is a function word, or the answer is blocked: the planner never falls back to the
 * year, the total or the nearest measure.
 */
import { matchEntities } from './match-entities';
import { composeFormulas } from './read/compose-formula';
import { breakdownReader } from './read/breakdown';
import { comparisonReader, acrossCompanies } from './read/comparison';
import { discourseReader, sourceReader } from './read/discourse';
import { entityReader, selfAttributed, unknownCompanyQuestion } from './read/entity';
import { expressionReader } from './read/expression';
import { formulaReader } from './read/formula';
import { buildIntent } from './read/intent';
import { measureChoiceReader, measureReader, measureVerbReader } from './read/measure';
import { memberReader } from './read/member';
import { narrativeReader, routeNarrative, topicQuestion } from './read/narrative';
import { operationReader, operationWordsReader } from './read/operation';
import { periodReader, samePeriodReader } from './read/period';
import { followUpReader, inThread, threadReader } from './read/context';
import { scopeReader } from './read/scope';
import type { PlanContext, Reader, Reading } from './read/types';
import { unplacedWords } from './read/unplaced';
import { withLiveChips } from './read/live-chips';
import { SpanMap } from './spans';
import { correctMeasureSpelling, distributeMeasures } from './spelling';
import type { PlanResult } from './types';

export type { PlanContext } from './read/types';

/** A difference across companies, asked back by the comparison reader once the operation words are read. */
const acrossCompaniesReader: Reader = { name: 'comparison', read: acrossCompanies };

/** The readers, in the order they read: each reads what those before it placed. */
const READERS: readonly Reader[] = [
  threadReader,
  entityReader,
  scopeReader,
  discourseReader,
  comparisonReader,
  periodReader,
  followUpReader,
  measureReader,
  breakdownReader,
  memberReader,
  measureVerbReader,
  measureChoiceReader,
  samePeriodReader,
  narrativeReader,
  operationWordsReader,
  acrossCompaniesReader,
  sourceReader,
  formulaReader,
  expressionReader,
  operationReader,
];

/** True while the chips of an ask-back are being tried (a chip's question is planned once, its own chips are not). */
let tryingChips = false;

export function planQuestion(question: string, ctx: PlanContext): PlanResult {
  const result = planReading(question, ctx);
  if (tryingChips) return result;
  tryingChips = true;
  try {
    return withLiveChips(question, result, (q) => planQuestion(q, ctx));
  } finally {
    tryingChips = false;
  }
}

function planReading(question: string, ctx: PlanContext): PlanResult {
  // "net income attributable to Walmart" asked of Walmart: the parent's share (the caption's own words), not a second company
  const own = selfAttributed(question, ctx);
  if (own) {
    const r = planQuestion(own.question, ctx);
    return { ...r, notes: [...r.notes, `“attributable to ${own.name}” is the parent's share`] } as PlanResult;
  }
  // a mixed question's figure clauses are planned as a question of their own (they inherit nothing from the thread)
  const narrative = routeNarrative(question, ctx, (text) => planQuestion(text, { ...ctx, previous: null }));
  if (narrative) return narrative;
  const spans = new SpanMap(question);
  const result = planWithSpans(question, ctx, spans);
  if (result.status === 'needs_clarification' || result.status === 'insufficient_evidence') {
    // a misspelt measure word with exactly one reading ("reveune", "opertaing"): planned as corrected, said in
    // the answer; company names are never corrected, and a correction that still does not plan is not used
    const names = matchEntities(question, ctx.index ?? ctx.catalog).mentions;
    const fixed = correctMeasureSpelling(question, names);
    if (fixed) {
      const again = planWithSpans(fixed.question, ctx, new SpanMap(fixed.question));
      if (again.status === 'planned')
        return {
          ...again,
          notes: [...again.notes, ...fixed.corrections.map((c) => `spelling: read “${c.from}” as “${c.to}”`)],
          corrections: fixed.corrections,
        };
    }
    // "coverage, where EBIT is … and coverage is EBIT divided by …": each named intermediate put in its place
    const composed = composeFormulas(question);
    const whole = composed && planWithSpans(composed.question, ctx, new SpanMap(composed.question));
    if (composed && whole?.status === 'planned') return { ...whole, notes: [...whole.notes, ...composed.said] };
    // "diluted and basic EPS", "current assets and liabilities": two measures sharing a word, each written out
    const spread = distributeMeasures(fixed?.question ?? question);
    if (spread) {
      const again = planWithSpans(spread.question, ctx, new SpanMap(spread.question));
      if (again.status === 'planned')
        return {
          ...again,
          notes: [...again.notes, `measures sharing a word: ${spread.expanded.join('; ')}`],
          ...(fixed ? { corrections: fixed.corrections } : {}),
        };
    }
  }
  // words that are no figure: the question is about a topic of the filings
  return topicQuestion(question, ctx, result) ?? { ...result, spans: spans.map() };
}

/** A reading before any reader ran. */
function newReading(question: string, ctx: PlanContext, spans: SpanMap): Reading {
  return {
    question,
    ctx,
    spans,
    notes: [],
    prev: ctx.previous ?? null,
    mentions: [],
    entities: [],
    entityAt: [],
    version: { basis: { kind: 'latest' }, claims: [], hidden: [], filingPeriod: null, clarification: null, versions: null },
    instructionsRead: { instructions: {}, claims: [] },
    instructions: {},
    verdictRead: { verdict: null, claims: [] },
    periodText: question,
    rawPhrases: [],
    phrases: [],
    rangeSpan: null,
    range: null,
    pins: new Map(),
    ow: {
      growth: [],
      change: [],
      absolute: [],
      series: [],
      comparison: [],
      prefix: [],
      infix: [],
      method: [],
      cagr: [],
      yearCounts: [],
      quarterly: [],
      yearly: [],
    },
    metricMentions: [],
    measureAt: [],
    ambiguous: null,
    candidates: [],
    metric: null,
    growthW: [],
    changeW: [],
    seriesW: [],
    cagrW: [],
    quarterlyW: [],
    yearlyW: [],
    prefixW: [],
    arithW: [],
    methodW: [],
    comparing: false,
    eachW: false,
    ttmFold: null,
    cagr: null,
    average: null,
    breakdown: null,
  };
}

/** The readers over one span map; then what no reader claimed, then the intent. */
function planWithSpans(question: string, ctx: PlanContext, spans: SpanMap): PlanResult {
  const r = newReading(question, ctx, spans);
  for (const reader of READERS) {
    spans.reader = reader.name;
    const out = reader.read(r);
    if (out) return withReader(out, reader);
  }
  spans.reader = 'entity';
  const missingCompany = unknownCompanyQuestion(r);
  spans.reader = null;
  if (missingCompany) return withReader(missingCompany, entityReader);
  const blocked = unplacedWords(r);
  if (blocked) return blocked;
  return inThread(
    buildIntent(r, (c) => planWithSpans(question, c, new SpanMap(question))),
    r,
  );
}

/** An ask-back names the reader that asked (the first reader that must ask back wins). */
function withReader(out: PlanResult, reader: Reader): PlanResult {
  if (out.status !== 'needs_clarification' && out.status !== 'insufficient_evidence') return out;
  return { ...out, askedBy: reader.name };
}
