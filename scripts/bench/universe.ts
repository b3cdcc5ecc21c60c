/**
 * `npm run bench -- --scale universe --pg-url …` (PostgreSQL): the SEC universe path end to end at
 * 2,000 and 10,000 synthetic companies (`--universe-sizes 2000,10000`, `--universe-years 10`), every
 * target case (below) at each size, and the growth from the smallest size to the largest as ratios:
 *   1. a synthetic companyfacts.zip (lib/ingest/bulk/synthetic-archive.ts) plus the seven real
 *      companyfacts files, zipped the same way, bulk-ingested into one tenant of a scratch copy of
 *      the real-data database (so the real companies answer against the same large catalog);
 *      facts/s, process and backend CPU per fact, peak RSS;
 *   2. passages: real 10-K/10-Q passages re-attributed to the synthetic companies
 *      (`--universe-chunk-companies`, default all) × 5 years × `--universe-chunks-per-year` (default
 *      20), embedded locally — 1M passages at 10,000 companies;
 *   3. typed lookups (cold, then warm), bucketed hybrid retrieval, whole-tenant hybrid retrieval, and
 *      end-to-end numeric questions (planner, calculation, manifest stored) for synthetic and real
 *      companies;
 *   4. `EXPLAIN (ANALYZE, BUFFERS)` of the hot statements (the five slowest shown) and the shard key:
 *      the partitions a single-company lookup, a comparison and a whole-tenant question scan;
 *   5. `POST /api/answers` with 50 concurrent clients through `next start` on the same database
 *      (`--no-universe-http` skips it; `--no-build` uses .next as it is).
 * Targets are attached to the largest size: numeric question p95 ≤ 25 ms, lookup p95 ≤
 * 5 ms, bucketed retrieval p95 ≤ 20 ms, whole-tenant retrieval p95 ≤ 150 ms, bulk ingestion ≥ 50k
 * facts/s, 50 clients with 0 errors and p99 ≤ 500 ms. `--readme` writes the run into the benchmark log's
 * universe block only (the rest of the benchmark section is left as it is).
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { writeSyntheticArchive, SYNTHETIC_CIK_BASE } from '@/lib/ingest/bulk/synthetic-archive';
import { ZipWriter } from '@/lib/ingest/bulk/zip-write';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { embedText, LOCAL_EMBEDDING_MODEL_ID, toPgVector } from '@/lib/retrieval/embed';
import { retrievePassages, type Bucket } from '@/lib/retrieval/hybrid-passages';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { statusCounts } from './answer';
import { bulkRow, TARGET_FACTS_PER_S } from './bulk';
import { signedInClients } from './http';
import { lookupCases } from './support/cases';
import { screenCases, screenRows } from './support/screens';
import { dropIndexes, restoreIndexes } from './support/fixtures';
import { coldBurst, keepAliveAgent, loadTest } from './support/load';
import { RATE_RULES } from '@/lib/http/rate-limit';
import { captureQueries, explainAnalyze, partitionReport, planLine, PARTITIONS, type PlanSummary, type Statement } from './support/plans';
import { BUILD_LOCK, ensureProductionBuild, holdLock, startServer } from './support/server';
import { seededRandom } from '@/lib/ids';
import { cycle, timeSequential } from './support/timing';
import { argValue } from './support/args';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

export const UNIVERSE_TENANT = 'bench-universe';
/**
 * The universes loaded on PostgreSQL in this run, by company count: the Citus driver copies one table by table
 * onto the cluster (the same rows, so the same answers) instead of ingesting the archive again through the
 * coordinator (746 facts/s measured there, hours at 10,000 companies).
 */
export const loadedUniverses = new Map<number, string>();
const TENANT = UNIVERSE_TENANT;
const SYNTH_CIK_MIN = String(SYNTHETIC_CIK_BASE).padStart(10, '0');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const TOPICS = [
  'supply chain disruption risks',
  'cybersecurity incidents',
  'foreign currency exchange rate risk',
  'competition and pricing pressure',
  'liquidity and capital resources',
  'legal proceedings',
  'interest rate risk',
  'share repurchase program',
  'goodwill impairment',
  'international operations and tariffs',
];

