import { databaseHealth } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

/** Readiness: the database is open, migrated and answers a query. */
export async function GET() {
  const health = await databaseHealth();
  return Response.json(health, { status: health.status === 'ok' ? 200 : 503 });
}
