/**
 * A revocation committed before its cache-version bump: a crash between the two let another process serve
 * the revoked value from its answer cache (keyed on the tenant's data version) for up to five minutes. The
 * version now moves in the revocation's own transaction. Here a process revoking a source is killed with
 * SIGKILL right before each of its database statements in turn (BEGIN, the reads and writes, the bump,
 * COMMIT, and after it): whatever survives, the revocation, its ledger entry, the row's mark of the ledger
 * (content_revoked, what the visibility predicate reads), its audit entry and the data version moved all
 * together or not at all.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database, type Db } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { sources, tenants } from '@/lib/db/schema';
import { testTargets } from '@/tests/support/db';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TENANT = 'kill-test';
const SOURCE = 'kill-test-source';

/** Run the revoking process; resolves with how it ended. */
function runChild(where: string, killBefore: number): Promise<{ signal: NodeJS.Signals | null; code: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tests/security/support/revoke-child.ts'), where, TENANT, SOURCE, String(killBefore)],
      { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, timeout: 90_000 },
      (err, stdout) => {
        const e = err as (Error & { signal?: NodeJS.Signals; code?: number }) | null;
        resolve({ signal: e?.signal ?? null, code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, out: stdout });
      },
    );
  });
}

async function seed(db: Db): Promise<void> {
  await db.insert(tenants).values({ id: TENANT, name: TENANT }).onConflictDoNothing();
  await db
    .insert(sources)
    .values({
      id: SOURCE,
      tenantId: TENANT,
      kind: 'html-report',
      title: 'Kill test',
      sha256: 'f'.repeat(64),
      byteSize: 1,
      extractorVersion: 'x',
    })
    .onConflictDoNothing();
}

/** What the revocation left: flag, the ledger's mark on the row, ledger entry, audit entry, data version. */
async function state(db: Db) {
  const [row] = rowsOf<{ revoked: boolean; marked: boolean; ledger: number; audit: number; version: string | number }>(
    await db.execute(sql`select
      (select revoked from sources where id = ${SOURCE}) as revoked,
      (select content_revoked from sources where id = ${SOURCE}) as marked,
      (select count(*)::int from source_revocations where tenant_id = ${TENANT}) as ledger,
      (select count(*)::int from audit_log where tenant_id = ${TENANT} and action = 'source.revoke') as audit,
      (select data_version from tenants where id = ${TENANT}) as version`),
  );
  return {
    revoked: !!row!.revoked,
    marked: !!row!.marked,
    ledger: Number(row!.ledger),
    audit: Number(row!.audit),
    version: Number(row!.version),
  };
}

async function reset(db: Db): Promise<void> {
  await db.execute(sql`delete from source_revocations where tenant_id = ${TENANT}`);
  await db.execute(sql`delete from audit_log where tenant_id = ${TENANT}`);
  await db
    .update(sources)
    .set({ revoked: false, contentRevoked: false, revokedAt: null, revokedReason: null })
    .where(eq(sources.id, SOURCE));
  await db.update(tenants).set({ dataVersion: 0 }).where(eq(tenants.id, TENANT));
}

for (const target of testTargets()) {
  describe(`atomic revocation: kill -9 between every step (${target.name})`, () => {
    let where = '';
    let pg: Database | null = null;
    let dir = '';
    /** a handle on the database between runs (PGlite: one process at a time, so opened and closed around each) */
    const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      if (pg) return fn(pg.db);
      const d = await openDatabase({ dataDir: dir });
      try {
        return await fn(d.db);
      } finally {
        await d.close();
      }
    };

    beforeAll(async () => {
      if (target.name === 'postgres') {
        pg = await target.open();
        where = (pg as Database & { testUrl?: string }).testUrl!;
      } else {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-kill-'));
        where = dir;
        const d = await openDatabase({ dataDir: dir });
        await migrate(d);
        await d.close();
      }
      await withDb(seed);
    });
    afterAll(async () => {
      await pg?.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('revocation, ledger, audit and data version survive together or not at all', async () => {
      const clean = await runChild(where, 0);
      expect(clean.code, clean.out).toBe(0);
      const steps = Number(/statements (\d+)/.exec(clean.out)?.[1]);
      // read, update, ledger, audit, bump; on PostgreSQL also BEGIN and COMMIT (PGlite's transaction sends them itself)
      expect(steps).toBeGreaterThanOrEqual(target.name === 'postgres' ? 7 : 5);
      expect(await withDb(state)).toEqual({ revoked: true, marked: true, ledger: 1, audit: 1, version: 1 });
      const outcomes: string[] = [];
      await withDb(reset);
      for (let k = 1; k <= steps; k++) {
        const run = await runChild(where, k);
        expect(run.signal, `killed before statement ${k}`).toBe('SIGKILL');
        const s = await withDb(async (db) => {
          const found = await state(db);
          await reset(db);
          return found;
        });
        const all = s.revoked && s.marked && s.ledger === 1 && s.audit === 1 && s.version === 1;
        const none = !s.revoked && !s.marked && s.ledger === 0 && s.audit === 0 && s.version === 0;
        expect(all || none, `killed before statement ${k} of ${steps}: ${JSON.stringify(s)}`).toBe(true);
        outcomes.push(all ? 'committed' : 'rolled back');
      }
      // every kill before COMMIT reached the database rolls back
      expect(outcomes.slice(0, steps - 1).every((o) => o === 'rolled back')).toBe(true);
    }, 600_000);
  });
}
