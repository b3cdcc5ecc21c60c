/**
 * Benchmark databases. The real-data database (demo tenant + the seven SEC companyfacts files + the
 * inline-XBRL 10-K/10-Q filings, chunks embedded by the local embedder, ANALYZEd) takes about two
 * minutes to build, so it is built once and cached:
 *   - PGlite: a data folder under bench-results/.cache/, copied to a temporary folder for each run;
 *   - PostgreSQL: a template database `ll_bench_cache_<fingerprint>`; each run creates its scratch
 *     databases from it (CREATE DATABASE … TEMPLATE) and drops them at the end.
 * The fingerprint covers the migrations, the input files and the embedding model; `--fresh` rebuilds,
 * `--clean` removes every cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { ingestPaths } from '@/lib/ingest/ingest-paths';
import { LOCAL_EMBEDDING_MODEL_ID } from '@/lib/retrieval/embed';
import { indexChunks } from '@/lib/retrieval/index-chunks';

/** Bump to invalidate every cache when what goes into the real-data database changes. */
const CACHE_VERSION = 1;
export const CACHE_ROOT = path.resolve('bench-results', '.cache');
const PG_CACHE_PREFIX = 'll_bench_cache_';
const PG_RUN_PREFIX = 'll_bench_run_';

export function realDataFiles(dataDir: string): { companyfacts: string[]; filings: string[] } {
  const list = (sub: string, re: RegExp) => {
    const dir = path.join(dataDir, sub);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => re.test(f))
      .sort()
      .map((f) => path.join(dir, f));
  };
  return { companyfacts: list('sec-companyfacts', /\.json$/), filings: list('filings-ixbrl', /\.html?$/) };
}

export function fingerprint(dataDir: string): string {
  const h = createHash('sha256');
  h.update(`v${CACHE_VERSION}|${LOCAL_EMBEDDING_MODEL_ID}|`);
  const migrations = path.resolve('drizzle');
  for (const f of fs
    .readdirSync(migrations)
    .filter((x) => x.endsWith('.sql'))
    .sort()) {
    h.update(f).update(fs.readFileSync(path.join(migrations, f)));
  }
  const { companyfacts, filings } = realDataFiles(dataDir);
  for (const f of [...companyfacts, ...filings]) h.update(`${path.basename(f)}:${fs.statSync(f).size}|`);
  return h.digest('hex').slice(0, 12);
}

const sink = (log?: (s: string) => void) => ({ write: (s: string) => (log?.(s.trimEnd()), true) }) as unknown as NodeJS.WritableStream;

/** Ingest the real data into a migrated database, embed the chunks (HNSW built afterwards), ANALYZE. */
async function loadRealData(database: Database, dataDir: string, log: (s: string) => void): Promise<void> {
  await seedDemo(database.db);
  const { companyfacts, filings } = realDataFiles(dataDir);
  if (companyfacts.length === 0) throw new Error(`no companyfacts files under ${dataDir}/sec-companyfacts (set SEC_DATA_DIR)`);
  const jobs = database.driver === 'postgres' ? 2 : 1;
  const outcomes = await ingestPaths({
    database,
    tenantId: DEMO_TENANT_ID,
    files: [...companyfacts, ...filings],
    out: sink(),
    err: sink(log),
    showProgress: false,
    jobs,
  });
  const failed = outcomes.filter((o) => o.status === 'failed');
  if (failed.length)
    log(`  ${failed.length} file(s) failed to ingest: ${failed.map((f) => `${f.fileName} (${f.error?.code})`).join(', ')}`);
  // embedding row by row with a live HNSW index is several times slower: build it afterwards
  const indexes = await dropIndexes(database, 'chunks', ['hnsw']);
  const embedded = await indexChunks(database.db);
  await restoreIndexes(database, indexes);
  await database.query('analyze');
  log(`  real data: ${outcomes.filter((o) => o.status === 'ok').length} files, ${embedded} chunks embedded`);
}

export interface IndexDef {
  name: string;
  def: string;
}

