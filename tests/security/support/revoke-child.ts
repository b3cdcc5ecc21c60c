/**
 * A server process revoking a source that dies (SIGKILL, no clean-up) right before its `killBefore`-th
 * database statement; with `killBefore` 0 it runs to the end and prints how many statements it sent.
 * argv: <postgres URL | PGlite data dir> <tenant id> <source id> <killBefore>
 */
import type { Logger } from 'drizzle-orm';
import { revokeSource } from '@/lib/admin/sources';
import type { Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';

const [where = '', tenantId = '', sourceId = '', killAt = '0'] = process.argv.slice(2);
const killBefore = Number(killAt);
let sent = 0;
const logger: Logger = {
  logQuery() {
    sent++;
    if (sent === killBefore) process.kill(process.pid, 'SIGKILL');
  },
};

async function open(): Promise<{ db: Db; close: () => Promise<void> }> {
  if (where.startsWith('postgres')) {
    const pg = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: where, max: 1 });
    return { db: drizzle(pool, { schema, logger }) as unknown as Db, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(where, { extensions: { vector } });
  return { db: drizzle(client, { schema, logger }) as unknown as Db, close: () => client.close() };
}

const { db, close } = await open();
await revokeSource({ db, tenantId, actorId: 'kill-test', sourceId, reason: 'kill -9 between steps' });
// anything the revocation does after its statements (in-process only) ran too
const after = sent;
await close();
console.log(`statements ${after}`);
