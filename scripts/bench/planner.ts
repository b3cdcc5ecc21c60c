/**
 * Planner and entity matching per question at 7, 2,000 and 10,000 companies (issue 13, issue 19):
 * the same questions (the shared analyst set plus every entity form: tickers in any case, exchange
 * and terminal codes, former names, brands, CIKs, misspellings) against an in-memory catalog of the
 * seven real companies plus synthetic ones. Entity matching goes through the EntityIndex (lookups,
 * trigram near-misses), so its p95 must not grow with the number of companies. Also: the one-off
 * index build, and on PGlite the per-question cost of getting the cached index (a data-version
 * read) for a tenant with that many companies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { normalizeAlias } from '@/lib/domain/names';
import { buildEntityIndex, type EntityIndex } from '@/lib/planner/entity-index';
import { loadEntityIndex, type CatalogEntity } from '@/lib/planner/catalog';
import { matchEntities } from '@/lib/planner/match-entities';
import { planQuestion } from '@/lib/planner/plan';
import { companyName } from './support/synthetic';
import { round, timeSequential } from './support/timing';
import type { BenchRow, BenchSection } from './support/types';

const SIZES = [7, 2_000, 10_000];

function entity(id: string, name: string, ticker: string, cik: string, extra: [string, string][] = []): CatalogEntity {
  const aliases: [string, string][] = [[name, 'name'], [ticker, 'ticker'], [cik, 'abbreviation'], [cik.replace(/^0+/, ''), 'abbreviation'], ...extra];
  return { id, name, legalName: name, ticker, cik, aliases: aliases.map(([alias, kind]) => ({ alias, kind, normalized: normalizeAlias(alias) })) };
}

/** The seven companies of the real data, with the aliases ingestion records for them. */
const REAL: CatalogEntity[] = [
  entity('aapl', 'Apple Inc.', 'AAPL', '0000320193', [['Nasdaq:AAPL', 'listing']]),
  entity('nvda', 'NVIDIA CORP', 'NVDA', '0001045810', [['Nasdaq:NVDA', 'listing']]),
  entity('tsla', 'Tesla, Inc.', 'TSLA', '0001318605', [['TESLA MOTORS INC', 'former_name'], ['Nasdaq:TSLA', 'listing']]),
  entity('snow', 'Snowflake Inc.', 'SNOW', '0001640147', [['NYSE:SNOW', 'listing']]),
  entity('googl', 'Alphabet Inc.', 'GOOGL', '0001652044', [['GOOG', 'ticker'], ['Google', 'brand']]),
  entity('mrvl', 'Marvell Technology, Inc.', 'MRVL', '0001835632', [['Marvell', 'abbreviation'], ['Nasdaq:MRVL', 'listing']]),
  entity('lpa', 'Logistic Properties of the Americas', 'LPA', '0001997711'),
];

function catalogOf(size: number): CatalogEntity[] {
  const out = [...REAL];
  for (let i = 0; out.length < size; i++) {
    const cik = String(2_000_000 + i).padStart(10, '0');
    out.push(entity(`syn${i}`, `${companyName(i)} ${i >= 2_000 ? 'Group' : 'Inc.'}`, `Q${i.toString(36).toUpperCase().padStart(3, '0')}`, cik));
  }
  return out;
}

const FORMS = [
  'tsla revenue for 2020',
  'What was Tesla Motors, Inc. revenue in 2015?',
  'TSLA UW Equity net income FY2023',
  'AAPL US Equity revenue FY2024',
  'NYSE: SNOW product revenue fiscal 2025',
  'NASDAQ:TSLA operating income 2022',
  '$nvda data center revenue fourth-quarter fiscal 2025',
  'SNOW-US total assets at the end of FY2024',
  'TSLA.O revenue Q3 2023',
  'GOOG net income first-quarter 2025',
  'Google revenue 2024',
  'snow revenue FY2024',
  'What is Snowflak revenue in fiscal 2024?',
  'Teslla gross margin 2023',
  'CIK 1318605 revenue 2021',
  'Compare Apple and NVIDIA revenue in FY2024',
  "Marvell Technology's operating margin FY2025",
  'What was Acme Corp revenue in FY2023?',
];

function questions(): string[] {
  const file = path.resolve('..', 'shared', 'eval', 'golden-analyst-dev.jsonl');
  const fromSet = fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { question: string }).question)
    : [];
  return [...FORMS, ...fromSet];
}

