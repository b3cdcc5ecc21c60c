/**
 * Ingest on a full disk fails fast with a typed error. The up-front check (lib/ingest/disk-space.ts) refuses
 * a nearly full disk; this covers the disk filling during the ingest: every write of the embedded database's
 * write-ahead log fails with ENOSPC (simulated below the WASM file system, in node:fs). PGlite then spun at
 * full CPU on the next statement for minutes; now the ingest ends at once in `unavailable:disk_full` and the
 * handle refuses every later statement the same way instead of reaching the stopped backend.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { isAppError } from '@/lib/errors';
import { ingestFile } from '@/lib/ingest/ingest-file';
import { typedBoundError } from '@/lib/server/bounded';

vi.mock('server-only', () => ({}));

const FIXTURE = path.join(__dirname, '../../lib/ingest/__fixtures__/CIK0000000042_ACME_companyfacts.json');

/** From now on every write to a file under `dirPart` fails with ENOSPC; returns the undo. */
function fillDisk(dirPart: string): () => void {
  const paths = new Map<number, string>();
  const saved = { openSync: fs.openSync, writeSync: fs.writeSync, writevSync: fs.writevSync };
  const full = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
  const f = fs as unknown as Record<string, (...a: unknown[]) => unknown>;
  // the file system's descriptors opened before are known by their /proc link
  const pathOf = (fd: number) =>
    paths.get(fd) ??
    (() => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })();
  f.openSync = (p: unknown, ...rest: unknown[]) => {
    const fd = (saved.openSync as (...a: unknown[]) => number)(p, ...rest);
    paths.set(fd, String(p));
    return fd;
  };
  for (const name of ['writeSync', 'writevSync'] as const)
    f[name] = (fd: unknown, ...rest: unknown[]) => {
      if (typeof fd === 'number' && pathOf(fd).includes(dirPart)) throw full();
      return (saved[name] as (...a: unknown[]) => unknown)(fd, ...rest);
    };
  return () => Object.assign(fs, saved);
}

describe('ingest on a full disk (embedded database)', () => {
  let database: Database | null = null;
  let undo = () => {};
  afterEach(() => undo());

  it('ends at once in a typed 503 disk_full, and the database refuses later work the same way instead of spinning', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-full-disk-'));
    database = await openDatabase({ dataDir: dir });
    await migrate(database);
    undo = fillDisk(path.join(dir, 'pg_wal'));
    const t0 = performance.now();
    const outcome = await ingestFile(FIXTURE, { db: database.db, tenantId: 'tenant-full-disk', actor: 'cli' }).catch((e: unknown) => e);
    const code = isAppError(outcome) ? outcome.code : (outcome as { error?: { code?: string } }).error?.code;
    expect(code).toBe('unavailable:disk_full');
    // the next request's statement: the same typed 503 (errorResponse's reading of drizzle's wrapper)
    const later = await database.db.execute(sql`select 1`).catch((e: unknown) => e);
    const typed = typedBoundError(later);
    expect(typed?.status).toBe(503);
    expect(typed?.toResponseBody().code).toBe('unavailable:disk_full');
    expect(typed?.toResponseBody().message).toMatch(/disk is full.*Free some space.*restart the server/);
    // no spinning: a typed answer, not minutes of CPU (generous for a loaded machine)
    expect(performance.now() - t0).toBeLessThan(30_000);
    undo();
  });
});
