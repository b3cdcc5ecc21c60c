/**
 * Ingestion speed: all seven SEC companyfacts files (~106k facts) into a fresh database, on the
 * embedded PGlite and — when DATABASE_URL is set — on PostgreSQL (a scratch database, dropped
 * afterwards), sequentially and with 2 files at a time. Reports facts/s, per-file p50/p95, peak
 * memory and memory after each file (it must not grow with the number of files).
 * Target: the whole set in under 10 s on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { ingestPaths } from '@/lib/ingest/ingest-paths';
import type { IngestOutcome } from '@/lib/ingest/ingest-file';
import { percentile, type BenchResult, type BenchSection } from './types';

const TARGET_PG_SECONDS = 10;

/** A full GC before reading the heap, so "after each file" shows what is retained, not garbage. */
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

interface Run {
  driver: string;
  jobs: number;
  seconds: number;
  facts: number;
  factsPerSecond: number;
  perFile: { file: string; facts: number; seconds: number; factsPerSecond: number; rssMbAfter: number; heapMbAfter: number }[];
  p50FileFactsPerSecond: number;
  p95FileFactsPerSecond: number;
  peakRssMb: number;
  failed: string[];
}

async function scratchPostgres(url: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error(`refusing to create a scratch database on non-local ${host}`);
  const admin = await openDatabase({ url });
  const name = `ll_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ url: u.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

async function measure(label: string, database: Database, files: string[], jobs: number, log: (l: string) => void): Promise<Run> {
  await migrate(database);
  const sink = { write: () => true } as unknown as NodeJS.WritableStream;
  const perFile: Run['perFile'] = [];
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let outcomes: IngestOutcome[];
  try {
    outcomes = await ingestPaths({
      database,
      tenantId: 'bench',
      files,
      jobs,
      out: {
        write: (line: string) => {
          if (!/^(ok|unchanged|failed)\s/.test(line)) return true;
          log(`${label}: ${line.trim()}`);
          peakRss = Math.max(peakRss, process.memoryUsage().rss);
          if (label === 'pglite') gc(); // memory check on the embedded run; the PostgreSQL runs are timed without
          const mem = process.memoryUsage();
          peakRss = Math.max(peakRss, mem.rss);
          perFile.push({
            file: line.trim().split(/\s+/)[1] ?? '',
            facts: 0,
            seconds: 0,
            factsPerSecond: 0,
            rssMbAfter: Math.round(mem.rss / MB),
            heapMbAfter: Math.round(mem.heapUsed / MB),
          });
          return true;
        },
      } as unknown as NodeJS.WritableStream,
      err: sink,
      showProgress: false,
    });
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  for (const o of outcomes) {
    const row = perFile.find((p) => p.file === o.fileName);
    if (row)
      Object.assign(row, {
        facts: o.factsSeen,
        seconds: o.durationMs / 1000,
        factsPerSecond: Math.round(o.factsSeen / Math.max(o.durationMs / 1000, 1e-3)),
      });
  }
  const facts = outcomes.reduce((n, o) => n + o.factsSeen, 0);
  const rates = perFile.map((p) => p.factsPerSecond);
  const run: Run = {
    driver: label,
    jobs,
    seconds: Math.round(seconds * 100) / 100,
    facts,
    factsPerSecond: Math.round(facts / seconds),
    perFile,
    p50FileFactsPerSecond: percentile(rates, 50),
    p95FileFactsPerSecond: percentile(rates, 95),
    peakRssMb: Math.round(peakRss / MB),
    failed: outcomes.filter((o) => o.status !== 'ok').map((o) => `${o.fileName}: ${o.status} ${o.error?.code ?? ''}`),
  };
  log(
    `${label} jobs=${jobs}: ${facts.toLocaleString('en-US')} facts in ${run.seconds} s = ${run.factsPerSecond.toLocaleString('en-US')} facts/s; per file p50 ${run.p50FileFactsPerSecond} p95 ${run.p95FileFactsPerSecond} facts/s; rss after each file ${perFile.map((p) => p.rssMbAfter).join(' ')} MB; JS heap after each file${label === 'pglite' ? ' (after GC)' : ''} ${perFile.map((p) => p.heapMbAfter).join(' ')} MB`,
  );
  return run;
}

const section: BenchSection = {
  description: 'companyfacts ingestion (seven files, ~106k facts) on PGlite and PostgreSQL',
  async run({ log }): Promise<BenchResult> {
    const dir = path.join(secDataDir(), 'sec-companyfacts');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => path.join(dir, f));
    if (files.length === 0) return { summary: [`no companyfacts files in ${dir}; set SEC_DATA_DIR`], ok: false };
    const runs: Run[] = [];
    // the embedded database in a temporary folder on disk, as the CLI uses it
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-bench-pglite-'));
    const pglite = await openDatabase({ dataDir });
    try {
      runs.push(await measure('pglite', pglite, files, 1, log));
    } finally {
      await pglite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const url = process.env.DATABASE_URL;
    if (url) {
      for (const jobs of [1, 2]) {
        const pg = await scratchPostgres(url);
        try {
          runs.push(await measure('postgres', pg.database, files, jobs, log));
        } finally {
          await pg.drop();
        }
      }
    } else {
      log('DATABASE_URL not set: PostgreSQL skipped');
    }
    const best = runs.filter((r) => r.driver === 'postgres').sort((a, b) => a.seconds - b.seconds)[0];
    const pgl = runs.find((r) => r.driver === 'pglite')!;
    const summary = runs.map(
      (r) =>
        `${r.driver.padEnd(8)} jobs=${r.jobs}  ${r.seconds.toFixed(1).padStart(5)} s  ${r.factsPerSecond.toLocaleString('en-US').padStart(7)} facts/s  p50/p95 per file ${r.p50FileFactsPerSecond}/${r.p95FileFactsPerSecond}  peak RSS ${r.peakRssMb} MB${r.failed.length ? `  FAILED: ${r.failed.join('; ')}` : ''}`,
    );
    if (best) {
      summary.push(
        `postgres/pglite speed ratio ${(pgl.seconds / best.seconds).toFixed(2)}; target < ${TARGET_PG_SECONDS} s on PostgreSQL: ${best.seconds < TARGET_PG_SECONDS ? 'met' : 'MISSED'} (${best.seconds} s)`,
      );
    }
    const rssGrowth = pgl.perFile.length > 1 ? pgl.perFile.at(-1)!.heapMbAfter - pgl.perFile[0]!.heapMbAfter : 0;
    summary.push(
      `JS heap after a full GC, first → last file (pglite): ${pgl.perFile[0]?.heapMbAfter ?? '?'} → ${pgl.perFile.at(-1)?.heapMbAfter ?? '?'} MB (${rssGrowth >= 0 ? '+' : ''}${rssGrowth} MB)`,
    );
    return { summary, runs, ok: runs.every((r) => r.failed.length === 0) && (!best || best.seconds < TARGET_PG_SECONDS) };
  },
};

export default section;
