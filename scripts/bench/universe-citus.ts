/**
 * `npm run bench -- --scale universe --citus-url <coordinator URL>` (scripts/setup-citus.sh prints it): the
 * universe on a Citus cluster (a coordinator and two workers on this machine) beside single PostgreSQL. At each
 * size of `--universe-sizes`, a scratch database of the cluster gets the universe: the PostgreSQL universe of the
 * same run copied table by table when the universe section ran before (the same rows: support/copy-tables.ts),
 * else the synthetic companyfacts archive plus the seven real companies bulk-ingested through the coordinator
 * (746 facts/s measured: hours at 10,000 companies); `--citus-existing 2000=db,…` measures cluster databases
 * loaded before (`--keep`, `_copy-to-citus.ts`). Then typed lookups, end-to-end numeric questions and universe
 * screens, with the task count Citus plans for a single-company read, a two-company comparison and a screen
 * (`EXPLAIN`: one shard, two, every shard).
 * Targets at the largest size: numeric question p95 ≤ 30 ms (Task Count: 1), a one-measure screen p95 ≤ 200 ms,
 * a two-measure screen with a ratio p95 ≤ 300 ms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { answerQuestion } from '@/lib/answer/answer-question';
import { citusNodes, createClusterDatabase, dropClusterDatabase, joinClusterDatabase } from '@/lib/db/citus-cluster';
import { type Database, openDatabase } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { writeSyntheticArchive } from '@/lib/ingest/bulk/synthetic-archive';
import { ZipWriter } from '@/lib/ingest/bulk/zip-write';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { statusCounts } from './answer';
import { bulkRow } from './bulk';
import { argValue } from './support/args';
import { lookupCases } from './support/cases';
import { screenCases, screenRows } from './support/screens';
import { timeSequential } from './support/timing';
import type { BenchContext, BenchRow, BenchSection } from './support/types';
import { copyTables } from './support/copy-tables';
import { loadedUniverses, universeQuestions, UNIVERSE_TENANT } from './universe';

const base = { section: 'universe', driver: 'citus' } as const;

/** `EXPLAIN` of a statement on the coordinator: the task count Citus planned (its shards touched). */
async function taskCount(d: Database, text: string, params: unknown[]): Promise<{ tasks: number | null; plan: string[] }> {
  const rows = await d.query<{ 'QUERY PLAN': string }>(`explain ${text}`, params);
  const plan = rows.map((r) => r['QUERY PLAN']);
  const m = plan.map((l) => /Task Count: (\d+)/.exec(l)).find(Boolean);
  return { tasks: m ? Number(m[1]) : null, plan };
}

/** The synthetic archive and the real companies' companyfacts, zipped, for an ingestion through the coordinator. */
function writeArchives(archive: string, realZip: string, dataDir: string, companies: number, years: number): void {
  writeSyntheticArchive(archive, { companies, years, seed: 1, level: 1 });
  const realDir = path.join(dataDir, 'sec-companyfacts');
  const z = new ZipWriter(realZip);
  for (const f of fs.readdirSync(realDir).filter((x) => x.endsWith('.json'))) z.add(f, fs.readFileSync(path.join(realDir, f)));
  z.close();
}

/** The PostgreSQL universe of this run copied onto the cluster table by table (support/copy-tables.ts). */
async function copyRow(ctx: BenchContext, fromUrl: string, toUrl: string, tag: string): Promise<BenchRow> {
  ctx.log(`   ${tag}: copying the PostgreSQL universe of this run onto the cluster`);
  const c = await copyTables(fromUrl, toUrl, ctx.log);
  const facts = c.tables.find((t) => t.name === 'facts')?.rows ?? 0;
  return {
    ...base,
    case: `load: the PostgreSQL universe copied table by table (COPY through the coordinator), ${tag}`,
    n: c.rows,
    p50Ms: null,
    p95Ms: null,
    throughput: c.rows / c.seconds,
    throughputUnit: 'rows/s',
    extra: {
      tables: c.tables,
      summary: `${c.rows.toLocaleString('en-US')} rows (${facts.toLocaleString('en-US')} facts) in ${c.seconds.toFixed(0)} s, secondary indexes of facts, sightings, sources and entities rebuilt in ${c.indexSeconds.toFixed(0)} s (included)`,
    },
  };
}

/** `--citus-existing 2000=db_a,10000=db_b`: cluster databases loaded before (kept by `--keep` or `_copy-to-citus.ts`). */
function existingDatabases(ctx: BenchContext): Map<number, string> {
  const out = new Map<number, string>();
  for (const pair of (argValue(ctx, '--citus-existing') ?? '').split(',').filter(Boolean)) {
    const [n, name] = pair.split('=');
    if (!name || !/^[a-z_][a-z0-9_]*$/.test(name) || !Number.isInteger(Number(n))) throw new Error(`--citus-existing: bad entry ${pair}`);
    out.set(Number(n), name);
  }
  return out;
}

