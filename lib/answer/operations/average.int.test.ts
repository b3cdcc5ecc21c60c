import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-average';
const target = testTargets()[0]!;

/** A calendar-year filer: revenue and operating income FY2019–FY2022, no FY2023 operating income. */
function companyfacts(): Buffer {
  const fy = (year: number, val: number) => ({
    start: `${year}-01-01`,
    end: `${year}-12-31`,
    val,
    accn: `0000000078-${String(year + 1).slice(2)}-000010`,
    fy: year,
    fp: 'FY',
    form: '10-K',
    filed: `${year + 1}-02-10`,
  });
  return Buffer.from(
    JSON.stringify({
      cik: 78,
      entityName: 'Calder Tools Inc',
      facts: {
        'us-gaap': {
          Revenues: {
            label: 'Revenues',
            units: { USD: [fy(2019, 1_000_000), fy(2020, 1_200_000), fy(2021, 1_400_000), fy(2022, 1_600_000), fy(2023, 1_800_000)] },
          },
          OperatingIncomeLoss: {
            label: 'Operating Income (Loss)',
            units: { USD: [fy(2019, 100_000), fy(2020, 180_000), fy(2021, 280_000), fy(2022, 320_000)] },
          },
        },
      },
    }),
  );
}

describe('average over fiscal years', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(companyfacts(), 'CIK0000000078_CLDR_companyfacts.json', {
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

  it('averages each fiscal year’s own figure over the span, every year cited', async () => {
    const a = await ask('What is the FY2019 - FY2021 3 year average operating margin for Calder Tools?');
    expect(a.status, a.text).toBe('answered');
    const v = a.values[0]!;
    // (10% + 15% + 20%) / 3, not the margin of the summed figures
    expect(v.value).toBeCloseTo(0.15, 10);
    expect(v.basis).toBe('derived');
    expect(v.inputs.map((i) => [i.period.start, i.period.end])).toEqual([
      ['2019-01-01', '2019-12-31'],
      ['2020-01-01', '2020-12-31'],
      ['2021-01-01', '2021-12-31'],
    ]);
    expect(v.inputs.map((i) => i.value)).toEqual([0.1, 0.15, 0.2]);
    expect(a.text).toMatch(/averaged/);
  });

  it('a year of the span that cannot be computed is named; no shorter span stands in', async () => {
    const a = await ask('What is the FY2021 - FY2023 3 year average operating margin for Calder Tools?');
    expect(a.status).not.toBe('answered');
    expect(a.values).toHaveLength(0);
    expect(a.text).toMatch(/FY2023/);
  });
});
