import { and, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { revokedBytes, revokedColumns } from '@/lib/db/revocation-ledger';
import { sources, type SourceKind } from '@/lib/db/schema';
import type { FactInput } from '@/lib/facts/write-facts';
import type { AccountingStandard } from '@/lib/domain/types';
import { metricForConcept } from '@/lib/ontology/metrics';
import type { fiscalLabeler } from './calendar';
import type { RawFact } from './types';

/** Accounting standard of a concept from its taxonomy prefix; `fallback` for dei/srt/custom concepts. */
export function standardOf(concept: string, fallback: AccountingStandard): AccountingStandard {
  const prefix = concept.slice(0, concept.indexOf(':'));
  if (prefix === 'us-gaap') return 'us-gaap';
  if (prefix === 'ifrs-full' || prefix === 'ifrs') return 'ifrs';
  if (prefix === 'ind-as' || prefix === 'in-gaap') return 'ind-as';
  return fallback;
}

/** The entity's main standard: the taxonomy most of its facts use. */
export function dominantStandard(concepts: Iterable<string>): AccountingStandard {
  const counts = new Map<AccountingStandard, number>();
  for (const c of concepts) {
    const s = standardOf(c, 'other');
    if (s !== 'other') counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
}

export interface BuildContext {
  tenantId: string;
  entityId: string;
  sourceId: string;
  label: ReturnType<typeof fiscalLabeler>;
  standard: AccountingStandard;
}

/**
 * Raw facts → fact inputs: ontology metric, fiscal labels from dates and the calendar, accounting
 * standard, and quarantine of unknown units (kept, never computed with).
 */
export function buildFactInput(r: RawFact, ctx: BuildContext): FactInput {
  const fiscal = ctx.label(r.period);
  const unknownUnit = r.unit.kind === 'unknown';
  return {
    tenantId: ctx.tenantId,
    entityId: ctx.entityId,
    metricId: unknownUnit ? null : metricForConcept(r.concept),
    concept: r.concept,
    value: r.value,
    unit: r.unit.unit,
    currency: r.unit.currency,
    scale: r.scale,
    decimals: r.decimals,
    period: r.period,
    fiscalYear: fiscal?.fiscalYear ?? null,
    fiscalPeriod: fiscal?.fiscalPeriod ?? null,
    scope: 'consolidated',
    dimensions: r.dimensions,
    accountingStandard: standardOf(r.concept, ctx.standard),
    provenance: r.provenance,
    cellId: r.cellId ?? null,
    status: unknownUnit ? 'quarantined' : 'active',
    quarantineReason: unknownUnit ? 'UNIT_UNKNOWN' : null,
    sighting: {
      sourceId: ctx.sourceId,
      accession: r.accession,
      form: r.form,
      filedAt: r.filedAt,
      labels: r.labels,
    },
  };
}

export interface NewSource {
  id: string;
  tenantId: string;
  entityId: string | null;
  kind: SourceKind;
  title: string;
  fileName: string | null;
  form: string | null;
  accession: string | null;
  filedAt: string | null;
  periodOfReport: string | null;
  sha256: string;
  byteSize: number;
  extractorVersion: string;
  metadata: Record<string, unknown>;
}

/**
 * Inserts the source row. A re-ingest of the same logical document (tenant, entity, kind, and
 * accession — or file name when there is none) with new bytes becomes the next version.
 * Bytes the revocation ledger holds are inserted revoked (lib/db/revocation-ledger.ts): what they
 * yield is stored and never visible.
 * Returns false when the same bytes were stored meanwhile (concurrent ingest).
 */
export async function insertSource(db: Db, s: NewSource): Promise<boolean> {
  const same: SQL[] = [eq(sources.tenantId, s.tenantId), eq(sources.kind, s.kind)];
  same.push(s.entityId ? eq(sources.entityId, s.entityId) : isNull(sources.entityId));
  if (s.accession) same.push(eq(sources.accession, s.accession));
  else if (s.kind !== 'companyfacts') same.push(s.fileName ? eq(sources.fileName, s.fileName) : isNull(sources.fileName));
  const [prev] = await db
    .select({ id: sources.id, version: sources.version })
    .from(sources)
    .where(and(...same, or(isNull(sources.revoked), eq(sources.revoked, false))))
    .orderBy(desc(sources.version))
    .limit(1);
  const revoked = revokedColumns(await revokedBytes(db, s.tenantId, s.sha256));
  const inserted = await db
    .insert(sources)
    .values({ ...s, ...revoked, version: (prev?.version ?? 0) + 1, supersedes: prev?.id ?? null })
    .onConflictDoNothing()
    .returning({ id: sources.id });
  return inserted.length > 0;
}
