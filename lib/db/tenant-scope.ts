import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The database role tenant-scoped work runs as: no BYPASSRLS, subject to the tenant_scope policies (drizzle/0009_row_level_security.sql). */
export const APP_ROLE = 'ledgerline_app';

/**
 * Row-level security as a second wall: run `fn` in one transaction as APP_ROLE with the tenant set for that
 * transaction only (`set_config(…, true)` = SET LOCAL), so every query inside — including one that forgets
 * the tenant/ACL predicate — sees and writes only this tenant's rows of the tenant tables. Opt-in per call
 * site (the lib/server wrappers' `tenantScope` option); the predicate stays the first wall.
 */
export async function inTenantScope<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('ledgerline.tenant_id', ${tenantId}, true)`);
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    return fn(tx);
  });
}
