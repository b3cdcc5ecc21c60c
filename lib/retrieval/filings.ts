/**
 * An entity's filings as the stored sightings know them, and a filing named in a question ("the 2021
 * 10-K", "the Q2 FY2025 10-Q", "the latest annual report") found among them.
 *
 * A filing is one accession of the sightings (form and filed date as the filer sent them). Which period it
 * reports as its own is read from the dates of the facts it reported, labelled on the entity's calendar
 * at ingestion: a 10-K/20-F's own period is the latest fiscal year among its full-year durations, a 10-Q's
 * the latest quarter-end among its quarter, half-year and nine-month durations — never the companyfacts
 * `fy` field (which is the filing's, not the period's, and is set on every prior-year comparative too).
 */
import { sql } from 'drizzle-orm';
import { sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import { perEntityCatalog, versionedCache } from '@/lib/db/versioned-cache';
import type { FilingForm, FilingName, FilingRef, ISODate } from '@/lib/domain/types';
import type { SplitEvent } from '@/lib/calc';

/** One stored filing of an entity and the period it reports as its own. */
export interface StoredFiling {
  accession: string;
  form: string;
  filedAt: ISODate;
  /** fiscal year of the latest full-year duration it reports (annual forms) */
  annualYear: number | null;
  /** the latest quarter-aligned duration it reports: fiscal year and quarter (H1 → Q2, 9M → Q3) */
  quarterYear: number | null;
  quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4' | null;
}

/** The forms a named form stands for ("annual report": 10-K, 20-F, 40-F). Amendments only when named. */
export function formsOf(form: FilingForm): string[] {
  if (form === 'annual') return ['10-K', '20-F', '40-F', '10-KT'];
  return [form];
}

interface Row {
  accession: string;
  form: string;
  filed_at: string;
  annual_year: number | null;
  quarter_year: number | null;
  quarter_period: string | null;
}

/** The entity's filings of the given forms that the viewer may see, each with its own reporting period. */
export async function listFilings(db: Db, scope: VisibilityScope, entityId: string, forms: string[]): Promise<StoredFiling[]> {
  const res = await db.execute(sql`
    select s.accession, s.form, min(s.filed_at)::text as filed_at,
           (array_agg(f.fiscal_year order by f.end_date desc) filter (where f.period_type = 'duration' and f.fiscal_period = 'FY'))[1] as annual_year,
           (array_agg(f.fiscal_year order by f.end_date desc, f.duration_days) filter (where f.period_type = 'duration' and f.fiscal_period in ('Q1', 'Q2', 'Q3', 'Q4', 'H1', '9M')))[1] as quarter_year,
           (array_agg(f.fiscal_period order by f.end_date desc, f.duration_days) filter (where f.period_type = 'duration' and f.fiscal_period in ('Q1', 'Q2', 'Q3', 'Q4', 'H1', '9M')))[1] as quarter_period
    from facts f
    join fact_sightings s on s.entity_id = f.entity_id and s.fact_id = f.id
    join sources src on src.id = s.source_id
    where f.tenant_id = ${scope.tenantId} and f.entity_id = ${entityId} and f.status = 'active'
      and f.period_type = 'duration' and f.fiscal_period in ('FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', '9M')
      and s.accession <> '' and s.form in (${sql.join(
        forms.map((x) => sql`${x}`),
        sql`, `,
      )})
      and ${sourceVisible(scope, 'src')}
    group by s.accession, s.form
    order by min(s.filed_at), s.accession`);
  return rowsOf<Row>(res).map((r) => ({
    accession: r.accession,
    form: r.form,
    filedAt: r.filed_at,
    annualYear: r.annual_year === null ? null : Number(r.annual_year),
    quarterYear: r.quarter_year === null ? null : Number(r.quarter_year),
    quarter:
      r.quarter_period === null
        ? null
        : (({ H1: 'Q2', '9M': 'Q3' } as Record<string, 'Q2' | 'Q3'>)[r.quarter_period] ?? (r.quarter_period as 'Q1')),
  }));
}

export type FindFilingResult = { ok: true; filing: FilingRef } | { ok: false; message: string };

function ownLabel(f: StoredFiling, quarterly: boolean): string {
  if (quarterly)
    return f.quarter && f.quarterYear !== null ? `the ${f.form} for ${f.quarter} FY${f.quarterYear}` : `the ${f.form} filed ${f.filedAt}`;
  return f.annualYear !== null ? `the ${f.form} for FY${f.annualYear}` : `the ${f.form} filed ${f.filedAt}`;
}

/**
 * The filing a question names, among an entity's filings of the forms it stands for: by its own reporting
 * period (fiscal year, or fiscal quarter for a 10-Q), or the latest filed. When none matches, the message
 * says which filings of that form there are — never another filing instead.
 */
export function findFiling(filings: readonly StoredFiling[], name: FilingName, formsFiled?: readonly string[]): FindFilingResult {
  const forms = formsOf(name.form);
  const quarterly = name.form.startsWith('10-Q');
  const ofForm = filings.filter((f) => forms.includes(f.form));
  const formWords = name.form === 'annual' ? 'annual report (10-K, 20-F or 40-F)' : name.form;
  if (ofForm.length === 0) {
    const others = [...new Set(formsFiled ?? filings.map((f) => f.form))];
    return { ok: false, message: `no ${formWords} is among its filings${others.length ? ` (it files ${others.join(', ')})` : ''}` };
  }
  let match: StoredFiling[];
  if (name.fiscalYear === 'latest') {
    const last = ofForm.reduce((a, b) => (b.filedAt > a.filedAt ? b : a));
    match = [last];
  } else if (quarterly) {
    match = ofForm.filter((f) => f.quarterYear === name.fiscalYear && f.quarter === name.fiscalPeriod);
  } else {
    match = ofForm.filter((f) => f.annualYear === name.fiscalYear);
  }
  if (match.length === 0) {
    const years = ofForm.map((f) => (quarterly ? f.quarterYear : f.annualYear)).filter((y): y is number => y !== null);
    const [lo, hi] = [Math.min(...years), Math.max(...years)];
    const span = years.length
      ? ` (its ${[...new Set(ofForm.map((f) => f.form))].join('/')} filings report ${lo === hi ? `FY${lo}` : `FY${lo}–FY${hi}`})`
      : '';
    const wanted = quarterly ? `${name.fiscalPeriod} FY${name.fiscalYear}` : `FY${name.fiscalYear}`;
    return { ok: false, message: `no ${formWords} for ${wanted} is among its filings${span}` };
  }
  match.sort((a, b) => (a.filedAt < b.filedAt ? -1 : a.filedAt > b.filedAt ? 1 : 0));
  const first = match[0]!;
  return {
    ok: true,
    filing: { accessions: match.map((m) => m.accession), form: first.form, filedAt: first.filedAt, label: ownLabel(first, quarterly) },
  };
}

/** Whole ratios a stock split can have (larger "ratios" are scale slips: thousands read as units). */
const SPLIT_RATIOS = { min: 2, max: 100 };
/** Facts one filing must restate by the same ratio for it to be a split (one odd value is not). */
const SPLIT_MIN_FACTS = 3;
/** Later filings restating older periods by the same ratio belong to the same split within this many days. */
const SPLIT_SPAN_DAYS = 3 * 366;

interface SplitRow {
  ratio: number;
  filed_at: string;
  n: number;
  forward: number;
}

/**
 * The entity's stock splits as its version chains show them (write-facts labels a version
 * `split_adjustment` when per-share or share values differ from the version before by a whole ratio):
 * per ratio, the first filing that restated at least three such facts by it; a later run of the same
 * ratio more than three years on is another split.
 */
export async function splitEvents(db: Db, scope: VisibilityScope, entityId: string): Promise<SplitEvent[]> {
  // a property of the stored chains: kept per entity and role while the tenant's data version holds
  // and until the tenant's next embargo lapse, like the member and concept catalogs
  return perEntityCatalog(splitCache, { db, tenantId: scope.tenantId, entityIds: [entityId], role: scope.role }, (id) =>
    querySplitEvents(db, scope, id),
  );
}

const splitCache = versionedCache<SplitEvent[]>();

async function querySplitEvents(db: Db, scope: VisibilityScope, entityId: string): Promise<SplitEvent[]> {
  // the superseded version is the same entity's: named, so the planner keeps one partition of it
  const res = await db.execute(sql`
    select round(greatest(abs(f.value), abs(p.value)) / least(abs(f.value), abs(p.value)))::int as ratio,
           f.filed_at::text as filed_at, count(*)::int as n,
           sum(case when (f.unit = 'shares') = (abs(f.value) > abs(p.value)) then 1 else 0 end)::int as forward
    from facts f
    join facts p on p.entity_id = ${entityId} and p.entity_id = f.entity_id and p.id = f.supersedes
    join sources src on src.id = f.source_id
    where f.tenant_id = ${scope.tenantId} and f.entity_id = ${entityId} and f.status = 'active'
      and f.revision_kind = 'split_adjustment' and ${sourceVisible(scope, 'src')}
    group by 1, 2
    order by 2`);
  const events: SplitEvent[] = [];
  for (const r of rowsOf<SplitRow>(res)) {
    const ratio = Number(r.ratio);
    if (ratio < SPLIT_RATIOS.min || ratio > SPLIT_RATIOS.max || Number(r.n) < SPLIT_MIN_FACTS) continue;
    const same = events.find((e) => e.ratio === ratio && daysApart(e.firstFiled, r.filed_at) <= SPLIT_SPAN_DAYS);
    if (same) continue;
    events.push({ ratio, reverse: Number(r.forward) * 2 < Number(r.n), firstFiled: r.filed_at });
  }
  return events;
}

function daysApart(a: string, b: string): number {
  return Math.abs(Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

/** The forms of the entity's visible filings (to say which it files when the named form is not among them). */
export async function filingForms(db: Db, scope: VisibilityScope, entityId: string): Promise<string[]> {
  const res = await db.execute(sql`
    select distinct s.form from facts f
    join fact_sightings s on s.entity_id = f.entity_id and s.fact_id = f.id
    join sources src on src.id = s.source_id
    where f.tenant_id = ${scope.tenantId} and f.entity_id = ${entityId} and f.status = 'active'
      and f.period_type = 'duration' and f.fiscal_period = 'FY' and s.form is not null and ${sourceVisible(scope, 'src')}
    order by 1`);
  return rowsOf<{ form: string }>(res).map((r) => r.form);
}

/** Every form a question can name a filing by (lib/domain FilingForm). */
const NAMED_FORMS: readonly FilingForm[] = ['10-K', '10-K/A', '10-Q', '10-Q/A', '20-F', '20-F/A', '40-F', 'annual'];

/**
 * The filings an entity holds, by each form a question can name them by, each named by the period it reports
 * (`name`: "the FY2024 20-F") or, when that is not known, by its filing date; newest first.
 */
export async function heldFilingNames(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  name: (form: string, fiscalYear: number, quarter: string | null) => string,
): Promise<Partial<Record<FilingForm, string[]>>> {
  const held = await heldFilingDays(db, scope, entityId);
  return Object.fromEntries(
    NAMED_FORMS.map((form) => [
      form,
      (held[form] ?? []).map((f) => (f.fiscalYear === null ? `the ${f.form} filed ${f.filedAt}` : name(f.form, f.fiscalYear, f.quarter))),
    ]),
  );
}

/** The filings an entity holds, by each form a question can name them by, with the day each was filed; newest first. */
export async function heldFilingDays(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
): Promise<Partial<Record<FilingForm, { form: string; filedAt: string; fiscalYear: number | null; quarter: StoredFiling['quarter'] }[]>>> {
  const filings = await listFilings(db, scope, entityId, [...new Set(NAMED_FORMS.flatMap(formsOf))]);
  const newest = [...filings].sort((a, b) => (a.filedAt < b.filedAt ? 1 : a.filedAt > b.filedAt ? -1 : 0));
  const held = (f: StoredFiling) => {
    const quarterly = f.form.startsWith('10-Q');
    const year = quarterly ? (f.quarter ? f.quarterYear : null) : f.annualYear;
    return { form: f.form, filedAt: f.filedAt, fiscalYear: year, quarter: quarterly ? f.quarter : null };
  };
  return Object.fromEntries(NAMED_FORMS.map((form) => [form, newest.filter((f) => formsOf(form).includes(f.form)).map(held)]));
}
