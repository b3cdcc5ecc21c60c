/**
 * npm run bench [-- --only a,b] [--skip a,b] [--scale small|full|universe] [--pg-url URL | --no-pg]
 *               [--fresh] [--clean] [--keep] [--readme | --readme-only] [--list] [--no-build]
 *
 * Runs the benchmark sections in scripts/bench/*.ts (each exports default `{ name, description, run(ctx) }`
 * returning rows), prints a table with p50/p95 and ratios, and writes bench-results/latest.json and
 * latest.md. PostgreSQL is benchmarked when --pg-url or DATABASE_URL names a local server: scratch
 * databases are created there and dropped at the end (--keep leaves them). `--scale small` (default)
 * uses the real data only; `--scale full` adds the ≥ 1M facts / ≥ 100k chunks scale-up; `--scale universe`
 * runs the bulk-ingested SEC-universe bench (scripts/bench/universe.ts, PostgreSQL) at 2,000 and 10,000 companies.
 * `--readme` rewrites the benchmark log's (bench-results/README.md) section between <!-- bench:start --> and <!-- bench:end --> from the
 * latest complete (no --only/--skip) small and full results (`--readme-only`: without running anything) —
 * only after a complete run — and, from any run with the http or hostile sections, the request-path block
 * after it (<!-- bench:request-path:start/end -->). `--fresh` rebuilds the real-data caches, `--clean` removes them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Database, Driver } from '@/lib/db/client';
import { openDatabase } from '@/lib/db/client';
import { secDataDir } from '@/lib/data-dir';
import {
  cleanCaches,
  copyDir,
  makeTmpDir,
  PgAdmin,
  realPgliteCache,
  realPostgresTemplate,
  runDatabaseName,
  withDatabase,
} from './bench/support/fixtures';
import {
  BENCH_LOG,
  driverComparisons,
  judge,
  printTable,
  readmeSection,
  readmeUniverseBlock,
  requestPathSection,
  updateReadme,
  updateReadmeUniverse,
  updateRequestPathReadme,
  writeResults,
  type RunResult,
} from './bench/support/report';
import type { BenchContext, BenchRow, BenchSection, Scale } from './bench/support/types';

const ORDER = [
  'ingest',
  'bulk',
  'lookup',
  'retrieval-quality',
  'retrieval',
  'planner',
  'answer',
  'quarantine',
  'scale',
  'universe',
  'universe-citus',
  'http',
  'hostile',
  'fair-share',
];

const argv = process.argv.slice(2);
const has = (f: string) => argv.includes(f);
const value = (f: string): string | undefined => {
  const i = argv.findIndex((a) => a === f || a.startsWith(`${f}=`));
  if (i < 0) return undefined;
  return argv[i]!.includes('=') ? argv[i]!.slice(argv[i]!.indexOf('=') + 1) : argv[i + 1];
};
const list = (f: string) =>
  (value(f) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const log = (s: string) => process.stderr.write(`${s}\n`);

/** A section as exported by a file: `name` defaults to the file name; `run` returns rows or a `{ summary, ok, rows? }` result. */
interface LoadedSection {
  name: string;
  description: string;
  scales?: Scale[];
  run(ctx: BenchContext): Promise<BenchRow[] | LegacyResult>;
}

/** Result shape of sections written against scripts/bench/types.ts (`{ summary: string[]; ok?: boolean }`). */
interface LegacyResult {
  summary: string[];
  ok?: boolean;
  rows?: BenchRow[];
  runs?: unknown[];
  [key: string]: unknown;
}

