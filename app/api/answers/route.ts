import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { answerQuestion } from '@/lib/answer/answer-question';
import { STAGE_MESSAGES, type AnswerEvent, type AnswerUIMessage } from '@/lib/answer/messages';
import { AppError } from '@/lib/errors';
import { withRole } from '@/lib/server/route';
import { withContext } from '@/lib/server/context';
import { typedBoundError } from '@/lib/server/bounded';
import { clarifiedQuestion, previousIntentFor } from '@/lib/answer/follow-up';
import { recordThreadActivity } from '@/lib/server/workspace';
import { chatAnswerRequestSchema, jsonAnswerRequestSchema, MAX_BODY_BYTES } from './schema';

export const dynamic = 'force-dynamic';

function wantsJson(req: Request): boolean {
  const accept = req.headers.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/event-stream');
}

/**
 * The body, checked by the route wrapper before the session lookup and the rate limit (a hostile body
 * costs no query): the JSON API's `{ question | clarification, threadId? }`, or useChat's messages.
 */
function parseBody(body: unknown, req: Request) {
  if (wantsJson(req)) {
    const parsed = jsonAnswerRequestSchema.safeParse(body);
    if (!parsed.success)
      throw new AppError('bad_request:body', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return { json: true as const, data: parsed.data };
  }
  const parsed = chatAnswerRequestSchema.safeParse(body);
  if (!parsed.success) throw new AppError('bad_request:body', 'Malformed chat request.');
  return { json: false as const, data: parsed.data };
}

/**
 * POST /api/answers — with `Accept: application/json` one Answer as JSON; otherwise (useChat) the AI SDK
 * UI message stream of what each stage produces as it happens: `data-stage` as a stage starts, `data-plan` (the
 * question read back), one `data-figure` per figure computed, then one `data-answer` (text, values, citations) —
 * the text is sent once, in the answer.
 */
export const POST = withRole(
  'analyst',
  async (_req, { viewer, body }) => {
    // every read and write of the answer runs as bounded tenant work (lib/server/bounded.ts): under
    // row-level security for the viewer's tenant, within the tenant's share of the connections, the
    // statement timeout and the request deadline — the streamed answer too, while it streams
    if (body.json) {
      const parsed = body;
      const answer = await withContext(viewer, true, async ({ db }) => {
        const owner = { db, tenantId: viewer.tenantId, userId: viewer.userId };
        const chosen = parsed.data.clarification ? await clarifiedQuestion({ ...owner, ...parsed.data.clarification }) : null;
        const threadId = parsed.data.threadId ?? chosen?.threadId ?? null;
        if (threadId) await recordThreadActivity(viewer, threadId, chosen?.question ?? parsed.data.question!);
        return answerQuestion({
          db,
          tenantId: viewer.tenantId,
          userId: viewer.userId,
          role: viewer.role,
          question: chosen?.question ?? parsed.data.question!,
          intent: chosen?.intent,
          threadId,
          previous: await previousIntentFor({ ...owner, threadId }),
          drop: parsed.data.drop,
        });
      });
      return Response.json(answer);
    }

    const parsed = body;
    const messages = parsed.data.messages;
    const last = messages[messages.length - 1]!;
    if (last.role !== 'user') throw new AppError('bad_request:body', 'The last message must be the question.');
    const choice = last.metadata?.clarification;
    const typed = last.parts
      .flatMap((p) => (p.type === 'text' && 'text' in p ? [String(p.text)] : []))
      .join(' ')
      .trim();
    const { question, previous, intent } = await withContext(viewer, true, async ({ db }) => {
      const owner = { db, tenantId: viewer.tenantId, userId: viewer.userId };
      const chosen = choice ? await clarifiedQuestion({ ...owner, ...choice }) : null;
      const question = chosen?.question ?? typed;
      if (!question) throw new AppError('bad_request:question', 'The question is empty.');
      const previous = await previousIntentFor({ ...owner, threadId: parsed.data.id });
      // the conversation is persisted per user (history, reopen); another user's thread id is refused
      await recordThreadActivity(viewer, parsed.data.id, question);
      return { question, previous, intent: chosen?.intent };
    });

    const stream = createUIMessageStream<AnswerUIMessage>({
      execute: async ({ writer }) => {
        // each event is written as the answer path tells it; the parts stay on the message (each has its own id)
        const onEvent = (e: AnswerEvent) => {
          if (e.type === 'stage')
            writer.write({ type: 'data-stage', id: `stage-${e.stage}`, data: { stage: e.stage, message: STAGE_MESSAGES[e.stage] } });
          else if (e.type === 'plan') writer.write({ type: 'data-plan', id: 'plan', data: e.plan });
          else writer.write({ type: 'data-figure', id: `figure-${e.figure.seq}`, data: e.figure });
        };
        const answer = await withContext(viewer, true, ({ db }) =>
          answerQuestion({
            db,
            tenantId: viewer.tenantId,
            userId: viewer.userId,
            role: viewer.role,
            question,
            intent,
            threadId: parsed.data.id,
            previous,
            drop: last.metadata?.drop,
            onEvent,
          }),
        );
        writer.write({ type: 'data-answer', id: 'answer', data: answer });
        writer.write({ type: 'message-metadata', messageMetadata: { manifestId: answer.manifestId } });
      },
      onError: (e) => {
        const typed = typedBoundError(e) ?? e;
        return typed instanceof AppError ? typed.message : 'The answer could not be produced.';
      },
    });
    return createUIMessageStreamResponse({ stream });
  },
  { rateLimit: 'ask', jsonBody: { maxBytes: MAX_BODY_BYTES, parse: parseBody } },
);
