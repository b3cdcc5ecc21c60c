import { sql } from 'drizzle-orm';
import { METRICS } from '@/lib/ontology/metrics';
import { rowsOf, type Db } from './client';
import { metrics } from './schema';

/** Upsert the metric ontology (shared reference data). */
export async function seedMetrics(db: Db): Promise<void> {
  for (const m of METRICS) {
    const row = {
      id: m.id,
      label: m.label,
      description: m.description,
      periodType: m.periodType,
      unitKind: m.unitKind,
      synonyms: m.synonyms,
      concepts: m.concepts,
      constraints: m.constraints ?? {},
    };
    await db.insert(metrics).values(row).onConflictDoUpdate({ target: metrics.id, set: row });
  }
}

/** Count rows per table (used by health and CLI summaries). */
export async function countRows(db: Db): Promise<Record<string, number>> {
  const res = await db.execute<{ t: string; n: number }>(sql`
    select 'facts' as t, count(*)::int as n from facts
    union all select 'entities', count(*)::int from entities
    union all select 'sources', count(*)::int from sources
    union all select 'chunks', count(*)::int from chunks
    union all select 'manifests', count(*)::int from manifests`);
  const rows = rowsOf<{ t: string; n: number }>(res);
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}
