/**
 * Bulk ingestion of an EDGAR companyfacts archive (`companyfacts.zip`: one CIK##########.json per
 * company). The zip is read entry by entry from the file (zip-read.ts: nothing unpacked to disk, one
 * company in memory per worker); each company goes through the same path as `ledgerline ingest`
 * (ingestBytes with the companyfacts handler: entity, calendar, source, facts, labels, audit and run
 * record in one transaction, so a company is all in or not at all), except that on PostgreSQL its
 * fact rows travel by COPY into session-temporary staging tables and are merged set-wise
 * (copy-inserter.ts). On PGlite — no COPY FROM STDIN through pg-copy-streams — the rows take the
 * batched `insert … select from jsonb_array_elements` of lib/facts/write-facts.ts.
 *
 * On PostgreSQL the merges check references set-wise instead of by row triggers when the role may
 * (copy-inserter.ts), and an initial load (`deferIndexes`) drops the secondary indexes the load does
 * not read and builds them once at the end (deferred-indexes.ts; the build time is part of the run's
 * time and rate).
 *
 * Resumable per CIK: `bulk_ingest_progress` names the entry (CRC-32, size) last ingested for each
 * CIK; a rerun skips those without inflating them and retries the failed ones. On PGlite the
 * statistics of the tables the per-company statements read are refreshed as they grow (doubling);
 * all of them once at the end, and the tenant's data version is bumped per company (ingestBytes), so caches see new
 * companies as they land.
 */
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Connection, Database } from '@/lib/db/client';
import type { FactRowInserter } from '@/lib/facts/write-facts';
import { refreshStatistics } from '@/lib/db/statistics';
import { bulkIngestProgress } from '@/lib/db/schema';
import { blankOutcome, ingestBytes, DEFAULT_MAX_BYTES, type IngestOutcome } from '../ingest-file';
import { ensureTenant } from '../entity';
import type { SideFiles } from '../types';
import { canSkipRowTriggers, copyInserter, createStaging, dropStaging } from './copy-inserter';
import { deferIndexes, pendingIndexes, rebuildIndexes } from './deferred-indexes';
import { openArchive, type ArchiveEntry } from './zip-read';

export interface BulkProgress {
  entries: number;
  done: number;
  skipped: number;
  failed: number;
  factsSeen: number;
  factsAdded: number;
  seconds: number;
  /** facts read per second of wall time, this run */
  factsPerSecond: number;
  rssMb: number;
  last: string | null;
}

export interface BulkIngestOptions {
  database: Database;
  archive: string;
  tenantId: string;
  /** parallel connections (PostgreSQL; default 2); PGlite always 1 */
  jobs?: number;
  actor?: string;
  sideFiles?: SideFiles;
  maxBytes?: number;
  /** stop after this many entries (tests, benches) */
  limit?: number;
  /**
   * PostgreSQL: an initial load into a database that is not answering questions — drop the secondary
   * indexes of facts/fact_sightings that the load does not read and build them once at the end.
   */
  deferIndexes?: boolean;
  /** lines about index rebuilds */
  log?: (line: string) => void;
  /** called after each company, and at the end */
  onProgress?: (p: BulkProgress) => void;
}

export interface BulkFailure {
  cik: string;
  entry: string;
  code: string;
  message: string;
}

export interface BulkSummary extends BulkProgress {
  archive: string;
  driver: Database['driver'];
  transport: 'copy' | 'insert';
  jobs: number;
  ingested: number;
  unchanged: number;
  peakRssMb: number;
  failures: BulkFailure[];
  /** indexes dropped for this load (deferIndexes) */
  deferredIndexes: string[];
  /** seconds spent rebuilding deferred indexes (included in `seconds`) */
  indexSeconds: number;
  /** merges checked references set-wise instead of by row triggers */
  setWiseChecks: boolean;
}

const CIK_IN_NAME = /CIK0*(\d{1,10})/i;

/** The progress key of an entry: its 10-digit CIK, else its name. */
export function entryKey(fileName: string): string {
  const m = CIK_IN_NAME.exec(path.basename(fileName));
  return m ? m[1]!.padStart(10, '0') : fileName;
}

const MB = 1024 * 1024;

