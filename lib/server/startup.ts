import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { sessions, users } from '@/lib/db/schema';
import { ConfigError, configuredAuthSecret, isDemoMode, isProduction, type Env } from '@/lib/env';

export const FIRST_ADMIN_COMMAND =
  'npm run cli -- users create --email you@example.com --name "Your Name" --role admin --tenant <tenant-id>';

/**
 * Checks at server start, after migrations:
 * - outside demo mode, sessions of demo accounts and of accounts created in demo mode end (the accounts
 *   themselves stop resolving to a viewer, lib/auth/viewer.ts);
 * - a production start (not demo) with neither an auth secret nor any admin refuses to run, naming the CLI
 *   command that creates the first admin.
 */
export async function startupChecks(db: Db, env: Env): Promise<void> {
  if (isDemoMode(env)) return;
  const demoUsers = db.select({ id: users.id }).from(users).where(eq(users.createdInDemo, true));
  await db.delete(sessions).where(inArray(sessions.userId, demoUsers));
  if (!isProduction(env) || configuredAuthSecret(env)) return;
  const [admins] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabled), eq(users.createdInDemo, false)));
  if ((admins?.n ?? 0) > 0) return;
  throw new ConfigError(
    'Refusing to start in production: no LEDGERLINE_AUTH_SECRET is set and no admin account exists, so nobody could ' +
      `sign in and manage this server.\n  Create the first admin:  ${FIRST_ADMIN_COMMAND}\n` +
      '  and set LEDGERLINE_AUTH_SECRET (at least 32 characters, e.g. `openssl rand -base64 32`).\n' +
      `  (A public demo instead needs LEDGERLINE_DEMO=1 and LEDGERLINE_DEMO_ACK=anyone-can-be-admin.)`,
  );
}
