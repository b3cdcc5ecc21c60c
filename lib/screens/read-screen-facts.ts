import { sql } from 'drizzle-orm';
import { sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import type { FiscalPeriodCode, Period } from '@/lib/domain/types';
import type { VersionCandidate } from '@/lib/calc';

/** A fact a screen may use: one measure of one company for one fiscal year, consolidated, no members. */
export type ScreenFact = VersionCandidate & {
  chainKey: string;
  version: number;
  fiscalYear: number;
  fiscalPeriod: FiscalPeriodCode;
  sourceId: string;
};

interface Row {
  id: string;
  entity_id: string;
  metric_id: string | null;
  concept: string;
  value: string;
  unit: string;
  currency: string | null;
  period_type: 'instant' | 'duration';
  start_date: string | null;
  end_date: string;
  fiscal_year: number;
  chain_key: string;
  version: number;
  filed_at: string;
  revision_kind: string | null;
  accession: string | null;
  form: string | null;
  source_id: string;
}

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
}

/** One array parameter (a PostgreSQL array literal): the statement stays the same whatever the list's length. */
function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * The active, visible, consolidated annual facts of the named measures for the named fiscal years, across every
 * company of the tenant. The (tenant, fiscal year, period, measure or concept) indexes on facts give exactly these
 * rows; the source join is the visibility check (tenant, revocation, embargo, ACL). On Citus the read runs on every
 * shard at once (facts distributed, sources and entities reference tables).
 */
export async function readScreenFacts(o: ReadScreenFactsOptions): Promise<ScreenFact[]> {
  const industry = o.sicPatterns?.length
    ? sql`and exists (select 1 from entities e where e.id = f.entity_id and e.tenant_id = f.tenant_id and e.sic like any(${pgArray(o.sicPatterns)}::text[]))`
    : sql``;
  const res = await o.db.execute(sql`
    select f.id, f.entity_id, f.metric_id, f.concept, f.value::text as value, f.unit, f.currency, f.period_type,
           f.start_date::text as start_date, f.end_date::text as end_date, f.fiscal_year, f.chain_key, f.version,
           f.filed_at::text as filed_at, f.revision_kind, f.accession, f.form, f.source_id
    from facts f join sources s on s.id = f.source_id
    where f.tenant_id = ${o.scope.tenantId} and f.status = 'active' and f.dims_key = '' and f.scope = 'consolidated'
      and f.fiscal_period = 'FY' and f.fiscal_year = any(${pgArray(o.fiscalYears.map(String))}::int[])
      and (f.metric_id = any(${pgArray(o.metricIds)}::text[]) or f.concept = any(${pgArray(o.concepts)}::text[]))
      and ${sourceVisible(o.scope, 's')} ${industry}`);
  const out: ScreenFact[] = [];
  for (const r of rowsOf<Row>(res)) {
    // a duration is stored with its start (a row without one is no duration a calculation may use)
    if (r.period_type === 'duration' && r.start_date === null) continue;
    const period: Period =
      r.period_type === 'duration' && r.start_date !== null
        ? { type: 'duration', start: r.start_date, end: r.end_date }
        : { type: 'instant', date: r.end_date };
    out.push({
      id: r.id,
      entityId: r.entity_id,
      metricId: r.metric_id,
      concept: r.concept,
      value: r.value,
      unit: r.unit,
      currency: r.currency,
      period,
      scope: 'consolidated',
      dimensions: {},
      fiscalYear: r.fiscal_year,
      fiscalPeriod: 'FY',
      filedAt: r.filed_at,
      chainKey: r.chain_key,
      version: r.version,
      revisionKind: r.revision_kind,
      accession: r.accession,
      form: r.form,
      status: 'active',
      factIds: [r.id],
      sourceId: r.source_id,
    });
  }
  return out;
}
