/**
 * Real Indian annual-report PDFs (../shared/data/india-annual-report): IndianOil 2024-25 standalone
 * and consolidated statements, VRL Logistics 2023-24 (219 pages). For each statement, values checked
 * by hand against the PDF text (pdf.js text of the page: row label, column, figure), current and
 * previous-year columns, in ₹ crore (VRL prints ₹ lakhs: 288,862.03 lakhs = 2,888.6203 crore).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import type { FiscalCalendar, Period, Scope } from '@/lib/domain/types';
import { analyzeReport, type AnalyzedReport } from './analyze';
import { cleanLabel } from './labels';
import { shiftDecimal } from './numbers';
import { extractPdfReport } from './pdf';

const MARCH: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
];
const dir = path.join(secDataDir(), 'india-annual-report');
const have = fs.existsSync(dir);

const FY = (y: number): Period => ({ type: 'duration', start: `${y - 1}-04-01`, end: `${y}-03-31` });
const AT = (y: number): Period => ({ type: 'instant', date: `${y}-03-31` });

/** [row label (substring of the cleaned label, case-insensitive), period, ₹ crore as printed, metric when the row binds to one] */
type Check = [string, Period, string, string?];

function periodKey(p: Period): string {
  return p.type === 'instant' ? p.date : `${p.start}..${p.end}`;
}

async function analyzeFile(rel: string): Promise<AnalyzedReport> {
  const bytes = fs.readFileSync(path.join(dir, rel));
  const doc = await extractPdfReport(bytes, rel);
  return analyzeReport(doc, { calendars: MARCH, standard: 'ind-as', currency: 'INR' });
}

function verify(a: AnalyzedReport, scope: Scope, checks: Check[], pages?: number[]): void {
  expect(checks.length).toBeGreaterThanOrEqual(15);
  const cells = a.tables
    .filter((t) => !pages || pages.includes(t.page ?? -1))
    .flatMap((t) => t.cells)
    .filter((c) => c.fact);
  const misses: string[] = [];
  for (const [label, period, crore, metric] of checks) {
    const want = shiftDecimal(crore.replace(/,/g, ''), 7);
    const candidates = cells.filter(
      (c) =>
        cleanLabel(c.rowLabel).toLowerCase().includes(label.toLowerCase()) &&
        periodKey(c.fact!.period) === periodKey(period) &&
        c.fact!.scope === scope,
    );
    const hit = candidates.find((c) => c.fact!.value === want);
    if (!hit) {
      misses.push(
        `${label} ${periodKey(period)} ${scope}: want ${crore} crore, found ${candidates.map((c) => c.fact!.value).join(', ') || 'nothing'}`,
      );
      continue;
    }
    if (metric && (hit.fact!.status !== 'active' || hit.fact!.metricId !== metric))
      misses.push(
        `${label} ${periodKey(period)}: want active ${metric}, got ${hit.fact!.status} ${hit.fact!.metricId ?? hit.fact!.reason}`,
      );
  }
  expect(misses).toEqual([]);
}

