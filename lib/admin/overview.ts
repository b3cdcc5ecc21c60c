import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { auditLog, entities, fiscalCalendars, sources } from '@/lib/db/schema';

/** Entities with their calendars, sources and the latest audit entries of one tenant. */
export async function adminOverview(db: Db, tenantId: string) {
  const [ents, cals, srcs, audit] = await Promise.all([
    db.select().from(entities).where(eq(entities.tenantId, tenantId)).orderBy(asc(entities.name)),
    db
      .select({ cal: fiscalCalendars })
      .from(fiscalCalendars)
      .innerJoin(entities, eq(entities.id, fiscalCalendars.entityId))
      .where(eq(entities.tenantId, tenantId))
      .orderBy(asc(fiscalCalendars.effectiveFrom)),
    db
      .select({
        id: sources.id,
        title: sources.title,
        kind: sources.kind,
        form: sources.form,
        accession: sources.accession,
        filedAt: sources.filedAt,
        version: sources.version,
        revoked: sources.revoked,
        ingestedAt: sources.ingestedAt,
      })
      .from(sources)
      .where(eq(sources.tenantId, tenantId))
      .orderBy(desc(sources.ingestedAt))
      .limit(100),
    db.select().from(auditLog).where(eq(auditLog.tenantId, tenantId)).orderBy(desc(auditLog.id)).limit(50),
  ]);
  return { entities: ents, calendars: cals.map((c) => c.cal), sources: srcs, audit };
}
