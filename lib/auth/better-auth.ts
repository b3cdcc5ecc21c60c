/**
 * Accounts: better-auth (email + password, scrypt hashes, database sessions) over our drizzle schema.
 * Our `users` table is better-auth's user model (plus tenant and role, which no request can set);
 * `sessions` is its session model; credential passwords live in `auth_accounts`.
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { nextCookies } from 'better-auth/next-js';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { authAccounts, authSecrets, authVerifications, sessions, users } from '@/lib/db/schema';
import { configuredAuthSecret } from '@/lib/env';

export const SESSION_COOKIE_PREFIX = 'll';
/** 14 days, extended at most once a day while in use */
export const SESSION_TTL_S = 14 * 24 * 3600;
export const SESSION_UPDATE_AGE_S = 24 * 3600;
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

export interface CreateAuthOptions {
  db: Db;
  secret: string;
  /** Secure cookies (`__Secure-` prefix): on for https requests */
  secure: boolean;
  /** write cookies through next/headers in server actions (off in unit tests) */
  nextCookies?: boolean;
}

export function createAuth({ db, secret, secure, nextCookies: withNext = true }: CreateAuthOptions) {
  return betterAuth({
    appName: 'Ledgerline',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, auth_accounts: authAccounts, auth_verifications: authVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      // accounts are created by an admin (CLI or /admin/users), never by self sign-up
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      modelName: 'users',
      additionalFields: {
        tenantId: { type: 'string', required: true, input: false },
        role: { type: 'string', required: true, input: false },
        disabled: { type: 'string', required: false, input: false },
        // returned with the session, so the request's viewer needs no second read of the users row (lib/server/session.ts)
        createdInDemo: { type: 'boolean', required: false, input: false },
      },
    },
    session: { modelName: 'sessions', expiresIn: SESSION_TTL_S, updateAge: SESSION_UPDATE_AGE_S },
    account: { modelName: 'auth_accounts' },
    verification: { modelName: 'auth_verifications' },
    databaseHooks: {
      session: {
        create: {
          // a disabled account cannot start a session
          before: async (session) => {
            const [u] = await db.select({ disabled: users.disabled }).from(users).where(eq(users.id, session.userId)).limit(1);
            if (!u || u.disabled) return false;
            return { data: session };
          },
        },
      },
    },
    // our own limits guard sign-in (lib/server/limits.ts, state in the database); better-auth's only sees its HTTP handler
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    logger: { level: 'error' },
    plugins: withNext ? [nextCookies()] : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Name of the session cookie for a plain or a secure request. */
export function sessionCookieName(secure: boolean): string {
  return `${secure ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token`;
}

/**
 * The signing secret: LEDGERLINE_AUTH_SECRET (or BETTER_AUTH_SECRET) when set, otherwise one generated
 * on first start and kept in the database so every process of the deployment shares it.
 */
export async function authSecret(db: Db): Promise<string> {
  const configured = configuredAuthSecret();
  if (configured) return configured;
  await db
    .insert(authSecrets)
    .values({ id: 'session-signing', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: authSecrets.value }).from(authSecrets).where(eq(authSecrets.id, 'session-signing')).limit(1);
  if (!row) throw new Error('auth secret missing after insert');
  return row.value;
}

const cacheKey = Symbol.for('ledgerline.auth');
type Holder = { [cacheKey]?: WeakMap<object, Map<string, Promise<Auth>>> };

/** One better-auth instance per database and cookie mode (memoized across hot reloads). */
export function getAuth(db: Db, opts: { secure: boolean }): Promise<Auth> {
  const holder = globalThis as Holder;
  const perDb = (holder[cacheKey] ??= new WeakMap());
  let byMode = perDb.get(db);
  if (!byMode) perDb.set(db, (byMode = new Map()));
  const key = opts.secure ? 'secure' : 'plain';
  let auth = byMode.get(key);
  if (!auth) {
    auth = authSecret(db).then((secret) => createAuth({ db, secret, secure: opts.secure }));
    auth.catch(() => byMode!.delete(key));
    byMode.set(key, auth);
  }
  return auth;
}
