/**
 * The narrative-topic reader: questions about what the filings say (risk factors, MD&A, strategy) go to
 * passages, not numbers. Routing (lib/planner/narrative classifyQuestion) runs before the numeric readers on
 * the question without its instruction clauses; a question that names no measure but asks what a filing
 * says is routed here too, after the numeric readers placed its companies and periods.
 */
import type { PeriodPhrase } from '@/lib/fiscal';
import { withoutInstructions } from '../instructions';
import { type Classification, type FilingRef, type NarrativeRequest, planNarrative, RECENT_FILINGS } from '../narrative';
import { readDiscourse } from './discourse';
import type { PeriodRequest, PlanResult, QuestionParts } from '../types';
import type { PlanContext, Reader } from './types';
import { UNPLACED_NOTE } from './unplaced';

/** Questions about what the filings say, not about a number. */
const NARRATIVE =
  /\b(risk factors?|risks?|md&a|management(?:'s)? discussion|narrative|commentary|describe|explain|why did|what did (?:the company|management) say|outlook|strategy|guidance|disclos\w*|mention\w*|discuss\w*|say about)\b/i;

/**
 * What the filings say goes to passages, even when it names a measure; a mixed question answers both parts.
 * Instruction clauses ("Base your judgments on … the balance sheet") say how to answer, not what about.
 * Null when the question asks for figures only.
 */
export function routeNarrative(question: string, ctx: PlanContext, planFigures: (text: string) => PlanResult): PlanResult | null {
  const n = planNarrative(withoutInstructions(question, readDiscourse(question).claims), {
    catalog: ctx.catalog,
    ...(ctx.index ? { index: ctx.index } : {}),
  });
  if (n.status === 'not_narrative') return null;
  const notes = [...n.notes, ...n.classification.reasons];
  if (n.status === 'planned_narrative') {
    const narrative = sinceToLatest(question, n.narrative);
    const parts = mixedParts(question, n.classification, planFigures);
    if (parts) notes.push(`parts: figures “${parts.figures.text}” (${parts.figures.plan.status}); text “${parts.narrative.text}”`);
    return { status: 'planned_narrative', narrative, notes, ...(parts ? { parts } : {}) };
  }
  if (n.status === 'needs_clarification') return { status: 'needs_clarification', clarification: n.clarification, partial: {}, notes };
  return { status: 'insufficient_evidence', missing: n.missing, partial: {}, notes };
}

/**
 * A mixed question's parts: its figure clauses planned as a figure question, its text clauses as the
 * narrative. None when the question is not mixed, when the figure clauses are the whole question, or when
 * they plan as a question about the filings' text themselves (the narrative part answers them).
 */
function mixedParts(question: string, c: Classification, planFigures: (text: string) => PlanResult): QuestionParts | null {
  const text = c.kind === 'mixed' ? c.numericPart?.trim() : undefined;
  if (!text || text === question.trim()) return null;
  const plan = planFigures(text);
  if (plan.status === 'planned_narrative') return null;
  return { figures: { text, plan }, narrative: { text: c.narrativePart ?? question } };
}

/**
 * A question the numeric readers could not read as a figure is about a topic: when the words no reader
 * placed are no measure Ledgerline knows ("how dependent", "authorization remained", "what can go
 * wrong"), no measure was read and no period is named (a filing may be), the question asks what the
 * filings say about its content, and is answered from them (a filing with nothing over the relevance bar
 * says so). An ask-back of a reader (a period, a company, a scope), an unknown measure with close known
 * ones and a figure's unplaced qualifier stay as they are. Null: keep `blocked`.
 */
export function topicQuestion(question: string, ctx: PlanContext, blocked: PlanResult): PlanResult | null {
  if (blocked.status !== 'needs_clarification' && blocked.status !== 'insufficient_evidence') return null;
  if (blocked.askedBy || ctx.previous || !blocked.notes.some((n) => n.startsWith(`${UNPLACED_NOTE}:`))) return null;
  // a measure read, or a period named, asks for a figure: an unplaced word there qualifies the figure
  if (blocked.partial.metric) return null;
  const n = planNarrative(
    withoutInstructions(question, readDiscourse(question).claims),
    { catalog: ctx.catalog, ...(ctx.index ? { index: ctx.index } : {}) },
    { topic: true },
  );
  if (n.status !== 'planned_narrative' || !n.narrative.topic || n.narrative.periods.length) return null;
  const why = blocked.notes
    .find((x) => x.startsWith(`${UNPLACED_NOTE}:`))!
    .slice(UNPLACED_NOTE.length + 1)
    .trim();
  return {
    status: 'planned_narrative',
    narrative: n.narrative,
    notes: [...n.notes, `no reported figure reads “${why}”: a topic of the filings`],
  };
}

/** Each company's latest periodic report, whatever its form. */
const LATEST_FILING: FilingRef = { text: 'the latest filing', start: 0, end: 0, form: null, latest: true, fiscalYear: null };

/**
 * "since the fiscal 2024 10-K", "since fiscal 2025": what changed from the one filing or year named to
 * the company's latest filing (the same filing when nothing later is held: then it is read alone).
 */
export function sinceToLatest(question: string, n: NarrativeRequest): NarrativeRequest {
  const named = (n.filings ?? []).filter((f) => !f.recent);
  if (named.length + n.periods.length !== 1) return n;
  const at = named[0] ? named[0].start : question.indexOf(n.periods[0]!.text);
  if (at < 0 || !/\bsince\s+(?:the\s+)?$/i.test(question.slice(0, at))) return n;
  return { ...n, pathway: n.entities.length > 1 ? n.pathway : 'longitudinal', filings: [...(n.filings ?? []), LATEST_FILING] };
}

export const narrativeReader: Reader = {
  name: 'narrative',
  read(r) {
    const { question, entities, notes } = r;
    if (r.metric || !NARRATIVE.test(question)) return null;
    const periods: PeriodRequest[] = r.phrases.map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
    // no period named: each company's recent filings, latest first (every quote names its filing)
    const filings = periods.length === 0 ? [RECENT_FILINGS] : [];
    const topic = topicOf(
      question,
      r.rawPhrases,
      r.mentions.map((m) => m.text),
    );
    const pathway = entities.length > 1 ? 'comparison' : periods.length > 1 || r.range ? 'longitudinal' : 'detail';
    return { status: 'planned_narrative', narrative: { entities, topic, periods, pathway, filings }, notes };
  },
};

/** The question without its period phrases and company names: what the passages must be about. */
function topicOf(question: string, phrases: PeriodPhrase[], names: string[]): string {
  let q = question;
  for (const p of [...phrases].sort((a, b) => b.start - a.start)) q = `${q.slice(0, p.start)} ${q.slice(p.end)}`;
  let norm = q.toLowerCase();
  for (const n of names) norm = norm.replace(new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:['’]s)?\\b`, 'gi'), ' ');
  return (
    norm
      .replace(/\b(how|did|does|do|what|the|from|to|between|in|of|on|change|changed|say|said|about|and|vs|versus)\b/g, ' ')
      .replace(/[^a-z0-9&\s-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || question
  );
}
