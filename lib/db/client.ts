import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { stopOnFullLogDisk } from './pglite-full-disk';
import { ConfigError, readEnv } from '@/lib/env';
import * as schema from './schema';
import { markCitus } from './citus';
import { deadlineLogger } from './deadline';

export type Schema = typeof schema;
/** One drizzle type for both drivers: every query in lib/ is written against this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /** where the data lives: a directory, `memory`, or the redacted URL */
  location: string;
  /** how many statements can run at once: the pool's size on PostgreSQL, 1 on PGlite */
  connections: number;
  /** PostgreSQL: the database is a Citus coordinator (lib/db/citus.ts) */
  citus: boolean;
  /** raw SQL with positional parameters; rows as plain objects */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** run `fn` on one dedicated connection (session-level locks, SET commands) */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** PGlite only: the whole data directory as an uncompressed tarball (a template for OpenOptions.template) */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface Connection {
  db: Db;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * PostgreSQL only: `COPY … FROM STDIN` on this connection (inside its open transaction, if any),
   * streaming `data` (COPY text format) through pg-copy-streams. Absent on PGlite.
   */
  copyFrom?(copySql: string, data: Iterable<string | Buffer>): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used */
  url?: string;
  /** PGlite data directory, or `memory` for an in-memory database (tests) */
  dataDir?: string;
  /** an in-memory PGlite starts from this data directory snapshot (see Database.snapshot) instead of initdb */
  template?: Blob;
  /** PostgreSQL: the pool's size (default LEDGERLINE_DB_POOL_MAX, 10) */
  poolMax?: number;
}

export function migrationsFolder(): string {
  return path.resolve(process.cwd(), 'drizzle');
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable)';
  }
}

/** Open the configured database: PostgreSQL when a URL is given, PGlite otherwise. Fails fast with ConfigError. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolMax ?? readEnv().LEDGERLINE_DB_POOL_MAX);
  return openPglite(options.dataDir ?? readEnv().LEDGERLINE_DATA_DIR, options.template);
}

/** Database chosen by the environment (DATABASE_URL, else LEDGERLINE_DATA_DIR). */
export async function openFromEnv(): Promise<Database> {
  const env = readEnv();
  return openDatabase({ url: env.DATABASE_URL, dataDir: env.LEDGERLINE_DATA_DIR });
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const { drizzle } = await import('drizzle-orm/pglite');
  const memory = dataDir === 'memory';
  let dir = '';
  let releaseLock = () => {};
  if (!memory) {
    dir = path.resolve(dataDir);
    ensureWritableDir(dir);
    releaseLock = acquireDirLock(dir);
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client = memory
      ? await PGlite.create({ extensions: { vector }, ...(template ? { loadDataDir: template } : {}) })
      : await PGlite.create(dir, { extensions: { vector } });
  } catch (e) {
    releaseLock();
    throw new ConfigError(
      `Cannot open the embedded database in ${dir || 'memory'}: ${(e as Error).message}. ` +
        'If the folder holds a database from another version, move it away or set LEDGERLINE_DATA_DIR.',
    );
  }
  // a full disk under the write-ahead log stops the handle with a typed 503 instead of spinning (pglite-full-disk.ts)
  stopOnFullLogDisk(client);
  const db: Db = drizzle(client, { schema, logger: deadlineLogger });
  const query = async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  return {
    db,
    driver: 'pglite',
    location: memory ? 'memory' : dir,
    connections: 1,
    citus: false,
    query,
    withConnection: (fn) => fn({ db, query }),
    snapshot: () => client.dumpDataDir('none'),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

function ensureWritableDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (e) {
    throw new ConfigError(
      `LEDGERLINE_DATA_DIR=${dir} is not a writable folder (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}). ` +
        'Point LEDGERLINE_DATA_DIR at a folder this user can write, or set DATABASE_URL.',
    );
  }
}

/** One process at a time may open an embedded data directory; a second would corrupt it. */
function acquireDirLock(dir: string): () => void {
  const lockFile = path.join(dir, 'ledgerline.lock');
  const tryCreate = () => {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  };
  try {
    tryCreate();
  } catch {
    const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
      throw new ConfigError(
        `The embedded database in ${dir} is in use by process ${holder}. Stop it (for example the dev server) ` +
          'or use another LEDGERLINE_DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
      );
    }
    fs.rmSync(lockFile, { force: true });
    tryCreate();
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.rmSync(lockFile, { force: true });
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const where = redactUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: 5000 });
  pool.on('error', (e) => console.error('[db] idle client error:', e.message));
  let citus = false;
  // every connection of a coordinator's pool is marked too (lib/db/prepared.ts asks its statement's connection)
  const opened = new Set<object>();
  pool.on('connect', (client) => {
    if (citus) markCitus(client);
    else opened.add(client);
  });
  try {
    const client = await pool.connect();
    try {
      const ext = await client.query(
        "select exists(select 1 from pg_available_extensions where name = 'vector') as available, exists(select 1 from pg_extension where extname = 'citus') as citus",
      );
      citus = ext.rows[0]?.citus === true;
      if (!ext.rows[0]?.available) {
        throw new ConfigError(
          `PostgreSQL at ${where} has no pgvector extension available. Install it (scripts/setup-postgres.sh builds it) and retry.`,
        );
      }
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end().catch(() => undefined);
    if (e instanceof ConfigError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new ConfigError(`Cannot reach DATABASE_URL ${where}: ${err.code ?? ''} ${err.message}`.replace(/\s+/g, ' '));
  }
  const db: Db = drizzle(pool, { schema, logger: deadlineLogger });
  if (citus) for (const h of [db, pool, ...opened]) markCitus(h);
  opened.clear();
  return {
    db,
    driver: 'postgres',
    location: where,
    connections: poolMax,
    citus,
    async query<T>(text: string, params: unknown[] = []) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        const conn: Db = drizzle(client, { schema, logger: deadlineLogger });
        if (citus) markCitus(conn);
        return await fn({
          db: conn,
          query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
          async copyFrom(copySql, data) {
            const { from } = await import('pg-copy-streams');
            const { Readable } = await import('node:stream');
            const { pipeline } = await import('node:stream/promises');
            await pipeline(Readable.from(data), client.query(from(copySql)));
          },
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** The rows of a `db.execute(sql…)` result on either driver (both return `{ rows }`), typed by the caller's query. */
export function rowsOf<T>(result: unknown): T[] {
  if (result && typeof result === 'object' && 'rows' in result && Array.isArray(result.rows)) return result.rows as T[];
  throw new Error('rowsOf: the result has no rows (not a db.execute result)');
}

/** One array parameter (a PostgreSQL array literal, every element quoted): the statement stays the same whatever the list's length. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
