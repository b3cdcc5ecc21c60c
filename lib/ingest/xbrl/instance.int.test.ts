import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { testTargets } from '@/tests/support/db';
import { ingestFile } from '../ingest-file';
import { createSideFiles, noSideFiles } from '../side-files';

const fixtures = path.join(import.meta.dirname, '..', '__fixtures__');
const TENANT = 't-xbrl';

for (const target of testTargets()) {
  describe(`XBRL instance ingestion on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('adds sightings to facts known from companyfacts, keeps segment facts apart from totals', async () => {
      const cf = await ingestFile(path.join(fixtures, 'v2', 'CIK0000000042_ACME_companyfacts.json'), {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
      });
      expect(cf.status).toBe('ok');
      const o = await ingestFile(path.join(fixtures, 'xbrl', 'acme-20231231.xml'), {
        db: d.db,
        tenantId: TENANT,
        sideFiles: createSideFiles(),
      });
      expect(o).toMatchObject({ status: 'ok', format: 'xbrl-instance', factsSeen: 8, quarantined: 1 });
      expect(o.entityId).toBe(cf.entityId);

      const [src] = await d.query<{ accession: string; filed: string; form: string; kind: string }>(
        `select accession, to_char(filed_at, 'YYYY-MM-DD') as filed, form, kind from sources where id = $1`,
        [o.sourceId],
      );
      expect(src).toEqual({ accession: '0000000042-24-000010', filed: '2024-02-10', form: '10-K', kind: 'xbrl-instance' });

      const revenue = await d.query<{
        value: string;
        dims_key: string;
        fiscal_year: number;
        fiscal_period: string;
        metric_id: string;
        n: number;
        decimals: number;
        scale: number;
      }>(
        `select f.value::text, f.dims_key, f.fiscal_year, f.fiscal_period, f.metric_id, f.decimals, f.scale,
                (select count(*)::int from fact_sightings s where s.entity_id = f.entity_id and s.fact_id = f.id) as n
         from facts f where f.entity_id = $1 and f.concept = 'us-gaap:Revenues' and f.start_date = '2023-01-01' and f.end_date = '2023-12-31'
         order by f.dims_key`,
        [o.entityId],
      );
      // the consolidated total: one fact (first seen in companyfacts) with a second sighting from the instance
      expect(revenue[0]).toMatchObject({
        value: '1300000',
        dims_key: '',
        fiscal_year: 2023,
        fiscal_period: 'FY',
        metric_id: 'revenue',
        n: 2,
      });
      // the segment fact is its own chain, never a version of the total
      expect(revenue[1]).toMatchObject({
        value: '800000',
        dims_key: '[["us-gaap:StatementBusinessSegmentsAxis","acme:WidgetsMember"]]',
        n: 1,
      });
      const latestTotals = await d.query<{ value: string }>(
        `select value::text from facts where entity_id = $1 and metric_id = 'revenue' and fiscal_year = 2023 and fiscal_period = 'FY' and is_latest and dims_key = ''`,
        [o.entityId],
      );
      expect(latestTotals).toEqual([{ value: '1300000' }]);

      const q4 = await d.query<{ fiscal_period: string; decimals: number; scale: number }>(
        `select fiscal_period, decimals, scale from facts where entity_id = $1 and concept = 'us-gaap:Revenues' and start_date = '2023-10-01'`,
        [o.entityId],
      );
      expect(q4).toEqual([{ fiscal_period: 'Q4', decimals: -3, scale: 3 }]);
      const eps = await d.query<{ unit: string; currency: string; value: string }>(
        `select unit, currency, value::text from facts where entity_id = $1 and concept = 'us-gaap:EarningsPerShareDiluted' and end_date = '2023-12-31'`,
        [o.entityId],
      );
      expect(eps).toEqual([{ unit: 'USD/shares', currency: 'USD', value: '1.3' }]);
    });

    it('malformed XML writes nothing and names the line', async () => {
      const before = await d.query<{ n: number }>(`select count(*)::int as n from facts`);
      const o = await ingestFile(path.join(fixtures, 'xbrl', 'acme-malformed.xml'), { db: d.db, tenantId: TENANT });
      expect(o.status).toBe('failed');
      expect(o.error?.code).toBe('bad_request:malformed_xml');
      expect(o.error?.message).toMatch(/acme-malformed\.xml \(line \d+, column \d+\)/);
      expect(await d.query<{ n: number }>(`select count(*)::int as n from facts`)).toEqual(before);
    });
  });
}
