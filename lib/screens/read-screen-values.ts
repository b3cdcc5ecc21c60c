import { sql } from 'drizzle-orm';
import { type Db, pgArray, rowsOf } from '@/lib/db/client';
import { type ScreenChoice, type ScreenFact, type ScreenFactRow, screenFactOf } from '@/lib/db/screen-values';

/** One company's screen value of one measure for one fiscal year (lib/db/screen-values.ts). */
export interface ScreenValue {
  entityId: string;
  metric: string;
  fiscalYear: number;
  /** a candidate some viewer may not see: the company is computed from its facts */
  mixed: boolean;
  /** calendar years the candidates' durations end in */
  endYears: number[];
  choice: ScreenChoice | null;
}

/**
 * A row as read: the fact's columns under the names screenFactOf takes (the row's measure is `screen_metric`, the
 * fact's own measure `metric_id`); the filing's details and the error texts only in the full read.
 */
interface Row
  extends Omit<ScreenFactRow, 'id' | 'concept' | 'value' | 'unit' | 'period_type' | 'end_date' | DetailColumn>,
    Partial<Pick<ScreenFactRow, DetailColumn>> {
  screen_metric: string;
  mixed: boolean;
  end_years: string;
  error_code: string | null;
  error_message?: string | null;
  error_fact_ids?: string | null;
  id: string | null;
  concept: string | null;
  value: string | null;
  unit: string | null;
  period_type: 'instant' | 'duration' | null;
  end_date: string | null;
}

type DetailColumn = 'chain_key' | 'version' | 'filed_at' | 'revision_kind' | 'accession' | 'form' | 'source_id';

export interface ReadScreenValuesOptions {
  db: Db;
  tenantId: string;
  metrics: string[];
  fiscalYears: number[];
  /** SIC patterns for `like` ("3674", "367%"); absent: every company */
  sicPatterns?: string[];
  /** only these companies */
  entityIds?: string[];
  /**
   * false: what ranking, filtering and counting need (lib/calc's operands: the fact's id, measure, concept, value,
   * unit, currency and dates; a choice's error by its code alone), an index-only read of the table's key; true:
   * every column (the rows shown)
   */
  detail: boolean;
}

/**
 * The screen values of the named measures and fiscal years for every company of the tenant: one row per company,
 * measure and year, read by the table's key (on Citus one shard: the table is distributed by tenant). A row holds
 * what every viewer of the tenant computes (a revoked source's facts are not in it; a row that depends on a
 * restricted source is `mixed` and holds nothing), and row-level security hides a row whose fact's source the
 * viewer may not see.
 */
export async function readScreenValues(o: ReadScreenValuesOptions): Promise<ScreenValue[]> {
  const industry = o.sicPatterns?.length
    ? sql`and v.entity_id in (select e.id from entities e where e.tenant_id = ${o.tenantId} and e.sic like any(${pgArray(o.sicPatterns)}::text[]))`
    : sql``;
  const only = o.entityIds ? sql`and v.entity_id = any(${pgArray(o.entityIds)}::text[])` : sql``;
  // the narrow read leaves out what only a row shown needs (the error texts and fact lists, the filing's details):
  // what lib/calc checks and computes with (the fact's id, measure, concept, value, unit, currency and dates) stays
  const detail = o.detail
    ? sql`, v.error_message, array_to_json(v.error_fact_ids)::text as error_fact_ids, v.chain_key, v.version,
          v.filed_at::text as filed_at, v.revision_kind, v.accession, v.form, v.source_id`
    : sql``;
  const res = await o.db.execute(sql`
    select v.entity_id, v.metric_id as screen_metric, v.fiscal_year, v.mixed, array_to_string(v.end_years, ',') as end_years,
           v.error_code, v.fact_id as id, v.fact_metric_id as metric_id, v.concept, v.value::text as value, v.unit, v.currency, v.period_type,
           v.start_date::text as start_date, v.end_date::text as end_date ${detail}
    from screen_values v
    where v.tenant_id = ${o.tenantId} and v.metric_id = any(${pgArray(o.metrics)}::text[])
      and v.fiscal_year = any(${pgArray(o.fiscalYears.map(String))}::int[]) ${industry} ${only}`);
  const out: ScreenValue[] = [];
  for (const r of rowsOf<Row>(res)) {
    const fiscalYear = Number(r.fiscal_year);
    let choice: ScreenChoice | null = null;
    if (r.id !== null) {
      // the row is the fact's columns (one object per row: a screen reads one per company and measure)
      const fact = screenFactOf(r as ScreenFactRow);
      // the choice's fact, as selectVersion returns it (tagged with its basis)
      if (fact) {
        fact.basisTag = 'latest';
        choice = { ok: true, fact: fact as ScreenFact & { basisTag: string } };
      }
    } else if (r.error_code !== null)
      choice = {
        ok: false,
        code: r.error_code,
        message: r.error_message ?? '',
        factIds: r.error_fact_ids ? JSON.parse(r.error_fact_ids) : [],
      };
    out.push({
      entityId: r.entity_id,
      metric: r.screen_metric,
      fiscalYear,
      mixed: r.mixed,
      endYears: r.end_years ? r.end_years.split(',').map(Number) : [],
      choice,
    });
  }
  return out;
}
