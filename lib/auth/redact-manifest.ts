/**
 * Manifests under the visibility predicate: a stored manifest holds values, candidate and rejected facts,
 * operands, calculations, passages and text taken from sources as they were visible when the question was
 * asked. At read time the whole row — every column, at any depth — is walked and every part that rests on
 * something the viewer may not see *now* (other tenant, source ACL, revocation, embargo, or gone) is
 * replaced by a marked redaction, and the sentences derived from it with it (lib/auth/redact-walk.ts); the
 * manifest itself stays listed. Every read of stored answer content goes through here (the review page, the
 * JSON export, share links, threads, answer exports); the visibility scan fails on a read that skips it.
 */
import type { VisibilityScope } from './visibility';
import { redactStored, redactStoredMany, type RedactionSummary } from './stored-visibility';
import type { Db } from '@/lib/db/client';

export { REDACTED, REDACTION_REASON } from './stored-visibility';
export type { RedactionSummary } from './stored-visibility';

/** What a redacted part carries instead of its content. */
export interface RedactionMark {
  redacted: true;
  redactedBecause: 'source_not_visible';
}

/**
 * The manifest content (a manifest row, or the columns of it a caller read) as the viewer in `scope` may
 * see it now, with a summary of what was redacted.
 */
export async function redactManifest<T extends Record<string, unknown>>(
  db: Db,
  scope: VisibilityScope,
  content: T,
): Promise<T & { redaction: RedactionSummary }> {
  const r = await redactStored(db, scope, content);
  return { ...r.value, redaction: r.redaction };
}

/** Several manifests' content (a thread's turns) under one resolution of what they refer to. */
export async function redactManifests<T extends Record<string, unknown>>(
  db: Db,
  scope: VisibilityScope,
  contents: T[],
): Promise<(T & { redaction: RedactionSummary })[]> {
  return (await redactStoredMany(db, scope, contents)).map((r) => ({ ...r.value, redaction: r.redaction }));
}
