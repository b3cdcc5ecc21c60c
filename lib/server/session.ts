import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { getDatabase } from '@/lib/server/runtime';
import { AppError } from '@/lib/errors';
import type { Role } from '@/lib/db/schema';
import { getAuth, sessionCookieName, SESSION_TTL_S, SESSION_UPDATE_AGE_S } from '@/lib/auth/better-auth';
import { plainSessionUser, verifiedToken } from '@/lib/auth/session-cookie';
import { DEMO_ROLE_COOKIE, hasRole, type Viewer, type ViewerUser } from '@/lib/auth/viewer';
import { resolveViewer } from './resolve-viewer';
import { isDemoMode } from '@/lib/env';

/** Whether the request came over https (Next sets x-forwarded-proto; a TLS proxy in front sets it too). */
export function isSecureRequest(h: Headers): boolean {
  return (h.get('x-forwarded-proto') ?? '').split(',')[0]!.trim().toLowerCase() === 'https';
}

/**
 * The signed-in user of a valid, unexpired better-auth session of this request, as better-auth read it with
 * the session (with tenant, role, disabled and created-in-demo: nothing more to read for the viewer).
 */
export async function sessionUser(h: Headers, cookie: (name: string) => string | undefined): Promise<ViewerUser | null> {
  const secure = isSecureRequest(h);
  const value = cookie(sessionCookieName(secure));
  if (value === undefined) return null;
  const { db } = await getDatabase();
  const auth = await getAuth(db, { secure });
  // the plain case without better-auth's endpoint (lib/auth/session-cookie.ts); anything else goes to it
  const token = verifiedToken(value, auth.options.secret);
  const plain = token ? await plainSessionUser(db, token, { expiresInS: SESSION_TTL_S, updateAgeS: SESSION_UPDATE_AGE_S }) : undefined;
  if (plain) return plain;
  const session = await auth.api.getSession({ headers: h });
  if (!session) return null;
  const u = session.user as typeof session.user & { createdInDemo?: boolean | null };
  return { id: u.id, tenantId: u.tenantId, name: u.name, role: u.role, disabled: u.disabled, createdInDemo: u.createdInDemo };
}

/**
 * Whether this request can have a viewer at all, from its headers alone (no query): demo mode, or a
 * session cookie present. False means getViewer() answers null — a 401 that needs no database and no
 * body (lib/server/route.ts refuses an anonymous JSON post before reading it).
 */
export async function mayHaveViewer(): Promise<boolean> {
  if (isDemoMode()) return true;
  const [jar, h] = await Promise.all([cookies(), headers()]);
  return jar.has(sessionCookieName(isSecureRequest(h)));
}

/** The viewer of this request (signed-in account, else the demo viewer in demo mode, else null); once per request. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  const database = await getDatabase();
  const [jar, h] = await Promise.all([cookies(), headers()]);
  const user = await sessionUser(h, (name) => jar.get(name)?.value);
  return resolveViewer(database.db, jar.get(DEMO_ROLE_COOKIE)?.value, user);
});

/** The viewer, or an AppError (401 without a viewer, 403 without the role). */
export async function requireViewer(role: Role = 'analyst'): Promise<Viewer> {
  const viewer = await getViewer();
  if (!viewer) throw new AppError('unauthorized:session', 'Sign in to continue.');
  if (!hasRole(viewer.role, role)) throw new AppError('forbidden:role', `This needs the ${role} role.`);
  return viewer;
}

/** Whether this request's viewer has `role` (for layout chrome; pages and actions check through their wrappers). */
export async function viewerHasRole(role: Role): Promise<boolean> {
  const viewer = await getViewer();
  return !!viewer && hasRole(viewer.role, role);
}