describe.runIf(have)('IndianOil 2024-25 statements (PDF)', () => {
  it('standalone statement of profit and loss', async () => {
    const a = await analyzeFile('indianoil-2024-25/standalone_statement_of_profit_and_loss.pdf');
    verify(a, 'standalone', [
      ['Revenue From Operations', FY(2025), '8,45,512.61', 'revenue'],
      ['Revenue From Operations', FY(2024), '8,66,345.38', 'revenue'],
      ['Other Income', FY(2025), '4,963.84', 'other_income'],
      ['Other Income', FY(2024), '4,780.82', 'other_income'],
      ['Total Income', FY(2025), '8,50,476.45', 'total_income'],
      ['Total Income', FY(2024), '8,71,126.20', 'total_income'],
      ['Cost of Materials Consumed', FY(2025), '3,99,521.58', 'cost_of_revenue'],
      ['Cost of Materials Consumed', FY(2024), '3,90,525.63', 'cost_of_revenue'],
      ['Excise Duty', FY(2025), '89,562.99'],
      ['Excise Duty', FY(2024), '91,996.79'],
      ['Changes in Inventories', FY(2025), '-919.37'],
      ['Changes in Inventories', FY(2024), '1,904.83'],
      ['Employee Benefits Expense', FY(2025), '10,363.66', 'employee_benefits'],
      ['Employee Benefits Expense', FY(2024), '11,079.56', 'employee_benefits'],
      ['Finance Costs', FY(2025), '8,731.59', 'finance_costs'],
      ['Finance Costs', FY(2024), '7,327.79', 'finance_costs'],
      ['Depreciation, Amortisation and Impairment', FY(2025), '15,284.14', 'depreciation'],
      ['Depreciation, Amortisation and Impairment', FY(2024), '14,509.60', 'depreciation'],
      ['Other Expenses', FY(2025), '51,279.08', 'other_expenses'],
      ['Other Expenses', FY(2024), '46,533.92', 'other_expenses'],
      ['Total Expenses', FY(2025), '8,36,432.13', 'total_expenses'],
      ['Total Expenses', FY(2024), '8,18,781.99', 'total_expenses'],
      ['Profit / (Loss) before Tax', FY(2025), '15,882.34', 'profit_before_tax'],
      ['Profit / (Loss) before Tax', FY(2024), '52,344.21', 'profit_before_tax'],
      ['Profit / (Loss) for the Year', FY(2025), '12,961.57', 'net_income'],
      ['Profit / (Loss) for the Year', FY(2024), '39,618.84', 'net_income'],
      ['Total Comprehensive Income', FY(2025), '11,602.16', 'total_comprehensive_income'],
      ['Total Comprehensive Income', FY(2024), '52,975.06', 'total_comprehensive_income'],
    ]);
    // earnings per share are in ₹, not crore
    const eps = a.tables
      .flatMap((t) => t.cells)
      .filter((c) => c.fact?.metricId === 'eps_basic')
      .map((c) => [periodKey(c.fact!.period), c.fact!.value, c.fact!.unit]);
    expect(eps).toEqual([
      ['2024-04-01..2025-03-31', '9.41', 'INR/shares'],
      ['2023-04-01..2024-03-31', '28.77', 'INR/shares'],
    ]);
  });

  it('standalone balance sheet', async () => {
    const a = await analyzeFile('indianoil-2024-25/standalone_balance_sheet.pdf');
    verify(a, 'standalone', [
      ['Property, Plant and Equipment', AT(2025), '1,82,388.60'],
      ['Property, Plant and Equipment', AT(2024), '1,77,618.95'],
      ['Capital Work-in-Progress', AT(2025), '73,453.16'],
      ['Capital Work-in-Progress', AT(2024), '57,024.23'],
      ['Inventories', AT(2025), '1,05,611.92', 'inventories'],
      ['Inventories', AT(2024), '1,12,507.49', 'inventories'],
      ['Trade Receivables', AT(2025), '17,813.00', 'receivables'],
      ['Trade Receivables', AT(2024), '12,779.41', 'receivables'],
      ['Cash and Cash Equivalents', AT(2025), '263.17', 'cash'],
      ['Cash and Cash Equivalents', AT(2024), '464.28', 'cash'],
      ['Total Assets', AT(2025), '4,80,000.34', 'total_assets'],
      ['Total Assets', AT(2024), '4,57,240.62', 'total_assets'],
      ['Equity Share Capital', AT(2025), '13,771.56'],
      ['Equity Share Capital', AT(2024), '13,771.56'],
      ['Other Equity', AT(2025), '1,64,905.30'],
      ['Other Equity', AT(2024), '1,62,943.42'],
      ['Equity', AT(2025), '1,78,676.86', 'total_equity'],
      ['Equity', AT(2024), '1,76,714.98', 'total_equity'],
      ['Borrowings', AT(2025), '51,529.04', 'long_term_debt'],
      ['Borrowings', AT(2024), '41,367.53', 'long_term_debt'],
      ['Borrowings', AT(2025), '82,936.50'],
      ['Borrowings', AT(2024), '75,128.21'],
      ['Total Equity and Liabilities', AT(2025), '4,80,000.34'],
      ['Total Equity and Liabilities', AT(2024), '4,57,240.62'],
    ]);
  });

  it('standalone statement of cash flows', async () => {
    const a = await analyzeFile('indianoil-2024-25/standalone_statement_of_cash_flows.pdf');
    verify(a, 'standalone', [
      ['Profit / (Loss) before Tax', FY(2025), '15,882.34'],
      ['Profit / (Loss) before Tax', FY(2024), '52,344.21'],
      ['Depreciation, Amortisation and Impairment', FY(2025), '15,284.14'],
      ['Depreciation, Amortisation and Impairment', FY(2024), '14,509.60'],
      ['Interest Income', FY(2025), '-1,468.06'],
      ['Interest Income', FY(2024), '-1,828.29'],
      ['Dividend Income', FY(2025), '-3,201.16'],
      ['Dividend Income', FY(2024), '-2,277.42'],
      ['Finance costs', FY(2025), '8,731.59'],
      ['Finance costs', FY(2024), '7,327.79'],
      ['Operating Profit before Working Capital Changes', FY(2025), '35,686.52'],
      ['Operating Profit before Working Capital Changes', FY(2024), '70,626.51'],
      ['Inventories', FY(2025), '6,862.71'],
      ['Inventories', FY(2024), '1,302.27'],
      ['Cash Generated From Operations', FY(2025), '35,967.78'],
      ['Cash Generated From Operations', FY(2024), '78,735.13'],
      ['Operating Activities', FY(2025), '33,170.46', 'operating_cash_flow'],
      ['Operating Activities', FY(2024), '68,096.60', 'operating_cash_flow'],
      // printed as outflows (4,398.93); capex is stored as the payment
      ['Purchase of Property, Plant & Equipment', FY(2025), '4,398.93', 'capex'],
      ['Purchase of Property, Plant & Equipment', FY(2024), '4,284.68', 'capex'],
    ]);
  });

  it('consolidated statement of profit and loss', async () => {
    const a = await analyzeFile('indianoil-2024-25/consolidated_statement_of_profit_and_loss.pdf');
    verify(a, 'consolidated', [
      ['Revenue From Operations', FY(2025), '8,59,362.73', 'revenue'],
      ['Revenue From Operations', FY(2024), '8,81,235.45', 'revenue'],
      ['Other Income', FY(2025), '3,513.73', 'other_income'],
      ['Other Income', FY(2024), '3,838.56', 'other_income'],
      ['Total Income', FY(2025), '8,62,876.46', 'total_income'],
      ['Total Income', FY(2024), '8,85,074.01', 'total_income'],
      ['Cost of Material Consumed', FY(2025), '4,49,812.63', 'cost_of_revenue'],
      ['Cost of Material Consumed', FY(2024), '4,46,484.44', 'cost_of_revenue'],
      ['Excise Duty', FY(2025), '1,01,256.92'],
      ['Excise Duty', FY(2024), '1,04,883.60'],
      ['Purchases of Stock-in-Trade', FY(2025), '2,07,762.62'],
      ['Purchases of Stock-in-Trade', FY(2024), '1,91,018.86'],
      ['Employee Benefits Expense', FY(2025), '10,879.86', 'employee_benefits'],
      ['Employee Benefits Expense', FY(2024), '11,670.94', 'employee_benefits'],
      ['Depreciation, Amortisation and Impairment', FY(2025), '16,777.34', 'depreciation'],
      ['Depreciation, Amortisation and Impairment', FY(2024), '15,866.11', 'depreciation'],
      ['Total Expenses', FY(2025), '8,49,411.46', 'total_expenses'],
      ['Total Expenses', FY(2024), '8,29,332.15', 'total_expenses'],
      ['Profit / (Loss) before Tax', FY(2025), '17,063.45', 'profit_before_tax'],
      ['Profit / (Loss) before Tax', FY(2024), '57,287.79', 'profit_before_tax'],
      ['Profit / (Loss) for the year', FY(2025), '13,788.83', 'net_income'],
      ['Profit / (Loss) for the year', FY(2024), '43,161.15', 'net_income'],
      ['Total Comprehensive Income for the Year', FY(2025), '12,938.87', 'total_comprehensive_income'],
      ['Total Comprehensive Income for the Year', FY(2024), '56,169.15', 'total_comprehensive_income'],
    ]);
  });

  it('consolidated balance sheet', async () => {
    const a = await analyzeFile('indianoil-2024-25/consolidated_balance_sheet.pdf');
    verify(a, 'consolidated', [
      ['Property, Plant and Equipment', AT(2025), '1,97,162.03'],
      ['Property, Plant and Equipment', AT(2024), '1,92,159.52'],
      ['Capital Work-in-Progress', AT(2025), '73,740.41'],
      ['Capital Work-in-Progress', AT(2024), '57,316.86'],
      ['Goodwill', AT(2025), '1.04'],
      ['Goodwill', AT(2024), '1.04'],
      ['Inventories', AT(2025), '1,13,878.49', 'inventories'],
      ['Inventories', AT(2024), '1,21,375.83', 'inventories'],
      ['Trade Receivables', AT(2025), '18,550.96', 'receivables'],
      ['Trade Receivables', AT(2024), '13,831.45', 'receivables'],
      ['Cash and Cash Equivalents', AT(2025), '673.17', 'cash'],
      ['Cash and Cash Equivalents', AT(2024), '1,246.59', 'cash'],
      ['Total Assets', AT(2025), '5,06,867.05', 'total_assets'],
      ['Total Assets', AT(2024), '4,82,362.00', 'total_assets'],
      ['Other Equity', AT(2025), '1,72,715.76'],
      ['Other Equity', AT(2024), '1,69,644.71'],
      ['Non Controlling Interest', AT(2025), '4,537.34'],
      ['Non Controlling Interest', AT(2024), '4,746.71'],
      ['Equity', AT(2025), '1,91,024.66', 'total_equity'],
      ['Equity', AT(2024), '1,88,162.98', 'total_equity'],
      ['Borrowings', AT(2025), '51,755.75', 'long_term_debt'],
      ['Borrowings', AT(2024), '46,792.90', 'long_term_debt'],
    ]);
  });

  it('consolidated statement of cash flows', async () => {
    const a = await analyzeFile('indianoil-2024-25/consolidated_statement_of_cash_flows.pdf');
    verify(a, 'consolidated', [
      ['Profit / (Loss) Before Tax', FY(2025), '17,063.45'],
      ['Profit / (Loss) Before Tax', FY(2024), '57,287.79'],
      ['Share of Profit of Joint Ventures and Associates', FY(2025), '-1,760.43'],
      ['Share of Profit of Joint Ventures and Associates', FY(2024), '-1,545.93'],
      ['Depreciation, Amortisation and Impairment', FY(2025), '16,777.34'],
      ['Depreciation, Amortisation and Impairment', FY(2024), '15,866.11'],
      ['Interest Income', FY(2025), '-1,729.32'],
      ['Interest Income', FY(2024), '-2,046.09'],
      ['Finance costs', FY(2025), '9,261.93'],
      ['Finance costs', FY(2024), '7,825.65'],
      ['Operating Profit before Working Capital Changes', FY(2025), '38,526.63'],
      ['Operating Profit before Working Capital Changes', FY(2024), '76,795.16'],
      ['Inventories', FY(2025), '7,463.76'],
      ['Inventories', FY(2024), '-312.28'],
      ['Cash Generated From Operations', FY(2025), '37,793.33'],
      ['Cash Generated From Operations', FY(2024), '83,051.39'],
      ['Operating Activities', FY(2025), '34,699.28', 'operating_cash_flow'],
      ['Operating Activities', FY(2024), '71,146.41', 'operating_cash_flow'],
      ['Purchase of Property, Plant & Equipment', FY(2025), '5,105.48', 'capex'],
      ['Purchase of Property, Plant & Equipment', FY(2024), '5,005.85', 'capex'],
    ]);
  });
});

