import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, type Role } from '@/lib/db/schema';
import { latestPeriodEnd, loadCalendars, type EntityIndex } from '@/lib/planner/catalog';
import type { Intent } from '@/lib/planner/types';
import { versionedCache } from '@/lib/db/versioned-cache';
import type { EntityContext } from './compute';

const latestCache = versionedCache<string | null>();

/**
 * The entity's latest reported period end for a role, kept while the tenant's data version holds
 * (ingest, quarantine, revocation and ACL edits bump it) and for at most 30 s (an embargo lapses by
 * the clock alone); `version`: the one the question's entity index was built at.
 */
export function latestPeriodEndAt(db: Db, tenantId: string, entityId: string, role: Role | null, version: number): Promise<string | null> {
  return latestCache.get(db, tenantId, version, `${role ?? ''}|${entityId}`, () => latestPeriodEnd(db, tenantId, entityId, role));
}

/**
 * What answering needs to know about one entity: its calendars, latest reported period end and
 * currency. `index`: the tenant's entity index the question was planned with — calendars and
 * currency come from it (built at the data version the question read) instead of two more reads.
 */
export async function entityContext(
  db: Db,
  tenantId: string,
  ref: Intent['entities'][number],
  role: Role | null = null,
  index?: EntityIndex,
): Promise<EntityContext> {
  const currency = index?.tenantId === tenantId ? index.reportingCurrency(ref.id) : undefined;
  if (index && currency !== undefined) {
    const latest = await (index.version === null
      ? latestPeriodEnd(db, tenantId, ref.id, role)
      : latestPeriodEndAt(db, tenantId, ref.id, role, index.version));
    return { entity: ref, calendars: [...(index.calendars(ref.id) ?? [])], latestPeriodEnd: latest, reportingCurrency: currency };
  }
  const [calendars, latest, row] = await Promise.all([
    loadCalendars(db, ref.id),
    latestPeriodEnd(db, tenantId, ref.id, role),
    db.select({ currency: entities.reportingCurrency }).from(entities).where(eq(entities.id, ref.id)).limit(1),
  ]);
  return { entity: ref, calendars, latestPeriodEnd: latest, reportingCurrency: row[0]?.currency ?? null };
}
