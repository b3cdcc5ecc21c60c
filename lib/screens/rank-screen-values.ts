import { sql } from 'drizzle-orm';
import { type Db, pgArray, rowsOf } from '@/lib/db/client';

export interface RankScreenValuesOptions {
  db: Db;
  tenantId: string;
  metric: string;
  /** the screen's year, and which fiscal year of each company it names */
  year: number;
  yearBasis: 'fiscal' | 'calendar';
  /** the fiscal years read: `year` (fiscal), or the ones around it whose durations may end in it (calendar) */
  fiscalYears: number[];
  /** the thresholds on the measure's value (each a comparison with a number, all must hold) */
  filters: { op: '>' | '>=' | '<' | '<='; value: number }[];
  direction: 'asc' | 'desc';
  limit: number;
  /** SIC patterns for `like` ("3674", "367%"); absent: every company */
  sicPatterns?: string[];
}

export interface RankedScreenValues {
  /** companies whose value for their fiscal year is a fact (the screen's `considered`) */
  considered: number;
  /** companies with the fiscal year but no value (a choice's error, or a row holding none) */
  noValue: number;
  /** of the considered, those whose value clears every threshold */
  matched: number;
  /**
   * the best `limit` of the matched by the value as a double (in `direction`), with every company tied with the last
   * one: the screen orders them exactly (ties by company id) and cuts to `limit`
   */
  top: string[];
  /** companies with a `mixed` row among those read: computed from their facts, with the viewer's visibility */
  mixed: string[];
}

interface Row {
  kind: 'n' | 't' | 'm';
  entity_id: string | null;
  considered: string | number | null;
  no_value: string | number | null;
  matched: string | number | null;
}

/**
 * A one-measure screen ranked where the values are (lib/db/screen-values.ts): the database counts the companies and
 * returns only the best rows' ids, so a screen of every company reads a few dozen rows instead of one per company.
 * No arithmetic: the stored value is compared and ordered as the screen in JS does it — as a double (the value's
 * text read by `Number`; PostgreSQL's numeric → float8 is the same correctly rounded conversion of the same
 * decimal text), thresholds compared as doubles, ties at the cut all returned. The company's fiscal year is
 * chosen as targetYear does (the year labelled `year`, or the last fiscal year with a duration ending in `year`),
 * and a company with a `mixed` row among those read is left to the caller, as companiesFromValues leaves it.
 * Row-level security applies as to the full read: the same rows are seen.
 */
export async function rankScreenValues(o: RankScreenValuesOptions): Promise<RankedScreenValues> {
  const industry = o.sicPatterns?.length
    ? sql`and v.entity_id in (select e.id from entities e where e.tenant_id = ${o.tenantId} and e.sic like any(${pgArray(o.sicPatterns)}::text[]))`
    : sql``;
  const held = o.yearBasis === 'fiscal' ? sql`fiscal_year = ${o.year}::int` : sql`${o.year}::int = any(end_years)`;
  const pass = o.filters.length
    ? sql.join(
        o.filters.map((f) => sql`x ${sql.raw(f.op)} ${String(f.value)}::float8`),
        sql` and `,
      )
    : sql`true`;
  const order = o.direction === 'asc' ? sql`x asc` : sql`x desc`;
  const res = await o.db.execute(sql`
    with k as (
      select v.entity_id, v.fiscal_year, v.mixed, v.end_years, v.value::float8 as x,
             (v.fact_id is not null and (v.period_type is distinct from 'duration' or v.start_date is not null)) as ok
      from screen_values v
      where v.tenant_id = ${o.tenantId} and v.metric_id = ${o.metric}
        and v.fiscal_year = any(${pgArray(o.fiscalYears.map(String))}::int[]) ${industry}
    ),
    e as (
      select entity_id, bool_or(mixed) as mixed, max(fiscal_year) filter (where ${held}) as fy from k group by entity_id
    ),
    c as (
      select k.entity_id, k.ok, k.x from e join k on k.entity_id = e.entity_id and k.fiscal_year = e.fy where not e.mixed
    )
    select 'n' as kind, null::text as entity_id, count(*) filter (where ok) as considered, count(*) filter (where not ok) as no_value,
           count(*) filter (where ok and ${pass}) as matched
    from c
    union all
    (select 't', entity_id, null, null, null from c where ok and ${pass} order by ${order} fetch first ${sql.raw(String(Math.max(1, Math.trunc(o.limit))))} rows with ties)
    union all
    select 'm', entity_id, null, null, null from e where mixed`);
  const out: RankedScreenValues = { considered: 0, noValue: 0, matched: 0, top: [], mixed: [] };
  for (const r of rowsOf<Row>(res)) {
    if (r.kind === 'n') {
      out.considered = Number(r.considered);
      out.noValue = Number(r.no_value);
      out.matched = Number(r.matched);
    } else if (r.kind === 't' && r.entity_id !== null) out.top.push(r.entity_id);
    else if (r.kind === 'm' && r.entity_id !== null) out.mixed.push(r.entity_id);
  }
  out.mixed.sort();
  return out;
}
