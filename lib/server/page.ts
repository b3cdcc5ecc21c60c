import 'server-only';
import type { Role } from '@/lib/db/schema';
import { hasRole } from '@/lib/auth/viewer';
import { getViewer } from './session';
import { withContext, type RequestContext } from './context';

/** Why a page is not shown: nobody signed in, or the viewer lacks the role. */
export type PageDenial = { missing: 'session' } | { missing: 'role'; role: Role };

export type PageAccess = ({ ok: true } & RequestContext) | ({ ok: false } & PageDenial);

/**
 * The page check behind `withPage` (app/with-page.tsx renders the denial): the viewer must be signed in
 * (or the demo viewer) and have `role`; then the page gets the database and the viewer.
 */
export async function pageAccess(role: Role): Promise<PageAccess> {
  const viewer = await getViewer();
  if (!viewer) return { ok: false, missing: 'session' };
  if (!hasRole(viewer.role, role)) return { ok: false, missing: 'role', role };
  return { ok: true, ...(await withContext(viewer, false, async (c) => c)) };
}

/** Render a permitted page with its context, under row-level security for the viewer's tenant when asked. */
export function renderInContext<T>(ctx: RequestContext, tenantScope: boolean, fn: (ctx: RequestContext) => Promise<T>): Promise<T> {
  return withContext(ctx.viewer, tenantScope, fn);
}
