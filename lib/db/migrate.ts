import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';
import { distributeOnCitus } from './citus';
import { migrationsFolder, rowsOf } from './client';
import { APPLY_REVOCATION_LEDGER } from './revocation-ledger';
import { rebuildStaleScreenValues, refreshScreenValuesOfSources } from './screen-values';

const MIGRATION_LOCK = 727274;

/**
 * Apply drizzle/ migrations. On PostgreSQL an advisory lock serializes concurrent migrators; on a Citus
 * coordinator the tables are then distributed or made reference tables (lib/db/citus.ts), under the same lock.
 * Then the revocation ledger is applied to the sources (lib/db/revocation-ledger.ts): a start never serves bytes
 * the ledger holds, whatever was restored or edited in the sources table while the server was down (and the screen
 * values of the sources it marks are recomputed with it). Last, the screen values of tenants built by another
 * derivation, or never, are rebuilt (lib/db/screen-values.ts).
 */
export async function migrate(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.driver === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as Parameters<typeof run>[0], { migrationsFolder: folder });
    await afterMigrations(database.db);
    return;
  }
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  await database.withConnection(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await run(conn.db as Parameters<typeof run>[0], { migrationsFolder: folder });
      if (database.citus) await distributeOnCitus(conn);
      await afterMigrations(conn.db);
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}

async function afterMigrations(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const marked = rowsOf<{ id: string; tenant_id: string }>(
      await tx.execute(sql.raw(`${APPLY_REVOCATION_LEDGER} returning s.id, s.tenant_id`)),
    );
    const byTenant = new Map<string, string[]>();
    for (const r of marked) byTenant.set(r.tenant_id, [...(byTenant.get(r.tenant_id) ?? []), r.id]);
    for (const [tenantId, ids] of byTenant) await refreshScreenValuesOfSources(tx, tenantId, ids);
  });
  await rebuildStaleScreenValues(db, (line) => console.error(`[migrate] ${line}`));
}
