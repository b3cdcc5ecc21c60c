import { z } from 'zod';
import { MAX_QUESTION_LENGTH } from '@/lib/answer/answer-question';
import { CONTEXT_SLOTS } from '@/lib/planner/read/context';
import { requestSchema } from '@/lib/server/input-schemas';

/** A clarification chip: the stored answer it belongs to and the option chosen (resolved on the server). */
export const clarificationChoiceSchema = z.object({ manifestId: z.string().min(1).max(100), choice: z.number().int().min(0).max(50) });

/** Slots of the thread's previous question the analyst removed: the follow-up does not inherit them. */
export const dropSchema = z.array(z.enum(CONTEXT_SLOTS)).max(CONTEXT_SLOTS.length);

/**
 * JSON API body: one question, or a clarification choice; `threadId` makes it a follow-up whose previous
 * intent is loaded on the server from the thread's stored manifests (the client never sends an intent).
 */
export const jsonAnswerRequestSchema = requestSchema(
  'POST /api/answers JSON body',
  z
    .object({
      question: z.string().trim().min(1).max(MAX_QUESTION_LENGTH).optional(),
      clarification: clarificationChoiceSchema.optional(),
      threadId: z.string().max(100).optional(),
      drop: dropSchema.optional(),
    })
    // strict: an intent (or anything else) sent by the client is refused with a typed 400, never trusted or silently dropped
    .strict()
    .refine((b) => Boolean(b.question) !== Boolean(b.clarification), { message: 'send either a question or a clarification choice' }),
);

const textPart = z.object({ type: z.literal('text'), text: z.string().max(MAX_QUESTION_LENGTH * 4) });
// other parts (reasoning, files, tool calls the client echoes back) are never read: their type is kept, the rest dropped
const otherPart = z.object({ type: z.string().max(60) });

/** useChat (DefaultChatTransport) body: the thread's messages; the last user message is the question. */
export const chatAnswerRequestSchema = requestSchema(
  'POST /api/answers chat body',
  z.object({
    id: z.string().max(100),
    messages: z
      .array(
        z.object({
          id: z.string().max(100),
          role: z.enum(['user', 'assistant', 'system']),
          parts: z.array(z.union([textPart, otherPart])).max(50),
          metadata: z.object({ clarification: clarificationChoiceSchema.optional(), drop: dropSchema.optional() }).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
);

export const MAX_BODY_BYTES = 256 * 1024;
