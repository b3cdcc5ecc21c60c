import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-judgement';
const target = testTargets()[0]!;

type Row = [number, number];
/** A calendar-year filer, FY2020–FY2022: each concept's values by year (flows over the year, balances at its end). */
function companyfacts(): Buffer {
  const accn = (year: number) => `0000000088-${String(year + 1).slice(2)}-000010`;
  const flow = (rows: Row[]) =>
    rows.map(([year, val]) => ({
      start: `${year}-01-01`,
      end: `${year}-12-31`,
      val,
      accn: accn(year),
      fy: year,
      fp: 'FY',
      form: '10-K',
      filed: `${year + 1}-02-10`,
    }));
  const bal = (rows: Row[]) =>
    rows.map(([year, val]) => ({
      end: `${year}-12-31`,
      val,
      accn: accn(year),
      fy: year,
      fp: 'FY',
      form: '10-K',
      filed: `${year + 1}-02-10`,
    }));
  const usd = (label: string, units: object[]) => ({ label, units: { USD: units } });
  return Buffer.from(
    JSON.stringify({
      cik: 88,
      entityName: 'Harbor Tools Inc',
      facts: {
        'us-gaap': {
          Revenues: usd(
            'Revenues',
            flow([
              [2020, 1_000_000],
              [2021, 1_100_000],
              [2022, 1_200_000],
            ]),
          ),
          CostOfRevenue: usd(
            'Cost of revenue',
            flow([
              [2020, 600_000],
              [2021, 650_000],
              [2022, 732_000],
            ]),
          ),
          OperatingIncomeLoss: usd(
            'Operating income',
            flow([
              [2020, 150_000],
              [2021, 176_000],
              [2022, 180_000],
            ]),
          ),
          SellingGeneralAndAdministrativeExpense: usd(
            'SG&A',
            flow([
              [2020, 250_000],
              [2021, 274_000],
              [2022, 288_000],
            ]),
          ),
          IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest: usd(
            'Income before taxes',
            flow([
              [2020, 140_000],
              [2021, 160_000],
              [2022, 170_000],
            ]),
          ),
          IncomeTaxExpenseBenefit: usd(
            'Income tax',
            flow([
              [2020, 35_000],
              [2021, 40_000],
              [2022, 34_000],
            ]),
          ),
          NetIncomeLoss: usd(
            'Net income',
            flow([
              [2020, 105_000],
              [2021, 120_000],
              [2022, 136_000],
            ]),
          ),
          NetCashProvidedByUsedInOperatingActivities: usd(
            'OCF',
            flow([
              [2020, 200_000],
              [2021, 210_000],
              [2022, 230_000],
            ]),
          ),
          NetCashProvidedByUsedInInvestingActivities: usd(
            'Investing',
            flow([
              [2020, -150_000],
              [2021, -160_000],
              [2022, -170_000],
            ]),
          ),
          NetCashProvidedByUsedInFinancingActivities: usd(
            'Financing',
            flow([
              [2020, -20_000],
              [2021, -30_000],
              [2022, -40_000],
            ]),
          ),
          PaymentsToAcquirePropertyPlantAndEquipment: usd(
            'Capex',
            flow([
              [2020, 140_000],
              [2021, 150_000],
              [2022, 156_000],
            ]),
          ),
          PaymentsOfDividends: usd(
            'Dividends',
            flow([
              [2020, 40_000],
              [2021, 45_000],
              [2022, 50_000],
            ]),
          ),
          Assets: usd(
            'Assets',
            bal([
              [2020, 2_000_000],
              [2021, 2_100_000],
              [2022, 2_200_000],
            ]),
          ),
          AssetsCurrent: usd(
            'Current assets',
            bal([
              [2020, 500_000],
              [2021, 520_000],
              [2022, 540_000],
            ]),
          ),
          LiabilitiesCurrent: usd(
            'Current liabilities',
            bal([
              [2020, 450_000],
              [2021, 480_000],
              [2022, 600_000],
            ]),
          ),
          CashAndCashEquivalentsAtCarryingValue: usd(
            'Cash',
            bal([
              [2020, 150_000],
              [2021, 160_000],
              [2022, 120_000],
            ]),
          ),
          AccountsReceivableNetCurrent: usd(
            'Receivables',
            bal([
              [2020, 200_000],
              [2021, 210_000],
              [2022, 230_000],
            ]),
          ),
          InventoryNet: usd(
            'Inventory',
            bal([
              [2020, 100_000],
              [2021, 110_000],
              [2022, 150_000],
            ]),
          ),
          PropertyPlantAndEquipmentNet: usd(
            'PP&E',
            bal([
              [2020, 900_000],
              [2021, 950_000],
              [2022, 1_000_000],
            ]),
          ),
          LongTermDebtNoncurrent: usd(
            'Long-term debt',
            bal([
              [2020, 400_000],
              [2021, 380_000],
              [2022, 350_000],
            ]),
          ),
          LongTermDebtCurrent: usd(
            'Current portion',
            bal([
              [2020, 20_000],
              [2021, 20_000],
              [2022, 20_000],
            ]),
          ),
        },
      },
    }),
  );
}

