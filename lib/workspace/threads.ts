/**
 * Conversations on /ask, persisted per user: a thread row (owner, title, last activity) and its turns —
 * the manifests stored with that thread id (question + the answer as shown). Only the owner lists,
 * reopens, renames or deletes a thread; deleting removes it from history but keeps the manifests
 * (they are the evidence record reviewers rely on).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Answer } from '@/lib/answer/types';
import { manifestVisible, type VisibilityScope } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { redactManifests } from '@/lib/auth/redact-manifest';
import { manifests, threads } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';

/** Thread ids come from the browser (useChat's chat id): short, URL-safe, unguessable. */
export const threadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Not a thread id.');
export const threadTitleSchema = z.string().trim().min(1, 'The title is empty.').max(120, 'At most 120 characters.');

export interface ThreadOwner {
  tenantId: string;
  userId: string;
}

export interface ThreadSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  turns: number;
}

export interface ThreadTurn {
  manifestId: string;
  question: string;
  answer: Answer;
  createdAt: string;
}

/** A title from the first question: one line, at most 80 characters, cut at a word. */
export function titleFromQuestion(q: string): string {
  const one = q.replace(/\s+/g, ' ').trim();
  if (one.length <= 80) return one || 'Untitled conversation';
  const cut = one.slice(0, 79);
  return `${cut.slice(0, Math.max(40, cut.lastIndexOf(' ')))}…`;
}

/**
 * Records activity on a thread before a question is answered in it: creates it (titled after the
 * question) or bumps its last activity. A thread id owned by someone else is refused (403), so one
 * user can never append to — or learn about — another's conversation.
 */
export async function touchThread(db: Db, owner: ThreadOwner, threadId: string, question: string): Promise<void> {
  const id = threadIdSchema.parse(threadId);
  const rows = await db
    .insert(threads)
    .values({ id, tenantId: owner.tenantId, userId: owner.userId, title: titleFromQuestion(question) })
    .onConflictDoUpdate({
      target: threads.id,
      set: { updatedAt: new Date() },
      setWhere: and(eq(threads.tenantId, owner.tenantId), eq(threads.userId, owner.userId)),
    })
    .returning({ id: threads.id });
  if (rows.length === 0) throw new AppError('forbidden:thread', 'This conversation belongs to someone else.');
}

/** The owner's threads, most recent first, with their number of answered turns. */
export async function listThreads(db: Db, owner: ThreadOwner, limit = 50): Promise<ThreadSummary[]> {
  const rows = await db
    .select({
      id: threads.id,
      title: threads.title,
      createdAt: threads.createdAt,
      updatedAt: threads.updatedAt,
      turns: sql<number>`(select count(*)::int from manifests m where m.thread_id = "threads"."id" and ${manifestVisible({ tenantId: owner.tenantId }, 'm')})`,
    })
    .from(threads)
    .where(and(eq(threads.tenantId, owner.tenantId), eq(threads.userId, owner.userId)))
    .orderBy(desc(threads.updatedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), turns: Number(r.turns) }));
}

/** One of the owner's threads with its turns in order; null when it is not theirs. */
export async function threadWithTurns(
  db: Db,
  owner: ThreadOwner & VisibilityScope,
  threadId: string,
): Promise<{ thread: ThreadSummary; turns: ThreadTurn[] } | null> {
  const id = threadIdSchema.safeParse(threadId);
  if (!id.success) return null;
  const [t] = await db
    .select()
    .from(threads)
    .where(and(eq(threads.id, id.data), eq(threads.tenantId, owner.tenantId), eq(threads.userId, owner.userId)))
    .limit(1);
  if (!t) return null;
  const rows = await db
    .select({ id: manifests.id, question: manifests.question, answer: manifests.answer, createdAt: manifests.createdAt })
    .from(manifests)
    .where(and(eq(manifests.threadId, t.id), eq(manifests.userId, owner.userId), manifestVisible(owner)))
    .orderBy(asc(manifests.createdAt))
    .limit(200);
  // each stored answer as the owner may see it now (sources revoked or restricted since are redacted), all
  // turns resolved in one pass; the visibility scan finds this read through redactManifest's family
  const visible = await redactManifests(
    db,
    owner,
    rows.map((r) => ({ answer: r.answer })),
  );
  const turns = rows.map((r, i) => ({
    manifestId: r.id,
    question: r.question,
    answer: visible[i]?.answer as Answer,
    createdAt: r.createdAt.toISOString(),
  }));
  return {
    thread: { id: t.id, title: t.title, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(), turns: turns.length },
    turns,
  };
}

/** Renames one of the owner's threads. */
export async function renameThread(db: Db, owner: ThreadOwner, threadId: string, title: string): Promise<void> {
  const rows = await db
    .update(threads)
    .set({ title: threadTitleSchema.parse(title) })
    .where(and(eq(threads.id, threadId), eq(threads.tenantId, owner.tenantId), eq(threads.userId, owner.userId)))
    .returning({ id: threads.id });
  if (rows.length === 0) throw new AppError('not_found:thread', 'No such conversation.');
}

/** Deletes one of the owner's threads from their history (the manifests stay for review). */
export async function deleteThread(db: Db, owner: ThreadOwner, threadId: string): Promise<void> {
  const rows = await db
    .delete(threads)
    .where(and(eq(threads.id, threadId), eq(threads.tenantId, owner.tenantId), eq(threads.userId, owner.userId)))
    .returning({ id: threads.id });
  if (rows.length === 0) throw new AppError('not_found:thread', 'No such conversation.');
}
