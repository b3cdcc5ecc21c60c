/**
 * `npm run bench -- --scale universe --pg-url …` (PostgreSQL): the SEC universe path end to end at
 * 2,000 and 10,000 synthetic companies (`--universe-sizes 2000,10000`, `--universe-years 10`):
 *   1. a synthetic companyfacts.zip (lib/ingest/bulk/synthetic-archive.ts) plus the seven real
 *      companyfacts files, zipped the same way, bulk-ingested into one tenant of a scratch copy of
 *      the real-data database (so the real companies answer against the same large catalog);
 *   2. passages for bucketed retrieval: real 10-K/10-Q passages re-attributed to the first
 *      `--universe-chunk-companies` (default 400) synthetic companies × 5 years × 10, embedded locally;
 *   3. typed lookups (cold, then warm), bucketed hybrid retrieval, and end-to-end numeric questions
 *      (planner, calculation, manifest stored) for synthetic and for real companies.
 * A ratio row per case compares the largest size with the smallest. Targets (issue 19) are attached
 * to the largest size: numeric question p95 ≤ 25 ms, lookup p95 ≤ 5 ms, bucketed retrieval p95 ≤
 * 20 ms, bulk ingestion ≥ 50k facts/s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { writeSyntheticArchive, SYNTHETIC_CIK_BASE } from '@/lib/ingest/bulk/synthetic-archive';
import { ZipWriter } from '@/lib/ingest/bulk/zip-write';
import { createSideFiles } from '@/lib/ingest/side-files';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { embedText, LOCAL_EMBEDDING_MODEL_ID, toPgVector } from '@/lib/retrieval/embed';
import { retrievePassages, type Bucket } from '@/lib/retrieval/hybrid-passages';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { statusCounts } from './answer';
import { bulkRow, TARGET_FACTS_PER_S } from './bulk';
import { lookupCases } from './support/cases';
import { dropIndexes, restoreIndexes } from './support/fixtures';
import { seededRandom } from '@/lib/ids';
import { timeSequential } from './support/timing';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

const TENANT = 'bench-universe';
const SYNTH_CIK_MIN = String(SYNTHETIC_CIK_BASE).padStart(10, '0');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

const TOPICS = ['supply chain disruption risks', 'cybersecurity incidents', 'foreign currency exchange rate risk', 'competition and pricing pressure', 'liquidity and capital resources', 'legal proceedings', 'interest rate risk', 'share repurchase program', 'goodwill impairment', 'international operations and tariffs'];

const QUESTIONS: ((name: string, y: number) => string)[] = [
  (n, y) => `What was ${n}'s revenue for FY${y}?`,
  (n, y) => `What was ${n}'s net income for FY${y}?`,
  (n, y) => `${n} operating margin FY${y}`,
  (n, y) => `${n} revenue growth FY${y} vs FY${y - 1}`,
  (n, y) => `What were ${n}'s total assets at the end of FY${y}?`,
];

function argValue(ctx: BenchContext, flag: string): string | undefined {
  const i = ctx.args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  return ctx.args[i]!.includes('=') ? ctx.args[i]!.slice(ctx.args[i]!.indexOf('=') + 1) : ctx.args[i + 1];
}

/** Questions for `n` entities (synthetic or real), each with a fiscal year it has revenue for. */
async function questions(d: Database, synthetic: boolean, n: number): Promise<string[]> {
  const rows = await d.query<{ name: string; years: number[] }>(
    `select e.name, array_agg(distinct f.fiscal_year order by f.fiscal_year) as years
       from entities e join facts f on f.entity_id = e.id
      where e.tenant_id = $1 and (e.cik >= $2) = $3 and f.metric_id = 'revenue' and f.fiscal_period = 'FY' and f.fiscal_year is not null and f.status = 'active'
        and e.id in (select id from entities where tenant_id = $1 and (cik >= $2) = $3 order by md5(id) limit $4)
      group by e.name`,
    [TENANT, SYNTH_CIK_MIN, synthetic, n],
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

async function addChunks(ctx: BenchContext, d: Database, companies: number): Promise<{ chunks: number; seconds: number; entities: string[] }> {
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
      for (let j = 0; j < 10; j++) {
        const tpl = pool[parseInt(md5(`${e.id}:${y}:${j}`).slice(0, 8), 16) % pool.length]!;
        const text = tpl.text.replace(realNames, e.name).replace(/\b(fiscal( year)?|FY) ?20\d\d\b/g, (_m, w: string) => `${w} ${y}`);
        const heading = tpl.heading?.replace(realNames, e.name) ?? null;
        batch.push([md5(`${TENANT}:chunk:${e.id}:${y}:${j}`), e.id, e.source_id, y, tpl.section, heading, j, text, toPgVector(embedText(`${heading ?? ''} ${text}`))]);
        if (batch.length >= 1000) await flush();
      }
    }
  }
  await flush();
  await d.query(`set maintenance_work_mem = '256MB'`).catch(() => undefined);
  await restoreIndexes(d, idx);
  await d.query('analyze chunks');
  const seconds = (performance.now() - t0) / 1000;
  ctx.log(`   passages: ${n.toLocaleString('en-US')} for ${ents.length} companies, embedded and indexed in ${seconds.toFixed(1)} s`);
  return { chunks: n, seconds, entities: ents.map((e) => e.id) };
}

