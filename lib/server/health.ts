import 'server-only';
import { sql } from 'drizzle-orm';
import { getDatabase } from './runtime';

/** Readiness: the database is open, migrated and answers a query. */
export async function databaseHealth(): Promise<{ status: 'ok'; driver: string; latencyMs: number } | { status: 'unavailable'; message: string }> {
  const started = performance.now();
  try {
    const database = await getDatabase();
    await database.db.execute(sql`select 1`);
    return { status: 'ok', driver: database.driver, latencyMs: Math.round(performance.now() - started) };
  } catch (e) {
    console.error('[health]', e);
    return { status: 'unavailable', message: (e as Error).message };
  }
}
