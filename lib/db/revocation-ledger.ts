import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { sourceRevocations } from './schema';

/**
 * The revocation ledger (source_revocations, append-only) is the truth about which bytes are revoked; each
 * source row carries it as `content_revoked`, which the visibility predicate reads (lib/auth/visibility.ts).
 * The flag is written from the ledger only, and at every point where the two could part:
 *   - a revocation writes the ledger entry and the flag in one transaction (lib/admin/sources.ts);
 *   - a source inserted for bytes the ledger holds is inserted revoked (`revokedBytes`, read in the inserting
 *     transaction; sources are unique by tenant and hash, so a revocation of the same bytes cannot commit
 *     between the read and the insert: it needs the committed row, and the insert would meet it instead);
 *   - every start re-applies the ledger (`applyRevocationLedger`, in migrate()): a restored or hand-edited
 *     sources table never shows revoked bytes.
 */

export interface LedgerEntry {
  createdAt: Date;
  reason: string | null;
}

/** The ledger's entry for these bytes of the tenant, or null when they were never revoked. */
export async function revokedBytes(db: Db, tenantId: string, sha256: string): Promise<LedgerEntry | null> {
  const [row] = await db
    .select({ createdAt: sourceRevocations.createdAt, reason: sourceRevocations.reason })
    .from(sourceRevocations)
    .where(and(eq(sourceRevocations.tenantId, tenantId), eq(sourceRevocations.sha256, sha256)))
    .limit(1);
  return row ?? null;
}

/** The source columns of a new source whose bytes the ledger holds: revoked as the ledger says, from its entry. */
export function revokedColumns(entry: LedgerEntry | null): {
  revoked: boolean;
  revokedAt: Date | null;
  revokedReason: string | null;
  contentRevoked: boolean;
} {
  return entry
    ? { revoked: true, revokedAt: entry.createdAt, revokedReason: entry.reason, contentRevoked: true }
    : { revoked: false, revokedAt: null, revokedReason: null, contentRevoked: false };
}

/** Marks every source whose bytes the ledger holds and that is not marked yet (run by migrate() on every start). */
export const APPLY_REVOCATION_LEDGER = `update sources s set content_revoked = true from source_revocations r
  where r.tenant_id = s.tenant_id and r.sha256 = s.sha256 and s.content_revoked = false`;