export async function ingestArchive(o: BulkIngestOptions): Promise<BulkSummary> {
  const { database, tenantId } = o;
  const started = performance.now();
  const archiveName = path.basename(o.archive);
  const zip = await openArchive(o.archive);
  const jobs = database.driver === 'postgres' ? Math.max(1, o.jobs ?? 2) : 1;
  const total = o.limit !== undefined ? Math.min(o.limit, zip.entryCount) : zip.entryCount;
  const s: BulkSummary = {
    archive: o.archive,
    driver: database.driver,
    transport: 'insert',
    jobs,
    entries: total,
    done: 0,
    skipped: 0,
    failed: 0,
    ingested: 0,
    unchanged: 0,
    factsSeen: 0,
    factsAdded: 0,
    seconds: 0,
    factsPerSecond: 0,
    rssMb: 0,
    peakRssMb: Math.round(process.memoryUsage().rss / MB),
    last: null,
    failures: [],
    deferredIndexes: [],
    indexSeconds: 0,
    setWiseChecks: false,
  };
  const sampler = setInterval(() => {
    s.peakRssMb = Math.max(s.peakRssMb, Math.round(process.memoryUsage().rss / MB));
  }, 100);
  const report = () => {
    s.seconds = (performance.now() - started) / 1000;
    s.factsPerSecond = s.seconds > 0 ? Math.round(s.factsSeen / s.seconds) : 0;
    s.rssMb = Math.round(process.memoryUsage().rss / MB);
    s.peakRssMb = Math.max(s.peakRssMb, s.rssMb);
    o.onProgress?.({ ...s });
  };

  const rebuild = async () => {
    const r = await database.withConnection((conn) => rebuildIndexes(conn, o.log));
    s.indexSeconds += r.seconds;
  };
  try {
    await ensureTenant(database.db, tenantId);
    if (database.driver === 'postgres') {
      if (o.deferIndexes) s.deferredIndexes = await database.withConnection((conn) => deferIndexes(conn));
      // a deferred load killed earlier left indexes unbuilt: build them now unless this run defers too
      else if ((await database.withConnection((conn) => pendingIndexes(conn))).length) await rebuild();
    }
    const done = new Map<string, string>();
    for (const r of await database.db
      .select({ cik: bulkIngestProgress.cik, crc: bulkIngestProgress.entryCrc32, size: bulkIngestProgress.entrySize, status: bulkIngestProgress.status })
      .from(bulkIngestProgress)
      .where(eq(bulkIngestProgress.tenantId, tenantId))) {
      if (r.status !== 'failed') done.set(r.cik, `${r.crc}:${r.size}`);
    }

    // one shared cursor over the entries; workers take the next one in turn
    const it = zip.entries();
    let taken = 0;
    let cursor: Promise<unknown> = Promise.resolve();
    const next = (): Promise<ArchiveEntry | null> => {
      const p = cursor.then(async () => {
        if (taken >= total) return null;
        const r = await it.next();
        if (r.done) return null;
        taken++;
        return r.value;
      });
      cursor = p.catch(() => undefined);
      return p;
    };

    // statistics while the tables grow: after 2k, 4k, 8k … facts. PGlite only: it has no autovacuum.
    // PostgreSQL's autovacuum analyzes as they grow, and between two analyzes its planner scales the
    // row estimates with the tables' current size (an analyze of the growing tables cost ~3 s each
    // time under load, with one job waiting for it).
    let analyzeAt = database.driver === 'pglite' ? 2000 : Infinity;
    let analyzing: Promise<void> | null = null;

    const worker = async () =>
      database.withConnection(async (conn) => {
        let inserter = undefined as ReturnType<typeof copyInserter> | undefined;
        if (conn.copyFrom) {
          await createStaging(conn);
          const setWiseChecks = await canSkipRowTriggers(conn);
          s.setWiseChecks = setWiseChecks;
          inserter = copyInserter(conn, { setWiseChecks });
          s.transport = 'copy';
          // one commit per company and per progress row: without waiting for each WAL flush. A crash
          // loses at most the last few commits, in order (a progress row never outlives its company),
          // and the rerun redoes them: a company's source is then already stored or not at all.
          await conn.query('set synchronous_commit = off');
        }
        try {
          await work(conn, inserter);
        } finally {
          if (conn.copyFrom) {
            await conn.query('reset synchronous_commit').catch(() => undefined);
            await dropStaging(conn).catch(() => undefined);
          }
        }
      });

    const work = async (conn: Connection, inserter: FactRowInserter | undefined) => {
        for (let e = await next(); e; e = await next()) {
          const key = entryKey(e.fileName);
          const ident = `${e.crc32}:${e.uncompressedSize}`;
          s.last = e.fileName;
          if (done.get(key) === ident) {
            s.skipped++;
            s.done++;
            report();
            continue;
          }
          let outcome: IngestOutcome;
          const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
          if (e.uncompressedSize > maxBytes) {
            outcome = failedOutcome(e.fileName, 'payload_too_large:file', `entry is ${e.uncompressedSize.toLocaleString('en-US')} bytes; the limit is ${maxBytes.toLocaleString('en-US')}`);
          } else {
            let bytes: Buffer | null = null;
            try {
              bytes = await e.read();
            } catch (err) {
              outcome = failedOutcome(e.fileName, 'bad_request:archive_entry', `cannot inflate: ${(err as Error).message}`);
            }
            if (bytes) {
              outcome = await ingestBytes(bytes, path.basename(e.fileName), {
                db: conn.db,
                tenantId,
                actor: o.actor ?? 'cli',
                format: 'companyfacts',
                sideFiles: o.sideFiles,
                maxBytes,
                refreshStatistics: false,
                factInserter: inserter,
              });
            }
          }
          outcome = outcome!;
          if (outcome.status === 'failed') {
            s.failed++;
            s.failures.push({ cik: key, entry: e.fileName, code: outcome.error?.code ?? 'internal', message: outcome.error?.message ?? '' });
          } else {
            if (outcome.status === 'ok') s.ingested++;
            else s.unchanged++;
            s.factsSeen += outcome.factsSeen;
            s.factsAdded += outcome.factsAdded;
          }
          await recordProgress(conn.db, tenantId, archiveName, key, e, outcome);
          s.done++;
          report();
          if (s.factsAdded >= analyzeAt && !analyzing) {
            analyzeAt = s.factsAdded * 2;
            analyzing = analyzeGrowing(conn).finally(() => {
              analyzing = null;
            });
            await analyzing;
          }
        }
    };
    await Promise.all(Array.from({ length: jobs }, worker));
    if (database.driver === 'postgres' && (o.deferIndexes || (await database.withConnection((conn) => pendingIndexes(conn))).length)) await rebuild();
    await refreshStatistics(database.db);
  } finally {
    clearInterval(sampler);
    zip.close();
  }
  report();
  return s;
}

