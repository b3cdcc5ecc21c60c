import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { testTargets } from '@/tests/support/db';
import { ingestPaths } from '@/lib/ingest/ingest-paths';
import { createSideFiles } from './side-files';

const fixtures = path.join(import.meta.dirname, '__fixtures__');
const files = [
  path.join(fixtures, 'CIK0000000042_ACME_companyfacts.json'),
  path.join(fixtures, 'xbrl', 'acme-20231231.xml'),
  path.join(fixtures, 'ixbrl', 'acme-10-k-2024-02-10.htm'),
  path.join(fixtures, 'v2', 'CIK0000000042_ACME_companyfacts.json'),
];
const sink = { write: () => true } as unknown as NodeJS.WritableStream;

for (const target of testTargets()) {
  describe(`parallel ingestion of one company on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('gives the same store as one file at a time', async () => {
      const run = (tenantId: string, jobs: number) =>
        ingestPaths({ database: d, tenantId, files, jobs, out: sink, err: sink, showProgress: false, sideFiles: createSideFiles() });
      const seq = await run('t-seq', 1);
      const par = await run('t-par', 4);
      expect(seq.map((o) => o.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(par.map((o) => o.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
      const snapshot = (tenant: string) =>
        d.query<{
          concept: string;
          value: string;
          version: number;
          is_latest: boolean;
          fiscal_year: number;
          fiscal_period: string;
          sightings: number;
        }>(
          `select f.concept, f.value::text, f.version, f.is_latest, f.fiscal_year, f.fiscal_period,
                  (select count(distinct s.accession)::int from fact_sightings s where s.entity_id = f.entity_id and s.fact_id = f.id) as sightings
           from facts f where f.tenant_id = $1 order by f.concept, f.dims_key, f.start_date nulls first, f.end_date, f.unit, f.version, f.value`,
          [tenant],
        );
      const a = await snapshot('t-seq');
      expect(a.length).toBeGreaterThan(15);
      expect(await snapshot('t-par')).toEqual(a);
      const calendars = await d.query<{ n: number }>(
        `select count(*)::int as n from fiscal_calendars c join entities e on e.id = c.entity_id where e.tenant_id = 't-par' and c.superseded_at is null`,
      );
      expect(calendars[0]!.n).toBe(1);
    });
  });
}
