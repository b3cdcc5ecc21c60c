import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { viewerForUser, type Viewer } from '@/lib/auth/viewer';
import { DEMO_TENANT_ID, DEMO_USERS } from '@/lib/demo/identity';
import { isDemoMode } from '@/lib/env';

/**
 * The viewer of a request. A signed-in account (`signedInUserId`, from a valid session) always wins.
 * Otherwise only demo mode has a viewer: the demo analyst, or the demo reviewer/admin chosen with the
 * role switcher (a cookie honoured only in demo mode).
 */
export async function resolveViewer(db: Db, demoRole: string | undefined, signedInUserId?: string | null): Promise<Viewer | null> {
  if (signedInUserId) {
    const signedIn = await viewerForUser(db, signedInUserId);
    if (signedIn) return signedIn;
  }
  if (!isDemoMode()) return null;
  const wanted = DEMO_USERS.find((u) => u.role === demoRole) ?? DEMO_USERS[0]!;
  const [row] = await db.select().from(users).where(eq(users.id, wanted.id)).limit(1);
  if (!row) return null;
  return { userId: row.id, tenantId: DEMO_TENANT_ID, name: row.name, role: row.role, demo: true };
}
