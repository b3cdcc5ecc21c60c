/**
 * The database wall on PostgreSQL: tenant-scoped work (every answer, every `tenantScope` route and page) runs on
 * a pool logged in as `ledgerline_web` — not a superuser, no BYPASSRLS, owning nothing, member of
 * `ledgerline_app` only (drizzle/0020_database_wall.sql). Inside a scope the transaction still drops into
 * `ledgerline_app`; a `RESET ROLE` lands on `ledgerline_web`, under the same policies, and `SET ROLE` or
 * `SET SESSION AUTHORIZATION` to anything else is refused. The server's own connection (DATABASE_URL: migrations,
 * sign-in, sessions, limits, ingest, maintenance) never runs a viewer's tenant-scoped work.
 *
 * The login: DATABASE_APP_URL when given; else DATABASE_URL with the user `ledgerline_web` and a password the
 * server generates once per database (kept in auth_secrets, which the restricted role cannot read) and sets on
 * the role when the login is refused. Before use the login is checked to be what it must be. PGlite (one
 * embedded user inside the server process) keeps the per-transaction role switch.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '@/lib/db/client';
import { deadlineLogger } from '@/lib/db/deadline';
import * as schema from '@/lib/db/schema';
import { authSecrets } from '@/lib/db/schema';
import { APP_ROLE, registerRestrictedHandle } from '@/lib/db/tenant-scope';
import { ConfigError, isProduction, type Env } from '@/lib/env';

export const WEB_ROLE = 'ledgerline_web';
const PASSWORD_ID = `db-login:${WEB_ROLE}`;

export interface DatabaseWall {
  /** the restricted login's handle (tenant scopes run on it) */
  db: Db;
  /** the role it logs in as */
  role: string;
  close(): Promise<void>;
}

/** The restricted login's password for this database: generated on first use, kept in auth_secrets. */
async function webPassword(db: Db): Promise<string> {
  await db
    .insert(authSecrets)
    .values({ id: PASSWORD_ID, value: crypto.randomBytes(24).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: authSecrets.value }).from(authSecrets).where(eq(authSecrets.id, PASSWORD_ID)).limit(1);
  if (!row) throw new ConfigError('The database wall: cannot keep the restricted login password (auth_secrets).');
  return row.value;
}

/** DATABASE_URL with the restricted role's credentials. */
function webUrl(ownerUrl: string, password: string): string {
  const u = new URL(ownerUrl);
  u.username = WEB_ROLE;
  u.password = password;
  return u.toString();
}

const refusedLogin = (e: unknown) => ['28P01', '28000'].includes(String((e as { code?: unknown })?.code ?? ''));

/**
 * What the restricted login may do must be nothing but ledgerline_app's: checked on a connection of the pool
 * before any work goes to it.
 */
async function checkLogin(pool: import('pg').Pool): Promise<string> {
  const { rows } = await pool.query<{ who: string; super: boolean; bypass: boolean; member_of: string[]; owns: number }>(`
    select current_user as who, r.rolsuper as super, r.rolbypassrls as bypass,
      array(select g.rolname::text from pg_auth_members m join pg_roles g on g.oid = m.roleid where m.member = r.oid order by 1) as member_of,
      (select count(*)::int from pg_class c where c.relowner = r.oid and c.relnamespace = 'public'::regnamespace) as owns
    from pg_roles r where r.rolname = current_user`);
  const r = rows[0];
  const problems = [
    !r && 'the login has no role',
    r?.super && 'it is a superuser',
    r?.bypass && 'it bypasses row-level security',
    r &&
      (r.member_of.length !== 1 || r.member_of[0] !== APP_ROLE) &&
      `it is a member of ${r.member_of.join(', ') || 'no role'} (must be ${APP_ROLE} only)`,
    r && r.owns > 0 && `it owns ${r.owns} tables`,
  ].filter(Boolean);
  if (problems.length) throw new ConfigError(`The database wall: the restricted login ${r?.who ?? ''} is unsafe: ${problems.join('; ')}.`);
  return r?.who ?? WEB_ROLE;
}

async function connect(url: string, poolMax: number): Promise<import('pg').Pool> {
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000 });
  pool.on('error', (e) => console.error('[db] idle client error (restricted login):', e.message));
  try {
    await pool.query('select 1');
    return pool;
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw e;
  }
}

/**
 * Open the restricted login for `database` (PostgreSQL) and route its tenant scopes to it. Null on PGlite or
 * when LEDGERLINE_DB_WALL=off. A login that cannot be made safe is a ConfigError in production (the server
 * exits) and a warning elsewhere.
 */
export async function openDatabaseWall(database: Database, env: Env): Promise<DatabaseWall | null> {
  if (database.driver !== 'postgres' || env.LEDGERLINE_DB_WALL === 'off' || !env.DATABASE_URL) return null;
  try {
    let pool: import('pg').Pool;
    if (env.DATABASE_APP_URL) pool = await connect(env.DATABASE_APP_URL, env.LEDGERLINE_DB_POOL_MAX);
    else {
      const password = await webPassword(database.db);
      const url = webUrl(env.DATABASE_URL, password);
      try {
        pool = await connect(url, env.LEDGERLINE_DB_POOL_MAX);
      } catch (e) {
        if (!refusedLogin(e)) throw e;
        // first start, or another database on this server set another password: set ours
        await database.query(`alter role ${WEB_ROLE} with login password '${password}'`);
        pool = await connect(url, env.LEDGERLINE_DB_POOL_MAX);
      }
    }
    let role: string;
    try {
      role = await checkLogin(pool);
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw e;
    }
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const db: Db = drizzle(pool, { schema, logger: deadlineLogger });
    registerRestrictedHandle(database.db, db);
    return {
      db,
      role,
      async close() {
        registerRestrictedHandle(database.db, null);
        await pool.end();
      },
    };
  } catch (e) {
    const why = e instanceof ConfigError ? e.message : `The database wall: cannot log in as ${WEB_ROLE}: ${(e as Error).message}`;
    if (isProduction(env))
      throw new ConfigError(
        `${why}\n  Run the migrations as a role with CREATEROLE (they create ${WEB_ROLE}), or set DATABASE_APP_URL to a login that is ` +
          `a member of ${APP_ROLE} only, or LEDGERLINE_DB_WALL=off to run tenant-scoped work on DATABASE_URL's login.`,
      );
    console.warn(`[ledgerline] ${why} — tenant-scoped work runs on DATABASE_URL's login (SET LOCAL ROLE only).`);
    return null;
  }
}