const section: BenchSection = {
  name: 'planner',
  description: 'planner and entity matching p50/p95 per question at 7, 2,000 and 10,000 companies (in-memory index; cached index on PGlite)',
  async run(ctx) {
    const qs = questions();
    const rows: BenchRow[] = [];
    const byCase = new Map<string, number[]>();
    const rounds = 5; // every question several times: enough samples for a stable p95
    const repeated = Array.from({ length: rounds }, () => qs).flat();
    for (const size of SIZES) {
      const catalog = catalogOf(size);
      const t0 = performance.now();
      const index: EntityIndex = buildEntityIndex(catalog);
      const buildMs = performance.now() - t0;
      const matchT = await timeSequential(repeated, async (q) => matchEntities(q, index), 20);
      const planT = await timeSequential(repeated, async (q) => planQuestion(q, { catalog: index.entities, previous: null }), 20);
      const statuses: Record<string, number> = {};
      for (const r of planT.results.slice(0, qs.length)) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const label = `${size.toLocaleString('en-US')} companies`;
      rows.push({
        section: 'planner',
        case: `entity matching, ${label}`,
        driver: 'n/a',
        n: matchT.latencies.length,
        p50Ms: matchT.summary.p50Ms,
        p95Ms: matchT.summary.p95Ms,
        p99Ms: matchT.summary.p99Ms,
        throughput: matchT.opsPerS,
        extra: { companies: size, questions: qs.length, indexBuildMs: round(buildMs, 1), summary: `${qs.length} questions × ${rounds}; index built once in ${round(buildMs, 0)} ms` },
      });
      rows.push({
        section: 'planner',
        case: `planQuestion, ${label}`,
        driver: 'n/a',
        n: planT.latencies.length,
        p50Ms: planT.summary.p50Ms,
        p95Ms: planT.summary.p95Ms,
        p99Ms: planT.summary.p99Ms,
        throughput: planT.opsPerS,
        extra: { companies: size, statuses, summary: Object.entries(statuses).map(([k, v]) => `${v} ${k}`).join(', ') },
      });
      byCase.set(`match:${size}`, [matchT.summary.p95Ms ?? 0]);
      byCase.set(`plan:${size}`, [planT.summary.p95Ms ?? 0]);
      ctx.log(`   planner at ${label}: match p95 ${round(matchT.summary.p95Ms, 3)} ms, plan p95 ${round(planT.summary.p95Ms, 3)} ms, index build ${round(buildMs, 0)} ms`);
    }
    // growth 7 → 10,000: judged on entity matching (the index), reported for the whole planner
    const growth = (kind: string) => {
      const a = byCase.get(`${kind}:7`)![0]!;
      const b = byCase.get(`${kind}:10000`)![0]!;
      return a > 0 ? b / a : null;
    };
    const matchGrowth = growth('match');
    rows.push({
      section: 'planner',
      case: 'entity matching p95 growth, 7 → 10,000 companies',
      driver: 'n/a',
      n: SIZES.length,
      p50Ms: null,
      p95Ms: null,
      target: { metric: 'p95 ratio', op: '<=', value: 2, met: matchGrowth === null ? null : matchGrowth <= 2 },
      extra: { matchP95Ratio: round(matchGrowth, 2), planP95Ratio: round(growth('plan'), 2), summary: `p95 ratio: matching ${round(matchGrowth, 2)}×, planQuestion ${round(growth('plan'), 2)}×` },
    });

    // the answer path's per-question cost of the index: one data-version read while nothing changed
    const d = await openDatabase({ dataDir: 'memory' });
    try {
      await migrate(d);
      for (const size of SIZES) {
        const tenant = `bench-planner-${size}`;
        await d.query(`insert into tenants (id, name) values ($1, $1)`, [tenant]);
        await d.query(
          `insert into entities (id, tenant_id, name, legal_name, ticker, cik)
           select $1 || ':' || i, $1, 'Company ' || i || ' Holdings', 'Company ' || i || ' Holdings Inc.', 'Q' || upper(to_hex(i)), lpad((3000000 + i)::text, 10, '0')
           from generate_series(1, $2::int) i`,
          [tenant, size],
        );
        await d.query(
          `insert into entity_aliases (entity_id, alias, normalized, kind)
           select id, name, lower(name), 'name' from entities where tenant_id = $1
           union all select id, ticker, lower(ticker), 'ticker' from entities where tenant_id = $1`,
          [tenant],
        );
        const t0 = performance.now();
        await loadEntityIndex(d.db, tenant);
        const coldMs = performance.now() - t0;
        const t = await timeSequential(qs, async (q) => matchEntities(q, await loadEntityIndex(d.db, tenant)), 10);
        rows.push({
          section: 'planner',
          case: `cached index + matching per question, ${size.toLocaleString('en-US')} companies`,
          driver: 'pglite',
          n: t.latencies.length,
          p50Ms: t.summary.p50Ms,
          p95Ms: t.summary.p95Ms,
          p99Ms: t.summary.p99Ms,
          throughput: t.opsPerS,
          extra: { companies: size, coldBuildMs: round(coldMs, 1), summary: `first load (queries + build) ${round(coldMs, 0)} ms, then one data-version read per question` },
        });
      }
    } finally {
      await d.close();
    }
    return rows;
  },
};

export default section;
