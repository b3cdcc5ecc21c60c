/**
 * Golden digests of what bulk ingestion stores (speed work must not change a byte): for a
 * small synthetic archive plus a company with awkward data (COPY escapes in accessions, forms and
 * frames, an unknown unit, a per-share unit, decimals in exponent form, a concept in two units, a
 * restated value), the plan of each company (entity, aliases, calendars, source, audit, labels, counters,
 * chains left to SQL) and the COPY text of its fact and sighting rows. The digests were taken before
 * the speed work; a change to them is a change to stored rows, ids or fiscal labels.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/ids';
import { parseCompanyFacts } from '../companyfacts';
import { noSideFiles } from '../side-files';
import { encodeForCopy } from './batch-writer';
import { planNewCompany, type CompanyPlan } from './company-plan';
import { CopyArena } from './copy-inserter';
import { awkwardCompany } from './awkward-company';
import { syntheticCompanyFacts } from './synthetic-archive';

function planOf(fileName: string, json: string): CompanyPlan {
  const bytes = Buffer.from(json);
  const cf = parseCompanyFacts(json, fileName);
  const plan = planNewCompany(cf, {
    tenantId: 't-golden',
    actor: 'test',
    fileName,
    sha256: sha256Hex(bytes),
    byteSize: bytes.byteLength,
    sideFiles: noSideFiles,
    startedAt: 0,
  });
  if (!plan) throw new Error(`no plan for ${fileName}`);
  return plan;
}

/** Everything a plan stores but the run id and duration, and its COPY bytes. */
function digestOf(plan: CompanyPlan, arena?: CopyArena): { plan: string; facts: string; sightings: string; meta: string } {
  const { run, facts: _f, sightings: _s, derived: _d, encoded: _e, ...rest } = plan;
  const { id: _id, durationMs: _ms, ...runRest } = run;
  encodeForCopy(plan, arena);
  const enc = plan.encoded!;
  const h = (parts: Buffer[] | string) =>
    createHash('sha256')
      .update(typeof parts === 'string' ? parts : Buffer.concat(parts))
      .digest('hex')
      .slice(0, 24);
  return {
    plan: h(JSON.stringify({ ...rest, run: runRest })),
    facts: h(enc.facts),
    sightings: h(enc.sightings),
    meta: h(JSON.stringify({ metricIds: [...enc.metricIds].sort(), cellIds: [...enc.cellIds].sort() })),
  };
}

describe('bulk ingestion stores the same bytes (golden digests)', () => {
  it('synthetic companies: plan, fact and sighting COPY text', () => {
    const arena = new CopyArena(1 << 16);
    const all = createHash('sha256');
    for (let i = 0; i < 6; i++) {
      const c = syntheticCompanyFacts(i, { years: 5, seed: 11 });
      const d = digestOf(planOf(c.fileName, c.json), arena);
      all.update(JSON.stringify(d));
    }
    expect(all.digest('hex').slice(0, 32)).toBe('24066c246394c3c0d2068d91e2833b9c');
  });
  it('a company with escapes, odd units, exponent literals and a late restatement', () => {
    const c = awkwardCompany();
    const plan = planOf(c.fileName, c.json);
    expect(plan.quarantined).toBeGreaterThan(0);
    expect(plan.multiValueChains.length).toBeGreaterThan(0);
    expect(digestOf(plan)).toEqual({
      plan: 'c1c6d7116f4ef51c3c96ac30',
      facts: 'ec257231488819b553f6d2c9',
      sightings: '2feb1601a145196e8be26aea',
      meta: 'fb2500e4552261f2fa838c1f',
    });
  });
});
