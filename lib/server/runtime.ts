import { isDemoMode, readEnv } from '@/lib/env';
import { openFromEnv, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { isDemoSeeded, seedDemo } from '@/lib/demo/seed';
import { seedMetrics } from '@/lib/db/seed-metrics';
import { indexChunks } from '@/lib/retrieval/index-chunks';
import { startupChecks } from './startup';
import { openDatabaseWall } from './db-wall';

const globalKey = Symbol.for('ledgerline.database');
type Holder = { [globalKey]?: Promise<Database> };

/**
 * The process-wide database: opened once (also across dev hot reloads), migrated, and — in demo
 * mode — seeded with the demo tenant on first start.
 */
export function getDatabase(): Promise<Database> {
  const holder = globalThis as Holder;
  if (!holder[globalKey]) {
    holder[globalKey] = prepare().catch((e) => {
      delete holder[globalKey];
      throw e;
    });
  }
  return holder[globalKey];
}

async function prepare(): Promise<Database> {
  const env = readEnv();
  const database = await openFromEnv();
  try {
    await migrate(database);
    await seedMetrics(database.db);
    if (isDemoMode(env) && !(await isDemoSeeded(database.db))) await seedDemo(database.db);
    await startupChecks(database.db, env);
    // PostgreSQL: tenant-scoped work logs in as a role that cannot leave the restricted role
    const wall = await openDatabaseWall(database, env);
    if (wall) {
      const close = database.close.bind(database);
      database.close = async () => {
        await wall.close();
        await close();
      };
    }
    // embed new chunks, and re-embed all when the embedding model changed
    const embedded = await indexChunks(database.db);
    if (embedded) console.log(`[ledgerline] embedded ${embedded} passages`);
  } catch (e) {
    await database.close().catch(() => undefined);
    throw e;
  }
  return database;
}
