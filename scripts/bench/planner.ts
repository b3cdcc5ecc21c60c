/**
 * Planner and entity matching per question at 7, 2,000 and 10,000 companies (the cost of a question must not grow with the number of companies):
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
import { summarizeLatencies } from '@/lib/bench/metrics';
import { normalizeAlias } from '@/lib/domain/names';
import { buildEntityIndex, type EntityIndex } from '@/lib/planner/entity-index';
import { loadEntityIndex, type CatalogEntity } from '@/lib/planner/catalog';
import { matchEntities } from '@/lib/planner/match-entities';
import { planQuestion } from '@/lib/planner/plan';
import { companyName } from './support/synthetic';
import { round } from './support/timing';
import type { BenchRow, BenchSection } from './support/types';

const SIZES = [7, 2_000, 10_000];

function entity(id: string, name: string, ticker: string, cik: string, extra: [string, string][] = []): CatalogEntity {
  const aliases: [string, string][] = [
    [name, 'name'],
    [ticker, 'ticker'],
    [cik, 'abbreviation'],
    [cik.replace(/^0+/, ''), 'abbreviation'],
    ...extra,
  ];
  return {
    id,
    name,
    legalName: name,
    ticker,
    cik,
    aliases: aliases.map(([alias, kind]) => ({ alias, kind, normalized: normalizeAlias(alias) })),
  };
}

/** The seven companies of the real data, with the aliases ingestion records for them. */
const REAL: CatalogEntity[] = [
  entity('aapl', 'Apple Inc.', 'AAPL', '0000320193', [['Nasdaq:AAPL', 'listing']]),
  entity('nvda', 'NVIDIA CORP', 'NVDA', '0001045810', [['Nasdaq:NVDA', 'listing']]),
  entity('tsla', 'Tesla, Inc.', 'TSLA', '0001318605', [
    ['TESLA MOTORS INC', 'former_name'],
    ['Nasdaq:TSLA', 'listing'],
  ]),
  entity('snow', 'Snowflake Inc.', 'SNOW', '0001640147', [['NYSE:SNOW', 'listing']]),
  entity('googl', 'Alphabet Inc.', 'GOOGL', '0001652044', [
    ['GOOG', 'ticker'],
    ['Google', 'brand'],
  ]),
  entity('mrvl', 'Marvell Technology, Inc.', 'MRVL', '0001835632', [
    ['Marvell', 'abbreviation'],
    ['Nasdaq:MRVL', 'listing'],
  ]),
  entity('lpa', 'Logistic Properties of the Americas', 'LPA', '0001997711'),
];

