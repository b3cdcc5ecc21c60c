import type { ReactNode } from 'react';
import { SignInRequired } from '@/components/sign-in-required';
import { pageAccess, renderInContext } from '@/lib/server/page';
import type { RequestContext } from '@/lib/server/context';
import type { Role } from '@/lib/db/schema';

/**
 * The one page wrapper: the page renders only for a viewer with `role` and gets the database and the
 * viewer; everyone else sees the sign-in or role screen (the server refuses the data regardless).
 */
export function withPage<P = object>(
  role: Role,
  render: (ctx: RequestContext, props: P) => Promise<ReactNode> | ReactNode,
  options: { tenantScope?: boolean } = {},
) {
  // biome-ignore lint/correctness/noComponentHookFactories: a server component per page module, made once at import; it holds no state
  return async function Page(props: P): Promise<ReactNode> {
    const access = await pageAccess(role);
    if (!access.ok) return <SignInRequired role={access.missing === 'role' ? access.role : undefined} />;
    // with tenantScope the page's queries run under row-level security for the viewer's tenant
    return renderInContext({ db: access.db, viewer: access.viewer }, options.tenantScope ?? false, async (ctx) => render(ctx, props));
  };
}
