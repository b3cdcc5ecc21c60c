/**
 * Synthetic scale-up (support/synthetic.ts) on top of the real data: with --scale full, 2,000
 * companies — 1.21M facts and 100k embedded chunks — on PostgreSQL (a scratch database dropped at
 * the end), and the same facts with 20k chunks on PGlite (its HNSW build is in-process WASM);
 * --scale small builds 100 companies (60k facts, 5k chunks) to exercise the same path quickly.
 * Measures typed fact lookup, entity-year bucketed hybrid retrieval (1–2 buckets, as detail,
 * comparison and longitudinal questions use), flat hybrid retrieval over the whole tenant, and the
 * end-to-end numeric question with the manifest stored — for synthetic companies (a 2,000-company
 * catalog) and for the real companies in the same, larger tables.
 * Targets (PostgreSQL at full scale): lookup p95 ≤ 10 ms, hybrid retrieval p95 ≤ 50 ms,
 * end-to-end numeric question p95 ≤ 50 ms.
 */
import { summarizeLatencies } from '@/lib/bench/metrics';
import { openDatabase, type Database, type Driver } from '@/lib/db/client';
import { answerQuestion } from '@/lib/answer/answer-question';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { retrievePassages, type Bucket } from '@/lib/retrieval/hybrid-passages';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { loadEntityCatalog } from '@/lib/planner/catalog';
import { planQuestion } from '@/lib/planner/plan';
import { statusCounts } from './answer';
import { lookupCases, numericQuestions } from './support/cases';
import { buildSynthetic, companyId, companyName, LAST_YEAR, SCALE_TENANT_ID, type SyntheticInfo } from './support/synthetic';
import { PgAdmin, realPostgresTemplate, withDatabase } from './support/fixtures';
import { migrate } from '@/lib/db/migrate';
import { seededRandom } from '@/lib/ids';
import { captureQueries, explainAnalyze, partitionReport, planLine, PARTITIONS, type PlanSummary, type Statement } from './support/plans';
import { cycle, timeSequential } from './support/timing';
import { profileLine, profileQuestions } from './support/profile';
import { cpuPerOp } from './support/cpu';
import { argValue } from './support/args';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

/** Topics analysts ask about in 10-K narrative, as the planner would pass them on. */
const TOPICS = [
  'supply chain disruption risks',
  'cybersecurity incidents and data breaches',
  'foreign currency exchange rate risk',
  'competition and pricing pressure',
  'liquidity and capital resources',
  'legal proceedings and litigation',
  'interest rate risk on investments and debt',
  'customer concentration',
  'inventory and component shortages',
  'climate change and environmental regulation',
  'share repurchase program',
  'critical accounting estimates',
  'tax rate and income tax uncertainties',
  'international operations and tariffs',
  'goodwill impairment',
];

interface Sizes {
  companies: number;
  chunksPerBucket: number;
  chunkCompanies: number;
  lookups: number;
  retrievals: number;
  questions: number;
}

/** `--scale-companies N` and `--scale-chunk-companies N` override the full scale's 2,000 companies (PostgreSQL: passages for all of them). */
function sizes(ctx: BenchContext, driver: Driver): Sizes {
  if (ctx.scale === 'small')
    return { companies: 100, chunksPerBucket: 10, chunkCompanies: 100, lookups: 200, retrievals: 100, questions: 60 };
  const companies = Number(argValue(ctx, '--scale-companies') ?? 2000);
  const chunkCompanies = Math.min(companies, Number(argValue(ctx, '--scale-chunk-companies') ?? (driver === 'postgres' ? companies : 400)));
  return driver === 'postgres'
    ? { companies, chunksPerBucket: 10, chunkCompanies, lookups: 1000, retrievals: 400, questions: 300 }
    : { companies, chunksPerBucket: 10, chunkCompanies, lookups: 500, retrievals: 200, questions: 150 };
}

