import type { Database } from './client';
import { distributeOnCitus } from './citus';
import { migrationsFolder } from './client';
import { APPLY_REVOCATION_LEDGER } from './revocation-ledger';

const MIGRATION_LOCK = 727274;

/**
 * Apply drizzle/ migrations. On PostgreSQL an advisory lock serializes concurrent migrators; on a Citus
 * coordinator the tables are then distributed or made reference tables (lib/db/citus.ts), under the same lock.
 * Then the revocation ledger is applied to the sources (lib/db/revocation-ledger.ts): a start never serves bytes
 * the ledger holds, whatever was restored or edited in the sources table while the server was down.
 */
export async function migrate(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.driver === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as Parameters<typeof run>[0], { migrationsFolder: folder });
    await database.query(APPLY_REVOCATION_LEDGER);
    return;
  }
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  await database.withConnection(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await run(conn.db as Parameters<typeof run>[0], { migrationsFolder: folder });
      if (database.citus) await distributeOnCitus(conn);
      await conn.query(APPLY_REVOCATION_LEDGER);
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}
