import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-cagr';
const target = testTargets()[0]!;

/** A calendar-year filer: revenue FY2019–FY2022 and FY2024 (no FY2023), a net loss in FY2020. */
function companyfacts(): Buffer {
  const fy = (year: number, val: number, filedYear = year + 1) => ({
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    val,
    accn: `0000000077-${String(filedYear).slice(2)}-000010`,
    fy: year,
    fp: 'FY',
    form: '10-K',
    filed: `${filedYear}-02-10`,
  });
  const instant = (year: number, val: number) => ({
    end: `${year}-12-31`,
    val,
    accn: `0000000077-${String(year + 1).slice(2)}-000010`,
    fy: year,
    fp: 'FY',
    form: '10-K',
    filed: `${year + 1}-02-10`,
  });
  return Buffer.from(
    JSON.stringify({
      cik: 77,
      entityName: 'Meridian Parts Inc',
      facts: {
        'us-gaap': {
          Revenues: {
            label: 'Revenues',
            units: { USD: [fy(2019, 1_000_000), fy(2020, 1_100_000), fy(2021, 1_210_000), fy(2022, 1_331_000), fy(2024, 1_500_000)] },
          },
          NetIncomeLoss: { label: 'Net Income (Loss)', units: { USD: [fy(2019, 50_000), fy(2020, -20_000), fy(2022, 90_000)] } },
          GrossProfit: { label: 'Gross Profit', units: { USD: [fy(2019, 400_000), fy(2022, 600_000)] } },
          Assets: { label: 'Assets', units: { USD: [instant(2019, 2_000_000), instant(2021, 2_420_000)] } },
        },
      },
    }),
  );
}

describe('CAGR answers', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(companyfacts(), 'CIK0000000077_MRDN_companyfacts.json', {
      db: d.db,
      tenantId: TENANT,
      actor: 'test',
      sideFiles: noSideFiles,
    });
    expect(o.error).toBeNull();
  });
  afterAll(async () => {
    await d?.close();
  });

  it('compounds between the two fiscal years named, each end cited with its own dates', async () => {
    for (const q of [
      'Meridian Parts revenue CAGR from FY2019 to FY2022',
      'What was Meridian Parts’ compound annual growth rate of revenue between 2019 and 2022?',
      'Meridian Parts 3-year revenue CAGR through FY2022',
    ]) {
      const a = await ask(q);
      expect(a.status, q).toBe('answered');
      expect(a.values).toHaveLength(1);
      const v = a.values[0]!;
      expect(v.metric).toBe('revenue_cagr');
      expect(v.value).toBeCloseTo(0.1, 10);
      expect(v.basis).toBe('derived');
      expect(v.period).toMatchObject({ start: '2022-01-01', end: '2022-12-31', fiscalYear: 2022 });
      expect(v.inputs.map((i) => [i.period.start, i.period.end, i.value])).toEqual([
        ['2019-01-01', '2019-12-31', 1_000_000],
        ['2022-01-01', '2022-12-31', 1_331_000],
      ]);
      expect(v.inputs.every((i) => i.citations.length > 0 && i.factIds.length > 0)).toBe(true);
      expect(v.formula).toMatch(/\^\(1\/3\)/);
      expect(a.text).toContain('compound annual rate of');
      expect(a.text).toContain('over 3 fiscal years');
    }
  });

  it('balances compound between year-end instants', async () => {
    const a = await ask('Meridian Parts total assets CAGR FY2019 to FY2021');
    expect(a.status).toBe('answered');
    expect(a.values[0]!.value).toBeCloseTo(0.1, 10);
    expect(a.values[0]!.inputs.map((i) => i.period.end)).toEqual(['2019-12-31', '2021-12-31']);
  });

  it('names a missing end and never substitutes a nearby year', async () => {
    const a = await ask('Meridian Parts revenue CAGR FY2020 to FY2023');
    expect(a.status).toBe('insufficient_evidence');
    expect(a.values).toHaveLength(0);
    expect(a.errors.map((e) => e.code)).toContain('MISSING_FACT');
    expect(a.text).toMatch(/last year, FY2023 \(1 Jan 2023 – 31 Dec 2023\)/);
  });

  it('refuses a non-positive end (NEGATIVE_BASE) and a ratio (INVALID_VALUE) with no number', async () => {
    const loss = await ask('Meridian Parts net income CAGR FY2020 to FY2022');
    expect(loss.status).toBe('rejected');
    expect(loss.values).toHaveLength(0);
    expect(loss.errors.map((e) => e.code)).toContain('NEGATIVE_BASE');
    const margin = await ask('Meridian Parts gross margin CAGR FY2019 to FY2022');
    expect(margin.status).toBe('rejected');
    expect(margin.values).toHaveLength(0);
    expect(margin.errors.map((e) => e.code)).toContain('INVALID_VALUE');
  });

  it('asks for the span instead of choosing one', async () => {
    for (const q of [
      'Meridian Parts revenue CAGR',
      'Meridian Parts revenue CAGR 2022',
      'Meridian Parts 5-year revenue CAGR from 2019 to 2022',
    ]) {
      const a = await ask(q);
      expect(a.status, q).toBe('needs_clarification');
      expect(a.values).toHaveLength(0);
    }
  });
});