/** Retrieval requests: one bucket (detail), two companies of a year (comparison), one company over two years (longitudinal). */
function retrievalRequests(info: SyntheticInfo, chunkCompanies: number, n: number): { buckets: Bucket[]; query: string; kind: string }[] {
  const r = seededRandom(99);
  const pick = () => info.companies[Math.floor(r() * chunkCompanies)]!.id;
  const year = () => LAST_YEAR - Math.floor(r() * 5);
  return Array.from({ length: n }, (_, i) => {
    const query = TOPICS[i % TOPICS.length]!;
    const kind = i % 3;
    if (kind === 0) return { kind: 'detail', query, buckets: [{ entityId: pick(), fiscalYear: year() }] };
    if (kind === 1) {
      const y = year();
      return {
        kind: 'comparison',
        query,
        buckets: [
          { entityId: pick(), fiscalYear: y },
          { entityId: pick(), fiscalYear: y },
        ],
      };
    }
    const e = pick();
    const y = LAST_YEAR - Math.floor(r() * 4);
    return {
      kind: 'longitudinal',
      query,
      buckets: [
        { entityId: e, fiscalYear: y - 1 },
        { entityId: e, fiscalYear: y },
      ],
    };
  });
}

/** Whole-tenant retrieval latencies per topic (p50 / max, ms): which topics make the tail. */
function topicLatencies(topics: string[], latencies: number[]): Record<string, string> {
  const by = new Map<string, number[]>();
  topics.forEach((t, i) => (by.get(t) ?? by.set(t, []).get(t)!).push(latencies[i]!));
  return Object.fromEntries([...by].map(([t, xs]) => [t, `${summarizeLatencies(xs).p50Ms.toFixed(1)} / ${Math.max(...xs).toFixed(1)}`]));
}

/**
 * `--scale-db NAME` (PostgreSQL): the scale-up lives in database `ll_bench_scale_NAME`, kept after the
 * run and reused by the next one with the same sizes (pending migrations applied on open), so a
 * change to a query or an index is measured in minutes instead of rebuilding 1.2M facts and 100k
 * embedded chunks each time. Without it, a scratch database dropped at the end.
 */
async function scaleDatabase(
  ctx: BenchContext,
  driver: Driver,
  sz: Sizes,
): Promise<{ database: Database; url: string | null; reused: SyntheticInfo | null }> {
  if (driver === 'postgres') {
    const keepAs = argValue(ctx, '--scale-db');
    if (!keepAs) {
      const { database, url } = await ctx.scratchPostgres('scale', 'real');
      return { database, url, reused: null };
    }
    if (!/^[a-z0-9_]{1,30}$/.test(keepAs)) throw new Error('--scale-db takes a short name of [a-z0-9_]');
    const admin = new PgAdmin(ctx.pgUrl!);
    const name = `ll_bench_scale_${keepAs}`;
    try {
      const url = withDatabase(admin.url, name);
      if (await admin.exists(name)) {
        const database = await openDatabase({ url });
        await migrate(database);
        const [row] = await database.query<{ companies: number; chunks: number; facts: number }>(
          `select (select count(*) from entities where tenant_id = $1)::int as companies, (select count(*) from chunks where tenant_id = $1)::int as chunks,
                  (select count(*) from facts where tenant_id = $1)::int as facts`,
          [SCALE_TENANT_ID],
        );
        if (row && row.companies === sz.companies && row.chunks === sz.chunkCompanies * 5 * sz.chunksPerBucket) {
          ctx.log(
            `   reusing the scale-up kept in ${name} (${row.facts.toLocaleString('en-US')} facts, ${row.chunks.toLocaleString('en-US')} chunks)`,
          );
          ctx.onCleanup(() => database.close().catch(() => undefined));
          const companies = Array.from({ length: sz.companies }, (_, i) => ({ id: companyId(i), name: companyName(i) }));
          return {
            database,
            url,
            reused: { tenantId: SCALE_TENANT_ID, companies, facts: row.facts, chunks: row.chunks, timingsS: { reused: 0 } },
          };
        }
        await database.close();
        ctx.log(`   ${name} holds another size: rebuilding it`);
        await admin.drop(name);
      }
      await admin.create(name, await realPostgresTemplate(admin, ctx.dataDir, { fresh: false, log: ctx.log }));
      const database = await openDatabase({ url });
      ctx.onCleanup(() => database.close().catch(() => undefined));
      ctx.log(`   the scale-up is kept in ${name} for the next run with --scale-db ${keepAs}`);
      return { database, url, reused: null };
    } finally {
      await admin.close();
    }
  }
  const dir = await ctx.realPgliteCopy();
  const d = await openDatabase({ dataDir: dir });
  ctx.onCleanup(() => d.close().catch(() => undefined));
  return { database: d, url: null, reused: null };
}

