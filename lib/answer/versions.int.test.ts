/**
 * Versions of a figure end to end, on both drivers: a named filing ("as reported in the 2021 10-K"),
 * found by its own reporting period among the stored sightings; "split-adjusted", "pre-split",
 * "restated" against the version chain. A synthetic companyfacts file: a 20-for-1 split restates
 * FY2021 EPS in the FY2022 10-K, revenue moves to another concept, and the `fy` field of the first
 * 10-K is wrong on purpose (the filing is found by its facts' dates, not by `fy`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { tenants } from '@/lib/db/schema';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { listFilings, splitEvents } from '@/lib/retrieval/filings';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';

const T = 't-versions';
const A21 = '0000000077-22-000010'; // 10-K for FY2021, filed 2022-02-02
const A22 = '0000000077-23-000010'; // 10-K for FY2022, filed 2023-02-03 (after the split)
const Q222 = '0000000077-22-000030'; // 10-Q for Q2 FY2022

type Row = { start?: string; end: string; val: number; accn: string; fy: number; fp: string; form: string; filed: string };
const k21 = (start: string, end: string, val: number): Row => ({
  start,
  end,
  val,
  accn: A21,
  fy: 2099,
  fp: 'FY',
  form: '10-K',
  filed: '2022-02-02',
});
const k22 = (start: string, end: string, val: number): Row => ({
  start,
  end,
  val,
  accn: A22,
  fy: 2022,
  fp: 'FY',
  form: '10-K',
  filed: '2023-02-03',
});
const q22 = (start: string, end: string, val: number): Row => ({
  start,
  end,
  val,
  accn: Q222,
  fy: 2022,
  fp: 'Q2',
  form: '10-Q',
  filed: '2022-07-27',
});

const COMPANYFACTS = {
  cik: 77,
  entityName: 'Splitco Holdings Inc',
  facts: {
    'us-gaap': {
      EarningsPerShareDiluted: {
        label: 'EPS',
        units: {
          'USD/shares': [
            k21('2019-01-01', '2019-12-31', 49.16),
            k21('2020-01-01', '2020-12-31', 58.61),
            k21('2021-01-01', '2021-12-31', 112.2),
            k22('2020-01-01', '2020-12-31', 2.93),
            k22('2021-01-01', '2021-12-31', 5.61),
            k22('2022-01-01', '2022-12-31', 4.56),
          ],
        },
      },
      EarningsPerShareBasic: {
        label: 'EPS basic',
        units: {
          'USD/shares': [
            k21('2020-01-01', '2020-12-31', 59.15),
            k21('2021-01-01', '2021-12-31', 113.88),
            k22('2020-01-01', '2020-12-31', 2.96),
            k22('2021-01-01', '2021-12-31', 5.69),
            k22('2022-01-01', '2022-12-31', 4.59),
          ],
        },
      },
      Revenues: {
        label: 'Revenues',
        units: {
          USD: [k21('2019-01-01', '2019-12-31', 161e9), k21('2020-01-01', '2020-12-31', 182e9), k21('2021-01-01', '2021-12-31', 257e9)],
        },
      },
      RevenueFromContractWithCustomerExcludingAssessedTax: {
        label: 'Revenue',
        units: {
          USD: [
            k22('2020-01-01', '2020-12-31', 182e9),
            k22('2021-01-01', '2021-12-31', 257.6e9),
            k22('2022-01-01', '2022-12-31', 282e9),
            q22('2022-04-01', '2022-06-30', 69e9),
            q22('2022-01-01', '2022-06-30', 137e9),
            q22('2021-04-01', '2021-06-30', 61e9),
          ],
        },
      },
    },
  },
};

for (const target of testTargets()) {
  describe(`versions of a figure on ${target.name}`, () => {
    let d: Database;
    const ask = (question: string) => answerQuestion({ db: d.db, tenantId: T, userId: null, role: 'analyst', question, store: false });
    beforeAll(async () => {
      d = await target.open();
      await d.db.insert(tenants).values({ id: T, name: 'Versions' });
      const o = await ingestBytes(Buffer.from(JSON.stringify(COMPANYFACTS)), 'CIK0000000077_SPLT_companyfacts.json', {
        db: d.db,
        tenantId: T,
        actor: 'test',
        sideFiles: noSideFiles,
      });
      expect(o.status).toBe('ok');
    });
    afterAll(async () => {
      await d?.close();
    });

    it('lists filings by their own reporting period (not the `fy` field)', async () => {
      const [e] = await d.query<{ id: string }>('select id from entities where tenant_id = $1', [T]);
      const filings = await listFilings(d.db, { tenantId: T, role: 'analyst' }, e!.id, ['10-K', '10-Q']);
      expect(filings.map((f) => [f.accession, f.form, f.filedAt, f.annualYear, f.quarterYear, f.quarter])).toEqual([
        [A21, '10-K', '2022-02-02', 2021, null, null],
        [Q222, '10-Q', '2022-07-27', null, 2022, 'Q2'],
        [A22, '10-K', '2023-02-03', 2022, null, null],
      ]);
      // another tenant sees none
      expect(await listFilings(d.db, { tenantId: 'other', role: 'analyst' }, e!.id, ['10-K'])).toEqual([]);
    });

    it('"as reported in the 2021 10-K": the value that filing reported, cited to it, other versions said', async () => {
      const a = await ask('Splitco Holdings diluted EPS 2021 as reported in the 2021 10-K');
      expect(a.status).toBe('answered');
      expect(a.values.map((v) => [v.value, v.period.start, v.period.end])).toEqual([[112.2, '2021-01-01', '2021-12-31']]);
      expect(a.values[0]!.citations[0]).toMatchObject({ accession: A21, form: '10-K', filedAt: '2022-02-02' });
      expect(a.values[0]!.versionBasis).toBe(`filing:${A21}`);
      expect(a.values[0]!.version).toMatchObject({ others: [{ value: '5.61', revisionKind: 'split_adjustment' }] });
      expect(a.text).toContain('as reported in the 10-K for FY2021 (10-K filed 2 Feb 2022)');
      expect(a.text).toContain('a later stock-split adjustment (10-K filed 3 Feb 2023)');
      const later = await ask('Splitco Holdings diluted EPS 2021 per the FY2022 10-K');
      expect(later.values.map((v) => v.value)).toEqual([5.61]);
      expect(later.values[0]!.citations[0]).toMatchObject({ accession: A22 });
    });

    it('a filing that does not report the period says so, never the latest instead', async () => {
      const a = await ask('Splitco Holdings revenue 2019 as reported in the 2022 10-K');
      expect(a.status).toBe('insufficient_evidence');
      expect(a.values).toEqual([]);
      expect(a.text).toContain('the 10-K for FY2022 (filed 3 Feb 2023) does not report revenue for FY2019');
      const none = await ask('Splitco Holdings revenue 2021 as reported in the 2030 10-K');
      expect(none.status).toBe('insufficient_evidence');
      expect(none.text).toContain('no 10-K for FY2030 is among its filings (its 10-K filings report FY2021–FY2022)');
    });

    it('the concept the named filing used, not the one later filings use', async () => {
      const a = await ask('Splitco Holdings revenue 2021 as reported in the 2021 10-K');
      expect(a.values.map((v) => v.value)).toEqual([257e9]);
      const latest = await ask('Splitco Holdings revenue 2021');
      expect(latest.values.map((v) => v.value)).toEqual([257.6e9]);
    });

    it('a named filing alone is also the period; a 10-Q by its quarter', async () => {
      const a = await ask('Splitco Holdings diluted EPS in the 2021 10-K');
      expect(a.values.map((v) => [v.value, v.period.end])).toEqual([[112.2, '2021-12-31']]);
      const q = await ask('Splitco Holdings revenue in the Q2 2022 10-Q');
      expect(q.values.map((v) => [v.value, v.period.start, v.period.end])).toEqual([[69e9, '2022-04-01', '2022-06-30']]);
      expect(q.values[0]!.citations[0]).toMatchObject({ accession: Q222, form: '10-Q' });
    });

    it('a growth within one named filing is on that filing’s basis; across versions it is refused', async () => {
      const a = await ask('Splitco Holdings diluted EPS growth in 2022 as reported in the FY2022 10-K');
      expect(a.status).toBe('answered');
      expect(a.values[0]!.value).toBeCloseTo(4.56 / 5.61 - 1, 10);
      expect(a.values[0]!.inputs.flatMap((i) => i.citations.map((c) => c.accession))).toEqual([A22, A22]);
      expect(a.text).toContain('Every figure is as reported in the 10-K filed 3 Feb 2023');
      const mixed = await ask('Splitco Holdings diluted EPS growth in 2022 as originally reported');
      expect(mixed.status).toBe('rejected');
      expect(mixed.errors.map((e) => e.code)).toContain('RESTATEMENT_CONFLICT');
    });

    it('the entity’s stock split is read from its chains; figures on different share bases are not compared', async () => {
      const [e] = await d.query<{ id: string }>('select id from entities where tenant_id = $1', [T]);
      expect(await splitEvents(d.db, { tenantId: T, role: 'analyst' }, e!.id)).toEqual([
        { ratio: 20, reverse: false, firstFiled: '2023-02-03' },
      ]);
      // FY2019 EPS was only ever reported before the split
      const stale = await ask('Splitco Holdings diluted EPS 2019');
      expect(stale.values.map((v) => v.value)).toEqual([49.16]);
      expect(stale.text).toContain(
        'It was reported before the 20-for-1 stock split (adjusted in filings from 3 Feb 2023), and no split-adjusted version of it was filed.',
      );
      const cagr = await ask('Splitco Holdings diluted EPS CAGR 2019 to 2022');
      expect(cagr.status).toBe('rejected');
      expect(cagr.values).toEqual([]);
      expect(cagr.errors.map((x) => x.code)).toContain('MIXED_BASIS');
      expect((await ask('Splitco Holdings diluted EPS 2022 minus 2019')).errors.map((x) => x.code)).toContain('MIXED_BASIS');
      // both adjusted: compared
      const growth = await ask('Splitco Holdings diluted EPS growth in 2021');
      expect(growth.status).toBe('answered');
      expect(growth.values[0]!.value).toBeCloseTo(5.61 / 2.93 - 1, 10);
      // a series shows each figure but does not say how it moved across share bases
      const series = await ask('Splitco Holdings diluted EPS 2019 to 2022');
      expect(series.values.map((v) => v.value)).toEqual([49.16, 2.93, 5.61, 4.56]);
      expect(series.text).toContain('the figures are on different share bases, so they are not compared');
      expect(series.text).not.toMatch(/\b(rose|fell)\b/);
    });

    it('split-adjusted, pre-split and restated follow the chain, or say no such version exists', async () => {
      expect((await ask('Splitco Holdings diluted EPS 2021, split-adjusted')).values.map((v) => v.value)).toEqual([5.61]);
      expect((await ask('Splitco Holdings diluted EPS 2021 pre-split')).values.map((v) => v.value)).toEqual([112.2]);
      expect((await ask('Splitco Holdings diluted EPS 2021 as originally reported (pre-split)')).values.map((v) => v.value)).toEqual([
        112.2,
      ]);
      expect((await ask('Splitco Holdings diluted EPS 2021, as restated')).values.map((v) => v.value)).toEqual([5.61]);
      const none = await ask('Splitco Holdings diluted EPS 2022, split-adjusted');
      expect(none.status).toBe('insufficient_evidence');
      expect(none.values).toEqual([]);
      expect(none.text).toContain('no split-adjusted version exists');
      // both versions side by side, each cited to its own filing
      const both = await ask('Splitco Holdings diluted EPS 2021, originally reported vs restated');
      expect(both.values.map((v) => [v.value, v.versionBasis, v.citations[0]!.accession])).toEqual([
        [112.2, 'original', A21],
        [5.61, 'latest', A22],
      ]);
      expect((await ask('Splitco Holdings diluted EPS 2021 as restated in the FY2022 10-K')).values.map((v) => v.value)).toEqual([5.61]);
      expect((await ask('Splitco Holdings diluted EPS 2021 as restated in the 2021 10-K')).text).toContain('did not restate it');
      const notRestated = await ask('Splitco Holdings revenue 2022, restated');
      expect(notRestated.values).toEqual([]);
      expect(notRestated.text).toContain('has not been restated');
    });
  });
}
