import { and, desc, eq } from 'drizzle-orm';
import { lockManifestForVerdict } from '@/lib/db/manifest-locks';
import { manifestVisible, type VisibilityScope } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { manifests, users, verdicts } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { contentId } from '@/lib/ids';
import type { Answer } from '@/lib/answer/types';
import { redactManifest } from '@/lib/auth/redact-manifest';

/**
 * One manifest of the viewer's tenant with its verdicts, null when it does not exist for this tenant; its
 * values, candidates, operands, calculations, passages and text are redacted where they rest on sources the
 * viewer may not see now (ACL, revocation, embargo: lib/auth/redact-manifest.ts).
 */
export async function getManifest(db: Db, scope: VisibilityScope, id: string) {
  const { tenantId } = scope;
  const [row] = await db
    .select({ m: manifests, userName: users.name })
    .from(manifests)
    .leftJoin(users, eq(users.id, manifests.userId))
    .where(and(eq(manifests.id, id), manifestVisible({ tenantId })))
    .limit(1);
  if (!row) return null;
  const vs = await db
    .select({ v: verdicts, reviewer: users.name })
    .from(verdicts)
    .leftJoin(users, eq(users.id, verdicts.reviewerId))
    .where(eq(verdicts.manifestId, id))
    .orderBy(desc(verdicts.createdAt));
  const visible = await redactManifest(db, scope, row.m);
  return {
    ...visible,
    answer: visible.answer as Answer,
    userName: row.userName,
    verdicts: vs.map((x) => ({ ...x.v, reviewer: x.reviewer })),
  };
}

export interface RecordVerdictOptions {
  db: Db;
  tenantId: string;
  reviewerId: string;
  manifestId: string;
  verdict: 'correct' | 'partial' | 'incorrect' | 'failure';
  failureClass: string | null;
  scores: Record<string, number>;
  comment: string | null;
}

/** A reviewer's verdict on a manifest of their own tenant. */
export async function recordVerdict(o: RecordVerdictOptions): Promise<string> {
  const [m] = await o.db
    .select({ id: manifests.id })
    .from(manifests)
    .where(and(eq(manifests.id, o.manifestId), manifestVisible({ tenantId: o.tenantId })))
    .limit(1);
  if (!m) throw new AppError('not_found:manifest', 'No such manifest.');
  if (o.verdict !== 'correct' && !o.failureClass)
    throw new AppError('bad_request:failure_class', 'Choose a failure class for a verdict other than correct.');
  if (o.verdict === 'correct' && o.failureClass)
    throw new AppError('bad_request:failure_class', 'A correct verdict takes no failure class: choose another verdict or clear the class.');
  const id = contentId('verdict', o.manifestId, o.reviewerId, Date.now());
  // under the manifest's lock: retention skips a manifest a verdict is being saved on (lib/admin/manifest-retention)
  await o.db.transaction(async (tx) => {
    await lockManifestForVerdict(tx, o.manifestId);
    const [still] = await tx
      .select({ id: manifests.id })
      .from(manifests)
      .where(and(eq(manifests.id, o.manifestId), manifestVisible({ tenantId: o.tenantId })))
      .limit(1);
    if (!still) throw new AppError('not_found:manifest', 'No such manifest.');
    await tx.insert(verdicts).values({
      id,
      tenantId: o.tenantId,
      manifestId: o.manifestId,
      reviewerId: o.reviewerId,
      verdict: o.verdict,
      failureClass: o.failureClass,
      scores: o.scores,
      comment: o.comment,
    });
  });
  return id;
}