async function measure(ctx: BenchContext, driver: Driver): Promise<BenchRow[]> {
  const sz = sizes(ctx, driver);
  ctx.log(`   ${driver}: building the scale-up (${sz.companies} companies, ${sz.chunkCompanies * 5 * sz.chunksPerBucket} chunks)`);
  const { database, url, reused } = await scaleDatabase(ctx, driver, sz);
  const info =
    reused ??
    (await buildSynthetic(database, {
      companies: sz.companies,
      chunksPerBucket: sz.chunksPerBucket,
      chunkCompanies: sz.chunkCompanies,
      log: ctx.log,
    }));
  const totals = (
    await database.query<{ facts: number; chunks: number }>(
      'select (select count(*) from facts)::int as facts, (select count(*) from chunks)::int as chunks',
    )
  )[0]!;
  const size = `${totals.facts.toLocaleString('en-US')} facts, ${totals.chunks.toLocaleString('en-US')} chunks in the tables`;
  const full = ctx.scale === 'full';
  const target = (metric: 'p95Ms', value: number) =>
    full && driver === 'postgres' ? { target: { metric, op: '<=' as const, value, met: null } } : {};
  const base = { section: 'scale', driver } as const;
  const rows: BenchRow[] = [];
  const { db } = database;
  const dbName = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : null;

  // typed fact lookup: a first pass over the freshly loaded tables (cold caches), then the same lookups again (warm)
  const cases = await lookupCases(db, SCALE_TENANT_ID, sz.lookups);
  const cold = await timeSequential(cases, (c) => lookupFact({ db, ...c }), 0);
  const lk = await timeSequential(cases, (c) => lookupFact({ db, ...c }), 0);
  rows.push({
    ...base,
    case: 'lookup, synthetic companies (first pass, cold)',
    n: cases.length,
    p50Ms: cold.summary.p50Ms,
    p95Ms: cold.summary.p95Ms,
    p99Ms: cold.summary.p99Ms,
    throughput: cold.opsPerS,
    extra: { facts: totals.facts, summary: `${size}; pages not yet cached` },
  });
  rows.push({
    ...base,
    case: 'lookup, synthetic companies (second pass, warm)',
    n: cases.length,
    p50Ms: lk.summary.p50Ms,
    p95Ms: lk.summary.p95Ms,
    p99Ms: lk.summary.p99Ms,
    throughput: lk.opsPerS,
    ...target('p95Ms', 10),
    extra: { facts: totals.facts, statuses: statusCounts(lk.results.map((r) => r.status)), build: info.timingsS, summary: size },
  });
  const realCases = await lookupCases(db, DEMO_TENANT_ID, Math.min(300, sz.lookups));
  const lr = await timeSequential(realCases, (c) => lookupFact({ db, ...c }), 10);
  rows.push({
    ...base,
    case: 'lookup, real companies',
    n: realCases.length,
    p50Ms: lr.summary.p50Ms,
    p95Ms: lr.summary.p95Ms,
    p99Ms: lr.summary.p99Ms,
    throughput: lr.opsPerS,
    ...target('p95Ms', 10),
    extra: { statuses: statusCounts(lr.results.map((r) => r.status)), summary: size },
  });

  // hybrid retrieval
  const requests = retrievalRequests(info, sz.chunkCompanies, sz.retrievals);
  const rt = await timeSequential(requests, (r) =>
    retrievePassages({ db, tenantId: SCALE_TENANT_ID, buckets: r.buckets, query: r.query, k: 10, mode: 'hybrid' }),
  );
  const empty = rt.results.filter((r) => r.passages.length === 0).length;
  const denseShort = rt.results.filter((r) => r.buckets.some((b) => b.dense < Math.min(30, sz.chunksPerBucket))).length;
  rows.push({
    ...base,
    case: 'bucketed hybrid retrieval',
    n: requests.length,
    p50Ms: rt.summary.p50Ms,
    p95Ms: rt.summary.p95Ms,
    p99Ms: rt.summary.p99Ms,
    throughput: rt.opsPerS,
    ...target('p95Ms', 50),
    extra: {
      emptyResults: empty,
      bucketsWithFewerDenseCandidates: denseShort,
      summary: `${size}; ${empty} empty; ${denseShort} with a short dense list`,
    },
  });
  for (const kind of ['detail', 'comparison', 'longitudinal']) {
    const idx = requests.map((r, i) => (r.kind === kind ? i : -1)).filter((i) => i >= 0);
    const lat = idx.map((i) => rt.latencies[i]!);
    const s = summarizeLatencies(lat);
    rows.push({
      ...base,
      case: `bucketed hybrid retrieval: ${kind}`,
      n: lat.length,
      p50Ms: s.p50Ms,
      p95Ms: s.p95Ms,
      p99Ms: s.p99Ms,
      extra: { summary: `${kind === 'detail' ? 1 : 2} bucket(s)` },
    });
  }
  const flatN = full ? 100 : 30;
  const flatOp = (r: (typeof requests)[number]) =>
    retrievePassages({ db, tenantId: SCALE_TENANT_ID, buckets: [], query: r.query, k: 10, mode: 'hybrid' });
  for (const r of requests.slice(0, 3)) await flatOp(r);
  const flc = await cpuPerOp(dbName, flatN, () => timeSequential(cycle(requests, flatN), flatOp, 0));
  const fl = flc.value;
  rows.push({
    ...base,
    case: 'flat hybrid retrieval (whole tenant)',
    n: flatN,
    p50Ms: fl.summary.p50Ms,
    p95Ms: fl.summary.p95Ms,
    p99Ms: fl.summary.p99Ms,
    throughput: fl.opsPerS,
    ...target('p95Ms', 150),
    extra: {
      cpuMsPerOp: { process: flc.processMs, backends: flc.backendMs },
      byTopic: topicLatencies(
        cycle(requests, flatN).map((r) => r.query),
        fl.latencies,
      ),
      summary: `${info.chunks.toLocaleString('en-US')} chunks in the tenant; CPU per retrieval: ${flc.processMs} ms process, ${flc.backendMs ?? '?'} ms PostgreSQL backends`,
    },
  });

  // end-to-end numeric question, manifest stored
  const names = new Map(info.companies.map((c) => [c.id, c.name]));
  const questions = await numericQuestions(db, SCALE_TENANT_ID, sz.questions, names);
  const e2e = await timeSequential(questions, (question) =>
    answerQuestion({ db, tenantId: SCALE_TENANT_ID, userId: null, question, store: true, cache: false }),
  );
  const statuses = statusCounts(e2e.results.map((a) => a.status));
  rows.push({
    ...base,
    case: `numeric question, ${info.companies.length.toLocaleString('en-US')}-company catalog`,
    n: questions.length,
    p50Ms: e2e.summary.p50Ms,
    p95Ms: e2e.summary.p95Ms,
    p99Ms: e2e.summary.p99Ms,
    throughput: e2e.opsPerS,
    ...target('p95Ms', 25),
    extra: {
      statuses,
      summary: `${size}; ${Object.entries(statuses)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    },
  });
  // where the question's time goes with a large catalog: the per-question catalog load and the planner
  const catalogT = await timeSequential(questions.slice(0, 50), () => loadEntityCatalog(db, SCALE_TENANT_ID), 3);
  const catalog = await loadEntityCatalog(db, SCALE_TENANT_ID);
  const planT = await timeSequential(questions.slice(0, 50), async (question) => planQuestion(question, { catalog, previous: null }), 3);
  for (const [label, t] of [
    [`  of which: entity catalog load (${catalog.length.toLocaleString('en-US')} companies)`, catalogT],
    ['  of which: planner', planT],
  ] as const) {
    rows.push({
      ...base,
      case: label,
      n: t.latencies.length,
      p50Ms: t.summary.p50Ms,
      p95Ms: t.summary.p95Ms,
      p99Ms: t.summary.p99Ms,
      extra: { summary: 'per question (lib/planner)' },
    });
  }
  // where the question's time goes, stage by stage and statement by statement (PostgreSQL: timed connections)
  if (url) {
    const prof = await profileQuestions(url, questions.slice(0, full ? 150 : 40), (pdb, question, onStage) =>
      answerQuestion({
        db: pdb,
        tenantId: SCALE_TENANT_ID,
        userId: null,
        question,
        store: true,
        cache: false,
        onEvent: (e) => e.type === 'stage' && onStage(e.stage),
      }),
    );
    for (const st of prof.stages) {
      rows.push({
        ...base,
        case: `  of which: stage ${st.stage}`,
        n: prof.n,
        p50Ms: st.p50Ms,
        p95Ms: st.p95Ms,
        extra: { meanMs: st.meanMs, summary: `mean ${st.meanMs} ms (answer-question stages, timed connections)` },
      });
    }
    rows.push({
      ...base,
      case: '  of which: statements / outside the database',
      n: prof.n,
      p50Ms: null,
      p95Ms: prof.outsideDbP95Ms,
      extra: { profile: { ...prof, shapes: prof.shapes.slice(0, 15) }, summary: profileLine(prof) },
    });
    ctx.log(`   numeric question profile: ${profileLine(prof)}`);
  }
  const realQuestions = await numericQuestions(db, DEMO_TENANT_ID, full ? 100 : 40);
  const realOp = (question: string) => answerQuestion({ db, tenantId: DEMO_TENANT_ID, userId: null, question, store: true, cache: false });
  for (const q of realQuestions.slice(0, 5)) await realOp(q);
  const rc = await cpuPerOp(dbName, realQuestions.length, () => timeSequential(realQuestions, realOp, 0));
  const re2e = rc.value;
  const rstatuses = statusCounts(re2e.results.map((a) => a.status));
  rows.push({
    ...base,
    case: 'numeric question, real companies',
    n: realQuestions.length,
    p50Ms: re2e.summary.p50Ms,
    p95Ms: re2e.summary.p95Ms,
    p99Ms: re2e.summary.p99Ms,
    throughput: re2e.opsPerS,
    ...target('p95Ms', 25),
    extra: {
      statuses: rstatuses,
      cpuMsPerOp: { process: rc.processMs, backends: rc.backendMs },
      summary: `${size}; ${Object.entries(rstatuses)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}; CPU per question: ${rc.processMs} ms process, ${rc.backendMs ?? '?'} ms PostgreSQL backends`,
    },
  });
  // the real companies' questions again on a fresh handle (per-entity catalogs cold again, as after a restart)
  if (url) {
    const prof = await profileQuestions(url, realQuestions, (pdb, question, onStage) =>
      answerQuestion({
        db: pdb,
        tenantId: DEMO_TENANT_ID,
        userId: null,
        question,
        store: true,
        cache: false,
        onEvent: (e) => e.type === 'stage' && onStage(e.stage),
      }),
    );
    rows.push({
      ...base,
      case: '  real companies, of which: statements / outside the database',
      n: prof.n,
      p50Ms: prof.wall.p50Ms,
      p95Ms: prof.wall.p95Ms,
      extra: { profile: { ...prof, shapes: prof.shapes.slice(0, 15) }, summary: profileLine(prof) },
    });
    ctx.log(`   real companies' question profile: ${profileLine(prof)}`);
  }
  if (url) rows.push(...(await plans(ctx, database, url, { cases, requests, questions, size })));
  return rows;
}

/**
 * PostgreSQL: `EXPLAIN (ANALYZE, BUFFERS)` of the statements the hot paths send (typed lookup, the
 * question path's reads, bucketed and whole-tenant full-text and dense retrieval), the five slowest
 * shown; then the shard key: the partitions of facts and chunks (hash by entity_id) each statement scans.
 */
async function plans(
  ctx: BenchContext,
  d: Database,
  url: string,
  o: { cases: Awaited<ReturnType<typeof lookupCases>>; requests: ReturnType<typeof retrievalRequests>; questions: string[]; size: string },
): Promise<BenchRow[]> {
  const base = { section: 'scale', driver: 'postgres' } as const;
  const reads = (st: Statement[]) => st.filter((s) => /^\s*(select|with)\b/i.test(s.text));
  const one = (st: Statement[], re: RegExp, what: string) => {
    const s = reads(st).find((x) => re.test(x.text));
    if (!s) throw new Error(`plans: no ${what} statement captured`);
    return s;
  };
  const lookup = await captureQueries(url, (db) => lookupFact({ db, ...o.cases[0]! }));
  const lookupSql = one(lookup.statements, /from facts f\b/, 'typed lookup');
  const detail = o.requests.find((r) => r.kind === 'detail')!;
  const bucketed = await captureQueries(url, (db) =>
    retrievePassages({ db, tenantId: SCALE_TENANT_ID, buckets: detail.buckets, query: detail.query, k: 10, mode: 'hybrid' }),
  );
  const whole = await captureQueries(url, (db) =>
    retrievePassages({ db, tenantId: SCALE_TENANT_ID, buckets: [], query: detail.query, k: 10, mode: 'hybrid' }),
  );
  const answer = await captureQueries(url, (db) =>
    answerQuestion({ db, tenantId: SCALE_TENANT_ID, userId: null, question: o.questions[0]!, store: false, cache: false }),
  );
  const candidates: { label: string; s: Statement }[] = [
    { label: 'typed lookup (one entity, one metric, one period)', s: lookupSql },
    { label: 'bucketed full-text rank (one entity-year)', s: one(bucketed.statements, /websearch_to_tsquery/, 'bucketed fts') },
    { label: 'bucketed dense rank (one entity-year)', s: one(bucketed.statements, /<=>/, 'bucketed dense') },
    { label: 'whole-tenant full-text rank (GIN)', s: one(whole.statements, /websearch_to_tsquery/, 'whole-tenant fts') },
    { label: 'whole-tenant dense rank (HNSW)', s: one(whole.statements, /<=>/, 'whole-tenant dense') },
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
    case: `plan ${i + 1} of the 5 slowest: ${p.label}`,
    n: 1,
    p50Ms: p.executionMs,
    p95Ms: null,
    extra: {
      summary: planLine(p),
      plan: p.text,
      planned: planned.map((x) => ({ label: x.label, executionMs: x.executionMs, scans: x.scans })),
    },
  }));
  for (const p of hottest) ctx.log(`   plan: ${p.label}\n      ${p.text.join('\n      ')}`);

  // the shard key: single-company reads touch one partition, a comparison two, a whole-tenant question all
  const [e1, e2] = [o.cases[0]!.entityId, o.cases.find((c) => c.entityId !== o.cases[0]!.entityId)!.entityId];
  const byEntity = (ids: string[]): Statement => ({
    text: `select f.entity_id, f.fiscal_year, f.value from facts f where f.tenant_id = $1 and f.entity_id = any($2::text[]) and f.metric_id = 'revenue' and f.fiscal_period = 'FY' and f.status = 'active'`,
    params: [SCALE_TENANT_ID, ids],
  });
  const proof = await partitionReport(d, [
    { label: 'typed lookup, one company', s: lookupSql },
    { label: 'revenue series, one company', s: byEntity([e1]) },
    { label: 'revenue series, comparison of two companies', s: byEntity([e1, e2]) },
    {
      label: 'revenue FY2023, whole tenant',
      s: {
        text: `select count(*), sum(f.value) from facts f where f.tenant_id = $1 and f.metric_id = 'revenue' and f.fiscal_year = 2023 and f.fiscal_period = 'FY' and f.status = 'active'`,
        params: [SCALE_TENANT_ID],
      },
    },
    { label: 'bucketed full-text rank, one company-year', s: candidates[1]!.s },
    { label: 'whole-tenant full-text rank', s: candidates[3]!.s },
  ]);
  for (const p of proof) {
    rows.push({
      ...base,
      case: `shard key: ${p.label}`,
      n: 1,
      p50Ms: p.executionMs,
      p95Ms: null,
      extra: { summary: `hash(entity_id) × ${PARTITIONS}: ${planLine(p)}`, plan: p.text },
    });
  }
  return rows;
}

const section: BenchSection = {
  name: 'scale',
  description: 'synthetic scale-up (full: ≥ 1M facts, ≥ 100k chunks on PostgreSQL): lookup, hybrid retrieval, numeric question',
  scales: ['full'],
  async run(ctx) {
    const rows: BenchRow[] = [];
    const only = argValue(ctx, '--scale-drivers')?.split(',') as Driver[] | undefined;
    const drivers: Driver[] = (ctx.pgUrl ? (['postgres', 'pglite'] as Driver[]) : (['pglite'] as Driver[])).filter(
      (d) => !only || only.includes(d),
    );
    if (!ctx.pgUrl) ctx.log('   PostgreSQL not configured: the scale-up runs on PGlite only (targets are for PostgreSQL)');
    for (const d of drivers) {
      try {
        rows.push(...(await measure(ctx, d)));
      } catch (e) {
        // keep what the other driver measured
        ctx.log(`   ${d}: scale-up FAILED: ${(e as Error).stack ?? (e as Error).message}`);
        rows.push({
          section: 'scale',
          case: 'FAILED',
          driver: d,
          n: 0,
          p50Ms: null,
          p95Ms: null,
          extra: { summary: (e as Error).message },
        });
      }
    }
    return rows;
  },
};

export default section;
