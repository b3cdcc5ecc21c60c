import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { users, type Role } from '@/lib/db/schema';
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

/** What the viewer of an account is made of: a users row, or the user better-auth returns with its session. */
export interface ViewerUser {
  id: string;
  tenantId: string;
  name: string;
  role: Role | string;
  disabled?: string | null;
  createdInDemo?: boolean | null;
}

/** The viewer of an account's user record; null when the account is disabled, or was made in demo mode and demo mode is off. */
export function viewerFromUser(row: ViewerUser): Viewer | null {
  if (row.disabled) return null;
  // demo accounts and accounts created in demo mode do not survive leaving demo mode
  if (row.createdInDemo && !isDemoMode()) return null;
  if (!(row.role in rank)) return null;
  return { userId: row.id, tenantId: row.tenantId, name: row.name, role: row.role as Role, demo: false };
}

/** The viewer of a signed-in account; null when the account is gone or disabled. */
export async function viewerForUser(db: Db, userId: string): Promise<Viewer | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ? viewerFromUser(row) : null;
}
