import 'server-only';
import { z } from 'zod';
import { getDatabase } from '@/lib/server/runtime';
import { isAppError } from '@/lib/errors';
import { claimSignInAttempt, clearSignInFailures, clientAddress, enforceRateLimit } from './limits';
import { getAuth, MAX_PASSWORD_LENGTH } from '@/lib/auth/better-auth';
import { isSecureRequest } from './session';

export const signInSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter your email address.')),
  password: z.string().min(1, 'Enter your password.').max(MAX_PASSWORD_LENGTH),
  next: z.string().max(500).optional(),
});

/** Where to go after signing in: a same-origin path only (no `//host`, no scheme, no backslashes). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\') || /[\u0000-\u001f]/.test(next)) return '/';
  return next;
}

export { clientAddress };

const WRONG = 'Wrong email or password.';

/**
 * Email + password sign-in through better-auth; the session cookie is written by its next-cookies
 * plugin. Never says which of email or password was wrong. Limits, kept in the database:
 * a bucket per client address (the address believed only from trusted proxies), and an exponential
 * back-off per (account, address) — wrong passwords from one address slow that address down for that
 * account, they never lock the account for its owner elsewhere.
 */
export async function signInWithPassword(raw: unknown, h: Headers): Promise<{ ok: true } | { ok: false; error: string }> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? WRONG };
  const { email, password } = parsed.data;
  const { db } = await getDatabase();
  const address = clientAddress(h);
  try {
    await enforceRateLimit(db, 'signInAddress', address);
  } catch (e) {
    if (isAppError(e)) return { ok: false, error: e.message };
    throw e;
  }
  const claim = await claimSignInAttempt(db, email, address);
  if (!claim.ok) return { ok: false, error: `Too many sign-in attempts; try again in ${claim.retryAfterS} s.` };
  const auth = await getAuth(db, { secure: isSecureRequest(h) });
  try {
    await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: h });
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode;
    if (status && status < 500) return { ok: false, error: WRONG };
    throw e;
  }
  await clearSignInFailures(db, email, address);
  return { ok: true };
}

/** End the current session (deletes the session row and clears the cookie). */
export async function signOutSession(h: Headers): Promise<void> {
  const { db } = await getDatabase();
  const auth = await getAuth(db, { secure: isSecureRequest(h) });
  try {
    await auth.api.signOut({ headers: h });
  } catch (e) {
    // no session: nothing to end
    if (((e as { statusCode?: number }).statusCode ?? 500) >= 500) throw e;
  }
}
