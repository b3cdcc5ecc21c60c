import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { bumpDataVersion } from '@/lib/db/data-version';
import { refreshScreenValuesOfSources } from '@/lib/db/screen-values';
import { sourceRevocations, sources } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { clearFilingCache } from '@/lib/answer/narrative-filings';
import { recordAudit } from './audit';

export interface SourceRow {
  id: string;
  title: string;
  kind: string;
  fileName: string | null;
  form: string | null;
  accession: string | null;
  filedAt: string | null;
  version: number;
  supersedes: string | null;
  aclRoles: string[];
  effectiveAt: Date | null;
  revoked: boolean;
  revokedAt: Date | null;
  revokedReason: string | null;
  byteSize: number;
  ingestedAt: Date;
  entityName: string | null;
  factsAdded: number | null;
  factsQuarantined: number | null;
  chunksAdded: number | null;
}

/** `sources.<column>` spelled out: drizzle leaves columns unqualified in single-table selects, which a subquery would capture */
const src = (column: string) => sql.raw(`"sources"."${column}"`);

const COLUMNS = {
  id: sources.id,
  title: sources.title,
  kind: sources.kind,
  fileName: sources.fileName,
  form: sources.form,
  accession: sources.accession,
  filedAt: sources.filedAt,
  version: sources.version,
  supersedes: sources.supersedes,
  aclRoles: sources.aclRoles,
  effectiveAt: sources.effectiveAt,
  revoked: sources.revoked,
  revokedAt: sources.revokedAt,
  revokedReason: sources.revokedReason,
  byteSize: sources.byteSize,
  ingestedAt: sources.ingestedAt,
  entityName: sql<string | null>`(select e.name from entities e where e.id = ${src('entity_id')})`,
  factsAdded: sql<
    number | null
  >`(select r.facts_added from ingest_runs r where r.source_id = ${src('id')} and r.status = 'ok' order by r.created_at desc limit 1)`,
  factsQuarantined: sql<
    number | null
  >`(select r.facts_quarantined from ingest_runs r where r.source_id = ${src('id')} and r.status = 'ok' order by r.created_at desc limit 1)`,
  chunksAdded: sql<
    number | null
  >`(select r.chunks_added from ingest_runs r where r.source_id = ${src('id')} and r.status = 'ok' order by r.created_at desc limit 1)`,
};

/** All sources of a tenant for administration (revoked and embargoed ones included), newest first. */
export async function listSources(db: Db, tenantId: string, limit = 200): Promise<SourceRow[]> {
  return (await db
    .select(COLUMNS)
    .from(sources)
    .where(eq(sources.tenantId, tenantId))
    .orderBy(desc(sources.ingestedAt), desc(sources.id))
    .limit(limit)) as SourceRow[];
}

/**
 * Every version of the logical document a source belongs to (same tenant, kind, entity, and accession
 * — or file name when there is none), newest first.
 */
export async function sourceVersions(db: Db, tenantId: string, sourceId: string): Promise<SourceRow[]> {
  const [s] = await db
    .select()
    .from(sources)
    .where(and(eq(sources.id, sourceId), eq(sources.tenantId, tenantId)))
    .limit(1);
  if (!s) throw new AppError('not_found:source', 'No such source.');
  const family = sql`${sources.tenantId} = ${tenantId} and ${sources.kind} = ${s.kind}
    and ${sources.entityId} is not distinct from ${s.entityId}
    and (${s.accession ? sql`${sources.accession} = ${s.accession}` : s.kind === 'companyfacts' ? sql`true` : sql`${sources.fileName} is not distinct from ${s.fileName}`})`;
  return (await db.select(COLUMNS).from(sources).where(family).orderBy(desc(sources.version), desc(sources.ingestedAt))) as SourceRow[];
}

export interface RevokeSourceOptions {
  db: Db;
  tenantId: string;
  actorId: string;
  sourceId: string;
  reason: string;
}

/**
 * Revoke a source: flag it and add its content hash to the append-only revocation ledger, so its facts,
 * tables and chunks stay invisible even if the same bytes are ingested again or the flag is reset. The row's
 * `content_revoked` (what the visibility predicate reads of the ledger) is set in the same transaction as the
 * ledger entry (lib/db/revocation-ledger.ts).
 */
export async function revokeSource(o: RevokeSourceOptions): Promise<void> {
  await o.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(sources)
      .where(and(eq(sources.id, o.sourceId), eq(sources.tenantId, o.tenantId)))
      .limit(1);
    if (!s) throw new AppError('not_found:source', 'No such source.');
    if (s.revoked) throw new AppError('conflict:revoked', 'The source is revoked already.');
    await tx
      .update(sources)
      .set({ revoked: true, contentRevoked: true, revokedAt: new Date(), revokedReason: o.reason })
      .where(eq(sources.id, s.id));
    await tx
      .insert(sourceRevocations)
      .values({ tenantId: o.tenantId, sourceId: s.id, sha256: s.sha256, actor: o.actorId, reason: o.reason })
      .onConflictDoNothing();
    await recordAudit(tx, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'source.revoke',
      targetType: 'source',
      targetId: s.id,
      before: { revoked: false, title: s.title, version: s.version },
      after: { revoked: true },
      reason: o.reason,
    });
    // the companies whose facts it carried leave the screens in the same transaction
    await refreshScreenValuesOfSources(tx, o.tenantId, [s.id]);
    // the data version moves in the same transaction: no process can see the revocation with the old
    // version (and serve a cached answer built before it), nor the new version without the revocation
    await bumpDataVersion(tx, o.tenantId);
  });
  // in-process: the source's parsed filing (the redline's whole-filing cache) is dropped on every handle
  clearFilingCache(null, o.tenantId, o.sourceId);
}

export interface SetSourceAccessOptions {
  db: Db;
  tenantId: string;
  actorId: string;
  sourceId: string;
  /** roles that may see the source; empty = every role of the tenant */
  aclRoles: string[];
  /** embargo: invisible before this instant (null = visible now) */
  effectiveAt: Date | null;
  reason: string;
}

/** Change who may see a source and from when (ACL roles, embargo); audited. */
export async function setSourceAccess(o: SetSourceAccessOptions): Promise<void> {
  await o.db.transaction(async (tx) => {
    const [s] = await tx
      .select()
      .from(sources)
      .where(and(eq(sources.id, o.sourceId), eq(sources.tenantId, o.tenantId)))
      .limit(1);
    if (!s) throw new AppError('not_found:source', 'No such source.');
    await tx.update(sources).set({ aclRoles: o.aclRoles, effectiveAt: o.effectiveAt }).where(eq(sources.id, s.id));
    await recordAudit(tx, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'source.access',
      targetType: 'source',
      targetId: s.id,
      before: { aclRoles: s.aclRoles, effectiveAt: s.effectiveAt },
      after: { aclRoles: o.aclRoles, effectiveAt: o.effectiveAt },
      reason: o.reason,
    });
    // who may see its facts changed: the screen values of its companies follow (lib/db/screen-values.ts)
    await refreshScreenValuesOfSources(tx, o.tenantId, [s.id]);
    // visibility changed: the data version moves with it, atomically (see revokeSource)
    await bumpDataVersion(tx, o.tenantId);
  });
  clearFilingCache(null, o.tenantId, o.sourceId);
}
