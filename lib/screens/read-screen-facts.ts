import { sql } from 'drizzle-orm';
import { sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, pgArray, rowsOf } from '@/lib/db/client';
import { type ScreenFact, type ScreenFactRow, screenFactOf } from '@/lib/db/screen-values';

export type { ScreenFact } from '@/lib/db/screen-values';

export interface ReadScreenFactsOptions {
  db: Db;
  scope: VisibilityScope;
  /** measures by their stored id */
  metricIds: string[];
  /** and by their concepts (a concept may serve a measure without being stored under it) */
  concepts: string[];
  fiscalYears: number[];
  /** SIC patterns for `like` ("3674", "367%"); absent: every company */
  sicPatterns?: string[];
  /** only these companies (absent: every company of the tenant) */
  entityIds?: string[];
}

/**
 * The active, visible, consolidated annual facts of the named measures for the named fiscal years, across every
 * company of the tenant (or the named ones). The (tenant, fiscal year, period, measure or concept) indexes on facts
 * give exactly these rows; the source join is the visibility check (tenant, revocation, embargo, ACL). On Citus the
 * read runs on every shard at once (facts distributed, sources and entities reference tables).
 */
export async function readScreenFacts(o: ReadScreenFactsOptions): Promise<ScreenFact[]> {
  const industry = o.sicPatterns?.length
    ? sql`and exists (select 1 from entities e where e.id = f.entity_id and e.tenant_id = f.tenant_id and e.sic like any(${pgArray(o.sicPatterns)}::text[]))`
    : sql``;
  const only = o.entityIds ? sql`and f.entity_id = any(${pgArray(o.entityIds)}::text[])` : sql``;
  const res = await o.db.execute(sql`
    select f.id, f.entity_id, f.metric_id, f.concept, f.value::text as value, f.unit, f.currency, f.period_type,
           f.start_date::text as start_date, f.end_date::text as end_date, f.fiscal_year, f.chain_key, f.version,
           f.filed_at::text as filed_at, f.revision_kind, f.accession, f.form, f.source_id
    from facts f join sources s on s.id = f.source_id
    where f.tenant_id = ${o.scope.tenantId} and f.status = 'active' and f.dims_key = '' and f.scope = 'consolidated'
      and f.fiscal_period = 'FY' and f.fiscal_year = any(${pgArray(o.fiscalYears.map(String))}::int[])
      and (f.metric_id = any(${pgArray(o.metricIds)}::text[]) or f.concept = any(${pgArray(o.concepts)}::text[]))
      and ${sourceVisible(o.scope, 's')} ${industry} ${only}`);
  const out: ScreenFact[] = [];
  for (const r of rowsOf<ScreenFactRow>(res)) {
    // a duration is stored with its start (a row without one is no duration a calculation may use)
    const f = screenFactOf(r);
    if (f) out.push(f);
  }
  return out;
}