describe('judgement questions as analyses with stated rules', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false, cache: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(companyfacts(), 'CIK0000000088_HRBR_companyfacts.json', {
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

  it('capital intensity: the verdict first, the rule with its convention, every figure cited', async () => {
    const a = await ask('Is Harbor Tools a capital-intensive business based on FY2022 data?');
    expect(a.status).toBe('answered');
    expect(a.text).toMatch(/^Yes — /);
    expect(a.text).toContain('13.00%'); // 156,000 / 1,200,000
    expect(a.text).toMatch(/Rule: .*10% of revenue.*convention/);
    expect(a.values.every((v) => v.citations.length > 0 || v.inputs.length > 0)).toBe(true);
    for (const seg of a.segments.filter((s) => s.type === 'value'))
      expect(a.values.map((v) => v.id)).toContain((seg as { valueId: string }).valueId);
  });

  it('liquidity and working capital at the balance-sheet date', async () => {
    const quick = await ask('Is the quick ratio of Harbor Tools healthy at the end of FY2022?');
    expect(quick.text).toMatch(/^No — /); // (120 + 230) / 600 = 0.58
    expect(quick.text).toContain('0.58');
    expect(quick.text).toMatch(/1\.0× or more.*convention/);
    const wc = await ask('Does Harbor Tools have positive working capital at the end of FY2022?');
    expect(wc.text).toMatch(/^No — .*negative/); // 540 − 600
    const wc21 = await ask('Does Harbor Tools have positive working capital at the end of FY2021?');
    expect(wc21.text).toMatch(/^Yes — /);
  });

  it('margin trend and consistency over the company’s own years', async () => {
    const gm = await ask('Does Harbor Tools have an improving gross margin profile as of FY2022?');
    expect(gm.text).toMatch(/^No — .*fell from 40\.91% in FY2021 to 39\.00% in FY2022/);
    const steady = await ask('Are Harbor Tools gross margins consistent (not fluctuating more than roughly 2% each year)?');
    expect(steady.text).toMatch(/^Yes — /); // 40.0, 40.9, 39.0: moves of 0.9 and 1.9 pp
    const tight = await ask('Are Harbor Tools gross margins consistent (not fluctuating more than roughly 1% each year)?');
    expect(tight.text).toMatch(/^No — /);
    const choice = await ask('Has Harbor Tools’ quick ratio improved or declined between FY2022 and FY2021?');
    expect(choice.text).toMatch(/^Declined — /);
  });

  it('effective tax rate change, direction of a balance and the cash-flow ranking', async () => {
    const etr = await ask('How much has the effective tax rate of Harbor Tools changed between FY2021 and FY2022?');
    expect(etr.text).toMatch(/fell from 25\.00% in FY2021 to 20\.00% in FY2022, a change of −5\.00 pp/);
    const debt = await ask('Has Harbor Tools increased its debt on balance sheet between FY2022 and FY2021?');
    expect(debt.text).toMatch(
      /^No — .*fell from \$400,000 at the end of FY2021 to \$370,000 at the end of FY2022, a change of −\$30,000 \(−7\.50%\)/,
    );
    const cash = await ask('Was there any drop in cash and cash equivalents between FY2021 and FY2022 at Harbor Tools?');
    expect(cash.text).toMatch(/^Yes — .*−25\.00%/);
    const mix = await ask(
      'Among operating, investing and financing activities, which brought in the most cash for Harbor Tools in FY2022?',
    );
    expect(mix.text).toMatch(/^Operating activities brought in the most cash/);
  });

  it('dividend capacity against free cash flow', async () => {
    const a = await ask('Is the dividend of Harbor Tools sustainable?');
    expect(a.text).toMatch(/^Yes — /); // FCF 74k vs dividends 50k in FY2022
    expect(a.text).toMatch(/Rule: .*free cash flow.*convention/);
  });

  it('a figure the analysis needs that is not reported is said to be missing, with no verdict', async () => {
    const a = await ask('Is Harbor Tools a capital-intensive business based on FY2019 data?');
    expect(a.status).not.toBe('answered');
    expect(a.values).toHaveLength(0);
    expect(a.text).not.toMatch(/^(Yes|No)\b/);
  });
});
