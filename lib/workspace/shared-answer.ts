import { and, eq } from 'drizzle-orm';
import type { Answer } from '@/lib/answer/types';
import { manifestVisible, type VisibilityScope } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { manifests, users } from '@/lib/db/schema';
import { redactManifest } from '@/lib/auth/redact-manifest';

export interface StoredAnswer {
  manifestId: string;
  question: string;
  answer: Answer;
  threadId: string | null;
  askedBy: string | null;
  askedByMe: boolean;
  createdAt: string;
}

/**
 * One stored answer (its manifest) for a viewer of the same tenant — what a share link opens and what
 * exports read. Null when the manifest is not visible in the scope (another tenant, or hidden by the
 * visibility predicate), so a share link never reveals more than the viewer could ask for.
 */
export async function storedAnswer(
  db: Db,
  scope: VisibilityScope & { userId?: string | null },
  manifestId: string,
): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      id: manifests.id,
      question: manifests.question,
      answer: manifests.answer,
      threadId: manifests.threadId,
      userId: manifests.userId,
      userName: users.name,
      createdAt: manifests.createdAt,
    })
    .from(manifests)
    .leftJoin(users, eq(users.id, manifests.userId))
    .where(and(eq(manifests.id, manifestId), manifestVisible(scope)))
    .limit(1);
  if (!row) return null;
  // what rests on sources the viewer may no longer see is redacted at read time, as on the review page
  const visible = await redactManifest(db, scope, { answer: row.answer });
  return {
    manifestId: row.id,
    question: row.question,
    answer: visible.answer as Answer,
    threadId: row.threadId,
    askedBy: row.userName,
    askedByMe: !!scope.userId && row.userId === scope.userId,
    createdAt: row.createdAt.toISOString(),
  };
}