const QUESTIONS: ((name: string, y: number) => string)[] = [
  (n, y) => `What was ${n}'s revenue for FY${y}?`,
  (n, y) => `What was ${n}'s net income for FY${y}?`,
  (n, y) => `${n} operating margin FY${y}`,
  (n, y) => `${n} revenue growth FY${y} vs FY${y - 1}`,
  (n, y) => `What were ${n}'s total assets at the end of FY${y}?`,
];

/** Questions for `n` entities (synthetic or real), each with a fiscal year it has revenue for. */
export async function universeQuestions(d: Database, synthetic: boolean, n: number, tenantId = TENANT): Promise<string[]> {
  const rows = await d.query<{ name: string; years: number[] }>(
    `select e.name, array_agg(distinct f.fiscal_year order by f.fiscal_year) as years
       from entities e join facts f on f.entity_id = e.id
      where e.tenant_id = $1 and (e.cik >= $2) = $3 and f.metric_id = 'revenue' and f.fiscal_period = 'FY' and f.fiscal_year is not null and f.status = 'active'
        and e.id in (select id from entities where tenant_id = $1 and (cik >= $2) = $3 order by md5(id) limit $4)
      group by e.name`,
    [tenantId, SYNTH_CIK_MIN, synthetic, n],
  );
  const r = seededRandom(synthetic ? 11 : 12);
  const out: string[] = [];
  for (let i = 0; out.length < n && rows.length; i++) {
    const row = rows[i % rows.length]!;
    const years = row.years.filter((y) => row.years.includes(y - 1));
    if (!years.length) continue;
    const y = years[Math.floor(r() * years.length)]!;
    out.push(QUESTIONS[i % QUESTIONS.length]!(row.name, y));
  }
  return out;
}

