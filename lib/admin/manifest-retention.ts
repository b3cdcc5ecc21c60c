/**
 * Manifest retention: stored evidence is kept only while something needs it. Every question stores an evidence manifest (~4 KB); without retention
 * the table only grows. A manifest older than the retention window is deleted unless something refers to it:
 * - a reviewer verdict (the review record: kept forever, whatever its age);
 * - a conversation still in its owner's history (its turns are the thread's manifests, and a follow-up reads
 *   the previous turn's intent from them); deleting the conversation releases them to retention.
 * Share links and exports read a manifest by id and store nothing, so they keep nothing alive: a shared
 * answer of a deleted conversation ends with the retention window (SECURITY.md, "Manifest retention", says so).
 *
 * Deletion runs in batches, each one transaction: the batch claims its candidates with the manifests' own
 * transaction-level advisory locks (`claimManifests`, non-blocking: a manifest another prune or a reviewer's
 * verdict holds is skipped and kept; a verdict is saved under its manifest's lock: lib/db/manifest-locks.ts), the
 * delete re-checks that nothing refers to the claimed ones in a statement of its own (it sees a verdict committed
 * meanwhile), and the batch's audit entry (`manifest.prune`) commits with it, or nothing does.
 *
 * The same on PGlite, PostgreSQL and Citus. Row locks were the claim before (`FOR UPDATE SKIP LOCKED`), but on
 * Citus manifests is a reference table (a copy on every node), and a row lock or a delete there takes an exclusive
 * lock on the whole table's copies, which waits for every open write that refers to it (a verdict being saved: the
 * prune hung beside it) and holds every other write back. The advisory locks live on the coordinator, where every
 * transaction starts; with each manifest claimed by one transaction at a time, the batch's delete commutes with
 * every other write to manifests, and says so to Citus (`citus.all_modifications_commutative` for its transaction),
 * which then takes the row-exclusive lock an insert takes.
 */
import { and, asc, desc, eq, inArray, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import { isCitusHandle } from '@/lib/db/citus';
import type { Db } from '@/lib/db/client';
import { claimManifests } from '@/lib/db/manifest-locks';
import { manifestVisible } from '@/lib/auth/visibility';
import { auditLog, manifests, tenants, threads, verdicts } from '@/lib/db/schema';
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
    or(
      isNull(manifests.threadId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(threads)
          .where(and(eq(threads.id, manifests.threadId), eq(threads.tenantId, manifests.tenantId))),
      ),
    ),
  )!;
}

/** Deletes the tenant's manifests past the retention window that nothing refers to. */
export async function pruneManifests(o: PruneOptions): Promise<PruneResult> {
  const cutoff = retentionCutoff(o.days, o.now);
  const batch = o.batchSize ?? PRUNE_BATCH;
  const old = and(manifestVisible({ tenantId: o.tenantId }), lt(manifests.createdAt, cutoff))!;
  const count = async (extra?: SQL) =>
    Number((await o.db.select({ n: sql<number>`count(*)::int` }).from(manifests).where(and(old, extra)))[0]?.n ?? 0);
  const result: PruneResult = { tenantId: o.tenantId, cutoff: cutoff.toISOString(), deleted: 0, keptReferenced: 0 };
  const citus = isCitusHandle(o.db);
  if (o.dryRun) {
    result.deleted = await count(unreferenced(o.db));
  } else {
    for (;;) {
      const deleted = await o.db.transaction(async (tx) => {
        const candidates = await tx
          .select({ id: manifests.id })
          .from(manifests)
          .where(and(old, unreferenced(tx)))
          .orderBy(asc(manifests.createdAt))
          .limit(batch);
        if (candidates.length === 0) return { n: 0, more: false };
        const locked = await claimManifests(
          tx,
          candidates.map((r) => r.id),
        );
        if (locked.length === 0) return { n: 0, more: false };
        if (citus) await tx.execute(sql`set local citus.all_modifications_commutative = on`);
        const gone = await tx
          .delete(manifests)
          .where(and(inArray(manifests.id, locked), old, unreferenced(tx)))
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
        return { n: gone.length, more: candidates.length === batch && gone.length > 0 };
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

export interface RetentionStatus {
  /** the configured window (LEDGERLINE_MANIFEST_RETENTION_DAYS); null: manifests are kept forever */
  days: number | null;
  /** manifests created before this go at the next pass (null when kept forever) */
  cutoff: string | null;
  /** the tenant's stored manifests, and the oldest one's time */
  stored: number;
  oldest: string | null;
  /** past the window now: what the next pass deletes, and what it keeps because a verdict or a conversation refers to it */
  deletable: number;
  keptReferenced: number;
  /** the latest `manifest.prune` audit entry of the tenant */
  lastPrune: { at: string; deleted: number; actor: string } | null;
}

/** What the admin view shows about the tenant's manifest retention (read only; counts through the manifest predicate). */
export async function manifestRetentionStatus(db: Db, tenantId: string, env: Env = readEnv(), now = new Date()): Promise<RetentionStatus> {
  const days = manifestRetentionDays(env);
  const [totals] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${manifests.createdAt})::text` })
    .from(manifests)
    .where(manifestVisible({ tenantId }));
  const past = days === null ? null : await pruneManifests({ db, tenantId, days, now, dryRun: true });
  const [last] = await db
    .select({ at: auditLog.createdAt, after: auditLog.after, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, 'manifest.prune')))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return {
    days,
    cutoff: past?.cutoff ?? null,
    stored: Number(totals?.n ?? 0),
    oldest: totals?.oldest ? new Date(totals.oldest).toISOString() : null,
    deletable: past?.deleted ?? 0,
    keptReferenced: past?.keptReferenced ?? 0,
    lastPrune: last
      ? { at: last.at.toISOString(), deleted: Number((last.after as { deleted?: number } | null)?.deleted ?? 0), actor: last.actor }
      : null,
  };
}
