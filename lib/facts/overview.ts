import { count, sql } from 'drizzle-orm';
import { factVisible, sourceVisible } from '@/lib/auth/visibility';
import { rowsOf, type Db } from '@/lib/db/client';
import { facts, sources, type Role } from '@/lib/db/schema';

/** Counts for the home page: what the viewer may see of one tenant. */
export async function tenantOverview(db: Db, tenantId: string, role?: Role | null) {
  const scope = { tenantId, role };
  const [factCounts, sourceCount, byEntity] = await Promise.all([
    db.select({ status: facts.status, n: count() }).from(facts).where(factVisible(scope)).groupBy(facts.status),
    db.select({ n: count() }).from(sources).where(sourceVisible(scope)),
    // each entity's visible active facts, counted per entity and joined to the entities: a count correlated to the
    // entity row (a reference table on Citus) is refused there
    db.execute(sql`
      select e.id, e.name, e.ticker, coalesce(c.n, 0)::int as facts
      from entities e
      left join (select vf.entity_id, count(*)::int as n from facts vf where vf.status = 'active' and ${factVisible(scope, 'vf')}
                 group by vf.entity_id) c on c.entity_id = e.id
      where e.tenant_id = ${tenantId}
      order by e.name`),
  ]);
  const perEntity = rowsOf<{ id: string; name: string; ticker: string | null; facts: number }>(byEntity);
  const byStatus = Object.fromEntries(factCounts.map((r) => [r.status, Number(r.n)]));
  return {
    entities: perEntity.length,
    activeFacts: byStatus.active ?? 0,
    quarantinedFacts: byStatus.quarantined ?? 0,
    sources: Number(sourceCount[0]?.n ?? 0),
    byEntity: perEntity.map((e) => ({ ...e, facts: Number(e.facts) })),
  };
}