/** The tables the per-company statements read (entity, calendar, source, chains): their statistics as they grow. */
async function analyzeGrowing(conn: Connection): Promise<void> {
  await conn.query('analyze facts, fact_sightings, sources, entities, entity_aliases, fiscal_calendars, concept_labels');
}

function failedOutcome(fileName: string, code: string, message: string): IngestOutcome {
  return { ...blankOutcome(fileName, ''), format: 'companyfacts', error: { code, message } };
}

async function recordProgress(db: Database['db'], tenantId: string, archive: string, cik: string, e: ArchiveEntry, o: IngestOutcome): Promise<void> {
  const row = {
    tenantId,
    cik,
    archive,
    entryName: e.fileName,
    entryCrc32: e.crc32,
    entrySize: e.uncompressedSize,
    status: o.status,
    sourceId: o.sourceId,
    factsSeen: o.factsSeen,
    factsAdded: o.factsAdded,
    errorCode: o.error?.code ?? null,
    errorMessage: o.error?.message?.slice(0, 2000) ?? null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(bulkIngestProgress)
    .values(row)
    .onConflictDoUpdate({ target: [bulkIngestProgress.tenantId, bulkIngestProgress.cik], set: row });
}

/** Clears a tenant's progress (the next run reads every entry again; stored sources still make it idempotent). */
export async function resetProgress(db: Database['db'], tenantId: string): Promise<void> {
  await db.delete(bulkIngestProgress).where(and(eq(bulkIngestProgress.tenantId, tenantId)));
}

/** One progress line: entries, facts, facts/s, memory. */
export function progressLine(p: BulkProgress): string {
  const pct = p.entries ? Math.floor((100 * p.done) / p.entries) : 100;
  return `${p.done.toLocaleString('en-US')}/${p.entries.toLocaleString('en-US')} companies (${pct}%)  ${p.factsSeen.toLocaleString('en-US')} facts  ${p.factsPerSecond.toLocaleString('en-US')} facts/s  ${p.failed} failed  ${p.skipped} skipped  RSS ${p.rssMb} MB`;
}
