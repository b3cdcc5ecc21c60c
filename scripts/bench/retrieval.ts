/**
 * Hybrid passage retrieval latency on the real filings (3.2k chunks): entity-year bucketed hybrid
 * retrieval as answers use it (the retrieval evaluation set's buckets and planner topics, k = 10),
 * and flat hybrid retrieval over the whole tenant for contrast, on PGlite and PostgreSQL.
 */
import type { Driver } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { retrievePassages } from '@/lib/retrieval/hybrid-passages';
import { retrievalSet } from './support/retrieval-set';
import { cycle, sample, timeSequential } from './support/timing';
import type { BenchRow, BenchSection } from './support/types';

const section: BenchSection = {
  name: 'retrieval',
  description: 'hybrid passage retrieval latency on the real 10-K/10-Q chunks (PGlite, PostgreSQL)',
  async run(ctx) {
    const n = ctx.scale === 'full' ? 400 : 120;
    const set = await retrievalSet((await ctx.realDatabase('pglite')).db);
    const questions = cycle(sample(set, set.length, 11), n);
    const drivers: Driver[] = ctx.pgUrl ? ['pglite', 'postgres'] : ['pglite'];
    const rows: BenchRow[] = [];
    for (const driver of drivers) {
      const database = await ctx.realDatabase(driver);
      const { db } = database;
      const chunks = (await database.query<{ chunks: number }>('select count(*)::int as chunks from chunks'))[0]?.chunks ?? 0;
      const bucketed = await timeSequential(questions, (q) =>
        retrievePassages({ db, tenantId: DEMO_TENANT_ID, buckets: q.buckets, query: q.topic, k: 10, mode: 'hybrid' }),
      );
      const buckets = questions.reduce((a, q) => a + q.buckets.length, 0) / questions.length;
      rows.push({
        section: 'retrieval',
        case: 'real data, bucketed hybrid',
        driver,
        n: questions.length,
        p50Ms: bucketed.summary.p50Ms,
        p95Ms: bucketed.summary.p95Ms,
        p99Ms: bucketed.summary.p99Ms,
        throughput: bucketed.opsPerS,
        extra: {
          chunks,
          bucketsPerQuery: buckets,
          summary: `${chunks.toLocaleString('en-US')} chunks; ${buckets.toFixed(2)} buckets per query`,
        },
      });
      const flatN = Math.min(questions.length, ctx.scale === 'full' ? 200 : 60);
      const flat = await timeSequential(questions.slice(0, flatN), (q) =>
        retrievePassages({ db, tenantId: DEMO_TENANT_ID, buckets: [], query: q.question, k: 10, mode: 'hybrid' }),
      );
      rows.push({
        section: 'retrieval',
        case: 'real data, flat hybrid',
        driver,
        n: flatN,
        p50Ms: flat.summary.p50Ms,
        p95Ms: flat.summary.p95Ms,
        p99Ms: flat.summary.p99Ms,
        throughput: flat.opsPerS,
        extra: { chunks, summary: `${chunks.toLocaleString('en-US')} chunks, whole tenant` },
      });
    }
    return rows;
  },
};

export default section;
