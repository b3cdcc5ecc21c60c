/**
 * Test harness for route handlers and server actions called directly: a request-scoped viewer, cookie
 * jar and headers that the mocked `@/lib/server/session`, `next/headers` and `@/lib/server/runtime` read.
 * Used by the authorization matrix and the hostile-input tests (vi.mock factories import this file).
 */
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, DEMO_USERS } from '@/lib/demo/identity';
import type { Viewer } from '@/lib/auth/viewer';

export type Principal = 'anonymous' | 'analyst' | 'reviewer' | 'admin' | 'other-tenant';
export const PRINCIPALS: Principal[] = ['anonymous', 'analyst', 'reviewer', 'admin', 'other-tenant'];

export const OTHER_TENANT_ID = 'other';
export const OTHER_ADMIN = { id: 'other-admin', email: 'admin@other.example', name: 'Other Admin', role: 'admin' as const };

export function viewerFor(p: Principal): Viewer | null {
  if (p === 'anonymous') return null;
  if (p === 'other-tenant')
    return { userId: OTHER_ADMIN.id, tenantId: OTHER_TENANT_ID, name: OTHER_ADMIN.name, role: 'admin', demo: false };
  const u = DEMO_USERS.find((x) => x.role === p)!;
  return { userId: u.id, tenantId: DEMO_TENANT_ID, name: u.name, role: u.role, demo: false };
}

export const harness: { viewer: Viewer | null; database: Promise<Database> | null; cookies: Map<string, string>; headers: Headers } = {
  viewer: null,
  database: null,
  cookies: new Map(),
  headers: new Headers(),
};

export function fakeCookieJar() {
  return {
    get: (name: string) => (harness.cookies.has(name) ? { name, value: harness.cookies.get(name)! } : undefined),
    has: (name: string) => harness.cookies.has(name),
    set: (name: string, value: string) => void harness.cookies.set(name, value),
    delete: (name: string) => void harness.cookies.delete(name),
    getAll: () => [...harness.cookies].map(([name, value]) => ({ name, value })),
  };
}

/** Whether a result denied access: HTTP 401/403, or an action's sign-in / role refusal. */
export function isDenied(result: unknown): boolean {
  if (result instanceof Response) return result.status === 401 || result.status === 403;
  if (result && typeof result === 'object' && 'ok' in result && (result as { ok: boolean }).ok === false) {
    const error = String((result as { error?: unknown }).error ?? '');
    return /^Sign in to continue|^This needs the \w+ role/.test(error);
  }
  return false;
}
