/**
 * A mixed question's answer: the plan names its parts (the figures it asks for, what the filings say);
 * each part is answered by its own pathway and the parts become one answer — the figures first, then the
 * text, each with its citations. A part asked back (or without evidence) says so in its place and leaves
 * the other part's answer standing.
 */
import type { QuestionParts } from '@/lib/planner/types';
import { answerFigures, type FigureEnv, type FigurePlan } from './answer-figures';
import type { ComposedAnswer } from './compose';
import type { AnswerPart } from './types';

/** The figure part of a mixed question answered beside its narrative part, as one answer. */
export async function answerMixed(parts: QuestionParts, narrative: ComposedAnswer, env: FigureEnv): Promise<ComposedAnswer> {
  const figures = await answerFigures(parts.figures.plan as FigurePlan, { ...env, question: parts.figures.text });
  return joinMixed(parts, figures, narrative);
}

/**
 * The two parts as one answer: answered when either part is (else the narrative part's status); the figure
 * part's values, the narrative part's passages and structure; the figure part's clarification kept, so its
 * chips still ask what it needs; each part named with its own status.
 */
export function joinMixed(parts: QuestionParts, figures: ComposedAnswer, narrative: ComposedAnswer): ComposedAnswer {
  const answered = figures.status === 'answered' || narrative.status === 'answered';
  const sections: AnswerPart[] = [
    { kind: 'figures', question: parts.figures.text, status: figures.status },
    { kind: 'narrative', question: parts.narrative.text, status: narrative.status },
  ];
  return {
    ...narrative,
    status: answered ? 'answered' : narrative.status,
    text: `${figures.text} ${narrative.text}`.trim(),
    segments: [...figures.segments, { type: 'text', text: ' ' }, ...narrative.segments],
    values: figures.values,
    errors: [...figures.errors, ...narrative.errors],
    clarification: figures.clarification ?? narrative.clarification,
    intent: figures.intent,
    table: figures.table,
    parts: sections,
  };
}