async function loadSections(): Promise<LoadedSection[]> {
  const dir = path.resolve('scripts', 'bench');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'));
  const sections: LoadedSection[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { default?: Partial<BenchSection> & { run?: unknown } };
    const s = mod.default;
    if (s && typeof s.run === 'function') {
      sections.push({
        name: s.name ?? f.replace(/\.ts$/, ''),
        description: s.description ?? '',
        scales: s.scales,
        run: s.run as LoadedSection['run'],
      });
    }
  }
  const rank = (n: string) => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
  return sections.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Rows for a section that returned `{ summary, ok }`: its own `rows`, else one row per ingestion-style run, else one summary row. */
function legacyRows(name: string, res: LegacyResult): BenchRow[] {
  if (Array.isArray(res.rows)) return res.rows;
  const ok = res.ok === false ? 'NOT OK' : 'ok';
  type Run = { driver?: string; jobs?: number; facts?: number; factsPerSecond?: number; seconds?: number; failed?: unknown[] };
  const runs = (Array.isArray(res.runs) ? res.runs : []) as Run[];
  if (runs.length && runs.every((r) => typeof r.factsPerSecond === 'number' && typeof r.driver === 'string')) {
    return runs.map((r) => ({
      section: name,
      case: `companyfacts, ${r.jobs ?? 1} job(s)`,
      driver: r.driver === 'postgres' ? 'postgres' : r.driver === 'pglite' ? 'pglite' : 'n/a',
      n: r.facts ?? 0,
      p50Ms: null,
      p95Ms: null,
      throughput: r.factsPerSecond ?? null,
      throughputUnit: 'facts/s',
      extra: { summary: `${r.seconds} s total${r.failed?.length ? `, ${r.failed.length} failed` : ''}`, run: r },
    }));
  }
  return [
    {
      section: name,
      case: 'summary',
      driver: 'n/a',
      n: 0,
      p50Ms: null,
      p95Ms: null,
      extra: { summary: `${ok}: ${res.summary.join(' | ')}`, result: res },
    },
  ];
}

function writeReadme(outDir: string): void {
  const runs = (['small', 'full', 'universe'] as const)
    .map((sc) => path.join(outDir, `latest-${sc}.json`))
    .filter((f) => fs.existsSync(f))
    .map((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as RunResult);
  updateReadme(BENCH_LOG, readmeSection(runs));
  console.log(`${path.relative(process.cwd(), BENCH_LOG)}: benchmark section updated`);
}

async function main(): Promise<number> {
  if (has('--readme-only')) {
    writeReadme(path.resolve('bench-results'));
    return 0;
  }
  const sections = await loadSections();
  if (has('--list')) {
    for (const s of sections) console.log(`${s.name.padEnd(20)} ${s.scales ? `[${s.scales.join(', ')}] ` : ''}${s.description}`);
    return 0;
  }
  const scale = (value('--scale') ?? 'small') as Scale;
  if (scale !== 'small' && scale !== 'full' && scale !== 'universe') {
    log('--scale must be small, full or universe');
    return 2;
  }
  const pgUrl = has('--no-pg') ? null : (value('--pg-url') ?? process.env.DATABASE_URL ?? null) || null;
  const dataDir = secDataDir();
  const keep = has('--keep');
  const fresh = has('--fresh');
  const admin = pgUrl ? new PgAdmin(pgUrl) : null;

  if (has('--clean')) {
    await cleanCaches(admin, log);
    await admin?.close();
    return 0;
  }

  const only = list('--only');
  const skip = list('--skip');
  const unknown = [...only, ...skip].filter((n) => !sections.some((s) => s.name === n));
  if (unknown.length) {
    log(`unknown section(s): ${unknown.join(', ')} (known: ${sections.map((s) => s.name).join(', ')})`);
    return 2;
  }
  // --scale universe runs the sections made for it (the universe bench), not the real-data ones again
  const atScale = (s: LoadedSection) => (scale === 'universe' ? !!s.scales?.includes('universe') : !s.scales || s.scales.includes(scale));
  const chosen = sections.filter((s) => (only.length ? only.includes(s.name) : atScale(s)) && !skip.includes(s.name));
  const deferred = sections.filter((s) => !only.length && !atScale(s)).map((s) => s.name);

  const cleanups: (() => Promise<void> | void)[] = [];
  const tmpDirs: string[] = [];
  const opened = new Map<Driver, Promise<Database>>();
  let pgliteCache: Promise<string> | null = null;
  let pgTemplate: Promise<string> | null = null;
  const cache = () => (pgliteCache ??= realPgliteCache(dataDir, { fresh, log }));
  const template = () => (pgTemplate ??= realPostgresTemplate(admin!, dataDir, { fresh, log }));

  const ctx: BenchContext = {
    args: argv,
    scale,
    pgUrl,
    dataDir,
    keep,
    log,
    tmpDir(label) {
      const d = makeTmpDir(label);
      tmpDirs.push(d);
      return d;
    },
    onCleanup(fn) {
      cleanups.push(fn);
    },
    async realPgliteCopy() {
      const from = await cache();
      const to = path.join(ctx.tmpDir('pglite'), 'data');
      copyDir(from, to);
      return to;
    },
    async scratchPostgres(label, fromTemplate = 'empty') {
      if (!admin) throw new Error('PostgreSQL is not configured (--pg-url or DATABASE_URL)');
      const name = runDatabaseName(label);
      await admin.drop(name);
      await admin.create(name, fromTemplate === 'real' ? await template() : undefined);
      const url = withDatabase(admin.url, name);
      const database = await openDatabase({ url });
      cleanups.push(async () => {
        await database.close().catch(() => undefined);
        if (keep) log(`kept database ${name}`);
        else await admin.drop(name);
      });
      return { database, url, name };
    },
    realDatabase(driver) {
      let p = opened.get(driver);
      if (!p) {
        p =
          driver === 'pglite'
            ? ctx.realPgliteCopy().then(async (dir) => {
                const d = await openDatabase({ dataDir: dir });
                cleanups.push(() => d.close().catch(() => undefined));
                return d;
              })
            : ctx.scratchPostgres('real', 'real').then((s) => s.database);
        opened.set(driver, p);
      }
      return p;
    },
  };

  const startedAt = new Date();
  const env: Record<string, unknown> = {
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadavgStart: os.loadavg(),
    dataDir,
  };
  if (admin) {
    const [v] = await admin.query<{ v: string; vec: string | null }>(
      "select current_setting('server_version') as v, (select default_version from pg_available_extensions where name = 'vector') as vec",
    );
    env.postgres = `${v?.v} (pgvector ${v?.vec})`;
  }
  log(
    `ledgerline bench: scale ${scale}, sections ${chosen.map((s) => s.name).join(', ')}; PostgreSQL ${admin ? 'on' : 'off (set --pg-url or DATABASE_URL)'}`,
  );
  if (deferred.length) log(`(not at this scale unless named with --only: ${deferred.join(', ')})`);

  const rows: BenchRow[] = [];
  const failures: { section: string; error: string }[] = [];
  const interrupted = () => {
    log('interrupted: cleaning up');
    void runCleanups().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  async function runCleanups() {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch (e) {
        log(`cleanup failed: ${(e as Error).message}`);
      }
    }
    for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
    await admin?.close().catch(() => undefined);
  }

  try {
    for (const s of chosen) {
      const t0 = performance.now();
      log(`\n== ${s.name}: ${s.description}`);
      try {
        // sections written against scripts/bench/types.ts read PostgreSQL from DATABASE_URL
        const savedUrl = process.env.DATABASE_URL;
        if (pgUrl) process.env.DATABASE_URL = pgUrl;
        else delete process.env.DATABASE_URL;
        let res: BenchRow[] | LegacyResult;
        try {
          res = await s.run(ctx);
        } finally {
          if (savedUrl === undefined) delete process.env.DATABASE_URL;
          else process.env.DATABASE_URL = savedUrl;
        }
        const got = Array.isArray(res) ? res : legacyRows(s.name, res);
        if (!Array.isArray(res)) for (const line of res.summary) log(`   ${line}`);
        judge(got);
        rows.push(...got);
        log(`   ${s.name} done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      } catch (e) {
        const err = e as Error;
        failures.push({ section: s.name, error: err.message });
        log(`   ${s.name} FAILED: ${err.stack ?? err.message}`);
      }
    }
  } finally {
    await runCleanups();
  }

  const finishedAt = new Date();
  env.loadavgEnd = os.loadavg();
  const comparisons = [
    ...driverComparisons(rows),
    ...rows.flatMap((r) => (Array.isArray(r.extra.comparisons) ? (r.extra.comparisons as RunResult['comparisons']) : [])),
  ];
  const result: RunResult = {
    scale,
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationS: (finishedAt.getTime() - startedAt.getTime()) / 1000,
    args: argv,
    env,
    rows,
    comparisons,
    failures,
  };
  console.log('');
  printTable(rows, comparisons, (l) => console.log(l));
  const outDir = path.resolve('bench-results');
  const { json, md } = writeResults(outDir, result, only.length === 0 && skip.length === 0);
  console.log(`\nresults: ${path.relative(process.cwd(), json)}, ${path.relative(process.cwd(), md)} (${result.durationS.toFixed(0)} s)`);
  if (has('--readme')) {
    // a universe run writes its own block only (the small and full tables stay as their runs left them);
    // the whole section only from a complete run (a partial one would drop what it did not run); the
    // request-path block (http, hostile) from any run that has them
    if (scale === 'universe') {
      updateReadmeUniverse(BENCH_LOG, readmeUniverseBlock(result));
      console.log(`${path.relative(process.cwd(), BENCH_LOG)}: universe block updated`);
    } else if (only.length === 0 && skip.length === 0) writeReadme(outDir);
    const block = requestPathSection(result);
    if (block) {
      updateRequestPathReadme(BENCH_LOG, block);
      console.log(`${path.relative(process.cwd(), BENCH_LOG)}: request-path block updated`);
    }
  }
  if (failures.length) console.log(`${failures.length} section(s) failed: ${failures.map((f) => f.section).join(', ')}`);
  return failures.length ? 1 : 0;
}

process.exitCode = await main();