/** Anything that runs SQL: a Database or one of its connections. */
export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/** Drop the secondary indexes of a table (all but constraints), optionally only those using one of `methods`. */
export async function dropIndexes(database: Queryable, table: string, methods?: string[]): Promise<IndexDef[]> {
  const rows = await database.query<{ indexname: string; indexdef: string }>(
    `select i.indexname, i.indexdef from pg_indexes i
     where i.schemaname = 'public' and i.tablename = $1
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  const picked = rows.filter((r) => !methods || methods.some((m) => r.indexdef.toLowerCase().includes(`using ${m}`)));
  for (const r of picked) await database.query(`drop index if exists "${r.indexname}"`);
  return picked.map((r) => ({ name: r.indexname, def: r.indexdef }));
}

export async function restoreIndexes(database: Queryable, defs: IndexDef[]): Promise<void> {
  // a partitioned table's index reads `ON ONLY`: re-created that way it would cover no partition
  for (const d of defs) await database.query(d.def.replace(/ ON ONLY /, ' ON '));
}

function rmrf(p: string): void {
  fs.rmSync(p, { recursive: true, force: true });
}

/** The cached real-data PGlite folder, built when missing. */
export async function realPgliteCache(dataDir: string, opts: { fresh: boolean; log: (s: string) => void }): Promise<string> {
  const fp = fingerprint(dataDir);
  const dir = path.join(CACHE_ROOT, `real-pglite-${fp}`);
  if (opts.fresh) rmrf(dir);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  fs.mkdirSync(CACHE_ROOT, { recursive: true });
  for (const old of fs.readdirSync(CACHE_ROOT).filter((f) => f.startsWith('real-pglite-'))) rmrf(path.join(CACHE_ROOT, old));
  const building = `${dir}.building-${process.pid}`;
  opts.log(`building the real-data PGlite cache (once; about 2 minutes) in ${path.relative(process.cwd(), dir)}`);
  const t0 = performance.now();
  const database = await openDatabase({ dataDir: building });
  try {
    await migrate(database);
    await loadRealData(database, dataDir, opts.log);
    await database.query('checkpoint');
  } finally {
    await database.close();
  }
  fs.rmSync(path.join(building, 'ledgerline.lock'), { force: true });
  if (fs.existsSync(dir)) rmrf(building);
  else fs.renameSync(building, dir);
  opts.log(`  PGlite cache ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return dir;
}

export function copyDir(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (src) => path.basename(src) !== 'ledgerline.lock' });
}

function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`Refusing to create benchmark databases on a non-local PostgreSQL (${host}).`);
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Admin connection to the server (the database of `url`) for CREATE/DROP DATABASE. */
export class PgAdmin {
  private readonly pool: pg.Pool;
  constructor(readonly url: string) {
    assertLocal(url);
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
  }
  async query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(text, params)).rows;
  }
  async exists(name: string): Promise<boolean> {
    return (await this.query('select 1 from pg_database where datname = $1', [name])).length > 0;
  }
  async drop(name: string): Promise<void> {
    await this.query(`drop database if exists "${name}" with (force)`);
  }
  async create(name: string, template?: string): Promise<void> {
    await this.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The cached real-data template database on PostgreSQL, built when missing. */
export async function realPostgresTemplate(
  admin: PgAdmin,
  dataDir: string,
  opts: { fresh: boolean; log: (s: string) => void },
): Promise<string> {
  const name = `${PG_CACHE_PREFIX}${fingerprint(dataDir)}`;
  if (opts.fresh) await admin.drop(name);
  if (await admin.exists(name)) return name;
  for (const r of await admin.query<{ datname: string }>(`select datname from pg_database where datname like '${PG_CACHE_PREFIX}%'`))
    await admin.drop(r.datname);
  const building = `${name}_b${process.pid}`;
  opts.log(`building the real-data PostgreSQL template ${name} (once; about a minute)`);
  const t0 = performance.now();
  await admin.create(building);
  try {
    const database = await openDatabase({ url: withDatabase(admin.url, building) });
    try {
      await migrate(database);
      await loadRealData(database, dataDir, opts.log);
    } finally {
      await database.close();
    }
    await admin.query(`alter database "${building}" rename to "${name}"`);
  } catch (e) {
    await admin.drop(building);
    throw e;
  }
  opts.log(`  PostgreSQL template ready in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return name;
}

/** Remove every benchmark cache: the PGlite folders and the PostgreSQL templates (and leftover run databases). */
export async function cleanCaches(admin: PgAdmin | null, log: (s: string) => void): Promise<void> {
  rmrf(CACHE_ROOT);
  log(`removed ${path.relative(process.cwd(), CACHE_ROOT)}`);
  if (!admin) return;
  for (const r of await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like '${PG_CACHE_PREFIX}%' or datname like '${PG_RUN_PREFIX}%'`,
  )) {
    await admin.drop(r.datname);
    log(`dropped database ${r.datname}`);
  }
}

export function runDatabaseName(label: string): string {
  return `${PG_RUN_PREFIX}${process.pid}_${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`.slice(0, 60);
}

export function makeTmpDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ll-bench-${label}-`));
}
