import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Viewer } from '@/lib/auth/viewer';
import { inTenantScope } from '@/lib/db/tenant-scope';
import { getDatabase } from './runtime';

/** What a page, route handler or server action works with: the database and who asks. */
export interface RequestContext {
  db: Db;
  viewer: Viewer;
}

/** The request context for a viewer already authenticated and role-checked by a wrapper. */
export async function contextFor(viewer: Viewer): Promise<RequestContext> {
  const { db } = await getDatabase();
  return { db, viewer };
}

/**
 * Run `fn` with the request context; with `tenantScope`, inside one transaction under row-level security
 * for the viewer's tenant (lib/db/tenant-scope.ts) — the second wall behind the visibility predicate. Only
 * for work that finishes before `fn` returns (not for streamed responses).
 */
export async function withContext<T>(viewer: Viewer, tenantScope: boolean, fn: (ctx: RequestContext) => Promise<T>): Promise<T> {
  const ctx = await contextFor(viewer);
  if (!tenantScope) return fn(ctx);
  return inTenantScope(ctx.db, viewer.tenantId, (db) => fn({ db, viewer }));
}
