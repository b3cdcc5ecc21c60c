import { count, eq, sql } from 'drizzle-orm';
import { factVisible, sourceVisible } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { entities, facts, sources, type Role } from '@/lib/db/schema';

/** Counts for the home page: what the viewer may see of one tenant. */
export async function tenantOverview(db: Db, tenantId: string, role?: Role | null) {
  const scope = { tenantId, role };
  const [factCounts, sourceCount, byEntity] = await Promise.all([
    db.select({ status: facts.status, n: count() }).from(facts).where(factVisible(scope)).groupBy(facts.status),
    db.select({ n: count() }).from(sources).where(sourceVisible(scope)),
    db
      .select({
        id: entities.id,
        name: entities.name,
        ticker: entities.ticker,
        // "entities"."id" spelled out: drizzle leaves columns unqualified in single-table selects, and the subquery would capture them
        facts: sql<number>`(select count(*)::int from facts vf where vf.entity_id = ${sql.raw('"entities"."id"')} and vf.status = 'active' and ${factVisible(scope, 'vf')})`,
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