async function addChunks(
  ctx: BenchContext,
  d: Database,
  companies: number,
  perYear: number,
): Promise<{ chunks: number; seconds: number; entities: string[] }> {
  const t0 = performance.now();
  const pool = await d.query<{ section: string | null; heading: string | null; text: string }>(
    `select c.section, c.heading, c.text from chunks c join sources s on s.id = c.source_id
      where c.tenant_id = $1 and s.kind = 'ixbrl' and length(c.text) between 200 and 2000 order by c.id`,
    [DEMO_TENANT_ID],
  );
  if (!pool.length) throw new Error('no real passages in the real-data database');
  const ents = await d.query<{ id: string; name: string; source_id: string }>(
    `select e.id, e.name, min(s.id) as source_id from entities e join sources s on s.entity_id = e.id
      where e.tenant_id = $1 and e.cik >= $2 group by e.id, e.name order by e.cik limit $3`,
    [TENANT, SYNTH_CIK_MIN, companies],
  );
  const idx = await dropIndexes(d, 'chunks');
  const realNames = /\b(Apple|NVIDIA|Nvidia|Alphabet|Google|Walmart|NIKE|Nike|Procter & Gamble|P&G|Wells Fargo)\b/g;
  let batch: unknown[][] = [];
  let n = 0;
  let done = 0;
  const flush = async () => {
    if (!batch.length) return;
    const col = (i: number) => batch.map((b) => b[i]);
    await d.query(
      `insert into chunks (id, tenant_id, entity_id, source_id, fiscal_year, section, heading, ordinal, text, embedding, embedding_model)
       select u.id, $1, u.entity, u.source, u.year, u.section, u.heading, u.ordinal, u.text, u.vec::vector, $2
       from unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::int[], $10::text[], $11::text[])
         as u(id, entity, source, year, section, heading, ordinal, text, vec)`,
      [TENANT, LOCAL_EMBEDDING_MODEL_ID, col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), col(8)],
    );
    n += batch.length;
    batch = [];
  };
  for (const e of ents) {
    for (let y = 2020; y <= 2024; y++) {
      for (let j = 0; j < perYear; j++) {
        const tpl = pool[parseInt(md5(`${e.id}:${y}:${j}`).slice(0, 8), 16) % pool.length]!;
        const text = tpl.text.replace(realNames, e.name).replace(/\b(fiscal( year)?|FY) ?20\d\d\b/g, (_m, w: string) => `${w} ${y}`);
        const heading = tpl.heading?.replace(realNames, e.name) ?? null;
        batch.push([
          md5(`${TENANT}:chunk:${e.id}:${y}:${j}`),
          e.id,
          e.source_id,
          y,
          tpl.section,
          heading,
          j,
          text,
          toPgVector(embedText(`${heading ?? ''} ${text}`)),
        ]);
        if (batch.length >= 1000) await flush();
      }
    }
    if (++done % 1000 === 0)
      ctx.log(
        `     passages: ${done.toLocaleString('en-US')} of ${ents.length.toLocaleString('en-US')} companies (${n.toLocaleString('en-US')} rows, ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
      );
  }
  await flush();
  ctx.log(`     passages inserted in ${((performance.now() - t0) / 1000).toFixed(0)} s; building the chunk indexes (HNSW, GIN, btree)`);
  // one connection: the memory setting applies to the session that builds the indexes
  await d.withConnection(async (c) => {
    await c.query(`set maintenance_work_mem = '1GB'`).catch(() => undefined);
    await restoreIndexes(c, idx);
  });
  await d.query('analyze chunks');
  const seconds = (performance.now() - t0) / 1000;
  ctx.log(
    `   passages: ${n.toLocaleString('en-US')} for ${ents.length.toLocaleString('en-US')} companies × 5 years × ${perYear}, embedded and indexed in ${seconds.toFixed(1)} s`,
  );
  return { chunks: n, seconds, entities: ents.map((e) => e.id) };
}

function latencyRow(
  base: Pick<BenchRow, 'section' | 'driver'>,
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

interface SizeOptions {
  /** `--universe-screens-only`: the load, lookups, numeric questions and screens; no passages, plans or HTTP load */
  screensOnly: boolean;
  years: number;
  chunkCompanies: number;
  chunksPerYear: number;
  targets: boolean;
  http: boolean;
}

async function measureSize(ctx: BenchContext, companies: number, o: SizeOptions): Promise<BenchRow[]> {
  const base = { section: 'universe', driver: 'postgres' } as const;
  const rows: BenchRow[] = [];
  const { targets } = o;
  const tag = `${companies.toLocaleString('en-US')} companies`;
  const dir = ctx.tmpDir('universe');
  const t0 = performance.now();
  const archive = path.join(dir, 'companyfacts.zip');
  const made = writeSyntheticArchive(archive, { companies, years: o.years, seed: 1, level: 1 });
  ctx.log(
    `   ${tag}: archive written (${made.entries.toLocaleString('en-US')} fact entries) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const realDir = path.join(ctx.dataDir, 'sec-companyfacts');
  const realFiles = fs
    .readdirSync(realDir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const realZip = path.join(dir, 'real-companyfacts.zip');
  const z = new ZipWriter(realZip);
  for (const f of realFiles) z.add(f, fs.readFileSync(path.join(realDir, f)));
  z.close();

  const { database: d, url } = await ctx.scratchPostgres(`universe${companies}`, 'real');
  // an initial load: the scratch database answers no question until the load is done
  const bulk = await bulkRow(ctx, d, archive, { label: tag, jobs: 2, target: targets, tenantId: TENANT, deferIndexes: true });
  rows.push({ ...bulk.row, section: 'universe' });
  await bulkRow(ctx, d, realZip, { label: `${realFiles.length} real companies`, jobs: 2, target: false, tenantId: TENANT });
  const totals = (
    await d.query<{ facts: number; entities: number }>(
      `select (select count(*) from facts where tenant_id = $1)::int as facts, (select count(*) from entities where tenant_id = $1)::int as entities`,
      [TENANT],
    )
  )[0]!;
  let size = `${totals.facts.toLocaleString('en-US')} facts, ${totals.entities.toLocaleString('en-US')} companies in the tenant`;
  ctx.log(`   ${tag}: ${size}`);
  // statistics of the partitioned parents too (autovacuum analyzes only the partitions)
  await d.query('vacuum analyze facts, fact_sightings');
  loadedUniverses.set(companies, url);

  // the floor under every statement: one round trip of the pool on this machine at this load
  const floor = await timeSequential(
    Array.from({ length: 300 }, (_, i) => i),
    () => d.db.execute(sql`select 1`),
  );
  rows.push(
    latencyRow(base, `round trip (select 1), ${tag}`, floor, {
      summary: 'one trivial statement through the pool: the floor of every latency below at this load',
    }),
  );

  const cases = await lookupCases(d.db, TENANT, 1000);
  const cold = await timeSequential(cases, (c) => lookupFact({ db: d.db, ...c }), 0);
  rows.push(latencyRow(base, `lookup, ${tag} (first pass, cold)`, cold, { summary: `${size}; pages not yet cached` }));
  const warm = await timeSequential(cases, (c) => lookupFact({ db: d.db, ...c }), 0);
  rows.push(
    latencyRow(
      base,
      `lookup, ${tag} (warm)`,
      warm,
      { statuses: statusCounts(warm.results.map((r) => r.status)), summary: size },
      targets ? 5 : undefined,
    ),
  );

  if (o.screensOnly) return [...rows, ...(await questionsAndScreens(d, { base, tag, size, targets })).rows];
  const ch = await addChunks(ctx, d, Math.min(o.chunkCompanies, companies), o.chunksPerYear);
  size = `${size}; ${ch.chunks.toLocaleString('en-US')} synthetic passages (${ch.entities.length.toLocaleString('en-US')} companies × 5 years × ${o.chunksPerYear}) + the real ones`;
  const r = seededRandom(99);
  const pick = () => ch.entities[Math.floor(r() * ch.entities.length)]!;
  const reqs: { buckets: Bucket[]; query: string }[] = Array.from({ length: 300 }, (_, i) => {
    const y = 2020 + Math.floor(r() * 5);
    const buckets: Bucket[] =
      i % 3 === 0
        ? [{ entityId: pick(), fiscalYear: y }]
        : i % 3 === 1
          ? [
              { entityId: pick(), fiscalYear: y },
              { entityId: pick(), fiscalYear: y },
            ]
          : [
              { entityId: pick(), fiscalYear: Math.max(2021, y) - 1 },
              { entityId: pick(), fiscalYear: Math.max(2021, y) },
            ];
    return { buckets, query: TOPICS[i % TOPICS.length]! };
  });
  const rt = await timeSequential(reqs, (q) =>
    retrievePassages({ db: d.db, tenantId: TENANT, buckets: q.buckets, query: q.query, k: 10, mode: 'hybrid' }),
  );
  rows.push(latencyRow(base, `bucketed hybrid retrieval, ${tag}`, rt, { chunks: ch.chunks, summary: size }, targets ? 20 : undefined));
  // questions across all companies ("which companies mention tariffs …"): every topic, ten times over
  const flat = await timeSequential(cycle(TOPICS, 100), (query) =>
    retrievePassages({ db: d.db, tenantId: TENANT, buckets: [], query, k: 10, mode: 'hybrid' }),
  );
  const empty = flat.results.filter((x) => x.passages.length === 0).length;
  rows.push(
    latencyRow(
      base,
      `whole-tenant hybrid retrieval, ${tag}`,
      flat,
      { chunks: ch.chunks, empty, summary: `${size}; ${empty} empty` },
      targets ? 150 : undefined,
    ),
  );

  const asked = await questionsAndScreens(d, { base, tag, size, targets });
  rows.push(...asked.rows);
  const qs = asked.questions;
  rows.push(...(await plans(ctx, d, url, { tag, cases, question: qs.synthetic[0]!, entities: ch.entities })));
  if (o.http) rows.push(await httpLoad(ctx, d, url, { tag, questions: [...qs.synthetic.slice(0, 60), ...qs.real.slice(0, 20)], targets }));
  return rows;
}

/** End-to-end numeric questions (synthetic and real companies) and the universe screens, on one loaded universe. */
async function questionsAndScreens(
  d: Database,
  o: { base: Pick<BenchRow, 'section' | 'driver'>; tag: string; size: string; targets: boolean },
): Promise<{ rows: BenchRow[]; questions: Record<'synthetic' | 'real', string[]> }> {
  const { base, tag, size, targets } = o;
  const rows: BenchRow[] = [];
  const qs: Record<'synthetic' | 'real', string[]> = {
    synthetic: await universeQuestions(d, true, 300),
    real: await universeQuestions(d, false, 100),
  };
  for (const kind of ['synthetic', 'real'] as const) {
    const t = await timeSequential(qs[kind], (question) =>
      answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: true, cache: false }),
    );
    const st = statusCounts(t.results.map((a) => a.status));
    rows.push(
      latencyRow(
        base,
        `numeric question, ${kind} companies, ${tag}`,
        t,
        {
          statuses: st,
          summary: `${size}; ${Object.entries(st)
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')}`,
        },
        targets ? 25 : undefined,
      ),
    );
  }

  rows.push(...(await screenRows(d, base, tag, await screenCases(d, TENANT), targets ? { one: 100, two: 300 } : undefined)));
  return { rows, questions: qs };
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the statements the hot paths send (typed lookup, bucketed and
 * whole-tenant full-text and dense ranks, the numeric question's reads), the five slowest as rows; then
 * the shard key: the partitions a single-company read, a two-company comparison and a whole-tenant
 * question scan.
 */
async function plans(
  ctx: BenchContext,
  d: Database,
  url: string,
  o: { tag: string; cases: Awaited<ReturnType<typeof lookupCases>>; question: string; entities: string[] },
): Promise<BenchRow[]> {
  const base = { section: 'universe', driver: 'postgres' } as const;
  const reads = (st: Statement[]) => st.filter((s) => /^\s*(select|with)\b/i.test(s.text));
  const one = (st: Statement[], re: RegExp, what: string) => {
    const s = reads(st).find((x) => re.test(x.text));
    if (!s) throw new Error(`plans: no ${what} statement captured`);
    return s;
  };
  const c0 = o.cases[0]!;
  const [e1, e2] = [o.entities[0]!, o.entities[1] ?? o.entities[0]!];
  const lookup = await captureQueries(url, (db) => lookupFact({ db, ...c0 }));
  const bucketed = await captureQueries(url, (db) =>
    retrievePassages({ db, tenantId: TENANT, buckets: [{ entityId: e1, fiscalYear: 2023 }], query: TOPICS[0]!, k: 10, mode: 'hybrid' }),
  );
  const whole = await captureQueries(url, (db) =>
    retrievePassages({ db, tenantId: TENANT, buckets: [], query: TOPICS[7]!, k: 10, mode: 'hybrid' }),
  );
  const answer = await captureQueries(url, (db) =>
    answerQuestion({ db, tenantId: TENANT, userId: null, question: o.question, store: false, cache: false }),
  );
  const lookupSql = one(lookup.statements, /from facts f\b/, 'typed lookup');
  const candidates: { label: string; s: Statement }[] = [
    { label: 'typed lookup (one entity, one metric, one period)', s: lookupSql },
    { label: 'bucketed full-text rank (one entity-year)', s: one(bucketed.statements, /websearch_to_tsquery/, 'bucketed fts') },
    { label: 'bucketed dense rank (one entity-year)', s: one(bucketed.statements, /<=>/, 'bucketed dense') },
    ...reads(whole.statements)
      .filter((s) => /websearch_to_tsquery|<=>/.test(s.text))
      .map((s, i) => ({ label: `whole-tenant rank ${i + 1} (${/<=>/.test(s.text) ? 'HNSW' : 'GIN'}): “${TOPICS[7]}”`, s })),
    ...reads(answer.statements).map((s, i) => ({
      label: `numeric question, statement ${i + 1}: ${s.text.replace(/\s+/g, ' ').slice(0, 60)}…`,
      s,
    })),
  ];
  const planned: PlanSummary[] = [];
  for (const c of candidates) planned.push(await explainAnalyze(d, c.label, c.s));
  const hottest = [...planned].sort((a, b) => b.executionMs - a.executionMs).slice(0, 5);
  const rows: BenchRow[] = hottest.map((p, i) => ({
    ...base,
    case: `plan ${i + 1} of the 5 slowest, ${o.tag}: ${p.label}`,
    n: 1,
    p50Ms: p.executionMs,
    p95Ms: null,
    extra: {
      summary: planLine(p),
      plan: p.text,
      planned: planned.map((x) => ({ label: x.label, executionMs: x.executionMs, planningMs: x.planningMs, scans: x.scans })),
    },
  }));
  for (const p of hottest) ctx.log(`   plan: ${p.label}\n      ${p.text.join('\n      ')}`);

  const byEntity = (ids: string[]): Statement => ({
    text: `select f.entity_id, f.fiscal_year, f.value from facts f where f.tenant_id = $1 and f.entity_id in (${ids.map((_, i) => `$${i + 2}`).join(', ')}) and f.metric_id = 'revenue' and f.fiscal_period = 'FY' and f.status = 'active'`,
    params: [TENANT, ...ids],
  });
  const shard = await partitionReport(d, [
    { label: 'typed lookup, one company', s: lookupSql },
    { label: 'revenue series, one company', s: byEntity([e1]) },
    { label: 'revenue series, comparison of two companies', s: byEntity([e1, e2]) },
    { label: 'bucketed full-text rank, one company-year', s: candidates[1]!.s },
    {
      label: 'revenue FY2023, whole tenant',
      s: {
        text: `select count(*), sum(f.value) from facts f where f.tenant_id = $1 and f.metric_id = 'revenue' and f.fiscal_year = 2023 and f.fiscal_period = 'FY' and f.status = 'active'`,
        params: [TENANT],
      },
    },
  ]);
  for (const p of shard) {
    rows.push({
      ...base,
      case: `shard key, ${o.tag}: ${p.label}`,
      n: 1,
      p50Ms: p.executionMs,
      p95Ms: null,
      extra: { summary: `hash(entity_id) × ${PARTITIONS}: ${planLine(p)}`, plan: p.text, partitionsScanned: p.partitionsScanned },
    });
  }
  return rows;
}

const CLIENTS = 50;

/** `POST /api/answers` with 50 concurrent clients (analysts of the universe tenant) through `next start` on this database. */
async function httpLoad(
  ctx: BenchContext,
  d: Database,
  url: string,
  o: { tag: string; questions: string[]; targets: boolean },
): Promise<BenchRow> {
  const logDir = ctx.tmpDir('universe-http');
  const release = await holdLock(BUILD_LOCK, ctx.log);
  try {
    const build = await ensureProductionBuild(process.cwd(), ctx.args, logDir, ctx.log);
    const cookies = await signedInClients(d, CLIENTS + 1, TENANT);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, LEDGERLINE_DEMO: '' };
    delete env.LEDGERLINE_AUTH_SECRET;
    delete env.BETTER_AUTH_SECRET;
    const server = await startServer({ root: process.cwd(), env, logFile: path.join(logDir, 'server.log') });
    const agent = keepAliveAgent(CLIENTS);
    try {
      const warm = await loadTest({
        url: server.url,
        clients: 1,
        cookies: [cookies[CLIENTS]!],
        questions: o.questions,
        perClient: 10,
        durationMs: 30_000,
      });
      if (warm.errors) throw new Error(`warm-up failed: ${warm.errorSamples.join(' | ')}`);
      // as the http section: the clients' first questions at once (the cold burst, reported on its own),
      // then the load on the connections they opened, within the per-user burst (less the first question)
      const cold = await coldBurst({ url: server.url, cookies: cookies.slice(0, CLIENTS), questions: [...o.questions].reverse(), agent });
      const r = await loadTest({
        url: server.url,
        clients: CLIENTS,
        cookies: cookies.slice(0, CLIENTS),
        questions: o.questions,
        perClient: RATE_RULES.ask.capacity - 1,
        durationMs: 30_000,
        agent,
      });
      ctx.log(
        `   http, ${o.tag}: ${r.requests} requests in ${(r.elapsedMs / 1000).toFixed(1)} s, ${r.rps.toFixed(1)} req/s, p99 ${r.latency.p99Ms.toFixed(0)} ms, ${r.errors} errors`,
      );
      return {
        section: 'universe',
        case: `POST /api/answers, ${CLIENTS} clients, ${o.tag}`,
        driver: 'http-postgres',
        n: r.requests,
        p50Ms: r.latency.p50Ms,
        p95Ms: r.latency.p95Ms,
        p99Ms: r.latency.p99Ms,
        throughput: r.rps,
        throughputUnit: 'req/s',
        ...(o.targets ? { target: { metric: 'p99Ms', op: '<=' as const, value: 500, met: null } } : {}),
        extra: {
          errors: r.errors,
          statuses: r.statuses,
          errorSamples: r.errorSamples,
          answerStatuses: r.answerStatuses,
          build,
          coldBurst: { n: cold.requests, p50Ms: cold.latency.p50Ms, p95Ms: cold.latency.p95Ms, p99Ms: cold.latency.p99Ms },
          summary: `${r.errors} errors (target 0); cold burst before the load (${cold.requests} first questions at once) p50 ${cold.latency.p50Ms.toFixed(0)} / p99 ${cold.latency.p99Ms.toFixed(0)} ms; server time p50 ${r.serverMs.p50Ms.toFixed(0)} / p95 ${r.serverMs.p95Ms.toFixed(0)} ms; ${Object.entries(
            r.answerStatuses,
          )
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')}`,
        },
      };
    } finally {
      agent.destroy();
      await server.stop();
    }
  } finally {
    await release();
  }
}

/** `<case> at the largest size / at the smallest`, per p95 (throughput for ingestion). */
interface Growth {
  what: string;
  metric: string;
  a: number | null;
  b: number | null;
  ratio: number | null;
}

function growth(rows: BenchRow[], small: number, large: number): Growth[] {
  const tagS = `${small.toLocaleString('en-US')} companies`;
  const tagL = `${large.toLocaleString('en-US')} companies`;
  const out: Growth[] = [];
  for (const rl of rows.filter((r) => r.case.includes(tagL) && !/^(plan \d|shard key)/.test(r.case))) {
    const rs = rows.find((r) => r.case === rl.case.replace(tagL, tagS));
    if (!rs) continue;
    // ingestion by its rate, the load test by its p99 (its target), everything else by its p95
    const metric = rl.throughputUnit === 'facts/s' ? 'throughput' : rl.throughputUnit === 'req/s' ? 'p99' : 'p95';
    const pick = (r: BenchRow) => (metric === 'throughput' ? (r.throughput ?? null) : metric === 'p99' ? (r.p99Ms ?? null) : r.p95Ms);
    const a = pick(rl);
    const b = pick(rs);
    out.push({
      what: `universe ${rl.case.replace(`, ${tagL}`, '').replace(tagL, 'N')}: ${tagL} / ${tagS}`,
      metric,
      a,
      b,
      ratio: a != null && b ? a / b : null,
    });
  }
  return out;
}

const section: BenchSection = {
  name: 'universe',
  description:
    'SEC universe on PostgreSQL (2,000 and 10,000 synthetic companies, bulk-ingested, 100 passages each): ingest facts/s, lookup, bucketed and whole-tenant retrieval, numeric question, plans and partitions, 50-client HTTP load, with the growth ratios',
  scales: ['universe'],
  async run(ctx) {
    if (!ctx.pgUrl) {
      ctx.log('   PostgreSQL not configured: the universe bench runs on PostgreSQL only');
      return [];
    }
    const sizes = (argValue(ctx, '--universe-sizes') ?? '2000,10000')
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
      .sort((a, b) => a - b);
    const years = Number(argValue(ctx, '--universe-years') ?? 10);
    const chunkCompanies = Number(argValue(ctx, '--universe-chunk-companies') ?? Number.MAX_SAFE_INTEGER);
    const chunksPerYear = Number(argValue(ctx, '--universe-chunks-per-year') ?? 20);
    const http = !ctx.args.includes('--no-universe-http');
    const screensOnly = ctx.args.includes('--universe-screens-only');
    const rows: BenchRow[] = [];
    for (const n of sizes) {
      try {
        rows.push(...(await measureSize(ctx, n, { screensOnly, years, chunkCompanies, chunksPerYear, targets: n === sizes.at(-1), http })));
      } catch (e) {
        ctx.log(`   universe ${n}: FAILED: ${(e as Error).stack ?? (e as Error).message}`);
        rows.push({
          section: 'universe',
          case: `FAILED at ${n} companies`,
          driver: 'postgres',
          n: 0,
          p50Ms: null,
          p95Ms: null,
          extra: { summary: (e as Error).message },
        });
      }
    }
    if (sizes.length > 1) {
      const comparisons = growth(rows, sizes[0]!, sizes.at(-1)!);
      rows.push({
        section: 'universe',
        case: `growth ${sizes[0]} → ${sizes.at(-1)} companies`,
        driver: 'postgres',
        n: 0,
        p50Ms: null,
        p95Ms: null,
        extra: { comparisons, summary: comparisons.map((c) => `${c.what.split(':')[0]} ×${c.ratio?.toFixed(2) ?? '–'}`).join('; ') },
      });
    }
    void TARGET_FACTS_PER_S;
    return rows;
  },
};

export default section;
