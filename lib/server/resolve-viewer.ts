import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { viewerForUser, viewerFromUser, type Viewer, type ViewerUser } from '@/lib/auth/viewer';
import { DEMO_TENANT_ID, DEMO_USERS } from '@/lib/demo/identity';
import { isDemoMode } from '@/lib/env';

/**
 * The viewer of a request. A signed-in account (`signedIn`: the session's user, or its id) always wins.
 * Otherwise only demo mode has a viewer: the demo analyst, or the demo reviewer/admin chosen with the
 * role switcher (a cookie honoured only in demo mode).
 */
export async function resolveViewer(db: Db, demoRole: string | undefined, signedIn?: string | ViewerUser | null): Promise<Viewer | null> {
  if (signedIn) {
    // the user record that came with the session (one query fewer per request), or its id
    // (a record missing either flag — never expected — is read again rather than trusted)
    const complete =
      typeof signedIn !== 'string' &&
      signedIn.disabled !== undefined &&
      signedIn.createdInDemo !== undefined &&
      signedIn.createdInDemo !== null;
    const viewer = complete ? viewerFromUser(signedIn) : await viewerForUser(db, typeof signedIn === 'string' ? signedIn : signedIn.id);
    if (viewer) return viewer;
  }
  if (!isDemoMode()) return null;
  const wanted = DEMO_USERS.find((u) => u.role === demoRole) ?? DEMO_USERS[0]!;
  const [row] = await db.select().from(users).where(eq(users.id, wanted.id)).limit(1);
  if (!row) return null;
  return { userId: row.id, tenantId: DEMO_TENANT_ID, name: row.name, role: row.role, demo: true };
}
