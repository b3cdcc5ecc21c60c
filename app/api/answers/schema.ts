import { z } from 'zod';
import { intentSchema } from '@/lib/planner/types';
import { MAX_QUESTION_LENGTH } from '@/lib/answer/answer-question';

/** JSON API body: one question (optionally a follow-up in a thread). */
export const jsonAnswerRequestSchema = z.object({
  question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH),
  threadId: z.string().max(100).optional(),
  previousIntent: intentSchema.nullish(),
});

const textPart = z.object({ type: z.literal('text'), text: z.string().max(MAX_QUESTION_LENGTH * 4) });
const dataAnswerPart = z.object({ type: z.literal('data-answer'), data: z.object({ intent: intentSchema.nullable() }).passthrough() });
const otherPart = z.object({ type: z.string().max(60) }).passthrough();

/** useChat (DefaultChatTransport) body: the thread's messages; the last user message is the question. */
export const chatAnswerRequestSchema = z.object({
  id: z.string().max(100),
  messages: z
    .array(
      z.object({
        id: z.string().max(100),
        role: z.enum(['user', 'assistant', 'system']),
        parts: z.array(z.union([textPart, dataAnswerPart, otherPart])).max(50),
      }),
    )
    .min(1)
    .max(100),
});

export const MAX_BODY_BYTES = 256 * 1024;
