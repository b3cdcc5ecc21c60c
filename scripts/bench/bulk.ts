/**
 * Bulk ingestion of a synthetic EDGAR companyfacts.zip (lib/ingest/bulk): the archive is generated
 * (deterministic; --scale small 300 companies ≈ 275k fact entries, full 2,000 ≈ 1.8M), then ingested
 * into an empty scratch database — on PostgreSQL through COPY and staging with 1 and 2 jobs, and on
 * PGlite (batched insert) at a tenth of the size; on PostgreSQL also as an initial load (secondary
 * indexes deferred and rebuilt at the end, the rebuild included in the time). Reports facts read per second, peak RSS of the
 * process and its growth (memory must stay flat: one company in memory per job).
 * Target: ≥ 50k facts/s on PostgreSQL.
 */
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database, type Driver } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { ingestArchive, progressLine, type BulkSummary } from '@/lib/ingest/bulk/ingest-archive';
import { writeSyntheticArchive } from '@/lib/ingest/bulk/synthetic-archive';
import { noSideFiles } from '@/lib/ingest/side-files';
import { argValue } from './support/args';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

export const TARGET_FACTS_PER_S = 50_000;

/** Ingests `archive` into `database` and returns the bench row. */
export async function bulkRow(
  ctx: BenchContext,
  database: Database,
  archive: string,
  o: {
    label: string;
    jobs: number;
    target: boolean;
    tenantId?: string;
    deferIndexes?: boolean;
    statisticsTarget?: number;
    planThreads?: number;
  },
): Promise<{ row: BenchRow; summary: BulkSummary }> {
  const load = os.loadavg()[0]!;
  const rssStart = Math.round(process.memoryUsage().rss / 2 ** 20);
  let last = 0;
  const s = await ingestArchive({
    database,
    archive,
    tenantId: o.tenantId ?? 'bench-bulk',
    jobs: o.jobs,
    actor: 'bench',
    sideFiles: noSideFiles,
    deferIndexes: o.deferIndexes,
    statisticsTarget: o.statisticsTarget,
    planThreads: o.planThreads,
    log: (l) => ctx.log(`     ${l}`),
    onProgress: (p) => {
      if (performance.now() - last > 15_000) {
        last = performance.now();
        ctx.log(`     ${progressLine(p)}`);
      }
    },
  });
  const loadEnd = os.loadavg()[0]!;
  ctx.log(
    `   ${database.driver} ${o.label}: ${progressLine(s)}; ${s.seconds.toFixed(1)} s (index builds ${s.indexSeconds.toFixed(1)} s, statistics ${s.analyzeSeconds.toFixed(1)} s); peak RSS ${s.peakRssMb} MB; load average ${load.toFixed(1)} → ${loadEnd.toFixed(1)}; process CPU ${s.processCpuSeconds.toFixed(1)} s, backends ${s.backendCpuSeconds?.toFixed(1) ?? '–'} s`,
  );
  const procUs = s.factsSeen ? (s.processCpuSeconds * 1e6) / s.factsSeen : null;
  const backendUs = s.factsSeen && s.backendCpuSeconds !== null ? (s.backendCpuSeconds * 1e6) / s.factsSeen : null;
  const cpu = `CPU per fact entry: process ${procUs?.toFixed(1) ?? '–'} µs, backends ${backendUs?.toFixed(1) ?? '–'} µs (index rebuilds and the closing ANALYZE included)`;
  const mode = [
    s.batchedCompanies
      ? `${s.batchedCompanies.toLocaleString('en-US')} companies in ${s.batches} batch transaction(s)${s.batchFallbacks ? `, ${s.batchFallbacks} rolled back and redone per company` : ''}`
      : null,
    s.plannedOnThreads ? `${s.plannedOnThreads.toLocaleString('en-US')} planned on worker threads` : null,
    s.transport === 'copy' ? (s.batchedCompanies ? 'COPY straight into the tables' : 'COPY + staging') : 'batched insert',
    s.setWiseChecks ? 'set-wise reference checks' : null,
    o.deferIndexes ? `${s.deferredIndexes.length} secondary indexes deferred, rebuilt in ${s.indexSeconds.toFixed(1)} s (included)` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const row: BenchRow = {
    section: 'bulk',
    case: `bulk ingest, ${o.label}, ${s.jobs} job(s)${o.deferIndexes ? ', deferred indexes' : ''}`,
    driver: database.driver,
    n: s.factsSeen,
    p50Ms: null,
    p95Ms: null,
    throughput: s.factsPerSecond,
    throughputUnit: 'facts/s',
    ...(o.target ? { target: { metric: 'throughput', op: '>=' as const, value: TARGET_FACTS_PER_S, met: null } } : {}),
    extra: {
      seconds: Math.round(s.seconds * 10) / 10,
      companies: s.ingested,
      failed: s.failed,
      factsAdded: s.factsAdded,
      transport: s.transport,
      peakRssMb: s.peakRssMb,
      rssStartMb: rssStart,
      indexSeconds: Math.round(s.indexSeconds * 10) / 10,
      analyzeSeconds: Math.round(s.analyzeSeconds * 10) / 10,
      setWiseChecks: s.setWiseChecks,
      batches: s.batches,
      batchedCompanies: s.batchedCompanies,
      batchFallbacks: s.batchFallbacks,
      plannedOnThreads: s.plannedOnThreads,
      processCpuSeconds: Math.round(s.processCpuSeconds * 10) / 10,
      backendCpuSeconds: s.backendCpuSeconds === null ? null : Math.round(s.backendCpuSeconds * 10) / 10,
      processCpuUsPerFact: procUs === null ? null : Math.round(procUs * 10) / 10,
      backendCpuUsPerFact: backendUs === null ? null : Math.round(backendUs * 10) / 10,
      loadAverage: [Math.round(load * 10) / 10, Math.round(loadEnd * 10) / 10],
      summary: `${s.ingested.toLocaleString('en-US')} companies, ${s.factsAdded.toLocaleString('en-US')} facts stored in ${s.seconds.toFixed(1)} s (${mode}); ${cpu}; peak RSS ${s.peakRssMb} MB (start ${rssStart} MB); load average ${load.toFixed(1)} → ${loadEnd.toFixed(1)} on ${os.cpus().length} cores${s.failed ? `; ${s.failed} FAILED` : ''}`,
    },
  };
  return { row, summary: s };
}

async function emptyDatabase(ctx: BenchContext, driver: Driver): Promise<Database> {
  if (driver === 'postgres') {
    const { database } = await ctx.scratchPostgres('bulk', 'empty');
    await migrate(database);
    return database;
  }
  const d = await openDatabase({ dataDir: path.join(ctx.tmpDir('bulk-pglite'), 'data') });
  ctx.onCleanup(() => d.close().catch(() => undefined));
  await migrate(d);
  return d;
}

const section: BenchSection = {
  name: 'bulk',
  description:
    'bulk ingestion of a synthetic companyfacts.zip (small 300 / full 2,000 companies; --bulk-companies n, --bulk-initial-only, --bulk-plan-threads n): facts/s, CPU per fact, peak RSS',
  async run(ctx) {
    // `--bulk-companies <n>` sets the archive's size; `--bulk-initial-only` runs only the initial load
    // on PostgreSQL (deferred indexes, 2 jobs: the target's case), without the other runs and PGlite
    const asked = Number(argValue(ctx, '--bulk-companies') ?? NaN);
    const companies = Number.isInteger(asked) && asked > 0 ? asked : ctx.scale === 'small' ? 300 : 2000;
    const initialOnly = ctx.args.includes('--bulk-initial-only');
    // `--bulk-statistics-target <n>`: default_statistics_target of the PostgreSQL runs' closing ANALYZE
    const target = Number(argValue(ctx, '--bulk-statistics-target') ?? NaN);
    const statisticsTarget = Number.isInteger(target) ? target : undefined;
    // `--bulk-plan-threads <n>`: planning threads of the PostgreSQL runs (default: the loader's)
    const threads = Number(argValue(ctx, '--bulk-plan-threads') ?? NaN);
    const planThreads = Number.isInteger(threads) ? threads : undefined;
    const dir = ctx.tmpDir('bulk-archive');
    const rows: BenchRow[] = [];
    const t0 = performance.now();
    const pgArchive = path.join(dir, `companyfacts-${companies}.zip`);
    const made = writeSyntheticArchive(pgArchive, { companies, years: 10, seed: 1, level: 1 });
    ctx.log(
      `   synthetic archive: ${companies} companies, ${made.entries.toLocaleString('en-US')} fact entries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    if (ctx.pgUrl) {
      // indexes maintained row by row (a database answering questions), then an initial load
      const runs: { jobs: number; deferIndexes: boolean }[] = initialOnly
        ? [{ jobs: 2, deferIndexes: true }]
        : ctx.scale === 'small'
          ? [
              { jobs: 2, deferIndexes: false },
              { jobs: 2, deferIndexes: true },
            ]
          : [
              { jobs: 1, deferIndexes: false },
              { jobs: 2, deferIndexes: false },
              { jobs: 2, deferIndexes: true },
            ];
      for (const r of runs) {
        const database = await emptyDatabase(ctx, 'postgres');
        rows.push(
          (
            await bulkRow(ctx, database, pgArchive, {
              label: `${companies.toLocaleString('en-US')} companies`,
              ...r,
              statisticsTarget,
              planThreads,
              target: (ctx.scale !== 'small' || initialOnly) && r.deferIndexes,
            })
          ).row,
        );
      }
      if (initialOnly) return rows;
    } else ctx.log('   PostgreSQL not configured: PGlite only (the target is for PostgreSQL)');
    const small = Math.max(30, Math.round(companies / 10));
    const pgliteArchive = path.join(dir, `companyfacts-${small}.zip`);
    writeSyntheticArchive(pgliteArchive, { companies: small, years: 10, seed: 1, level: 1 });
    const pglite = await emptyDatabase(ctx, 'pglite');
    rows.push((await bulkRow(ctx, pglite, pgliteArchive, { label: `${small} companies`, jobs: 1, target: false })).row);
    return rows;
  },
};

export default section;
