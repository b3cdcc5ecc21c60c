import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users, type Role } from '@/lib/db/schema';
import { DEMO_TENANT_ID, DEMO_USERS } from '@/lib/db/seed';
import { isDemoMode } from '@/lib/env';

export interface Viewer {
  userId: string;
  tenantId: string;
  name: string;
  role: Role;
  demo: boolean;
}

export const DEMO_ROLE_COOKIE = 'll_demo_role';

const rank: Record<Role, number> = { analyst: 0, reviewer: 1, admin: 2 };

/** Whether `role` includes the rights of `needed` (admin ⊃ reviewer ⊃ analyst). */
export function hasRole(role: Role, needed: Role): boolean {
  return rank[role] >= rank[needed];
}

/** The viewer of a signed-in account; null when the account is gone or disabled. */
export async function viewerForUser(db: Db, userId: string): Promise<Viewer | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || row.disabled) return null;
  return { userId: row.id, tenantId: row.tenantId, name: row.name, role: row.role, demo: false };
}

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
