import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { factSightings, facts } from '@/lib/db/schema';
import { factChainKey, factId, normalizeDecimal } from './ids';
import type { AccountingStandard, FiscalPeriodCode, Period, Provenance, QuarantineReason, Scope } from './types';

/** One observed number, as an extractor produced it. */
export interface FactInput {
  tenantId: string;
  entityId: string;
  metricId: string | null;
  concept: string;
  value: string;
  unit: string;
  currency: string | null;
  scale: number;
  decimals: number | null;
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  scope: Scope;
  dimensions: Record<string, string>;
  accountingStandard: AccountingStandard;
  provenance: Provenance;
  cellId?: string | null;
  status?: 'active' | 'quarantined';
  quarantineReason?: QuarantineReason | null;
  /** the filing that reported it */
  sighting: {
    sourceId: string;
    accession: string | null;
    form: string | null;
    filedAt: string;
    labels: Record<string, unknown>;
  };
}

export interface WriteFactsResult {
  /** fact rows newly created */
  inserted: number;
  /** sightings newly recorded (a known value seen in another filing) */
  sightings: number;
  chainKeys: string[];
}

const BATCH = 500;

function dayDiff(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/**
 * Idempotent write of facts and their sightings, then re-derivation of the version chains they touch.
 * Call inside the ingestion transaction.
 */
export async function writeFacts(db: Db, inputs: FactInput[]): Promise<WriteFactsResult> {
  const chainKeys = new Set<string>();
  let inserted = 0;
  let sightings = 0;
  const rows = new Map<string, typeof facts.$inferInsert>();
  const sightingRows = new Map<string, typeof factSightings.$inferInsert>();
  for (const f of inputs) {
    const value = normalizeDecimal(f.value);
    const chainKey = factChainKey(f);
    const id = factId({ ...f, value });
    chainKeys.add(chainKey);
    const p = f.period;
    if (!rows.has(id)) {
      rows.set(id, {
        id,
        tenantId: f.tenantId,
        entityId: f.entityId,
        metricId: f.metricId,
        concept: f.concept,
        value,
        unit: f.unit,
        currency: f.currency,
        scale: f.scale,
        decimals: f.decimals,
        periodType: p.type,
        startDate: p.type === 'duration' ? p.start : null,
        endDate: p.type === 'duration' ? p.end : p.date,
        durationDays: p.type === 'duration' ? dayDiff(p.start, p.end) : 0,
        fiscalYear: f.fiscalYear,
        fiscalPeriod: f.fiscalPeriod,
        scope: f.scope,
        dimensions: f.dimensions,
        dimsKey: Object.keys(f.dimensions).length ? JSON.stringify(Object.entries(f.dimensions).sort()) : '',
        accountingStandard: f.accountingStandard,
        sourceId: f.sighting.sourceId,
        accession: f.sighting.accession,
        form: f.sighting.form,
        filedAt: f.sighting.filedAt,
        chainKey,
        provenance: f.provenance,
        cellId: f.cellId ?? null,
        status: f.status ?? 'active',
        quarantineReason: f.quarantineReason ?? null,
        sourceLabels: f.sighting.labels,
      });
    }
    const sKey = `${id}|${f.sighting.sourceId}|${f.sighting.accession ?? ''}`;
    if (!sightingRows.has(sKey)) {
      sightingRows.set(sKey, {
        factId: id,
        sourceId: f.sighting.sourceId,
        accession: f.sighting.accession ?? '',
        form: f.sighting.form,
        filedAt: f.sighting.filedAt,
        labels: f.sighting.labels,
      });
    }
  }
  const factList = [...rows.values()];
  for (let i = 0; i < factList.length; i += BATCH) {
    const res = await db
      .insert(facts)
      .values(factList.slice(i, i + BATCH))
      .onConflictDoNothing({ target: facts.id })
      .returning({ id: facts.id });
    inserted += res.length;
  }
  const sightingList = [...sightingRows.values()];
  for (let i = 0; i < sightingList.length; i += BATCH) {
    const res = await db
      .insert(factSightings)
      .values(sightingList.slice(i, i + BATCH))
      .onConflictDoNothing()
      .returning({ factId: factSightings.factId });
    sightings += res.length;
  }
  const keys = [...chainKeys];
  await recomputeChains(db, keys);
  return { inserted, sightings, chainKeys: keys };
}

/**
 * Re-derive version numbers and latest/original flags of the given chains from their sightings:
 * versions ordered by first filing; a fact's source/accession/filed_at are those of its first sighting; `latest` = the value most recently filed (ties: all tied are latest,
 * which the calculation service reports as RESTATEMENT_CONFLICT); `original` = first filed.
 */
export async function recomputeChains(db: Db, chainKeys: string[]): Promise<void> {
  for (let i = 0; i < chainKeys.length; i += 2000) {
    const slice = chainKeys.slice(i, i + 2000);
    await db.execute(sql`
      with seen as (
        select f.id, f.chain_key,
               min(s.filed_at) as first_filed,
               max(s.filed_at) as last_filed,
               (array_agg(s.source_id order by s.filed_at, s.accession))[1] as first_source,
               (array_agg(s.accession order by s.filed_at, s.accession))[1] as first_accession,
               (array_agg(s.form order by s.filed_at, s.accession))[1] as first_form
        from facts f join fact_sightings s on s.fact_id = f.id
        where f.chain_key in ${sql`(${sql.join(slice.map((k) => sql`${k}`), sql`, `)})`}
        group by f.id, f.chain_key
      ), ranked as (
        select id, chain_key, first_filed, first_source, nullif(first_accession, '') as first_accession, first_form,
               row_number() over (partition by chain_key order by first_filed, last_filed, id) as version,
               lag(id) over (partition by chain_key order by first_filed, last_filed, id) as prev_id,
               last_filed = max(last_filed) over (partition by chain_key) as is_latest,
               first_filed = min(first_filed) over (partition by chain_key) as is_original
        from seen
      )
      update facts f set
        version = r.version,
        supersedes = r.prev_id,
        is_latest = r.is_latest,
        is_original = r.is_original,
        filed_at = r.first_filed,
        source_id = r.first_source,
        accession = r.first_accession,
        form = r.first_form
      from ranked r
      where f.id = r.id
        and (f.version is distinct from r.version or f.supersedes is distinct from r.prev_id
             or f.is_latest is distinct from r.is_latest or f.is_original is distinct from r.is_original
             or f.filed_at is distinct from r.first_filed or f.source_id is distinct from r.first_source)
    `);
  }
}
