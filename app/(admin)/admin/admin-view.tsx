import type { ReactNode } from 'react';
import { SignInRequired } from '@/components/sign-in-required';
import { getViewer } from '@/lib/server/session';
import { hasRole, type Viewer } from '@/lib/auth/viewer';

/** Every admin page starts here: the admin viewer, or what to render instead (the server refuses regardless). */
export async function adminView(): Promise<{ viewer: Viewer; denied: null } | { viewer: null; denied: ReactNode }> {
  const viewer = await getViewer();
  if (!viewer) return { viewer: null, denied: <SignInRequired /> };
  if (!hasRole(viewer.role, 'admin')) return { viewer: null, denied: <SignInRequired role="admin" /> };
  return { viewer, denied: null };
}
