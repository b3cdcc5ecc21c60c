import type { UIMessage } from 'ai';
import type { Answer } from './types';

/** Data parts of the streamed answer: progress, then the whole Answer (values, citations, segments). */
export type AnswerDataParts = {
  status: { stage: 'planning' | 'retrieving' | 'composing' | 'done'; message: string };
  answer: Answer;
};

export type AnswerUIMessage = UIMessage<{ manifestId?: string | null; clarification?: { manifestId: string; choice: number } }, AnswerDataParts>;
