/**
 * Manifest retention (issue 18 §7). Every question stores an evidence manifest (~4 KB); without retention
 * the table only grows. A manifest older than the retention window is deleted unless something refers to it:
 * - a reviewer verdict (the review record: kept forever, whatever its age);
 * - a conversation still in its owner's history (its turns are the thread's manifests, and a follow-up reads
 *   the previous turn's intent from them); deleting the conversation releases them to retention.
 * Share links and exports read a manifest by id and store nothing, so they keep nothing alive: a shared
 * answer of a deleted conversation ends with the retention window (the README says so).
 *
 * Deletion runs in batches, each one transaction: the candidates are locked (`FOR UPDATE SKIP LOCKED`, so a
 * manifest a reviewer is saving a verdict on right now — its row held by the verdict's key check — is skipped
 * and kept), the delete re-checks that nothing refers to them in a statement of its own (it sees a verdict
 * committed meanwhile), and the batch's audit entry (`manifest.prune`) commits with it, or nothing does.
 */
import { and, asc, eq, inArray, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { manifestVisible } from '@/lib/auth/visibility';
import { manifests, tenants, threads, verdicts } from '@/lib/db/schema';
import { readEnv, type Env } from '@/lib/env';
import { recordAudit } from './audit';

const DAY_MS = 86_400_000;
/** Manifests deleted per transaction: short transactions, and one audit entry per batch. */
export const PRUNE_BATCH = 2_000;

/** Retention in days from LEDGERLINE_MANIFEST_RETENTION_DAYS; null when manifests are kept forever (0). */
export function manifestRetentionDays(env: Env = readEnv()): number | null {
  const days = env.LEDGERLINE_MANIFEST_RETENTION_DAYS;
  return days > 0 ? days : null;
}

export interface PruneOptions {
  db: Db;
  tenantId: string;
  /** manifests created before now − days are candidates */
  days: number;
  now?: Date;
  /** audit actor: `system` (the server's job), `cli` or a user id */
  actor?: string;
  /** count what would go, delete nothing */
  dryRun?: boolean;
  batchSize?: number;
}

export interface PruneResult {
  tenantId: string;
  cutoff: string;
  /** deleted (or, dry run, that would be) */
  deleted: number;
  /** older than the cutoff but kept: a verdict or a conversation refers to them */
  keptReferenced: number;
}

/** The cutoff for a retention of `days` at `now`. */
export function retentionCutoff(days: number, now = new Date()): Date {
  if (!Number.isInteger(days) || days < 1) throw new Error(`retention must be a whole number of days ≥ 1, got ${days}`);
  return new Date(now.getTime() - days * DAY_MS);
}

/** Nothing refers to the manifest row `manifests`: no verdict, and no conversation of its tenant with its thread id. */
function unreferenced(db: Db): SQL {
  return and(
    notExists(db.select({ one: sql`1` }).from(verdicts).where(eq(verdicts.manifestId, manifests.id))),
    or(isNull(manifests.threadId), notExists(db.select({ one: sql`1` }).from(threads).where(and(eq(threads.id, manifests.threadId), eq(threads.tenantId, manifests.tenantId))))),
  )!;
}

/** Deletes the tenant's manifests past the retention window that nothing refers to. */
export async function pruneManifests(o: PruneOptions): Promise<PruneResult> {
  const cutoff = retentionCutoff(o.days, o.now);
  const batch = o.batchSize ?? PRUNE_BATCH;
  const old = and(manifestVisible({ tenantId: o.tenantId }), lt(manifests.createdAt, cutoff))!;
  const count = async (extra?: SQL) => Number((await o.db.select({ n: sql<number>`count(*)::int` }).from(manifests).where(and(old, extra)))[0]?.n ?? 0);
  const result: PruneResult = { tenantId: o.tenantId, cutoff: cutoff.toISOString(), deleted: 0, keptReferenced: 0 };
  if (o.dryRun) {
    result.deleted = await count(unreferenced(o.db));
  } else {
    for (;;) {
      const deleted = await o.db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: manifests.id })
          .from(manifests)
          .where(and(old, unreferenced(tx)))
          .orderBy(asc(manifests.createdAt))
          .limit(batch)
          .for('update', { of: manifests, skipLocked: true });
        if (locked.length === 0) return { n: 0, more: false };
        const gone = await tx
          .delete(manifests)
          .where(and(inArray(manifests.id, locked.map((r) => r.id)), old, unreferenced(tx)))
          .returning({ id: manifests.id });
        if (gone.length) {
          await recordAudit(tx, {
            tenantId: o.tenantId,
            actor: o.actor ?? 'system',
            action: 'manifest.prune',
            targetType: 'tenant',
            targetId: o.tenantId,
            after: { deleted: gone.length, cutoff: cutoff.toISOString(), retentionDays: o.days },
            reason: `manifests older than ${o.days} day(s) that no verdict or conversation refers to`,
          });
        }
        // a full batch may have more behind it; a batch of which nothing could go ends the run (no spinning)
        return { n: gone.length, more: locked.length === batch && gone.length > 0 };
      });
      result.deleted += deleted.n;
      if (!deleted.more) break;
    }
  }
  result.keptReferenced = (await count()) - (o.dryRun ? result.deleted : 0);
  return result;
}

/** pruneManifests for every tenant (the server's daily job, `cli manifests prune` without --tenant). */
export async function pruneAllTenants(o: Omit<PruneOptions, 'tenantId'>): Promise<PruneResult[]> {
  const all = await o.db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id));
  const out: PruneResult[] = [];
  for (const t of all) out.push(await pruneManifests({ ...o, tenantId: t.id }));
  return out;
}
