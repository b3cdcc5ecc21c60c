/**
 * Bulk ingestion of an EDGAR companyfacts archive (`companyfacts.zip`: one CIK##########.json per
 * company). The zip is read entry by entry from the file (zip-read.ts: nothing unpacked to disk).
 * Each job parses its next company and, when the company is well-formed companyfacts, plans every row
 * the per-file ingest would write for it as a new company (company-plan.ts); plans gather into a
 * batch of ~40,000 fact entries that is written in one transaction, set-wise (batch-writer.ts:
 * COPY straight into facts and fact_sightings on PostgreSQL). Companies that turn out not to be new,
 * and every company of a batch that fails, go through the same path as `ledgerline ingest`
 * (ingestBytes with the companyfacts handler, one transaction per company; on PostgreSQL its fact
 * rows travel by COPY into session-temporary staging tables and are merged set-wise,
 * copy-inserter.ts) — so a company is all in or not at all, and both paths store the same rows.
 *
 * On PostgreSQL the writes check references set-wise instead of by row triggers when the role may,
 * and an initial load (`deferIndexes`) drops the secondary indexes the load does not read and builds
 * them once at the end (deferred-indexes.ts; the build time is part of the run's time and rate).
 *
 * Resumable per CIK: `bulk_ingest_progress` names the entry (CRC-32, size) last ingested for each
 * CIK (written in the transaction that stores the company); a rerun skips those without inflating
 * them and retries the failed ones. On PGlite the statistics of the tables the per-company statements
 * read are refreshed as they grow (doubling); all of them once at the end, and the tenant's data
 * version is bumped after each batch or company, so caches see new companies as they land.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Connection, Database } from '@/lib/db/client';
import type { FactRowInserter } from '@/lib/facts/write-facts';
import { refreshStatistics } from '@/lib/db/statistics';
import { bulkIngestProgress } from '@/lib/db/schema';
import { bumpDataVersion } from '@/lib/db/data-version';
import { blankOutcome, ensureReferenceData, ingestBytes, DEFAULT_MAX_BYTES, type IngestOutcome } from '../ingest-file';
import { noSideFiles } from '../side-files';
import { ensureTenant } from '../entity';
import type { SideFiles } from '../types';
import { classifyBatch, CompanyBatch, encodeForCopy, writeBatch, type BatchItem } from './batch-writer';
import type { CompanyPlan } from './company-plan';
import { INLINE, planEntry, PlanPool } from './plan-pool';
import { canSkipRowTriggers, copyInserter, CopyArena, createStaging, dropStaging } from './copy-inserter';
import { deferIndexes, DEFERRABLE_TABLES, pendingIndexes, rebuildIndexes, type AlongsideTask } from './deferred-indexes';
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
  /**
   * Fact entries per batch transaction (default DEFAULT_BATCH_FACTS): new companies are prepared in
   * memory and written many at a time (batch-writer.ts); 0 ingests every company on its own, as
   * `ledgerline ingest` does.
   */
  batchFacts?: number;
  /**
   * PostgreSQL: `default_statistics_target` of the closing ANALYZE (its sample is 300 rows per unit,
   * per table and partition; the most-common-value lists and histograms hold up to this many entries).
   * Default: the server's.
   */
  statisticsTarget?: number;
  /**
   * PostgreSQL: worker threads that plan and encode new companies ahead of the jobs (plan-pool.ts;
   * default DEFAULT_PLAN_THREADS); 0 plans on the main thread.
   */
  planThreads?: number;
  /** lines about index rebuilds and rolled-back batches */
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
  /** seconds from the end of the entries until the last deferred index was rebuilt (included in `seconds`) */
  indexSeconds: number;
  /**
   * seconds from the end of the entries until planner statistics were refreshed (included in
   * `seconds`; on PostgreSQL the ANALYZE runs beside the index rebuild, so the two overlap)
   */
  analyzeSeconds: number;
  /** merges checked references set-wise instead of by row triggers */
  setWiseChecks: boolean;
  /** batch transactions committed, companies written by them, and batches rolled back (their companies went one by one) */
  batches: number;
  batchedCompanies: number;
  batchFallbacks: number;
  /** companies planned on worker threads (the rest on the main thread) */
  plannedOnThreads: number;
  /** CPU seconds of this process (its planning threads included) during the run */
  processCpuSeconds: number;
  /** CPU seconds of the PostgreSQL backends of the workers (local server only; null when not measurable) */
  backendCpuSeconds: number | null;
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
    analyzeSeconds: 0,
    setWiseChecks: false,
    batches: 0,
    batchedCompanies: 0,
    batchFallbacks: 0,
    plannedOnThreads: 0,
    processCpuSeconds: 0,
    backendCpuSeconds: null,
  };
  const cpu0 = process.cpuUsage();
  const sampler = setInterval(() => {
    s.peakRssMb = Math.max(s.peakRssMb, Math.round(process.memoryUsage().rss / MB));
  }, 100);
  const report = () => {
    s.seconds = (performance.now() - started) / 1000;
    s.factsPerSecond = s.seconds > 0 ? Math.round(s.factsSeen / s.seconds) : 0;
    s.rssMb = Math.round(process.memoryUsage().rss / MB);
    s.peakRssMb = Math.max(s.peakRssMb, s.rssMb);
    const cpu = process.cpuUsage(cpu0);
    s.processCpuSeconds = (cpu.user + cpu.system) / 1e6;
    o.onProgress?.({ ...s });
  };

  /** `fn` on a connection of its own, its backend's CPU time counted (PostgreSQL on this host) */
  const onBackend = <T>(fn: (conn: Connection) => Promise<T>): Promise<T> =>
    database.withConnection(async (conn) => {
      const pid = conn.copyFrom ? await backendPidOf(conn) : null;
      const cpu0 = pid ? backendCpuSeconds(pid) : null;
      try {
        return await fn(conn);
      } finally {
        const cpu1 = pid ? backendCpuSeconds(pid) : null;
        if (cpu0 !== null && cpu1 !== null) s.backendCpuSeconds = (s.backendCpuSeconds ?? 0) + cpu1 - cpu0;
      }
    });

  /** `fn` on `n` connections of their own at once, their backends' CPU time counted */
  const onBackends = <T>(n: number, fn: (conns: Connection[]) => Promise<T>): Promise<T> => {
    const take = (conns: Connection[]): Promise<T> => (conns.length === n ? fn(conns) : onBackend((c) => take([...conns, c])));
    return take([]);
  };

  // one index build per job's connection at a time (each takes a SHARE lock: builds do not block each
  // other); at the end of a load, the closing ANALYZE of each table beside the builds of the others
  const rebuild = async (alongside: AlongsideTask[] = []) => {
    const r = await onBackends(jobs, ([conn, ...helpers]) => rebuildIndexes(conn!, o.log, helpers, alongside));
    s.indexSeconds += r.seconds;
    return r;
  };
  let pool: PlanPool | null = null;
  try {
    await ensureTenant(database.db, tenantId);
    if (database.driver === 'postgres') {
      if (o.deferIndexes) s.deferredIndexes = await database.withConnection((conn) => deferIndexes(conn));
      // a deferred load killed earlier left indexes unbuilt: build them now unless this run defers too
      else if ((await database.withConnection((conn) => pendingIndexes(conn))).length) await rebuild();
    }
    const done = new Map<string, string>();
    for (const r of await database.db
      .select({
        cik: bulkIngestProgress.cik,
        crc: bulkIngestProgress.entryCrc32,
        size: bulkIngestProgress.entrySize,
        status: bulkIngestProgress.status,
      })
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

    const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
    const actor = o.actor ?? 'cli';
    const batchFacts = o.batchFacts ?? DEFAULT_BATCH_FACTS;
    const sideFiles = o.sideFiles ?? noSideFiles;

    // PostgreSQL: new companies planned and encoded on worker threads, a few entries ahead of the jobs
    pool = database.driver === 'postgres' && batchFacts > 0 ? PlanPool.start(o.planThreads ?? DEFAULT_PLAN_THREADS, o.log) : null;
    const planOf = async (bytes: Buffer, fileName: string, key: string): Promise<CompanyPlan | null> => {
      if (batchFacts <= 0) return null;
      if (pool) {
        let submissions: ReturnType<typeof sideFiles.submissions> | typeof INLINE;
        try {
          submissions = sideFiles.submissions(key);
        } catch {
          submissions = INLINE;
        }
        if (submissions !== INLINE) {
          const r = await pool.plan(bytes, fileName, { tenantId, actor, cik: key, submissions });
          if (r !== INLINE) {
            s.plannedOnThreads++;
            return r;
          }
        }
      }
      return planEntry(bytes, fileName, { tenantId, actor, sideFiles });
    };
    /** An entry ready for a job: skipped (done before), failed before planning, or read and being planned. */
    type Prepared =
      | { kind: 'skip'; e: ArchiveEntry; key: string }
      | { kind: 'failed'; e: ArchiveEntry; key: string; outcome: IngestOutcome }
      | { kind: 'read'; e: ArchiveEntry; key: string; bytes: Buffer; plan: Promise<CompanyPlan | null> };
    const prepare = async (e: ArchiveEntry): Promise<Prepared> => {
      const key = entryKey(e.fileName);
      if (done.get(key) === `${e.crc32}:${e.uncompressedSize}`) return { kind: 'skip', e, key };
      if (e.uncompressedSize > maxBytes) {
        return {
          kind: 'failed',
          e,
          key,
          outcome: failedOutcome(
            e.fileName,
            'payload_too_large:file',
            `entry is ${e.uncompressedSize.toLocaleString('en-US')} bytes; the limit is ${maxBytes.toLocaleString('en-US')}`,
          ),
        };
      }
      let bytes: Buffer;
      try {
        bytes = await e.read();
      } catch (err) {
        return {
          kind: 'failed',
          e,
          key,
          outcome: failedOutcome(e.fileName, 'bad_request:archive_entry', `cannot inflate: ${(err as Error).message}`),
        };
      }
      const plan = planOf(bytes, e.fileName, key);
      // awaited by the job that takes the entry (a failure surfaces there, as it did inline)
      plan.catch(() => undefined);
      return { kind: 'read', e, key, bytes, plan };
    };
    // entries in archive order, LOOKAHEAD of them read and being planned before a job asks (memory:
    // that many companies' bytes and plans more than the jobs hold)
    const ahead: Promise<Prepared | null>[] = [];
    const pull = () => next().then((e) => (e ? prepare(e) : null));
    const take = (): Promise<Prepared | null> => {
      const depth = pool ? LOOKAHEAD : 0;
      while (ahead.length < depth) ahead.push(pull());
      const p = ahead.length ? ahead.shift()! : pull();
      if (depth) ahead.push(pull());
      return p;
    };

    const worker = async () =>
      onBackend(async (conn) => {
        let inserter = undefined as ReturnType<typeof copyInserter> | undefined;
        let setWiseChecks = false;
        if (conn.copyFrom) {
          await createStaging(conn);
          setWiseChecks = await canSkipRowTriggers(conn);
          s.setWiseChecks = setWiseChecks;
          inserter = copyInserter(conn, { setWiseChecks });
          s.transport = 'copy';
          // one commit per batch, company and progress row: without waiting for each WAL flush. A crash
          // loses at most the last few commits, in order (a progress row never outlives its company),
          // and the rerun redoes them: a company's source is then already stored or not at all.
          await conn.query('set synchronous_commit = off');
        }
        // the tenant and the metric ontology, up front on each connection: a later upsert of the metrics
        // would wait for the other job's batch, which holds them `for key share`
        await ensureReferenceData(conn.db, tenantId);
        try {
          await work(conn, inserter, setWiseChecks);
        } finally {
          if (conn.copyFrom) {
            await conn.query('reset synchronous_commit').catch(() => undefined);
            await dropStaging(conn).catch(() => undefined);
          }
        }
      });

    /** Tallies one company's outcome (progress row already written). */
    const finish = (key: string, e: Pick<ArchiveEntry, 'fileName'>, outcome: IngestOutcome) => {
      if (outcome.status === 'failed') {
        s.failed++;
        s.failures.push({ cik: key, entry: e.fileName, code: outcome.error?.code ?? 'internal', message: outcome.error?.message ?? '' });
      } else {
        if (outcome.status === 'ok') s.ingested++;
        else s.unchanged++;
        s.factsSeen += outcome.factsSeen;
        s.factsAdded += outcome.factsAdded;
      }
      s.last = e.fileName;
      s.done++;
      report();
    };

    /** One company through the per-file path (its own transaction), then its progress row. */
    const single = async (
      conn: Connection,
      inserter: FactRowInserter | undefined,
      key: string,
      e: Pick<ArchiveEntry, 'fileName' | 'crc32' | 'uncompressedSize'>,
      bytes: Buffer,
    ) => {
      const outcome = await ingestBytes(bytes, path.basename(e.fileName), {
        db: conn.db,
        tenantId,
        actor,
        format: 'companyfacts',
        sideFiles: o.sideFiles,
        maxBytes,
        refreshStatistics: false,
        factInserter: inserter,
      });
      await recordProgress(conn.db, tenantId, archiveName, key, e, outcome);
      finish(key, e, outcome);
    };

    const work = async (conn: Connection, inserter: FactRowInserter | undefined, setWiseChecks: boolean) => {
      const batch = new CompanyBatch();
      // PostgreSQL: the COPY text of the batch's companies, in reused Buffers (reset after each batch)
      let arena = new CopyArena();

      /** Writes the batch in one transaction; companies that are not new, or all of them after an error, go one by one. */
      const flush = async () => {
        const items = batch.take();
        if (!items.length) return;
        let written: BatchItem[] = [];
        let alone: BatchItem[] = items;
        try {
          await conn.db.transaction(async (tx) => {
            const { notNew } = await classifyBatch(tx, tenantId, items);
            const fresh = items.filter((i) => !notNew.has(i));
            await writeBatch(conn, tx, fresh, { tenantId, archive: archiveName, setWiseChecks });
            written = fresh;
            alone = items.filter((i) => notNew.has(i));
          });
          s.batches++;
        } catch (err) {
          written = [];
          alone = items;
          // a COPY that failed midway may still hold views of the arena in its socket's queue: a new one
          arena = new CopyArena();
          s.batchFallbacks++;
          o.log?.(`batch of ${items.length} companies rolled back (${(err as Error).message.slice(0, 200)}); ingesting them one by one`);
        }
        // every view of the arena was written (its COPY finished) or is no longer needed
        arena.reset();
        if (written.length) {
          // after the commit: caches of the tenant's entities and calendars rebuild on the next question
          await bumpDataVersion(conn.db, tenantId);
          s.batchedCompanies += written.length;
          for (const i of written) {
            finish(i.key, i.entry, {
              ...blankOutcome(i.plan.fileName, String(i.plan.run.id)),
              status: 'ok',
              format: 'companyfacts',
              sourceId: i.plan.sourceId,
              entityId: i.plan.entityId,
              factsSeen: i.plan.factsSeen,
              factsAdded: i.plan.factsAdded,
              sightingsAdded: i.plan.sightingsAdded,
              quarantined: i.plan.quarantined,
              notes: i.plan.notes,
            });
          }
        }
        for (const i of alone) await single(conn, inserter, i.key, i.entry, i.bytes);
        await maybeAnalyze(conn);
      };

      for (let p = await take(); p; p = await take()) {
        const { e, key } = p;
        if (p.kind === 'skip') {
          s.skipped++;
          s.done++;
          s.last = e.fileName;
          report();
          continue;
        }
        if (p.kind === 'failed') {
          await recordProgress(conn.db, tenantId, archiveName, key, e, p.outcome);
          finish(key, e, p.outcome);
          continue;
        }
        const { bytes } = p;
        const plan = await p.plan;
        if (!plan) {
          // not a new company's well-formed companyfacts (or batching is off): the per-file path, which also records any failure
          await flush();
          await single(conn, inserter, key, e, bytes);
          await maybeAnalyze(conn);
          continue;
        }
        if (batch.has(plan.cik)) await flush();
        // PostgreSQL: the rows as COPY text right away, into the arena the batch's flush resets (the
        // batch holds bytes while it fills)
        if (conn.copyFrom) encodeForCopy(plan, arena);
        batch.add({ plan, key, entry: e, bytes });
        if (batch.facts >= batchFacts || batch.items.length >= MAX_BATCH_COMPANIES) await flush();
      }
      await flush();
    };

    const maybeAnalyze = async (conn: Connection) => {
      if (s.factsAdded >= analyzeAt && !analyzing) {
        analyzeAt = s.factsAdded * 2;
        analyzing = analyzeGrowing(conn).finally(() => {
          analyzing = null;
        });
        await analyzing;
      }
    };
    // an initial load: autovacuum kept off facts and fact_sightings until the closing ANALYZE (see holdAutovacuumOff)
    const guard =
      database.driver === 'postgres' && o.deferIndexes && database.connections > jobs ? await holdAutovacuumOff(database, o.log) : null;
    try {
      await Promise.all(Array.from({ length: jobs }, worker));
    } finally {
      await guard?.release();
    }
    const analyzeStarted = performance.now();
    if (database.driver === 'postgres') {
      // the tables this load wrote, analyzed on the jobs' connections (counted in the backends' CPU)
      // beside the rebuild of the deferred indexes: a table's ANALYZE and its index builds lock each
      // other out, so facts is analyzed while fact_sightings' indexes are built and analyzed, then both
      // connections build facts' indexes (measured, 300 companies: 7.5 s one after the other → ~4 s)
      const target = o.statisticsTarget;
      const analyzeOn = async (c: Connection, tables: string[]) => {
        if (target === undefined) return analyzeEach(c, tables);
        await c.query(`set default_statistics_target = ${Math.max(1, Math.min(10000, Math.round(target)))}`);
        try {
          await analyzeEach(c, tables);
        } finally {
          await c.query('reset default_statistics_target').catch(() => undefined);
        }
      };
      const analyze = ANALYZED.map(
        (tables): AlongsideTask => ({ table: tables[0], label: `analyzed ${tables.join(', ')}`, run: (c) => analyzeOn(c, tables) }),
      );
      if (o.deferIndexes || (await database.withConnection((conn) => pendingIndexes(conn))).length)
        s.analyzeSeconds = (await rebuild(analyze)).alongsideSeconds;
      else {
        // no builds: the same tasks over the connections (rebuildIndexes with nothing pending runs just them)
        s.analyzeSeconds = (
          await onBackends(Math.min(jobs, ANALYZED.length), ([conn, ...helpers]) => rebuildIndexes(conn!, o.log, helpers, analyze))
        ).alongsideSeconds;
      }
    } else {
      await refreshStatistics(database.db);
      s.analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
    }
    o.log?.(`statistics refreshed in ${s.analyzeSeconds.toFixed(1)} s`);
  } finally {
    clearInterval(sampler);
    await pool?.close();
    zip.close();
  }
  report();
  return s;
}

