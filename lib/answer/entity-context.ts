import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { entities, type Role } from '@/lib/db/schema';
import { latestPeriodEnd, loadCalendars } from '@/lib/planner/catalog';
import type { Intent } from '@/lib/planner/types';
import type { EntityContext } from './compute';

/** What answering needs to know about one entity: its calendars, latest reported period end and currency. */
export async function entityContext(db: Db, tenantId: string, ref: Intent['entities'][number], role: Role | null = null): Promise<EntityContext> {
  const [calendars, latest, row] = await Promise.all([
    loadCalendars(db, ref.id),
    latestPeriodEnd(db, tenantId, ref.id, role),
    db.select({ currency: entities.reportingCurrency }).from(entities).where(eq(entities.id, ref.id)).limit(1),
  ]);
  return { entity: ref, calendars, latestPeriodEnd: latest, reportingCurrency: row[0]?.currency ?? null };
}
