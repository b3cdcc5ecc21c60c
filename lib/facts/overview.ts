import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, facts, sources } from '@/lib/db/schema';

/** Counts for the home page, scoped to one tenant. */
export async function tenantOverview(db: Db, tenantId: string) {
  const [factCounts, sourceCount, byEntity] = await Promise.all([
    db
      .select({ status: facts.status, n: count() })
      .from(facts)
      .where(eq(facts.tenantId, tenantId))
      .groupBy(facts.status),
    db.select({ n: count() }).from(sources).where(and(eq(sources.tenantId, tenantId), eq(sources.revoked, false))),
    db
      .select({
        id: entities.id,
        name: entities.name,
        ticker: entities.ticker,
        facts: sql<number>`(select count(*)::int from ${facts} where ${facts.entityId} = ${entities.id} and ${facts.status} = 'active')`,
      })
      .from(entities)
      .where(eq(entities.tenantId, tenantId))
      .orderBy(entities.name),
  ]);
  const byStatus = Object.fromEntries(factCounts.map((r) => [r.status, Number(r.n)]));
  return {
    entities: byEntity.length,
    activeFacts: byStatus.active ?? 0,
    quarantinedFacts: byStatus.quarantined ?? 0,
    sources: Number(sourceCount[0]?.n ?? 0),
    byEntity: byEntity.map((e) => ({ ...e, facts: Number(e.facts) })),
  };
}
