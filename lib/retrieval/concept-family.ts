/**
 * A measure's concept chain with its family's alternatives (lib/ontology/families.ts), and the proof
 * that an alternative stands for the total at one filer: wherever the filer reported the alternative and
 * a concept of the measure's own chain for one period (same members, unit and period, latest versions
 * the viewer may see), the values agree within rounding, and there is at least one such period; where the
 * filer never reports the chain for the same figure, its statements print the alternative on the line of the
 * measure's own name. Without that proof an alternative's facts are not the measure's (another filer may tag a part of the total
 * with it). The lookup ranks alternatives after the chain, so they answer only where the chain has no
 * fact for the period.
 */
import { sql } from 'drizzle-orm';
import { sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import { executePrepared } from '@/lib/db/prepared';
import { FAMILY_TOLERANCE, familyAlternatives } from '@/lib/ontology/families';
import { getMetric } from '@/lib/ontology/metrics';
import { withoutNeutral } from '@/lib/ontology/members';
import { dimensionKey } from '@/lib/domain/identity';

/** The concepts a measure is looked up by: its chain, then its family's alternatives. */
export function measureConcepts(metricId: string): string[] {
  return [...(getMetric(metricId)?.concepts ?? []), ...familyAlternatives(metricId)];
}

/** Whether `alternative` is the same line as the measure's chain at this filer (see the module comment). */
export async function familyProven(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  metricId: string,
  alternative: string,
): Promise<boolean> {
  const chain = getMetric(metricId)?.concepts ?? [];
  if (chain.length === 0) return false;
  const res = await executePrepared(
    db,
    sql`
    select a.value::text as a, m.value::text as m
    from facts a
    join sources sa on sa.id = a.source_id
    join facts m on m.tenant_id = a.tenant_id and m.entity_id = a.entity_id and m.dims_key = a.dims_key and m.unit = a.unit
      and m.period_type = a.period_type and m.start_date is not distinct from a.start_date and m.end_date = a.end_date
    join sources sm on sm.id = m.source_id
    where a.tenant_id = ${scope.tenantId} and a.entity_id = ${entityId} and a.concept = ${alternative} and a.status = 'active' and a.is_latest
      and m.concept in (${sql.join(
        chain.map((c) => sql`${c}`),
        sql`, `,
      )}) and m.status = 'active' and m.is_latest
      and ${sourceVisible(scope, 'sa')} and ${sourceVisible(scope, 'sm')}`,
  );
  const pairs = rowsOf<{ a: string; m: string }>(res);
  if (pairs.length === 0) return printedAsMeasure(db, scope, entityId, metricId, alternative);
  return pairs.every(({ a, m }) => {
    const x = Number(a);
    const y = Number(m);
    return Math.abs(x - y) <= Math.abs(y) * FAMILY_TOLERANCE;
  });
}

/**
 * Where the filer never reports the measure's own chain: whether its statements print a consolidated fact
 * of the alternative on the line of the measure's own name (Nike tags its balance-sheet "Inventories" as
 * finished goods, the only inventory it holds). A row printed under another name ("Finished goods" in an
 * inventory note) proves nothing.
 */
async function printedAsMeasure(db: Db, scope: VisibilityScope, entityId: string, metricId: string, alternative: string): Promise<boolean> {
  const metric = getMetric(metricId);
  if (!metric) return false;
  const names = new Set([metric.label, ...metric.synonyms].map(captionKey));
  const res = await executePrepared(
    db,
    sql`
    select distinct c.row_label
    from facts a
    join sources sa on sa.id = a.source_id
    join source_cells c on c.entity_id = a.entity_id and c.id = a.cell_id
    where a.tenant_id = ${scope.tenantId} and a.entity_id = ${entityId} and a.concept = ${alternative} and a.dims_key = ''
      and a.status = 'active' and ${sourceVisible(scope, 'sa')}`,
  );
  return rowsOf<{ row_label: string | null }>(res).some((r) => r.row_label !== null && names.has(captionKey(r.row_label)));
}

/** A printed caption as compared with a measure's names: its last part after a colon, lower case, words only. */
function captionKey(caption: string): string {
  const last = caption.includes(':') ? caption.slice(caption.lastIndexOf(':') + 1) : caption;
  return last
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The rows of a lookup without those of a family alternative the filer has not shown to be the total
 * (one proof query per alternative present; none when the rows carry no alternative).
 */
export async function withProvenFamily<R extends { concept: string }>(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  metricId: string,
  rows: R[],
): Promise<R[]> {
  const alternatives = new Set(familyAlternatives(metricId));
  const present = [...new Set(rows.map((r) => r.concept).filter((c) => alternatives.has(c)))];
  if (present.length === 0) return rows;
  const proven = new Set<string>();
  for (const alt of present) if (await familyProven(db, scope, entityId, metricId, alt)) proven.add(alt);
  return rows.filter((r) => !alternatives.has(r.concept) || proven.has(r.concept));
}

/** The fields of a lookup row that say which reported figure it is. */
interface FigureRow {
  concept: string;
  unit: string;
  start_date: string | null;
  end_date: string;
  dimensions: Record<string, string>;
  value: string;
  is_latest: boolean;
}

/**
 * One figure tagged twice, with and without a neutral member (a segment's revenue with and without the
 * "operating segments" consolidation item), is one figure: when the latest values of the two dimension
 * sets agree, only the rows of the set without the neutral member are kept (two chains of one number
 * are not a restatement conflict). Sets whose latest values differ are left for the lookup to report.
 */
export function oneFigurePerMemberSet<R extends FigureRow>(rows: R[]): R[] {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const k = JSON.stringify([r.concept, r.unit, r.start_date, r.end_date, dimensionKey(withoutNeutral(r.dimensions))]);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const drop = new Set<R>();
  for (const list of groups.values()) {
    const sets = new Set(list.map((r) => dimensionKey(r.dimensions)));
    if (sets.size < 2) continue;
    const latest = new Set(list.filter((r) => r.is_latest).map((r) => r.value));
    if (latest.size !== 1) continue;
    const fewest = Math.min(...list.map((r) => Object.keys(r.dimensions).length));
    for (const r of list) if (Object.keys(r.dimensions).length > fewest) drop.add(r);
  }
  return drop.size ? rows.filter((r) => !drop.has(r)) : rows;
}