function latencyRow(base: Pick<BenchRow, 'section' | 'driver'>, label: string, t: { latencies: number[]; summary: { p50Ms: number; p95Ms: number; p99Ms: number }; opsPerS: number }, extra: Record<string, unknown>, target?: number): BenchRow {
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

async function measureSize(ctx: BenchContext, companies: number, years: number, chunkCompanies: number, targets: boolean): Promise<BenchRow[]> {
  const base = { section: 'universe', driver: 'postgres' } as const;
  const rows: BenchRow[] = [];
  const tag = `${companies.toLocaleString('en-US')} companies`;
  const dir = ctx.tmpDir('universe');
  const t0 = performance.now();
  const archive = path.join(dir, 'companyfacts.zip');
  const made = writeSyntheticArchive(archive, { companies, years, seed: 1, level: 1 });
  ctx.log(`   ${tag}: archive written (${made.entries.toLocaleString('en-US')} fact entries) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const realDir = path.join(ctx.dataDir, 'sec-companyfacts');
  const realFiles = fs.readdirSync(realDir).filter((f) => f.endsWith('.json')).sort();
  const realZip = path.join(dir, 'real-companyfacts.zip');
  const z = new ZipWriter(realZip);
  for (const f of realFiles) z.add(f, fs.readFileSync(path.join(realDir, f)));
  z.close();

  const { database: d } = await ctx.scratchPostgres(`universe${companies}`, 'real');
  // an initial load: the scratch database answers no question until the load is done
  const bulk = await bulkRow(ctx, d, archive, { label: tag, jobs: 2, target: targets, tenantId: TENANT, deferIndexes: true });
  rows.push({ ...bulk.row, section: 'universe' });
  const real = await bulkRow(ctx, d, realZip, { label: `${realFiles.length} real companies`, jobs: 2, target: false, tenantId: TENANT });
  void real;
  const totals = (await d.query<{ facts: number; entities: number }>(`select (select count(*) from facts where tenant_id = $1)::int as facts, (select count(*) from entities where tenant_id = $1)::int as entities`, [TENANT]))[0]!;
  const size = `${totals.facts.toLocaleString('en-US')} facts, ${totals.entities.toLocaleString('en-US')} companies in the tenant`;
  ctx.log(`   ${tag}: ${size}`);
  await d.query('vacuum analyze facts');

  const cases = await lookupCases(d.db, TENANT, 1000);
  const cold = await timeSequential(cases, (c) => lookupFact({ db: d.db, ...c }), 0);
  rows.push(latencyRow(base, `lookup, ${tag} (first pass, cold)`, cold, { summary: `${size}; pages not yet cached` }));
  const warm = await timeSequential(cases, (c) => lookupFact({ db: d.db, ...c }), 0);
  rows.push(latencyRow(base, `lookup, ${tag} (warm)`, warm, { statuses: statusCounts(warm.results.map((r) => r.status)), summary: size }, targets ? 5 : undefined));

  const ch = await addChunks(ctx, d, Math.min(chunkCompanies, companies));
  const r = seededRandom(99);
  const pick = () => ch.entities[Math.floor(r() * ch.entities.length)]!;
  const reqs: { buckets: Bucket[]; query: string }[] = Array.from({ length: 300 }, (_, i) => {
    const y = 2020 + Math.floor(r() * 5);
    const buckets: Bucket[] = i % 3 === 0 ? [{ entityId: pick(), fiscalYear: y }] : i % 3 === 1 ? [{ entityId: pick(), fiscalYear: y }, { entityId: pick(), fiscalYear: y }] : [{ entityId: pick(), fiscalYear: Math.max(2021, y) - 1 }, { entityId: pick(), fiscalYear: Math.max(2021, y) }];
    return { buckets, query: TOPICS[i % TOPICS.length]! };
  });
  const rt = await timeSequential(reqs, (q) => retrievePassages({ db: d.db, tenantId: TENANT, buckets: q.buckets, query: q.query, k: 10, mode: 'hybrid' }));
  rows.push(latencyRow(base, `bucketed hybrid retrieval, ${tag}`, rt, { chunks: ch.chunks, summary: `${size}; ${ch.chunks.toLocaleString('en-US')} synthetic passages (${ch.entities.length} companies × 5 years × 10) + the real ones` }, targets ? 20 : undefined));

  for (const synthetic of [true, false]) {
    const qs = await questions(d, synthetic, synthetic ? 300 : 100);
    const t = await timeSequential(qs, (question) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: true, cache: false }));
    const st = statusCounts(t.results.map((a) => a.status));
    rows.push(latencyRow(base, `numeric question, ${synthetic ? 'synthetic' : 'real'} companies, ${tag}`, t, { statuses: st, summary: `${size}; ${Object.entries(st).map(([k, v]) => `${v} ${k}`).join(', ')}` }, targets ? 25 : undefined));
  }
  return rows;
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
  for (const rl of rows.filter((r) => r.case.includes(tagL))) {
    const rs = rows.find((r) => r.case === rl.case.replace(tagL, tagS));
    if (!rs) continue;
    const metric = rl.throughputUnit === 'facts/s' ? 'throughput' : 'p95';
    const a = metric === 'p95' ? rl.p95Ms : (rl.throughput ?? null);
    const b = metric === 'p95' ? rs.p95Ms : (rs.throughput ?? null);
    out.push({ what: `universe ${rl.case.replace(`, ${tagL}`, '').replace(tagL, 'N')}: ${tagL} / ${tagS}`, metric, a, b, ratio: a != null && b ? a / b : null });
  }
  return out;
}

const section: BenchSection = {
  name: 'universe',
  description: 'SEC universe on PostgreSQL (2,000 and 10,000 synthetic companies, bulk-ingested): ingest facts/s, lookup, bucketed retrieval, numeric question, with the growth ratio',
  scales: ['universe'],
  async run(ctx) {
    if (!ctx.pgUrl) {
      ctx.log('   PostgreSQL not configured: the universe bench runs on PostgreSQL only');
      return [];
    }
    const sizes = (argValue(ctx, '--universe-sizes') ?? '2000,10000').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);
    const years = Number(argValue(ctx, '--universe-years') ?? 10);
    const chunkCompanies = Number(argValue(ctx, '--universe-chunk-companies') ?? 400);
    const rows: BenchRow[] = [];
    for (const n of sizes) {
      try {
        rows.push(...(await measureSize(ctx, n, years, chunkCompanies, n === sizes.at(-1))));
      } catch (e) {
        ctx.log(`   universe ${n}: FAILED: ${(e as Error).stack ?? (e as Error).message}`);
        rows.push({ section: 'universe', case: `FAILED at ${n} companies`, driver: 'postgres', n: 0, p50Ms: null, p95Ms: null, extra: { summary: (e as Error).message } });
      }
    }
    if (sizes.length > 1) {
      const comparisons = growth(rows, sizes[0]!, sizes.at(-1)!);
      rows.push({ section: 'universe', case: `growth ${sizes[0]} → ${sizes.at(-1)} companies`, driver: 'postgres', n: 0, p50Ms: null, p95Ms: null, extra: { comparisons, summary: comparisons.map((c) => `${c.what.split(':')[0]} ×${c.ratio?.toFixed(2) ?? '–'}`).join('; ') } });
    }
    void TARGET_FACTS_PER_S;
    return rows;
  },
};

export default section;