function catalogOf(size: number): CatalogEntity[] {
  const out = [...REAL];
  for (let i = 0; out.length < size; i++) {
    const cik = String(2_000_000 + i).padStart(10, '0');
    out.push(
      entity(`syn${i}`, `${companyName(i)} ${i >= 2_000 ? 'Group' : 'Inc.'}`, `Q${i.toString(36).toUpperCase().padStart(3, '0')}`, cik),
    );
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

interface Setup {
  size: number;
  label: string;
  index: EntityIndex;
  buildMs: number;
}

function row(c: string, driver: BenchRow['driver'], ms: number[], extra: Record<string, unknown>): BenchRow {
  const sum = summarizeLatencies(ms);
  const total = ms.reduce((a, b) => a + b, 0);
  return {
    section: 'planner',
    case: c,
    driver,
    n: ms.length,
    p50Ms: sum.p50Ms,
    p95Ms: sum.p95Ms,
    p99Ms: sum.p99Ms,
    throughput: total > 0 ? (ms.length * 1000) / total : null,
    extra,
  };
}

const section: BenchSection = {
  name: 'planner',
  description:
    'planner and entity matching p50/p95 per question at 7, 2,000 and 10,000 companies (in-memory index; cached index on PGlite)',
  async run(ctx) {
    const qs = questions();
    const rows: BenchRow[] = [];
    const setups: Setup[] = SIZES.map((size) => {
      const catalog = catalogOf(size);
      const t0 = performance.now();
      const index = buildEntityIndex(catalog);
      return { size, label: `${size.toLocaleString('en-US')} companies`, index, buildMs: performance.now() - t0 };
    });
    // sizes interleaved round by round, so machine noise (2 shared cores) falls on every size alike
    const rounds = 6;
    const match = new Map<number, number[]>(SIZES.map((n) => [n, []]));
    const plan = new Map<number, number[]>(SIZES.map((n) => [n, []]));
    const statuses = new Map<number, Record<string, number>>();
    for (let r = 0; r <= rounds; r++) {
      for (const s of setups) {
        for (const q of qs) {
          const t = performance.now();
          matchEntities(q, s.index);
          if (r > 0) match.get(s.size)!.push(performance.now() - t);
        }
        for (const q of qs) {
          const t = performance.now();
          const res = planQuestion(q, { catalog: s.index.entities, index: s.index, previous: null });
          if (r > 0) plan.get(s.size)!.push(performance.now() - t);
          if (r === 1) {
            const st = statuses.get(s.size) ?? {};
            st[res.status] = (st[res.status] ?? 0) + 1;
            statuses.set(s.size, st);
          }
        }
      }
    }
    for (const s of setups) {
      const st = statuses.get(s.size) ?? {};
      rows.push(
        row(`entity matching, ${s.label}`, 'n/a', match.get(s.size)!, {
          companies: s.size,
          questions: qs.length,
          indexBuildMs: round(s.buildMs, 1),
          summary: `${qs.length} questions × ${rounds}; index built once in ${round(s.buildMs, 0)} ms`,
        }),
      );
      rows.push(
        row(`planQuestion, ${s.label}`, 'n/a', plan.get(s.size)!, {
          companies: s.size,
          statuses: st,
          summary: Object.entries(st)
            .map(([k, v]) => `${v} ${k}`)
            .join(', '),
        }),
      );
    }
    const p95 = (m: Map<number, number[]>, n: number) => summarizeLatencies(m.get(n)!).p95Ms ?? 0;
    const ratioOf = (m: Map<number, number[]>) => (p95(m, 7) > 0 ? p95(m, 10_000) / p95(m, 7) : null);
    const matchP95Ratio = round(ratioOf(match), 2);
    const planP95Ratio = round(ratioOf(plan), 2);
    rows.push({
      section: 'planner',
      case: 'entity matching p95 growth, 7 → 10,000 companies',
      driver: 'n/a',
      n: SIZES.length,
      p50Ms: null,
      p95Ms: null,
      target: { metric: 'matchP95Ratio', op: '<=', value: 1.5, met: null },
      extra: {
        matchP95Ratio,
        planP95Ratio,
        summary: `p95 at 10,000 / p95 at 7 companies: matching ${matchP95Ratio}×, planQuestion ${planP95Ratio}×`,
      },
    });
    for (const s of setups)
      ctx.log(
        `   planner at ${s.label}: match p95 ${round(p95(match, s.size), 3)} ms, plan p95 ${round(p95(plan, s.size), 3)} ms, index build ${round(s.buildMs, 0)} ms`,
      );

    // the answer path's per-question cost of the index: one data-version read while nothing changed
    const d = await openDatabase({ dataDir: 'memory' });
    try {
      await migrate(d);
      const tenants: { size: number; tenant: string; coldMs: number }[] = [];
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
          `insert into entity_aliases (tenant_id, entity_id, alias, normalized, kind)
           select $1, id, name, lower(name), 'name' from entities where tenant_id = $1
           union all select $1, id, ticker, lower(ticker), 'ticker' from entities where tenant_id = $1`,
          [tenant],
        );
        const t0 = performance.now();
        await loadEntityIndex(d.db, tenant);
        tenants.push({ size, tenant, coldMs: performance.now() - t0 });
      }
      const cached = new Map<number, number[]>(SIZES.map((n) => [n, []]));
      for (let r = 0; r <= 2; r++) {
        for (const t of tenants) {
          for (const q of qs) {
            const t0 = performance.now();
            matchEntities(q, await loadEntityIndex(d.db, t.tenant));
            if (r > 0) cached.get(t.size)!.push(performance.now() - t0);
          }
        }
      }
      for (const t of tenants) {
        rows.push(
          row(`cached index + matching per question, ${t.size.toLocaleString('en-US')} companies`, 'pglite', cached.get(t.size)!, {
            companies: t.size,
            coldBuildMs: round(t.coldMs, 1),
            summary: `first load (3 queries + build) ${round(t.coldMs, 0)} ms, then one data-version read per question`,
          }),
        );
      }
    } finally {
      await d.close();
    }
    return rows;
  },
};

export default section;