/**
 * The tables a bulk load writes, analyzed at its end (PostgreSQL), in statements taken by the jobs'
 * connections as they come free, the longest first: facts and fact_sightings (nearly all the work:
 * each parent's sample, then each partition's) on different ones. Not the tables it never writes
 * (chunks, source tables and cells).
 */
const ANALYZED: [string, ...string[]][] = [
  ['facts'],
  ['fact_sightings'],
  ['sources', 'entities', 'entity_aliases', 'fiscal_calendars', 'concept_labels'],
];

/** Fact entries per batch transaction (one worker's batch; default). */
export const DEFAULT_BATCH_FACTS = 40_000;
/** Planning threads (PostgreSQL; default). */
export const DEFAULT_PLAN_THREADS = 1;
/** Entries read and being planned ahead of the jobs (with planning threads). */
const LOOKAHEAD = 4;
/** Companies per batch transaction at most (statement sizes of the per-company tables). */
const MAX_BATCH_COMPANIES = 400;

/**
 * An initial load (deferred indexes) keeps autovacuum off facts and fact_sightings while it writes:
 * one more connection holds SHARE UPDATE EXCLUSIVE on both (and so on every partition) in an open
 * transaction, which the load's writes (ROW EXCLUSIVE) do not conflict with and autovacuum's workers
 * skip (they never wait for a lock, anti-wraparound vacuums aside). Otherwise autovacuum analyzes and
 * vacuums each partition as it grows, on the same cores — measured, 300 companies: ~32 vacuums and
 * ~17 analyzes during a 7 s load, all redone or made moot by the closing ANALYZE — and at full scale
 * again every naptime. Best effort: when the lock is not granted within a second (a vacuum running),
 * the load goes on without it. Released before the index rebuild and the closing ANALYZE (which take
 * locks that conflict with it). Nothing of the load takes such a lock meanwhile.
 */
