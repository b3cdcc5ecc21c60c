/**
 * Typed fact lookup latency (lookupFact: one metric of one entity for one period, version chosen
 * under the latest-filed basis) on the real data — 67k facts of seven companies — on PGlite and
 * PostgreSQL: one caller after another (p50/p95/p99, lookups/s), and on PostgreSQL also 8 callers at
 * once (throughput). About 10% of the lookups ask for a year with no facts.
 */
import type { Driver } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { lookupCases } from './support/cases';
import { timeConcurrent, timeSequential } from './support/timing';
import type { BenchRow, BenchSection } from './support/types';

const section: BenchSection = {
  name: 'lookup',
  description: 'typed fact lookup latency on the real data (PGlite, PostgreSQL)',
  async run(ctx) {
    const n = ctx.scale === 'full' ? 1000 : 300;
    const drivers: Driver[] = ctx.pgUrl ? ['pglite', 'postgres'] : ['pglite'];
    const rows: BenchRow[] = [];
    for (const driver of drivers) {
      const database = await ctx.realDatabase(driver);
      const cases = await lookupCases(database.db, DEMO_TENANT_ID, n);
      const facts = (await database.query<{ facts: number }>('select count(*)::int as facts from facts'))[0]?.facts ?? 0;
      const run = (c: (typeof cases)[number]) => lookupFact({ db: database.db, ...c });
      const seq = await timeSequential(cases, run, 10);
      const statuses: Record<string, number> = {};
      for (const r of seq.results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      rows.push({
        section: 'lookup',
        case: 'real data, 1 caller',
        driver,
        n: cases.length,
        p50Ms: seq.summary.p50Ms,
        p95Ms: seq.summary.p95Ms,
        p99Ms: seq.summary.p99Ms,
        throughput: seq.opsPerS,
        extra: {
          facts,
          statuses,
          summary: `${facts.toLocaleString('en-US')} facts; ${Object.entries(statuses)
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')}`,
        },
      });
      if (driver === 'postgres') {
        const conc = await timeConcurrent(cases, run, 8);
        rows.push({
          section: 'lookup',
          case: 'real data, 8 callers',
          driver,
          n: cases.length,
          p50Ms: conc.summary.p50Ms,
          p95Ms: conc.summary.p95Ms,
          p99Ms: conc.summary.p99Ms,
          throughput: conc.opsPerS,
          extra: { facts, summary: 'pool of 10 connections' },
        });
      }
    }
    return rows;
  },
};

export default section;
