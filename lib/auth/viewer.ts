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

/** The viewer of a signed-in account; null when the account is gone or disabled. */
export async function viewerForUser(db: Db, userId: string): Promise<Viewer | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || row.disabled) return null;
  // demo accounts and accounts created in demo mode do not survive leaving demo mode
  if (row.createdInDemo && !isDemoMode()) return null;
  return { userId: row.id, tenantId: row.tenantId, name: row.name, role: row.role, demo: false };
}