async function measureSize(ctx: BenchContext, url: string, companies: number, years: number, targets: boolean): Promise<BenchRow[]> {
  const tag = `${companies.toLocaleString('en-US')} companies, Citus (coordinator + 2 workers)`;
  const dir = ctx.tmpDir('universe-citus');
  const archive = path.join(dir, 'companyfacts.zip');
  const realZip = path.join(dir, 'real-companyfacts.zip');

  const admin = await openDatabase({ url });
  const cluster = await citusNodes(admin, url);
  await admin.close();
  const existing = existingDatabases(ctx).get(companies);
  const name = existing ?? `bench_universe_citus_${companies}`;
  if (!existing) {
    await dropClusterDatabase(cluster, name);
    await createClusterDatabase(cluster, name);
    await joinClusterDatabase(cluster, name);
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  const d = await openDatabase({ url: u.toString() });
  const rows: BenchRow[] = [];
  try {
    const fromPg = loadedUniverses.get(companies);
    if (existing) ctx.log(`   ${tag}: the cluster database ${name} as loaded before (--citus-existing)`);
    else if (fromPg) {
      await migrate(d);
      rows.push(await copyRow(ctx, fromPg, u.toString(), tag));
      // screen values of a universe loaded before them: built now (support/copy-tables.ts marked them stale)
      await migrate(d);
    } else {
      await migrate(d);
      writeArchives(archive, realZip, ctx.dataDir, companies, years);
      const bulk = await bulkRow(ctx, d, archive, { label: tag, jobs: 2, target: false, tenantId: UNIVERSE_TENANT });
      rows.push({ ...bulk.row, ...base, case: `bulk ingestion (COPY through the coordinator), ${tag}` });
      await bulkRow(ctx, d, realZip, { label: `real companies, ${tag}`, jobs: 2, target: false, tenantId: UNIVERSE_TENANT });
    }
    for (const t of ['facts', 'fact_sightings', 'sources', 'entities']) await d.query(`analyze ${t}`);
    const [size] = await d.query<{ facts: number }>(`select count(*)::int as facts from facts where tenant_id = $1`, [UNIVERSE_TENANT]);
    const summary = `${(size?.facts ?? 0).toLocaleString('en-US')} facts`;

    const cases = await lookupCases(d.db, UNIVERSE_TENANT, 500);
    await timeSequential(cases.slice(0, 100), (c) => lookupFact({ db: d.db, ...c }), 0);
    const warm = await timeSequential(cases, (c) => lookupFact({ db: d.db, ...c }), 0);
    rows.push(row(`lookup, ${tag} (warm)`, warm, { summary }));
    const qs = await universeQuestions(d, true, 200);
    const q = await timeSequential(qs, (question) =>
      answerQuestion({ db: d.db, tenantId: UNIVERSE_TENANT, userId: null, question, store: true, cache: false }),
    );
    const st = statusCounts(q.results.map((a) => a.status));
    rows.push(row(`numeric question, synthetic companies, ${tag}`, q, { statuses: st, summary }, targets ? 30 : undefined));
    rows.push(...(await screenRows(d, base, tag, await screenCases(d, UNIVERSE_TENANT), targets ? { one: 200, two: 300 } : undefined)));

    const [e1, e2] = [cases[0]?.entityId ?? '', cases[1]?.entityId ?? cases[0]?.entityId ?? ''];
    const byEntity = (ids: string[]) =>
      `select f.entity_id, f.fiscal_year, f.value from facts f where f.tenant_id = $1 and f.entity_id in (${ids.map((_, i) => `$${i + 2}`).join(', ')}) and f.metric_id = 'revenue' and f.fiscal_period = 'FY' and f.status = 'active'`;
    const plans: [string, string, unknown[]][] = [
      ['revenue series, one company', byEntity([e1]), [UNIVERSE_TENANT, e1]],
      ['revenue series, comparison of two companies', byEntity([e1, e2]), [UNIVERSE_TENANT, e1, e2]],
      [
        'screen: revenue FY2023, every company',
        `select f.entity_id, f.value from facts f where f.tenant_id = $1 and f.fiscal_year = 2023 and f.fiscal_period = 'FY' and f.metric_id = 'revenue' and f.status = 'active' and f.dims_key = ''`,
        [UNIVERSE_TENANT],
      ],
    ];
    for (const [label, text, params] of plans) {
      const p = await taskCount(d, text, params);
      rows.push({
        ...base,
        case: `task count, ${tag}: ${label}`,
        n: 1,
        p50Ms: null,
        p95Ms: null,
        extra: { tasks: p.tasks, summary: `Task Count: ${p.tasks}`, plan: p.plan },
      });
      ctx.log(`   ${label}: Task Count ${p.tasks}`);
    }
  } finally {
    await d.close();
    if (!ctx.args.includes('--keep') && !existing) await dropClusterDatabase(cluster, name);
  }
  return rows;
}

function row(
  label: string,
  t: { latencies: number[]; summary: { p50Ms: number; p95Ms: number; p99Ms: number }; opsPerS: number },
  extra: Record<string, unknown>,
  target?: number,
): BenchRow {
  return {
    ...base,
    case: label,
    n: t.latencies.length,
    p50Ms: t.summary.p50Ms,
    p95Ms: t.summary.p95Ms,
    p99Ms: t.summary.p99Ms,
    throughput: t.opsPerS,
    ...(target !== undefined ? { target: { metric: 'p95Ms', op: '<=' as const, value: target, met: null } } : {}),
    extra,
  };
}

const section: BenchSection = {
  name: 'universe-citus',
  description: 'the universe on a Citus cluster (--citus-url): bulk COPY, lookups, numeric questions, screens, task counts',
  scales: ['universe'],
  async run(ctx) {
    const url = argValue(ctx, '--citus-url') ?? null;
    if (!url) {
      ctx.log('   no --citus-url: the Citus driver is skipped (scripts/setup-citus.sh prints the coordinator URL)');
      return [];
    }
    const sizes = (argValue(ctx, '--universe-sizes') ?? '2000,10000')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .sort((a, b) => a - b);
    const years = Number(argValue(ctx, '--universe-years') ?? 10);
    const rows: BenchRow[] = [];
    for (const n of sizes) rows.push(...(await measureSize(ctx, url, n, years, n === sizes.at(-1))));
    return rows;
  },
};

export default section;
