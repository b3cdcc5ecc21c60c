import 'server-only';
import { createHmac } from 'node:crypto';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { getDatabase } from '@/lib/server/runtime';
import { isAppError } from '@/lib/errors';
import { claimSignInAttempt, clearSignInFailures, clientAddress, enforceRateLimit, takeFromBucket } from './limits';
import { authSecret, getAuth, MAX_PASSWORD_LENGTH } from '@/lib/auth/better-auth';
import { limiterKey } from '@/lib/http/client-address';
import { RATE_RULES } from '@/lib/http/rate-limit';
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

/** The cookie a browser keeps once it signed in to an account: its attempts do not count against the account's ceiling. */
export const KNOWN_DEVICE_COOKIE = 'll_known_device';
const KNOWN_DEVICE_MAX = 5;
const KNOWN_DEVICE_TTL_S = 365 * 86_400;

/** A browser's mark for one account: HMAC of the email under the signing secret (unforgeable, names no account). */
function deviceMark(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`known-device\n${email}`).digest('base64url');
}

function cookieValue(h: Headers, name: string): string | undefined {
  for (const part of (h.get('cookie') ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function knownMarks(h: Headers): string[] {
  return (cookieValue(h, KNOWN_DEVICE_COOKIE) ?? '').split('.').filter((m) => /^[A-Za-z0-9_-]{43}$/.test(m));
}

/**
 * Email + password sign-in through better-auth; the session cookie is written by its next-cookies
 * plugin. Never says which of email or password was wrong. Limits, kept in the database:
 * - a bucket per client address (believed only from trusted proxies; an IPv6 client by its /64);
 * - a ceiling per account over all addresses (10 an hour), for browsers that have not signed in to the
 *   account before — a guesser spread over many addresses is held to it, the owner's own browser is not;
 * - an exponential back-off per (account, address): wrong passwords from one address slow that address down
 *   for that account; nothing ever locks the account for its owner.
 */
export async function signInWithPassword(raw: unknown, h: Headers): Promise<{ ok: true } | { ok: false; error: string }> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? WRONG };
  const { email, password } = parsed.data;
  const { db } = await getDatabase();
  const address = limiterKey(clientAddress(h));
  try {
    await enforceRateLimit(db, 'signInAddress', address);
  } catch (e) {
    if (isAppError(e)) return { ok: false, error: e.message };
    throw e;
  }
  const secret = await authSecret(db);
  const mark = deviceMark(secret, email);
  const marks = knownMarks(h);
  if (!marks.includes(mark)) {
    const ceiling = await takeFromBucket(db, 'signInAccount', RATE_RULES.signInAccount, email);
    if (!ceiling.ok) return { ok: false, error: `Too many sign-in attempts; try again in ${ceiling.retryAfterS} s.` };
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
  // this browser is the account's now: its later attempts skip the account's ceiling
  const kept = [mark, ...marks.filter((m) => m !== mark)].slice(0, KNOWN_DEVICE_MAX).join('.');
  (await cookies()).set(KNOWN_DEVICE_COOKIE, kept, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureRequest(h),
    path: '/sign-in',
    maxAge: KNOWN_DEVICE_TTL_S,
  });
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
