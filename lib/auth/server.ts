import 'server-only';
import { cookies } from 'next/headers';
import { getDatabase } from '@/lib/db/runtime';
import { AppError } from '@/lib/errors';
import type { Role } from '@/lib/db/schema';
import { DEMO_ROLE_COOKIE, hasRole, resolveViewer, type Viewer } from './viewer';

export async function getViewer(): Promise<Viewer | null> {
  const database = await getDatabase();
  const jar = await cookies();
  return resolveViewer(database.db, jar.get(DEMO_ROLE_COOKIE)?.value);
}

/** The viewer, or an AppError (401 without a viewer, 403 without the role). */
export async function requireViewer(role: Role = 'analyst'): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AppError('unauthorized:session', 'Sign in to continue.');
  if (!hasRole(viewer.role, role)) throw new AppError('forbidden:role', `This needs the ${role} role.`);
  return viewer;
}