async function holdAutovacuumOff(database: Database, log?: (line: string) => void): Promise<{ release(): Promise<void> } | null> {
  let free!: () => void;
  const released = new Promise<void>((r) => (free = r));
  let held!: (ok: boolean) => void;
  const locked = new Promise<boolean>((r) => (held = r));
  const done = database
    .withConnection(async (conn) => {
      await conn.query('begin');
      try {
        await conn.query(`set local lock_timeout = '1s'`);
        await conn.query(`lock table ${DEFERRABLE_TABLES.join(', ')} in share update exclusive mode`);
      } catch (e) {
        await conn.query('rollback').catch(() => undefined);
        log?.(`autovacuum not held off (${(e as Error).message.slice(0, 120)})`);
        held(false);
        return;
      }
      held(true);
      await released;
      await conn.query('commit');
    })
    .catch((e) => {
      held(false);
      log?.(`autovacuum guard: ${(e as Error).message.slice(0, 120)}`);
    });
  if (!(await locked)) {
    await done;
    return null;
  }
  return {
    async release() {
      free();
      await done;
    },
  };
}

async function backendPidOf(conn: Connection): Promise<number | null> {
  const [r] = await conn.query<{ pid: number }>('select pg_backend_pid() as pid');
  return r ? Number(r.pid) : null;
}

/** CPU seconds (user + system) of a local PostgreSQL backend process, from /proc; null when not readable (remote server, other OS). */
export function backendCpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** The tables the per-company statements read (entity, calendar, source, chains): their statistics as they grow. */
async function analyzeGrowing(conn: Connection): Promise<void> {
  await analyzeEach(conn, ['facts', 'fact_sightings', 'sources', 'entities', 'entity_aliases', 'fiscal_calendars', 'concept_labels']);
}

/** One table per statement: Citus refuses one ANALYZE over a distributed and a reference table together. */
async function analyzeEach(conn: Connection, tables: string[]): Promise<void> {
  for (const t of tables) await conn.query(`analyze ${t}`);
}

function failedOutcome(fileName: string, code: string, message: string): IngestOutcome {
  return { ...blankOutcome(fileName, ''), format: 'companyfacts', error: { code, message } };
}

async function recordProgress(
  db: Database['db'],
  tenantId: string,
  archive: string,
  cik: string,
  e: Pick<ArchiveEntry, 'fileName' | 'crc32' | 'uncompressedSize'>,
  o: IngestOutcome,
): Promise<void> {
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
    updatedAt: new Date(),
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
