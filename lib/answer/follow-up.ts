/**
 * What a follow-up or a clarification choice builds on, loaded on the server from the stored evidence
 * manifests of the viewer's own tenant and account — never taken from the client.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { manifests } from '@/lib/db/schema';
import { manifestVisible } from '@/lib/auth/visibility';
import { AppError } from '@/lib/errors';
import { intentSchema, type Intent, type PeriodRequest } from '@/lib/planner/types';
import { MAX_QUESTION_LENGTH } from './answer-question';
import type { Answer, PeriodChoice } from './types';

interface Owner {
  db: Db;
  tenantId: string;
  userId: string | null;
}

/** the tenant predicate (lib/auth/visibility) plus the asker's own account */
const ownedBy = (o: Owner) => and(manifestVisible({ tenantId: o.tenantId }), o.userId ? eq(manifests.userId, o.userId) : undefined);

/** How many of the thread's latest turns are searched for one that was planned (asked-back turns in between keep the context). */
const CONTEXT_LOOKBACK = 20;

/**
 * The intent of the thread's latest planned question (validated again: stored data is not trusted either). A
 * turn that was asked back or could not be placed stores no full intent: the thread keeps the one before it.
 */
export async function previousIntentFor(o: Owner & { threadId: string | null | undefined }): Promise<Intent | null> {
  if (!o.threadId) return null;
  const rows = await o.db
    .select({ intent: manifests.intent })
    .from(manifests)
    .where(and(ownedBy(o), eq(manifests.threadId, o.threadId), isNotNull(manifests.intent)))
    .orderBy(desc(manifests.createdAt))
    .limit(CONTEXT_LOOKBACK);
  for (const row of rows) {
    const parsed = intentSchema.safeParse((row.intent as { intent?: unknown } | null)?.intent);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/**
 * What a clarification chip stands for. A typed choice (a period for one company) re-runs the clarified intent, as
 * stored with the answer, with that period request filled — the chip's label is never read as a question. Otherwise
 * the stored manifest's rewrite of the question for that choice.
 */
export async function clarifiedQuestion(
  o: Owner & { manifestId: string; choice: number },
): Promise<{ question: string; threadId: string | null; intent?: Intent }> {
  const [row] = await o.db
    .select({ answer: manifests.answer, intent: manifests.intent, question: manifests.question, threadId: manifests.threadId })
    .from(manifests)
    .where(and(ownedBy(o), eq(manifests.id, o.manifestId)))
    .limit(1);
  if (!row) throw new AppError('not_found:manifest', 'That answer is not available.');
  const clar = (row.answer as { clarification?: Answer['clarification'] }).clarification;
  const label = clar?.options?.[o.choice];
  if (!label) throw new AppError('bad_request:clarification', 'That choice does not belong to this clarification.');
  const typed = clar?.choices?.[o.choice];
  const stored = intentSchema.safeParse((row.intent as { intent?: unknown } | null)?.intent);
  if (typed && stored.success) {
    const intent = intentSchema.safeParse(withChosenPeriod(stored.data, typed));
    const question = `${row.question} — ${label}`;
    if (intent.success)
      return { question: question.length <= MAX_QUESTION_LENGTH ? question : label, threadId: row.threadId, intent: intent.data };
  }
  // a chip planned with its choice already (one measure of several): that intent, validated again
  const planned = intentSchema.safeParse(clar?.intents?.[o.choice]);
  if (clar?.intents?.[o.choice] && planned.success) {
    const question = `${row.question} — ${label}`;
    return { question: question.length <= MAX_QUESTION_LENGTH ? question : label, threadId: row.threadId, intent: planned.data };
  }
  const rewrite = clar?.rewrites?.[o.choice];
  if (!rewrite) throw new AppError('bad_request:clarification', 'That choice does not belong to this clarification.');
  return { question: rewrite, threadId: row.threadId };
}

/**
 * The intent with one company's period request filled by a chosen period: a request shared by several companies
 * is split into one per company, so the others keep theirs (and are asked about in turn when theirs is ambiguous too).
 */
export function withChosenPeriod(intent: Intent, c: PeriodChoice): Intent {
  const chosen = (p: PeriodRequest): PeriodRequest => ({
    ...p,
    text: c.text.replace(/\s*\(.*\)$/, ''),
    spec: c.spec,
    forEntity: c.entityId,
  });
  const periods = intent.periods.flatMap((p): PeriodRequest[] => {
    if (p.text !== c.request || (p.forEntity && p.forEntity !== c.entityId)) return [p];
    if (p.forEntity || intent.entities.length === 1) return [chosen(p)];
    return intent.entities.map((e) => (e.id === c.entityId ? chosen(p) : { ...p, forEntity: e.id }));
  });
  return { ...intent, periods };
}
