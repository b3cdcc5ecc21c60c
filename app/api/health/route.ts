import { sql } from 'drizzle-orm';
import { getDatabase } from '@/lib/server/runtime';

export const dynamic = 'force-dynamic';

/** Readiness: the database is open, migrated and answers a query. */
export async function GET() {
  const started = performance.now();
  try {
    const database = await getDatabase();
    await database.db.execute(sql`select 1`);
    return Response.json({
      status: 'ok',
      driver: database.driver,
      latencyMs: Math.round(performance.now() - started),
    });
  } catch (e) {
    console.error('[health]', e);
    return Response.json({ status: 'unavailable', message: (e as Error).message }, { status: 503 });
  }
}
