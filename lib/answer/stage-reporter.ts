/**
 * The stage reporter of one answer: the answer path calls it as work happens (a stage starts, the plan is
 * read, a figure is computed); it tells each stage once and in order (a stage that comes back — a second
 * company's lookups after the first one's figure — is not told again; a plan or a figure tells the stage it
 * belongs to first), and keeps every event, so a cached answer can tell them again when it is served.
 */
import { ANSWER_STAGES, type AnswerEvent, type AnswerStage, type FigureNote, type PlanReadBack } from './messages';

export interface StageReporter {
  stage(stage: AnswerStage): void;
  plan(plan: PlanReadBack): void;
  /** a figure computed (its sequence number is given here) */
  figure(figure: Omit<FigureNote, 'seq'>): void;
  /** everything told so far, in order */
  readonly events: readonly AnswerEvent[];
}

export function stageReporter(sink?: (event: AnswerEvent) => void): StageReporter {
  const events: AnswerEvent[] = [];
  let at = -1;
  let figures = 0;
  const tell = (e: AnswerEvent) => {
    events.push(e);
    sink?.(e);
  };
  const stage = (s: AnswerStage) => {
    const i = ANSWER_STAGES.indexOf(s);
    if (i <= at) return;
    at = i;
    tell({ type: 'stage', stage: s });
  };
  return {
    stage,
    plan(plan) {
      stage('planning');
      tell({ type: 'plan', plan });
    },
    figure(figure) {
      stage('computing');
      figures += 1;
      tell({ type: 'figure', figure: { ...figure, seq: figures } });
    },
    events,
  };
}
