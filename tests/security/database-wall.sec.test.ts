/**
 * The database wall. Row-level security held per tenant, but the server logged in as the superuser and
 * dropped into the restricted role per transaction (one RESET ROLE escaped it), the users, sessions and
 * password tables had no policy, and source ACL, revocation and embargo were not the database's to enforce —
 * so it could not have caught a leak of restricted values. Each part is tested here by deliberately unscoped
 * queries: no tenant predicate, no visibility predicate, sometimes no scope at all.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));

import { sql } from 'drizzle-orm';
import { aclRolesFor } from '@/lib/auth/visibility';
import { rowsOf, type Database, type Db } from '@/lib/db/client';
import { authAccounts, entities, sessions, sourceRevocations, sources, tenants, users, type Role } from '@/lib/db/schema';
import { inTenantScope } from '@/lib/db/tenant-scope';
import { readEnv } from '@/lib/env';
import { openDatabaseWall, WEB_ROLE, type DatabaseWall } from '@/lib/server/db-wall';
import { boundedTenantWork } from '@/lib/server/bounded';
import { testTargets } from '@/tests/support/db';
import { insertSourceRows } from './support/source-rows';

const T = 'wall-a';
const OTHER = 'wall-b';
/** one source per visibility state, each with a fact, sighting, chunk, table, cell and document */
const STATES = ['open', 'reviewers', 'admins', 'embargoed', 'revoked', 'ledger'] as const;
type State = (typeof STATES)[number];

async function seedSource(db: Db, tenant: string, state: State): Promise<void> {
  const id = (k: string) => `${tenant}-${state}-${k}`;
  const e = `${tenant}-e`;
  await db.insert(sources).values({
    id: id('s'),
    tenantId: tenant,
    entityId: e,
    kind: 'manual',
    title: `${state} source`,
    sha256: id('sha'),
    byteSize: 1,
    extractorVersion: 'test',
    aclRoles: state === 'reviewers' ? ['reviewer'] : state === 'admins' ? ['admin'] : [],
    effectiveAt: state === 'embargoed' ? new Date(Date.now() + 86_400_000) : null,
    revoked: state === 'revoked',
    // revoked through the ledger only: the source's flag was reset, its bytes are still revoked (the ledger's
    // entry, carried on the row as content_revoked: lib/db/revocation-ledger.ts)
    contentRevoked: state === 'ledger',
  });
  if (state === 'ledger')
    await db.insert(sourceRevocations).values({ tenantId: tenant, sourceId: id('s'), sha256: id('sha'), actor: 'test' });
  await insertSourceRows(db, { tenantId: tenant, entityId: e, id, text: state });
}

async function seed(db: Db): Promise<void> {
  for (const t of [T, OTHER]) {
    await db.insert(tenants).values({ id: t, name: t });
    await db.insert(entities).values({ id: `${t}-e`, tenantId: t, name: `Entity ${t}` });
    for (const s of STATES) await seedSource(db, t, s);
    await db.insert(users).values({ id: `${t}-u`, tenantId: t, email: `${t}@example.test`, name: t, role: 'admin' });
    await db
      .insert(sessions)
      .values({ id: `${t}-session`, userId: `${t}-u`, token: `${t}-token`, expiresAt: new Date(Date.now() + 3_600_000) });
    await db
      .insert(authAccounts)
      .values({ id: `${t}-acct`, userId: `${t}-u`, accountId: `${t}-u`, providerId: 'credential', password: 'scrypt-hash' });
  }
}

/** The states whose rows a query without any predicate returns, per table. */
const TABLES = ['sources', 'facts', 'fact_sightings', 'chunks', 'source_tables', 'source_cells', 'source_documents'] as const;
async function seen(tx: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const col = t === 'sources' ? 'id' : 'source_id';
    const rows = rowsOf<{ s: string }>(await tx.execute(sql.raw(`select ${col} as s from ${t}`)));
    out[t] = [...new Set(rows.map((r) => r.s.replace(/-s$/, '')))].sort();
  }
  return out;
}

const expected = (role: Role | null): string[] => {
  const v: State[] = ['open'];
  if (role === 'reviewer' || role === 'admin') v.push('reviewers');
  if (role === 'admin') v.push('admins');
  return v.map((s) => `${T}-${s}`).sort();
};

/** The SQLSTATE a statement fails with inside the scope (null when it succeeds); the scope's transaction is rolled back. */
async function failure(db: Db, statement: string, scopeDb = db): Promise<string | null> {
  try {
    await inTenantScope(scopeDb, T, (tx) => tx.execute(sql.raw(statement)), { aclRoles: aclRolesFor('admin') });
    return null;
  } catch (e) {
    for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause)
      if ((c as { code?: unknown }).code) return String((c as { code: unknown }).code);
    return 'error';
  }
}

