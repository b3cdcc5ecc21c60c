import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder, openDatabase, type Database } from '@/lib/db/client';
import {
  type CitusNode,
  citusNodes,
  createClusterDatabase,
  dropClusterDatabase,
  joinClusterDatabase,
  onNode,
} from '@/lib/db/citus-cluster';
import { migrate } from '@/lib/db/migrate';

/** The migration set's fingerprint: a template built from other migrations is never used. */
let migrationsFingerprint: string | null = null;
function migrationsHash(): string {
  if (migrationsFingerprint) return migrationsFingerprint;
  const h = createHash('sha256');
  const dir = migrationsFolder();
  for (const f of fs
    .readdirSync(dir)
    .filter((x) => x.endsWith('.sql'))
    .sort())
    h.update(f).update(fs.readFileSync(path.join(dir, f)));
  migrationsFingerprint = h.digest('hex').slice(0, 16);
  return migrationsFingerprint;
}

/**
 * A migrated empty PGlite, once per worker: initdb plus the migrations take ~3 s, loading the
 * snapshot ~0.7 s. Every open() still gets its own database; nothing is shared between tests.
 */
let pgliteTemplate: Promise<Blob> | null = null;
function pgliteSnapshot(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const d = await openDatabase({ dataDir: 'memory' });
    try {
      await migrate(d);
      return await d.snapshot!();
    } finally {
      await d.close();
    }
  })();
  return pgliteTemplate;
}

const TEMPLATE_LOCK = 727275;
/** A migrated template database on the server (named by the migrations' fingerprint), created once. */
async function postgresTemplate(admin: Database, url: string): Promise<string> {
  const name = `ll_template_${migrationsHash()}`;
  await admin.withConnection(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const [ready] = await conn.query<{ ok: boolean }>(
        `select exists(select 1 from pg_database where datname = $1 and datistemplate) as ok`,
        [name],
      );
      if (ready?.ok) return;
      await conn.query(`drop database if exists ${name} with (force)`);
      await conn.query(`create database ${name}`);
      const u = new URL(url);
      u.pathname = `/${name}`;
      const t = await openDatabase({ url: u.toString() });
      try {
        await migrate(t);
      } finally {
        await t.close();
      }
      // marked a template only once migrated: a crash half-way leaves a database that is rebuilt next time
      await conn.query(`alter database ${name} is_template true`);
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/**
 * A migrated template database on every node of the Citus cluster (named by the migrations' fingerprint),
 * created once: the workers get the database and the extensions, the coordinator its workers and the
 * migrations (which distribute the tables). A copy of it on every node is a cluster of its own. Templates
 * take no connections, so Citus's maintenance daemon does not hold them open while they are copied.
 */
async function citusTemplate(admin: Database, cluster: { coordinator: CitusNode; workers: CitusNode[] }): Promise<string> {
  const name = `ll_template_${migrationsHash()}_citus`;
  const nodes = [cluster.coordinator, ...cluster.workers];
  await admin.withConnection(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      let ready = true;
      for (const n of nodes)
        ready &&= await onNode(
          n,
          'postgres',
          async (q) => (await q(`select 1 from pg_database where datname = $1 and datistemplate`, [name])).length === 1,
        );
      if (ready) return;
      for (const n of nodes)
        await onNode(n, 'postgres', async (q) => {
          await q(`update pg_database set datistemplate = false where datname = $1`, [name]);
          await q(`drop database if exists ${name} with (force)`);
          await q(`create database ${name}`);
        });
      await joinClusterDatabase(cluster, name);
      const u = new URL(cluster.coordinator.url);
      u.pathname = `/${name}`;
      const t = await openDatabase({ url: u.toString() });
      try {
        await migrate(t);
      } finally {
        await t.close();
      }
      // marked a template only once migrated: a crash half-way leaves databases that are rebuilt next time
      for (const n of nodes)
        await onNode(n, 'postgres', async (q) => {
          await q(`alter database ${name} with is_template true allow_connections false`);
          await q(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
        });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

export interface TestTarget {
  name: 'pglite' | 'postgres';
  /** a fresh, migrated, empty database */
  open(): Promise<Database>;
}

/** Refuse to create scratch databases on anything but a local server. */
function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Refusing to run tests against a non-local DATABASE_URL (${host}).`);
  }
}

/**
 * Databases the integration suite runs against: in-memory PGlite always, and PostgreSQL when
 * DATABASE_URL is set (each open() creates a scratch database that close() drops).
 */
export function testTargets(): TestTarget[] {
  // CI's PostgreSQL step sets LEDGERLINE_TEST_TARGETS=postgres: the PGlite half ran in `npm test` already
  const only = process.env.LEDGERLINE_TEST_TARGETS;
  const targets: TestTarget[] = [
    {
      name: 'pglite',
      async open() {
        return openDatabase({ dataDir: 'memory', template: await pgliteSnapshot() });
      },
    },
  ];
  const url = process.env.DATABASE_URL;
  if (url) {
    assertLocal(url);
    targets.push({
      name: 'postgres',
      async open() {
        const admin = await openDatabase({ url });
        const name = `ll_test_${randomBytes(6).toString('hex')}`;
        // on a Citus coordinator the scratch database is a copy of a migrated template on every node
        const cluster = admin.citus ? await citusNodes(admin, url) : null;
        const template = cluster ? await citusTemplate(admin, cluster) : await postgresTemplate(admin, url);
        if (cluster) await createClusterDatabase(cluster, name, template);
        else await admin.query(`create database ${name} template ${template}`);
        const u = new URL(url);
        u.pathname = `/${name}`;
        const d: Database & { testUrl?: string } = await openDatabase({ url: u.toString() });
        // tests that need a second, independent connection pool (another server process) open this URL
        d.testUrl = u.toString();
        const close = d.close.bind(d);
        d.close = async () => {
          await close();
          if (cluster) await dropClusterDatabase(cluster, name);
          else await admin.query(`drop database if exists ${name} with (force)`);
          await admin.close();
        };
        return d;
      },
    });
  }
  if (only) {
    const chosen = targets.filter((t) => only.split(',').includes(t.name));
    if (chosen.length === 0)
      throw new Error(
        `LEDGERLINE_TEST_TARGETS=${only} names no available target (${targets.map((t) => t.name).join(', ')}; postgres needs DATABASE_URL)`,
      );
    return chosen;
  }
  return targets;
}
