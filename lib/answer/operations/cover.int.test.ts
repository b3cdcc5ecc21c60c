/**
 * Cover-page figures: the share count a filing's cover gives is dated at the cover's own date, after the
 * period the filing reports. Asked "on the cover of" a filing named by its period, the answer is that
 * cover's figure at that date — never the balance sheet's count at the period end — and a period no cover
 * belongs to is said to have none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-cover';
const target = testTargets()[0]!;

const filing = (fy: number, fp: string, form: string, accn: string, filed: string) => ({ fy, fp, form, accn, filed });
const Q3 = filing(2025, 'Q3', '10-Q', '0000000077-25-000003', '2025-10-30');
const FY = filing(2025, 'FY', '10-K', '0000000077-26-000001', '2026-02-12');

function companyfacts(): Buffer {
  const usGaap = {
    Revenues: {
      label: 'Revenues',
      units: {
        USD: [
          { start: '2025-07-01', end: '2025-09-30', val: 300, ...Q3 },
          { start: '2025-01-01', end: '2025-12-31', val: 1200, ...FY },
        ],
      },
    },
    // the balance sheet's count at each period end
    CommonStockSharesOutstanding: {
      label: 'Common stock, shares outstanding',
      units: {
        shares: [
          { end: '2025-09-30', val: 1000, ...Q3 },
          { end: '2025-12-31', val: 990, ...FY },
        ],
      },
    },
  };
  // the covers' counts, each at its own date
  const dei = {
    EntityCommonStockSharesOutstanding: {
      label: 'Entity Common Stock, Shares Outstanding',
      units: {
        shares: [
          { end: '2025-10-24', val: 985, ...Q3 },
          { end: '2026-02-06', val: 970, ...FY },
        ],
      },
    },
  };
  return Buffer.from(JSON.stringify({ cik: 77, entityName: 'Covington Widgets Inc', facts: { 'us-gaap': usGaap, dei } }));
}

describe('figures from a filing’s cover page', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(companyfacts(), 'CIK0000000077_CVWG_companyfacts.json', {
      db: d.db,
      tenantId: TENANT,
      actor: 'test',
      sideFiles: noSideFiles,
    });
    expect(o.error).toBeNull();
  }, 180_000);
  afterAll(async () => {
    await d?.close();
  });

  it('gives the cover’s count at the cover date of the filing for the period named', async () => {
    const a = await ask('Covington Widgets shares outstanding on the cover of its Q3 fiscal 2025 10-Q');
    expect(a.status, a.text).toBe('answered');
    expect(a.values[0]!.value).toBe(985);
    expect(a.values[0]!.period).toMatchObject({ type: 'instant', end: '2025-10-24' });
    const k = await ask('Covington Widgets shares outstanding per the fiscal 2025 10-K cover page');
    expect(k.status, k.text).toBe('answered');
    expect(k.values[0]!.value).toBe(970);
    expect(k.values[0]!.period).toMatchObject({ type: 'instant', end: '2026-02-06' });
  });

  it('keeps the balance sheet’s count at the period end when no cover is asked', async () => {
    const a = await ask('Covington Widgets shares outstanding at the end of Q3 fiscal 2025');
    expect(a.status, a.text).toBe('answered');
    expect(a.values[0]!.value).toBe(1000);
  });

  it('says no cover gives it for a period no filing of the workspace reports, never the period end’s count', async () => {
    const a = await ask('Covington Widgets shares outstanding on the cover of its Q2 fiscal 2025 10-Q');
    expect(a.status).not.toBe('answered');
    expect(a.values).toEqual([]);
  });
});
