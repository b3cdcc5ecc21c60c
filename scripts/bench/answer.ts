/**
 * End-to-end numeric question latency: answerQuestion (planner → per-entity period resolution →
 * typed lookups → calculation → text with citations → evidence manifest stored) on the real data,
 * in process (server time without HTTP), on PGlite and PostgreSQL. Questions follow the golden
 * set's templates (reported values, margins, growth, instants) for the seven companies.
 */
import type { Driver } from '@/lib/db/client';
import { answerQuestion } from '@/lib/answer/answer-question';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { numericQuestions } from './support/cases';
import { timeSequential } from './support/timing';
import type { BenchRow, BenchSection } from './support/types';

export function statusCounts(statuses: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

const section: BenchSection = {
  name: 'answer',
  description: 'end-to-end numeric question (planner → lookup → calc → manifest stored) on the real data',
  async run(ctx) {
    const n = ctx.scale === 'full' ? 300 : 100;
    const drivers: Driver[] = ctx.pgUrl ? ['pglite', 'postgres'] : ['pglite'];
    const rows: BenchRow[] = [];
    for (const driver of drivers) {
      const database = await ctx.realDatabase(driver);
      const questions = await numericQuestions(database.db, DEMO_TENANT_ID, n);
      const run = await timeSequential(questions, (question) =>
        answerQuestion({ db: database.db, tenantId: DEMO_TENANT_ID, userId: null, question, store: true, cache: false }),
      );
      const statuses = statusCounts(run.results.map((a) => a.status));
      const stored = run.results.filter((a) => a.manifestId).length;
      rows.push({
        section: 'answer',
        case: 'real data, numeric question',
        driver,
        n: questions.length,
        p50Ms: run.summary.p50Ms,
        p95Ms: run.summary.p95Ms,
        p99Ms: run.summary.p99Ms,
        throughput: run.opsPerS,
        extra: {
          statuses,
          manifestsStored: stored,
          summary: `${Object.entries(statuses)
            .map(([k, v]) => `${v} ${k}`)
            .join(', ')}; ${stored} manifests stored`,
        },
      });
    }
    return rows;
  },
};

export default section;