for (const target of testTargets()) {
  describe(`the database wall (${target.name})`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await seed(d.db);
    });
    afterAll(async () => {
      await d?.close();
    });

    it('row-level security enforces source ACL, embargo and revocation on facts, sightings, chunks, tables, cells and documents', async () => {
      for (const role of [null, 'analyst', 'reviewer', 'admin'] as const) {
        const got = await inTenantScope(d.db, T, seen, { aclRoles: aclRolesFor(role) });
        for (const t of TABLES) expect(got[t], `${t} as ${role ?? 'no role'}`).toEqual(expected(role));
      }
      // what the scope shows follows the sources as they change: a revocation hides at once
      await d.db
        .update(sources)
        .set({ revoked: true })
        .where(sql`${sources.id} = ${`${T}-open-s`}`);
      const after = await inTenantScope(d.db, T, seen, { aclRoles: aclRolesFor('admin') });
      expect(after.facts).toEqual([`${T}-admins`, `${T}-reviewers`]);
      await d.db
        .update(sources)
        .set({ revoked: false })
        .where(sql`${sources.id} = ${`${T}-open-s`}`);
    });

    it('the restricted role outside a tenant scope sees no row of any of them', async () => {
      const got = await d.db.transaction(async (tx) => {
        await tx.execute(sql`set local role ledgerline_app`);
        return seen(tx);
      });
      for (const t of TABLES) expect(got[t], t).toEqual([]);
    });

    it('sessions, password hashes, verification tokens, server secrets and limiter state are not readable; users only of the tenant, read-only', async () => {
      for (const t of ['sessions', 'auth_accounts', 'auth_verifications', 'auth_secrets', 'rate_limit_buckets', 'sign_in_backoff'])
        expect(await failure(d.db, `select * from ${t}`), t).toBe('42501');
      const names = await inTenantScope(d.db, T, async (tx) => rowsOf<{ id: string }>(await tx.execute(sql`select id from users`)));
      expect(names.map((r) => r.id)).toEqual([`${T}-u`]);
      expect(await failure(d.db, `update users set role = 'admin'`)).toBe('42501');
      expect(await failure(d.db, `insert into users (id, tenant_id, email, name, role) values ('x', '${T}', 'x@x', 'x', 'admin')`)).toBe(
        '42501',
      );
      const tenantRows = await inTenantScope(d.db, T, async (tx) => rowsOf<{ id: string }>(await tx.execute(sql`select id from tenants`)));
      expect(tenantRows.map((r) => r.id)).toEqual([T]);
    });

    if (target.name === 'pglite') {
      // the embedded database runs inside the server process as its one user: there is no login to restrict
      it.skip('login role that cannot leave the restricted role: PostgreSQL only (PGlite has one embedded user)', () => undefined);
      return;
    }

    describe('the login role', () => {
      let wall: DatabaseWall | null = null;
      beforeAll(async () => {
        const url = (d as Database & { testUrl?: string }).testUrl!;
        wall = await openDatabaseWall(d, { ...readEnv(), DATABASE_URL: url, DATABASE_APP_URL: undefined, LEDGERLINE_DB_WALL: 'auto' });
      });
      afterAll(async () => {
        await wall?.close();
      });

      it('tenant-scoped work logs in as a role that is no superuser, cannot bypass row-level security and owns nothing', async () => {
        expect(wall?.role).toBe(WEB_ROLE);
        const who = await boundedTenantWork(d, { tenantId: T, role: 'admin' }, async (tx) =>
          rowsOf<{ session_user: string; current_user: string; super: boolean; bypass: boolean }>(
            await tx.execute(
              sql`select session_user, current_user, (select rolsuper from pg_roles where rolname = session_user) as super, (select rolbypassrls from pg_roles where rolname = session_user) as bypass`,
            ),
          ),
        );
        expect(who[0]).toEqual({ session_user: WEB_ROLE, current_user: 'ledgerline_app', super: false, bypass: false });
      });

      it('RESET ROLE lands on a role under the same policies; SET ROLE and SET SESSION AUTHORIZATION to anything else are refused', async () => {
        const escaped = await inTenantScope(
          d.db,
          T,
          async (tx) => {
            await tx.execute(sql`reset role`);
            const [me] = rowsOf<{ u: string }>(await tx.execute(sql`select current_user as u`));
            return { me: me?.u, rows: await seen(tx), users: rowsOf(await tx.execute(sql`select id from users`)).length };
          },
          { aclRoles: aclRolesFor('analyst') },
        );
        expect(escaped.me).toBe(WEB_ROLE);
        for (const t of TABLES) expect(escaped.rows[t], t).toEqual(expected('analyst'));
        expect(escaped.users).toBe(1);
        expect(await failure(d.db, 'reset role; select * from sessions')).toBe('42501');
        expect(await failure(d.db, 'set role postgres')).toBe('42501');
        expect(await failure(d.db, 'set session authorization postgres')).toBe('42501');
        expect(await failure(d.db, 'reset role; set role postgres')).toBe('42501');
        expect(await failure(d.db, 'reset role; create table escape (x int)')).toBe('42501');
      });

      it('the login alone, with no tenant scope at all, reads no tenant row and no auth row', async () => {
        const rows = await wall!.db.transaction(async (tx) => seen(tx));
        for (const t of TABLES) expect(rows[t], t).toEqual([]);
        const denied = await wall!.db.execute(sql`select * from auth_accounts`).then(
          () => null,
          (e: unknown) => String((e as { cause?: { code?: string }; code?: string }).cause?.code ?? (e as { code?: string }).code),
        );
        expect(denied).toBe('42501');
      });
    });
  });
}