const VRL = 'vrl-logistics-2023-24/VRL_Logistics_Annual_Report_2023-24.pdf';
describe.runIf(have && fs.existsSync(path.join(dir, VRL)))('VRL Logistics annual report 2023-24 (219-page PDF, ₹ lakhs)', () => {
  let a: AnalyzedReport;
  beforeAll(async () => {
    a = await analyzeFile(VRL);
  });

  it('reads the report as standalone statements in lakhs', () => {
    const pl = a.tables.find((t) => t.page === 159)!;
    expect(pl).toMatchObject({ kind: 'profit_loss', scale: 5, unitLine: '(₹ in lakhs, unless otherwise stated)' });
  });

  it('balance sheet (page 158)', () => {
    verify(
      a,
      'standalone',
      [
        ['Property, Plant and Equipment', AT(2024), '1198.2361'],
        ['Property, Plant and Equipment', AT(2023), '998.5222'],
        ['Right-of-use Assets', AT(2024), '701.0999'],
        ['Right-of-use Assets', AT(2023), '482.6459'],
        ['Inventories', AT(2024), '41.1910', 'inventories'],
        ['Inventories', AT(2023), '52.7928', 'inventories'],
        ['Trade Receivables', AT(2024), '88.4874', 'receivables'],
        ['Trade Receivables', AT(2023), '81.6939', 'receivables'],
        ['Cash and Cash Equivalents', AT(2024), '18.2608', 'cash'],
        ['Cash and Cash Equivalents', AT(2023), '11.6110', 'cash'],
        ['Total Assets', AT(2024), '2213.9636', 'total_assets'],
        ['Total Assets', AT(2023), '1891.7261', 'total_assets'],
        ['Equity Share Capital', AT(2024), '87.4685'],
        ['Equity Share Capital', AT(2023), '88.3435'],
        ['Other Equity', AT(2024), '858.3218'],
        ['Other Equity', AT(2023), '887.4980'],
        ['Equity', AT(2024), '945.7903', 'total_equity'],
        ['Equity', AT(2023), '975.8415', 'total_equity'],
        ['Borrowings', AT(2024), '183.0426', 'long_term_debt'],
        ['Borrowings', AT(2023), '107.3173', 'long_term_debt'],
        ['Total Equity and Liabilities', AT(2024), '2213.9636'],
        ['Total Equity and Liabilities', AT(2023), '1891.7261'],
      ],
      [158],
    );
  });

  it('statement of profit and loss (page 159)', () => {
    verify(
      a,
      'standalone',
      [
        ['Revenue from operations', FY(2024), '2888.6203', 'revenue'],
        ['Revenue from operations', FY(2023), '2648.5218', 'revenue'],
        ['Other income', FY(2024), '21.0982', 'other_income'],
        ['Other income', FY(2023), '14.3448', 'other_income'],
        ['Total Income', FY(2024), '2909.7185', 'total_income'],
        ['Total Income', FY(2023), '2662.8666', 'total_income'],
        ['Freight, handling and servicing cost', FY(2024), '1966.7549'],
        ['Freight, handling and servicing cost', FY(2023), '1799.0253'],
        ['Employee benefits expense', FY(2024), '485.1290', 'employee_benefits'],
        ['Employee benefits expense', FY(2023), '414.8509', 'employee_benefits'],
        ['Finance costs', FY(2024), '77.8648', 'finance_costs'],
        ['Finance costs', FY(2023), '54.3385', 'finance_costs'],
        ['Depreciation and amortisation expense', FY(2024), '216.1630', 'depreciation'],
        ['Depreciation and amortisation expense', FY(2023), '159.1428', 'depreciation'],
        ['Other expenses', FY(2024), '43.2945', 'other_expenses'],
        ['Other expenses', FY(2023), '32.9920', 'other_expenses'],
        ['Total expenses', FY(2024), '2789.2062', 'total_expenses'],
        ['Total expenses', FY(2023), '2460.3495', 'total_expenses'],
        ['Profit for the year', FY(2024), '88.8511', 'net_income'],
        ['Profit for the year', FY(2023), '323.2006', 'net_income'],
      ],
      [159],
    );
  });

  it('cash flow statement (page 160)', () => {
    verify(
      a,
      'standalone',
      [
        ['Profit before tax from continuing operations', FY(2024), '120.9990'],
        ['Profit before tax from continuing operations', FY(2023), '202.5171'],
        ['Depreciation and amortisation expense', FY(2024), '216.1630'],
        ['Depreciation and amortisation expense', FY(2023), '172.4307'],
        ['Finance costs', FY(2024), '77.8648'],
        ['Finance costs', FY(2023), '55.5853'],
        ['Operating profit before working capital changes', FY(2024), '409.3856'],
        ['Operating profit before working capital changes', FY(2023), '461.9543'],
        ['Cash generated from operating activities', FY(2024), '450.3262'],
        ['Cash generated from operating activities', FY(2023), '403.9251'],
        ['Direct taxes paid', FY(2024), '-26.4014'],
        ['Direct taxes paid', FY(2023), '-85.5855'],
        ['Net cash generated from operating activities', FY(2024), '423.9248', 'operating_cash_flow'],
        ['Net cash generated from operating activities', FY(2023), '318.3396', 'operating_cash_flow'],
        ['Purchase of property, plant and equipment', FY(2024), '284.7550', 'capex'],
        ['Purchase of property, plant and equipment', FY(2023), '412.4001', 'capex'],
      ],
      [160],
    );
  });
});
