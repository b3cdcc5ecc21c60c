/**
 * Manifest locks: a transaction-level advisory lock per evidence manifest, taken on the server the transaction
 * started on (the coordinator on Citus). Retention (lib/admin/manifest-retention.ts) claims the manifests it deletes
 * with them, without waiting; a verdict is saved under its manifest's lock (lib/evidence/manifest-detail.ts). Row
 * locks cannot serve: on Citus manifests is a reference table, where a row lock takes an exclusive lock on every
 * copy of the table.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client';

/** A manifest's advisory-lock key: 64 bits of its id, apart from other advisory locks by the prefix. */
const lockKey = (id: SQL) => sql`hashtextextended('ledgerline.manifest:' || ${id}, 0)`;

/**
 * Holds the manifest for a verdict being saved, until the transaction `tx` ends: a prune skips it (and sees the
 * verdict committed at its next pass); if a prune holds it, this waits for that batch (the manifest may be gone).
 */
export async function lockManifestForVerdict(tx: Db, manifestId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lockKey(sql`${manifestId}::text`)})`);
}

/** The ids of `ids` the transaction `tx` now holds until it ends (one transaction at a time; a held one is skipped). */
export async function claimManifests(tx: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await tx.execute(
    sql`select c.id from unnest(array[${list}]::text[]) as c(id) where pg_try_advisory_xact_lock(${lockKey(sql`c.id`)})`,
  );
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}
