import fs from 'node:fs';
import path from 'node:path';
import { readEnv, type Env } from '@/lib/env';
import { ingestError } from './errors';

const MB = 1024 * 1024;

/** The nearest existing directory at or above `dir`. */
function existing(dir: string): string {
  let cur = path.resolve(dir);
  while (!fs.existsSync(cur)) {
    const up = path.dirname(cur);
    if (up === cur) break;
    cur = up;
  }
  return cur;
}

/** Bytes free for this process on the file system holding `dir`. */
export function freeBytes(dir: string): number {
  const st = fs.statfsSync(existing(dir));
  return st.bavail * st.bsize;
}

/**
 * Ingestion refuses to start on a (nearly) full disk: the embedded database needs room for the rows, their
 * indexes and its write-ahead log — a reserve (LEDGERLINE_MIN_FREE_MB) plus four times the file — and PGlite
 * meeting a full disk half-way spun at full CPU for minutes without a word. A typed 503
 * `unavailable:disk_full` naming the free and the needed space, before anything is written. PostgreSQL's own
 * disk is the server's: its refusal (SQLSTATE 53100) is typed the same way (lib/ingest/ingest-file.ts).
 */
export function checkDiskSpace(fileName: string, fileBytes: number, env: Env = readEnv(), free: (dir: string) => number = freeBytes): void {
  if (env.DATABASE_URL) return;
  const dir = path.resolve(env.LEDGERLINE_DATA_DIR);
  const available = free(dir);
  const needed = env.LEDGERLINE_MIN_FREE_MB * MB + 4 * fileBytes;
  if (available >= needed) return;
  throw ingestError(
    'unavailable:disk_full',
    fileName,
    `the disk holding the database (${dir}) has ${Math.floor(available / MB)} MB free; ingesting this file needs at least ` +
      `${Math.ceil(needed / MB)} MB (LEDGERLINE_MIN_FREE_MB plus four times the file). Free some space and try again.`,
  );
}
