import type { UIMessage } from 'ai';
import type { Answer } from './types';

/** The stages of answering, in order, as streamed to the browser while they happen. */
export const ANSWER_STAGES = ['planning', 'looking_up', 'computing', 'composing'] as const;
export type AnswerStage = (typeof ANSWER_STAGES)[number];

/** What the UI says during each stage. */
export const STAGE_MESSAGES: Record<AnswerStage | 'done', string> = {
  planning: 'Resolving companies, measures and periods…',
  looking_up: 'Looking up reported facts…',
  computing: 'Computing and validating periods…',
  composing: 'Composing the cited answer…',
  done: 'Done.',
};

/** Called by the answer path as each stage starts (the route streams it as a `data-status` part). */
export type StageCallback = (stage: AnswerStage) => void;

/** Data parts of the streamed answer: progress, then the whole Answer (values, citations, segments). */
export type AnswerDataParts = {
  status: { stage: AnswerStage | 'done'; message: string };
  answer: Answer;
};

export type AnswerUIMessage = UIMessage<
  { manifestId?: string | null; clarification?: { manifestId: string; choice: number } },
  AnswerDataParts
>;
