/**
 * Cover-page facts (dei: the share count outstanding at the cover date, the public float at the end of the
 * second quarter): each dated at its own date, which is not the period its filing reports. A question names
 * the filing by its period ("the cover of the Q3 fiscal 2025 10-Q"); this reads, for each cover fact of an
 * entity, the end of the period its filing reports (the date most of the same filing's other facts end on: a
 * dividend declared after the year end is not its period, and the public float, dated at the end of the second
 * quarter, belongs to the year its 10-K reports), so the figure is found at the cover's own date.
 */
import { sql } from 'drizzle-orm';
import { factVisible, sourceVisible } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';

export interface CoverFact {
  concept: string;
  /** the cover's own date (the fact's instant) */
  date: string;
  /** the end of the period the filing reports */
  reportEnd: string;
  dimsKey: string;
}

/** The cover facts of `concepts` an entity's visible filings carry, with their filings' report ends. */
export async function coverFacts(
  db: Db,
  o: { tenantId: string; role: Role | null; entityId: string; concepts: readonly string[] },
): Promise<CoverFact[]> {
  if (o.concepts.length === 0) return [];
  const scope = { tenantId: o.tenantId, role: o.role };
  const res = await db.execute(sql`
    with cover as (
      select f.concept, f.end_date, f.source_id, f.accession, f.dims_key
      from facts f join sources s on s.id = f.source_id
      where f.tenant_id = ${o.tenantId} and f.entity_id = ${o.entityId} and f.status = 'active'
        and f.period_type = 'instant' and f.concept in (${sql.join(
          o.concepts.map((c) => sql`${c}`),
          sql`, `,
        )})
        and ${factVisible(scope, 'f')} and ${sourceVisible(scope, 's')})
    select * from (
      select distinct on (c.concept, c.end_date, c.dims_key) c.concept, c.end_date::text as date, c.dims_key, g.end_date::text as report_end
      from cover c join facts g on g.tenant_id = ${o.tenantId} and g.entity_id = ${o.entityId} and g.source_id = c.source_id
        and g.accession is not distinct from c.accession
      where g.status = 'active' and g.concept not like 'dei:%'
      group by c.concept, c.end_date, c.dims_key, g.end_date
      order by c.concept, c.end_date, c.dims_key, count(*) desc, g.end_date desc) covers
    order by date`);
  return rowsOf<{ concept: string; date: string; dims_key: string; report_end: string | null }>(res).flatMap((r) =>
    r.report_end ? [{ concept: r.concept, date: r.date, reportEnd: r.report_end, dimsKey: r.dims_key }] : [],
  );
}
