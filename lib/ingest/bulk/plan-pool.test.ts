import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeForCopy } from './batch-writer';
import type { CompanyPlan } from './company-plan';
import { awkwardCompany } from './awkward-company';
import { INLINE, planEntry, PlanPool } from './plan-pool';
import { syntheticCompanyFacts } from './synthetic-archive';

/** what a plan stores (its run's id and duration aside) and its COPY bytes */
function digest(plan: CompanyPlan): string {
  encodeForCopy(plan);
  const { run, encoded, facts: _f, sightings: _s, derived: _d, ...rest } = plan;
  const { id: _id, durationMs: _ms, ...runRest } = run;
  const h = createHash('sha256');
  h.update(JSON.stringify({ ...rest, run: runRest, metricIds: encoded!.metricIds, cellIds: encoded!.cellIds }));
  h.update(Buffer.concat(encoded!.facts));
  h.update('|');
  h.update(Buffer.concat(encoded!.sightings));
  return h.digest('hex');
}

describe('planning on a worker thread', () => {
  const pool = PlanPool.start(1);
  afterAll(() => pool?.close());
  const companies = [...Array.from({ length: 3 }, (_, i) => syntheticCompanyFacts(i, { years: 4, seed: 5 })), awkwardCompany()];
  const cikOf = (fileName: string) => /CIK(\d{10})/.exec(fileName)![1]!;

  it('plans exactly what planEntry plans on the main thread', async () => {
    expect(pool).not.toBeNull();
    for (const c of companies) {
      const bytes = Buffer.from(c.json);
      const here = planEntry(bytes, c.fileName, { tenantId: 't-pool', actor: 'test', sideFiles: { submissions: () => null } });
      const there = await pool!.plan(bytes, c.fileName, { tenantId: 't-pool', actor: 'test', cik: cikOf(c.fileName), submissions: null });
      expect(there).not.toBe(INLINE);
      expect(digest(there as CompanyPlan)).toBe(digest(here!));
    }
  });

  it('sends back what it cannot plan: a CIK other than the one looked up, and what is not companyfacts', async () => {
    const c = companies[0]!;
    expect(
      await pool!.plan(Buffer.from(c.json), c.fileName, { tenantId: 't-pool', actor: 'test', cik: '0000000001', submissions: null }),
    ).toBe(INLINE);
    expect(
      await pool!.plan(Buffer.from('{"not":"companyfacts"}'), 'CIK0000000002.json', {
        tenantId: 't-pool',
        actor: 'test',
        cik: '0000000002',
        submissions: null,
      }),
    ).toBeNull();
  });
});
