/**
 * "As originally reported" is the value of the period's own report — the filing whose own period ends on
 * the fact's period end — never a later filing's (split-adjusted or restated) comparative. A synthetic
 * companyfacts file: the FY2023 10-K is held, the FY2024 10-K is not, the FY2025 10-K reports FY2023 and
 * FY2024 after a 3-for-1 split.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { lookupFact } from './lookup-facts';

const T = 't-original';
const A23 = '0000000088-23-000010'; // 10-K for FY2023 (ended 2023-01-31), filed 2023-03-17
const A25 = '0000000088-25-000010'; // 10-K for FY2025 (ended 2025-01-31), filed 2025-03-14, after the split

type Row = { start?: string; end: string; val: number; accn: string; fy: number; fp: string; form: string; filed: string };
const k23 = (start: string | undefined, end: string, val: number): Row => ({
  ...(start ? { start } : {}),
  end,
  val,
  accn: A23,
  fy: 2023,
  fp: 'FY',
  form: '10-K',
  filed: '2023-03-17',
});
const k25 = (start: string | undefined, end: string, val: number): Row => ({
  ...(start ? { start } : {}),
  end,
  val,
  accn: A25,
  fy: 2025,
  fp: 'FY',
  form: '10-K',
  filed: '2025-03-14',
});

const COMPANYFACTS = {
  cik: 88,
  entityName: 'Threeway Stores Inc',
  facts: {
    dei: { EntityCommonStockSharesOutstanding: { label: 'Shares outstanding', units: { shares: [k23(undefined, '2023-03-10', 2.69e9)] } } },
    'us-gaap': {
      EarningsPerShareDiluted: {
        label: 'EPS',
        units: {
          'USD/shares': [
            k23('2021-02-01', '2022-01-31', 4.75),
            k23('2022-02-01', '2023-01-31', 4.27),
            k25('2022-02-01', '2023-01-31', 1.42),
            k25('2023-02-01', '2024-01-31', 1.91),
            k25('2024-02-01', '2025-01-31', 2.41),
          ],
        },
      },
      EarningsPerShareBasic: {
        label: 'EPS basic',
        units: {
          'USD/shares': [
            k23('2021-02-01', '2022-01-31', 4.77),
            k23('2022-02-01', '2023-01-31', 4.29),
            k25('2022-02-01', '2023-01-31', 1.43),
            k25('2023-02-01', '2024-01-31', 1.92),
            k25('2024-02-01', '2025-01-31', 2.42),
          ],
        },
      },
      Assets: {
        label: 'Assets',
        units: { USD: [k23(undefined, '2023-01-31', 243e9), k25(undefined, '2024-01-31', 252e9), k25(undefined, '2025-01-31', 260e9)] },
      },
    },
  },
};

for (const target of testTargets()) {
  describe(`"as originally reported" on ${target.name}`, () => {
    let d: Database;
    let entityId = '';
    const lookup = (metricId: string, period: { type: 'duration'; start: string; end: string } | { type: 'instant'; date: string }) =>
      lookupFact({
        db: d.db,
        tenantId: T,
        role: 'analyst',
        entityId,
        metricId,
        period,
        fiscalYear: null,
        fiscalPeriod: null,
        scope: 'consolidated',
        basis: { kind: 'original' },
      });
    beforeAll(async () => {
      d = await target.open();
      await d.db.insert(tenants).values({ id: T, name: 'Original' });
      const o = await ingestBytes(Buffer.from(JSON.stringify(COMPANYFACTS)), 'CIK0000000088_THRW_companyfacts.json', {
        db: d.db,
        tenantId: T,
        actor: 'test',
        sideFiles: noSideFiles,
      });
      expect(o.status).toBe('ok');
      const [e] = await d.query<{ id: string }>('select id from entities where tenant_id = $1', [T]);
      entityId = e!.id;
    });
    afterAll(async () => {
      await d?.close();
    });

    it("the period's own report is the original, not the later split-adjusted comparative", async () => {
      const r = await lookup('eps_diluted', { type: 'duration', start: '2022-02-01', end: '2023-01-31' });
      expect(r.status).toBe('found');
      expect(r.status === 'found' && [r.fact.value, r.fact.accession]).toEqual(['4.27', A23]);
    });

    it('a period whose own report is not held: said so, never a comparative labelled original', async () => {
      const r = await lookup('eps_diluted', { type: 'duration', start: '2023-02-01', end: '2024-01-31' });
      expect(r.status).toBe('missing');
      expect(r.status === 'missing' && r.byBasis).toBe('no_such_version');
      expect(r.status === 'missing' && r.reason).toContain('the original is not held');
      expect(r.status === 'missing' && r.reason).toContain('1.91 in the 10-K filed 2025-03-14');
      // FY2022 is only in the FY2023 10-K: a comparative there too
      expect((await lookup('eps_diluted', { type: 'duration', start: '2021-02-01', end: '2022-01-31' })).status).toBe('missing');
      // the latest year: its own report is held
      expect(await lookup('eps_diluted', { type: 'duration', start: '2024-02-01', end: '2025-01-31' })).toMatchObject({
        status: 'found',
        fact: { value: '2.41' },
      });
    });

    it('balances: the own report is the one ending on that date; a cover-page instant belongs to its filing', async () => {
      expect(await lookup('total_assets', { type: 'instant', date: '2023-01-31' })).toMatchObject({
        status: 'found',
        fact: { value: '243000000000' },
      });
      expect(await lookup('total_assets', { type: 'instant', date: '2024-01-31' })).toMatchObject({ status: 'missing' });
      expect(await lookup('total_assets', { type: 'instant', date: '2025-01-31' })).toMatchObject({ status: 'found' });
      expect(await lookup('shares_outstanding', { type: 'instant', date: '2023-03-10' })).toMatchObject({
        status: 'found',
        fact: { value: '2690000000' },
      });
    });
  });
}
