import type { UIMessage } from 'ai';
import type { ContextSlot } from '@/lib/planner/read/context';
import type { Answer } from './types';

/** The stages of answering, in order, as streamed to the browser while they happen. */
export const ANSWER_STAGES = ['planning', 'looking_up', 'computing', 'composing'] as const;
export type AnswerStage = (typeof ANSWER_STAGES)[number];

/** What the UI says during each stage. */
export const STAGE_MESSAGES: Record<AnswerStage, string> = {
  planning: 'Reading the question…',
  looking_up: 'Looking up reported facts…',
  computing: 'Computing and validating periods…',
  composing: 'Composing the cited answer…',
};

/** What planning produced, read back in words before any lookup: the companies, the measure, the periods, the operation. */
export interface PlanReadBack {
  entities: string[];
  /** the measure (numeric questions) or the topic (narrative ones) */
  measure: string;
  /** the periods as the question wrote them; each is resolved on its company's own calendar afterwards */
  periods: string[];
  /** the operation in words ("value", "growth", "series", "what the filings say") */
  operation: string;
}

/** One figure as soon as it is computed, before the answer is composed. */
export interface FigureNote {
  /** 1, 2, … in the order computed */
  seq: number;
  entity: string;
  label: string;
  /** the period on the company's own calendar ("FY2023 (25 Sep 2022 – 30 Sep 2023)") */
  period: string;
  display: string;
  basis: 'reported' | 'derived';
}

/** What the answer path tells while it works: a stage starts, the plan is read back, a figure is computed. */
export type AnswerEvent =
  | { type: 'stage'; stage: AnswerStage }
  | { type: 'plan'; plan: PlanReadBack }
  | { type: 'figure'; figure: FigureNote };

/**
 * The stream's data parts, in order: `stage` as each stage starts, `plan` once planning is done, one `figure`
 * per computed figure, then one `answer` (text, values, citations). The answer's text is sent once, in `answer`.
 */
export type AnswerDataParts = {
  stage: { stage: AnswerStage; message: string };
  plan: PlanReadBack;
  figure: FigureNote;
  answer: Answer;
};

export type AnswerUIMessage = UIMessage<
  {
    manifestId?: string | null;
    clarification?: { manifestId: string; choice: number };
    /** slots of the thread's previous question the analyst removed before asking (lib/planner/read/context) */
    drop?: ContextSlot[];
  },
  AnswerDataParts
>;
