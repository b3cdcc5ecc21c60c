/**
 * The narrative-topic reader: questions about what the filings say (risk factors, MD&A, strategy) go to
 * passages, not numbers. Routing (lib/planner/narrative classifyQuestion) runs before the numeric readers on
 * the question without its instruction clauses; a question that names no measure but asks what a filing
 * says is routed here too, after the numeric readers placed its companies and periods.
 */
import type { PeriodPhrase } from '@/lib/fiscal';
import { withoutInstructions } from '../instructions';
import { readDiscourse } from './discourse';
import { planNarrative } from '../narrative';
import type { PeriodRequest, PlanResult } from '../types';
import type { PlanContext, Reader } from './types';

/** Questions about what the filings say, not about a number. */
const NARRATIVE =
  /\b(risk factors?|risks?|md&a|management(?:'s)? discussion|narrative|commentary|describe|explain|why did|what did (?:the company|management) say|outlook|strategy|guidance|disclos\w*|mention\w*|discuss\w*|say about)\b/i;

/**
 * What the filings say goes to passages, even when it names a measure; a mixed question answers both parts.
 * Instruction clauses ("Base your judgments on … the balance sheet") say how to answer, not what about.
 * Null when the question asks for figures only.
 */
export function routeNarrative(question: string, ctx: PlanContext): PlanResult | null {
  const n = planNarrative(withoutInstructions(question, readDiscourse(question).claims), {
    catalog: ctx.catalog,
    ...(ctx.index ? { index: ctx.index } : {}),
  });
  if (n.status === 'not_narrative') return null;
  const notes = [...n.notes, ...n.classification.reasons];
  if (n.status === 'planned_narrative') {
    const numericQuestion = n.classification.kind === 'mixed' ? n.classification.numericPart : undefined;
    return { status: 'planned_narrative', narrative: n.narrative, notes, ...(numericQuestion ? { numericQuestion } : {}) };
  }
  if (n.status === 'needs_clarification') return { status: 'needs_clarification', clarification: n.clarification, partial: {}, notes };
  return { status: 'insufficient_evidence', missing: n.missing, partial: {}, notes };
}

export const narrativeReader: Reader = {
  name: 'narrative',
  read(r) {
    const { question, entities, notes } = r;
    if (r.metric || !NARRATIVE.test(question)) return null;
    const periods: PeriodRequest[] = r.phrases.map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
    if (periods.length === 0) {
      return {
        status: 'needs_clarification',
        clarification: {
          question: 'Which fiscal year(s) should the filings come from?',
          options: ['the latest fiscal year', 'the last two fiscal years'],
        },
        partial: { entities },
        notes,
      };
    }
    const topic = topicOf(
      question,
      r.rawPhrases,
      r.mentions.map((m) => m.text),
    );
    const pathway = entities.length > 1 ? 'comparison' : periods.length > 1 || r.range ? 'longitudinal' : 'detail';
    return { status: 'planned_narrative', narrative: { entities, topic, periods, pathway }, notes };
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
