/**
 * What a follow-up or a clarification choice builds on, loaded on the server from the stored evidence
 * manifests of the viewer's own tenant and account — never taken from the client.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { manifests } from '@/lib/db/schema';
import { manifestVisible } from '@/lib/auth/visibility';
import { AppError } from '@/lib/errors';
import { intentSchema, type Intent } from '@/lib/planner/types';

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
 * The question a clarification chip stands for: the stored manifest's rewrite for that choice, so the
 * choice is bound to the intent it clarifies (a chip label is never re-read as a new question).
 */
export async function clarifiedQuestion(
  o: Owner & { manifestId: string; choice: number },
): Promise<{ question: string; threadId: string | null }> {
  const [row] = await o.db
    .select({ answer: manifests.answer, threadId: manifests.threadId })
    .from(manifests)
    .where(and(ownedBy(o), eq(manifests.id, o.manifestId)))
    .limit(1);
  if (!row) throw new AppError('not_found:manifest', 'That answer is not available.');
  const clar = (row.answer as { clarification?: { options?: string[]; rewrites?: (string | null)[] } | null }).clarification;
  const rewrite = clar?.rewrites?.[o.choice];
  if (!clar?.options?.[o.choice] || !rewrite)
    throw new AppError('bad_request:clarification', 'That choice does not belong to this clarification.');
  return { question: rewrite, threadId: row.threadId };
}
