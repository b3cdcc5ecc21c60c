/**
 * Per-tenant data version: a counter on the tenant row, bumped *after* a change to the tenant's
 * entities, aliases, calendars or facts has committed (ingest, admin edits). In-process caches
 * (the planner's entity index and calendars) keep what they built with the version they read and
 * rebuild when it moved. Bumping after the commit keeps the read side simple: a reader that sees
 * version v also sees every change whose bump produced v. The bump is one short statement, so
 * concurrent ingests of one tenant never wait on each other's transactions.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { tenants } from './schema';
import { forgetScopeDataVersion, scopeDataVersion } from './tenant-scope';

export async function bumpDataVersion(db: Db, tenantId: string): Promise<void> {
  await db
    .update(tenants)
    .set({ dataVersion: sql`${tenants.dataVersion} + 1` })
    .where(eq(tenants.id, tenantId));
  forgetScopeDataVersion(tenantId);
}

/** The tenant's data version; null when the tenant does not exist. */
export async function readDataVersion(db: Db, tenantId: string): Promise<number | null> {
  // inside a tenant scope: the version read when the scope opened (lib/db/tenant-scope.ts), one round trip fewer
  const pre = scopeDataVersion(db, tenantId);
  if (pre !== undefined) return pre;
  const [row] = await db.select({ v: tenants.dataVersion }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ? Number(row.v) : null;
}
