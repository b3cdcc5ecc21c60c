import { and, eq, isNull, sql } from 'drizzle-orm';
import { factVisible } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { entities, entityAliases, fiscalCalendars, type Role } from '@/lib/db/schema';
import type { FiscalCalendar } from '@/lib/domain/types';

export interface CatalogEntity {
  id: string;
  name: string;
  legalName: string | null;
  ticker: string | null;
  cik: string | null;
  aliases: { alias: string; normalized: string; kind: string }[];
}

/** Entities of a tenant with their aliases: what the planner can resolve names against (two queries, one pass). */
export async function loadEntityCatalog(db: Db, tenantId: string): Promise<CatalogEntity[]> {
  const [rows, aliases] = await Promise.all([
    db
      .select({ id: entities.id, name: entities.name, legalName: entities.legalName, ticker: entities.ticker, cik: entities.cik })
      .from(entities)
      .where(eq(entities.tenantId, tenantId)),
    db
      .select({ entityId: entityAliases.entityId, alias: entityAliases.alias, normalized: entityAliases.normalized, kind: entityAliases.kind })
      .from(entityAliases)
      .innerJoin(entities, eq(entities.id, entityAliases.entityId))
      .where(eq(entities.tenantId, tenantId)),
  ]);
  const byEntity = new Map<string, CatalogEntity['aliases']>();
  for (const a of aliases) {
    const list = byEntity.get(a.entityId);
    const item = { alias: a.alias, normalized: a.normalized, kind: a.kind };
    if (list) list.push(item);
    else byEntity.set(a.entityId, [item]);
  }
  return rows.map((r) => ({ ...r, aliases: byEntity.get(r.id) ?? [] }));
}

/** Active (not superseded) calendars of an entity, in effective order. */
export async function loadCalendars(db: Db, entityId: string): Promise<FiscalCalendar[]> {
  const rows = await db
    .select()
    .from(fiscalCalendars)
    .where(and(eq(fiscalCalendars.entityId, entityId), isNull(fiscalCalendars.supersededAt)))
    .orderBy(fiscalCalendars.effectiveFrom);
  return rows.map((r) => ({
    entityId: r.entityId,
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    yearEnd: r.yearEnd,
    labelBy: r.labelBy,
  }));
}

/** End of the entity's latest reported annual or quarterly duration (anchor for "last fiscal year"). */
export async function latestPeriodEnd(db: Db, tenantId: string, entityId: string, role?: Role | null): Promise<string | null> {
  const res = await db.execute<{ end: string | null }>(sql`
    select max(f.end_date)::text as "end" from facts f
    where ${factVisible({ tenantId, role }, 'f')} and f.entity_id = ${entityId} and f.status = 'active'
      and f.period_type = 'duration' and f.fiscal_period in ('FY', 'Q1', 'Q2', 'Q3', 'Q4')`);
  const rows = (res as unknown as { rows: { end: string | null }[] }).rows;
  return rows[0]?.end ?? null;
}
