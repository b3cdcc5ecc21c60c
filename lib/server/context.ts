import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Viewer } from '@/lib/auth/viewer';
import { boundedTenantWork } from './bounded';
import { currentHandle } from '@/lib/db/tenant-scope';
import { getDatabase } from './runtime';

/** What a page, route handler or server action works with: the database and who asks. */
export interface RequestContext {
  db: Db;
  viewer: Viewer;
}

/**
 * The database handle for work here: inside a tenant scope (lib/server/bounded.ts) the scoped handle, whose
 * queries join that scope's transaction — a helper that fetched the database itself neither escapes the
 * row-level security nor deadlocks on PGlite's one connection — else the process-wide handle.
 */
export async function currentDb(): Promise<Db> {
  return currentHandle((await getDatabase()).db);
}

/** The request context for a viewer already authenticated and role-checked by a wrapper. */
export async function contextFor(viewer: Viewer): Promise<RequestContext> {
  return { db: await currentDb(), viewer };
}

/**
 * Run `fn` with the request context; with `tenantScope`, as bounded tenant work (lib/server/bounded.ts):
 * inside one transaction under row-level security for the viewer's tenant (lib/db/tenant-scope.ts) — the
 * second wall behind the visibility predicate — with the tenant's connection share, the statement timeout
 * and the request deadline. For work that finishes before `fn` returns; a streamed response runs its own
 * `boundedTenantWork` while it streams (app/api/answers/route.ts).
 */
export async function withContext<T>(viewer: Viewer, tenantScope: boolean, fn: (ctx: RequestContext) => Promise<T>): Promise<T> {
  if (!tenantScope) return fn(await contextFor(viewer));
  return boundedTenantWork(await getDatabase(), { tenantId: viewer.tenantId, role: viewer.role }, (db) => fn({ db, viewer }));
}
