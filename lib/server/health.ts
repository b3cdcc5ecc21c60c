import 'server-only';
import { sql } from 'drizzle-orm';
import { getDatabase } from './runtime';

/** Readiness: the database is open, migrated and answers a query. */
export async function databaseHealth(): Promise<
  { status: 'ok'; driver: string; latencyMs: number } | { status: 'unavailable'; code: 'unavailable:database'; message: string }
> {
  const started = performance.now();
  try {
    const database = await getDatabase();
    await database.db.execute(sql`select 1`);
    return { status: 'ok', driver: database.driver, latencyMs: Math.round(performance.now() - started) };
  } catch (e) {
    // the cause (a failed query's SQL, a configuration detail) goes to the log, never to the caller
    console.error('[health]', e);
    return { status: 'unavailable', code: 'unavailable:database', message: 'The database is not available.' };
  }
}
