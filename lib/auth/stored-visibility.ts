/**
 * Read-time visibility of stored artefacts: what a stored answer or manifest refers to is resolved against
 * the visibility predicate *now* (lib/auth/visibility.ts), and the structure is redacted by walking it
 * (lib/auth/redact-walk.ts). Every path that serves stored answer content — the manifest API and page, share
 * links, reopened threads, answer exports — reads through `redactStored`; the visibility scan fails on a read
 * of manifest content that skips it.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { cellVisible, chunkVisible, factVisible, manifestVisible, sourceVisible, tableVisible, type VisibilityScope } from './visibility';
import { collectHexIds, type IdVerdict, redactRoots } from './redact-walk';

export { REDACTED, REDACTION_REASON } from './redact-walk';

const BATCH = 500;
type IdKind = 'fact' | 'chunk' | 'source' | 'table' | 'cell' | 'entity' | 'manifest';

export interface IdResolution {
  verdict(id: string): IdVerdict;
  /** the kind of a known id; undefined when no row of the tenant has it */
  kind(id: string): IdKind | undefined;
}

/** Classify 64-hex ids for the viewer in `scope`: one statement per 500 ids. Unknown ids are hidden. */
export async function resolveIds(db: Db, scope: VisibilityScope, ids: Iterable<string>): Promise<IdResolution> {
  const found = new Map<string, { kind: IdKind; ok: boolean }>();
  const all = [...new Set(ids)];
  for (let i = 0; i < all.length; i += BATCH) {
    const list = sql.join(
      all.slice(i, i + BATCH).map((id) => sql`${id}`),
      sql`, `,
    );
    const res = await db.execute(sql`
      select f.id, 'fact' as kind, ${factVisible(scope, 'f')} as ok from facts f where f.id in (${list})
      union all select c.id, 'chunk', ${chunkVisible(scope, 'c')} from chunks c where c.id in (${list})
      union all select s.id, 'source', ${sourceVisible(scope, 's')} from sources s where s.id in (${list})
      union all select t.id, 'table', ${tableVisible(scope, 't')} from source_tables t where t.id in (${list})
      union all select sc.id, 'cell', ${cellVisible(scope, 'sc')} from source_cells sc where sc.id in (${list})
      union all select e.id, 'entity', true from entities e where e.id in (${list}) and e.tenant_id = ${scope.tenantId}
      union all select m.id, 'manifest', true from manifests m where m.id in (${list}) and ${manifestVisible(scope, 'm')}`);
    for (const r of rowsOf<{ id: string; kind: IdKind; ok: boolean | string }>(res)) {
      const ok = r.ok === true || r.ok === 't';
      const prev = found.get(r.id);
      found.set(r.id, { kind: r.kind, ok: (prev?.ok ?? true) && ok });
    }
  }
  return {
    verdict(id) {
      const f = found.get(id);
      if (!f?.ok) return 'hidden';
      return f.kind === 'entity' || f.kind === 'manifest' ? 'context' : 'evidence';
    },
    kind: (id) => found.get(id)?.kind,
  };
}

export interface RedactionSummary {
  /** records hidden and sentences replaced */
  parts: number;
  /** referenced facts and passages the viewer may not see (unknown ids counted as facts) */
  hiddenFacts: number;
  hiddenPassages: number;
}

function summary(parts: number, root: unknown, ids: IdResolution): RedactionSummary {
  let hiddenFacts = 0;
  let hiddenPassages = 0;
  for (const id of collectHexIds(root)) {
    if (ids.verdict(id) !== 'hidden') continue;
    const kind = ids.kind(id);
    if (kind === 'chunk') hiddenPassages++;
    else if (kind === 'fact' || kind === undefined) hiddenFacts++;
  }
  return { parts, hiddenFacts, hiddenPassages };
}

/**
 * Stored structures as the viewer in `scope` may see them now, all resolved in one pass (a thread's turns,
 * a manifest's parts): each element's keys are its roots (lib/auth/redact-walk.ts).
 */
export async function redactStoredMany<T extends Record<string, unknown>>(
  db: Db,
  scope: VisibilityScope,
  items: T[],
): Promise<{ value: T; redaction: RedactionSummary }[]> {
  const ids = await resolveIds(db, scope, collectHexIds(items));
  return items.map((item) => {
    const r = redactRoots(item, ids.verdict);
    return { value: r.value, redaction: summary(r.parts, item, ids) };
  });
}

/** One stored structure as the viewer may see it now. */
export async function redactStored<T extends Record<string, unknown>>(
  db: Db,
  scope: VisibilityScope,
  item: T,
): Promise<{ value: T; redaction: RedactionSummary }> {
  const ids = await resolveIds(db, scope, collectHexIds(item));
  const r = redactRoots(item, ids.verdict);
  return { value: r.value, redaction: summary(r.parts, item, ids) };
}
