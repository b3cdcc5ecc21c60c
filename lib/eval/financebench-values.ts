/**
 * Statement values of the FinanceBench PDFs read by hand from the filings (income statement, balance
 * sheet, cash flow statement; PDF page numbers as pdf.js counts them), asked as typed questions
 * through the app's answer path and compared with the answer's number and period. A value the binder
 * does not bind yet is listed with `abstain` and its reason: it must abstain (or, once bound, be
 * right) — never a wrong number. A value answered wrongly today is a visible todo with its cause
 * (`wrongToday`) until that cause is fixed. Used by financebench-values.data.test.ts.
 */
import type { Answer } from '@/lib/answer/types';

export type Statement = 'income' | 'balance' | 'cash_flow';

export interface StatementValue {
  statement: Statement;
  /** the measure as an analyst names it in the question */
  measure: string;
  /** as printed, in the statement's scale (millions unless `perShare`); outflows as positive payments */
  printed: string;
  /** PDF page (1-based) */
  page: number;
  perShare?: boolean;
  /** why the answer path abstains on this value today (binder or planner), when it does */
  abstain?: string;
  /**
   * why the answer path gives a wrong number for this value today: such a value is listed as a todo
   * (visible in every run) until the cause is fixed, never asserted as wrong
   */
  wrongToday?: string;
}

export interface CompanyStatements {
  /** FinanceBench document name (the PDF's file name without .pdf) */
  doc: string;
  /** how the question names the company */
  company: string;
  /** the fiscal year asked, as the company names it */
  fy: number;
  /** the fiscal year's bounds (from the statements' column headers) */
  start: string;
  end: string;
  values: StatementValue[];
}

const is = (measure: string, printed: string, page: number, extra: Partial<StatementValue> = {}): StatementValue => ({ statement: 'income', measure, printed, page, ...extra });
const bs = (measure: string, printed: string, page: number, extra: Partial<StatementValue> = {}): StatementValue => ({ statement: 'balance', measure, printed, page, ...extra });
const cf = (measure: string, printed: string, page: number, extra: Partial<StatementValue> = {}): StatementValue => ({ statement: 'cash_flow', measure, printed, page, ...extra });
const eps = { perShare: true };

export const STATEMENT_VALUES: CompanyStatements[] = [
  {
    doc: '3M_2022_10K', company: '3M', fy: 2022, start: '2022-01-01', end: '2022-12-31',
    values: [
      is('revenue', '34,229', 48), is('cost of sales', '19,232', 48), is('SG&A expense', '9,049', 48), is('research and development expense', '1,862', 48),
      is('operating income', '6,539', 48), is('income before income taxes', '6,392', 48), is('income tax expense', '612', 48), is('net income', '5,777', 48), is('diluted EPS', '10.18', 48, eps),
      bs('cash and cash equivalents', '3,655', 50), bs('accounts receivable', '4,532', 50), bs('inventories', '5,372', 50), bs('total current assets', '14,688', 50),
      bs('net property, plant and equipment', '9,178', 50), bs('goodwill', '12,790', 50), bs('total assets', '46,455', 50), bs('accounts payable', '3,183', 50),
      bs('total current liabilities', '9,523', 50), bs('long-term debt', '14,001', 50), bs('total liabilities', '31,685', 50), bs('retained earnings', '47,950', 50),
      cf('operating cash flow', '5,591', 52), cf('depreciation and amortization', '1,831', 52), cf('stock-based compensation', '263', 52), cf('capital expenditure', '1,749', 52),
      cf('share repurchases', '1,464', 52), cf('dividends paid', '3,369', 52), cf('investing cash flow', '-1,046', 52), cf('financing cash flow', '-5,350', 52),
    ],
  },
  {
    doc: 'ADOBE_2022_10K', company: 'Adobe', fy: 2022, start: '2021-12-04', end: '2022-12-02',
    values: [
      is('revenue', '17,606', 54), is('cost of revenue', '2,165', 54), is('gross profit', '15,441', 54), is('research and development expense', '2,987', 54),
      is('operating income', '6,098', 54), is('income before income taxes', '6,008', 54), is('income tax expense', '1,252', 54), is('net income', '4,756', 54), is('diluted EPS', '10.10', 54, eps),
      bs('cash and cash equivalents', '4,236', 53), bs('total current assets', '8,996', 53), bs('goodwill', '12,787', 53), bs('total assets', '27,165', 53),
      bs('total current liabilities', '8,128', 53), bs('total liabilities', '13,114', 53), bs('retained earnings', '28,319', 53), bs("total stockholders' equity", '14,051', 53),
      cf('operating cash flow', '7,838', 57), cf('stock-based compensation', '1,440', 57), cf('capital expenditure', '442', 57), cf('share repurchases', '6,550', 57),
      cf('investing cash flow', '-570', 57), cf('financing cash flow', '-6,825', 57),
    ],
  },
  {
    doc: 'AMAZON_2019_10K', company: 'Amazon', fy: 2019, start: '2019-01-01', end: '2019-12-31',
    values: [
      is('revenue', '280,522', 38), is('cost of sales', '165,536', 38), is('operating income', '14,541', 38), is('income before income taxes', '13,976', 38),
      is('net income', '11,588', 38), is('diluted EPS', '23.01', 38, eps), is('basic EPS', '23.46', 38, eps),
      bs('cash and cash equivalents', '36,092', 40), bs('inventories', '20,497', 40), bs('total current assets', '96,334', 40), bs('net property and equipment', '72,705', 40),
      bs('goodwill', '14,754', 40), bs('total assets', '225,248', 40), bs('accounts payable', '47,183', 40), bs('total current liabilities', '87,812', 40),
      bs('long-term debt', '23,414', 40), bs('retained earnings', '31,220', 40), bs("total stockholders' equity", '62,060', 40),
      cf('operating cash flow', '38,514', 37), cf('stock-based compensation', '6,864', 37), cf('capital expenditure', '16,861', 37), cf('investing cash flow', '-24,281', 37), cf('financing cash flow', '-10,066', 37),
    ],
  },
  {
    doc: 'AMCOR_2023_10K', company: 'Amcor', fy: 2023, start: '2022-07-01', end: '2023-06-30',
    values: [
      is('revenue', '14,694', 50), is('cost of sales', '11,969', 50), is('gross profit', '2,725', 50), is('SG&A expense', '1,246', 50), is('research and development expense', '101', 50),
      is('operating income', '1,508', 50), is('income tax expense', '193', 50), is('net income', '1,048', 50), is('diluted EPS', '0.705', 50, eps),
      bs('cash and cash equivalents', '689', 52), bs('accounts receivable', '1,875', 52), bs('total current assets', '5,308', 52), bs('net property, plant and equipment', '3,762', 52),
      bs('goodwill', '5,366', 52), bs('total assets', '17,003', 52), bs('total current liabilities', '4,476', 52), bs('long-term debt', '6,653', 52), bs('total liabilities', '12,913', 52), bs('retained earnings', '865', 52),
      cf('operating cash flow', '1,261', 53), cf('stock-based compensation', '54', 53), cf('dividends paid', '723', 53), cf('investing cash flow', '-309', 53), cf('financing cash flow', '-1,025', 53),
    ],
  },
  {
    doc: 'APPLE_2022_10K', company: 'Apple', fy: 2022, start: '2021-09-26', end: '2022-09-24',
    values: [
      is('revenue', '394,328', 32), is('cost of sales', '223,546', 32), is('gross profit', '170,782', 32), is('research and development expense', '26,251', 32), is('SG&A expense', '25,094', 32),
      is('operating income', '119,437', 32), is('income before income taxes', '119,103', 32), is('income tax expense', '19,300', 32), is('net income', '99,803', 32),
      is('diluted EPS', '6.11', 32, eps), is('basic EPS', '6.15', 32, eps),
      bs('cash and cash equivalents', '23,646', 34), bs('accounts receivable', '28,184', 34), bs('inventories', '4,946', 34), bs('total current assets', '135,405', 34),
      bs('net property, plant and equipment', '42,117', 34), bs('total assets', '352,755', 34), bs('accounts payable', '64,115', 34), bs('total current liabilities', '153,982', 34),
      bs('total liabilities', '302,083', 34), bs('retained earnings', '-3,068', 34), bs("total shareholders' equity", '50,672', 34),
      cf('operating cash flow', '122,151', 36), cf('depreciation and amortization', '11,104', 36), cf('stock-based compensation', '9,038', 36), cf('capital expenditure', '10,708', 36),
      cf('dividends paid', '14,841', 36), cf('share repurchases', '89,402', 36), cf('investing cash flow', '-22,354', 36), cf('financing cash flow', '-110,749', 36),
    ],
  },
  {
    doc: 'BESTBUY_2023_10K', company: 'Best Buy', fy: 2023, start: '2022-01-30', end: '2023-01-28',
    values: [
      is('revenue', '46,298', 40), is('cost of sales', '36,386', 40), is('gross profit', '9,912', 40), is('SG&A expense', '7,970', 40), is('operating income', '1,795', 40),
      is('income tax expense', '370', 40), is('net income', '1,419', 40), is('diluted EPS', '6.29', 40, eps),
      bs('cash and cash equivalents', '1,874', 39), bs('accounts receivable', '1,141', 39), bs('inventories', '5,140', 39), bs('total current assets', '8,802', 39),
      bs('net property and equipment', '2,352', 39), bs('goodwill', '1,383', 39), bs('total assets', '15,803', 39), bs('accounts payable', '5,687', 39),
      bs('total current liabilities', '8,979', 39), bs('long-term debt', '1,160', 39), bs('retained earnings', '2,430', 39),
      cf('operating cash flow', '1,824', 42), cf('depreciation and amortization', '918', 42), cf('stock-based compensation', '138', 42), cf('capital expenditure', '930', 42),
      cf('share repurchases', '1,014', 42), cf('dividends paid', '789', 42), cf('investing cash flow', '-962', 42), cf('financing cash flow', '-1,806', 42),
    ],
  },
  {
    doc: 'BOEING_2022_10K', company: 'Boeing', fy: 2022, start: '2022-01-01', end: '2022-12-31',
    values: [
      is('revenue', '66,608', 55), is('research and development expense', '2,852', 55), is('general and administrative expense', '4,187', 55),
      is('income before income taxes', '-5,022', 55), is('net income', '-4,935', 55), is('diluted EPS', '-8.30', 55, eps),
      bs('cash and cash equivalents', '14,614', 57), bs('accounts receivable', '2,517', 57), bs('inventories', '78,151', 57), bs('total current assets', '109,523', 57),
      bs('net property, plant and equipment', '10,550', 57), bs('goodwill', '8,057', 57), bs('total assets', '137,100', 57), bs('accounts payable', '10,200', 57),
      bs('total current liabilities', '90,052', 57), bs('long-term debt', '51,811', 57), bs('total liabilities', '152,948', 57), bs('retained earnings', '29,473', 57),
      cf('operating cash flow', '3,512', 59), cf('depreciation and amortization', '1,979', 59), cf('capital expenditure', '1,222', 59), cf('investing cash flow', '4,370', 59), cf('financing cash flow', '-1,266', 59),
    ],
  },
  {
    doc: 'COSTCO_2021_10K', company: 'Costco', fy: 2021, start: '2020-08-31', end: '2021-08-29',
    values: [
      is('total revenue', '195,929', 36), is('SG&A expense', '18,461', 36), is('operating income', '6,708', 36), is('income before income taxes', '6,680', 36),
      is('income tax expense', '1,601', 36), is('net income', '5,007', 36), is('diluted EPS', '11.27', 36, eps),
      bs('cash and cash equivalents', '11,258', 38), bs('accounts receivable', '1,803', 38), bs('inventories', '14,215', 38), bs('total current assets', '29,505', 38),
      bs('net property and equipment', '23,492', 38), bs('total assets', '59,268', 38), bs('accounts payable', '16,278', 38), bs('total current liabilities', '29,441', 38),
      bs('long-term debt', '6,692', 38), bs('total liabilities', '41,190', 38), bs('retained earnings', '11,666', 38),
      cf('operating cash flow', '8,958', 40), cf('depreciation and amortization', '1,781', 40), cf('stock-based compensation', '665', 40), cf('capital expenditure', '3,588', 40),
      cf('share repurchases', '496', 40), cf('investing cash flow', '-3,535', 40), cf('financing cash flow', '-6,488', 40),
    ],
  },
  {
    doc: 'GENERALMILLS_2022_10K', company: 'General Mills', fy: 2022, start: '2021-05-31', end: '2022-05-29',
    values: [
      is('revenue', '18,992.8', 45), is('cost of sales', '12,590.6', 45), is('SG&A expense', '3,147.0', 45), is('operating income', '3,475.8', 45),
      is('income tax expense', '586.3', 45), is('net income', '2,707.3', 45), is('diluted EPS', '4.42', 45, eps),
      bs('cash and cash equivalents', '569.4', 47), bs('accounts receivable', '1,692.1', 47), bs('inventories', '1,867.3', 47), bs('total current assets', '5,089.8', 47),
      bs('goodwill', '14,378.5', 47), bs('total assets', '31,090.1', 47), bs('accounts payable', '3,982.3', 47), bs('total current liabilities', '8,019.9', 47),
      bs('long-term debt', '9,134.8', 47), bs('total liabilities', '20,302.1', 47), bs('retained earnings', '18,532.6', 47),
      cf('operating cash flow', '3,316.1', 49), cf('depreciation and amortization', '570.3', 49), cf('stock-based compensation', '98.7', 49), cf('capital expenditure', '568.7', 49),
      cf('share repurchases', '876.8', 49), cf('dividends paid', '1,244.5', 49), cf('investing cash flow', '-1,690.7', 49), cf('financing cash flow', '-2,503.2', 49),
    ],
  },
  {
    doc: 'MICROSOFT_2023_10K', company: 'Microsoft', fy: 2023, start: '2022-07-01', end: '2023-06-30',
    values: [
      is('revenue', '211,915', 58), is('cost of revenue', '65,863', 58), is('gross profit', '146,052', 58), is('research and development expense', '27,195', 58),
      is('general and administrative expense', '7,575', 58), is('operating income', '88,523', 58), is('income before income taxes', '89,311', 58),
      is('income tax expense', '16,950', 58), is('net income', '72,361', 58), is('diluted EPS', '9.68', 58, eps), is('basic EPS', '9.72', 58, eps),
      bs('cash and cash equivalents', '34,704', 60), bs('accounts receivable', '48,688', 60), bs('inventories', '2,500', 60), bs('total current assets', '184,257', 60),
      bs('goodwill', '67,886', 60), bs('total assets', '411,976', 60), bs('accounts payable', '18,095', 60), bs('total current liabilities', '104,149', 60),
      bs('long-term debt', '41,990', 60), bs('total liabilities', '205,753', 60), bs('retained earnings', '118,848', 60), bs("total stockholders' equity", '206,223', 60),
      cf('operating cash flow', '87,582', 61), cf('stock-based compensation', '9,611', 61), cf('capital expenditure', '28,107', 61), cf('share repurchases', '22,245', 61),
      cf('dividends paid', '19,800', 61), cf('investing cash flow', '-22,680', 61), cf('financing cash flow', '-43,935', 61),
    ],
  },
  {
    doc: 'NIKE_2021_10K', company: 'Nike', fy: 2021, start: '2020-06-01', end: '2021-05-31',
    values: [
      is('revenue', '44,538', 59), is('cost of sales', '24,576', 59), is('gross profit', '19,962', 59), is('income before income taxes', '6,661', 59),
      is('income tax expense', '934', 59), is('net income', '5,727', 59), is('diluted EPS', '3.56', 59, eps), is('basic EPS', '3.64', 59, eps),
      bs('cash and cash equivalents', '9,889', 61), bs('accounts receivable', '4,463', 61), bs('inventories', '6,854', 61), bs('total current assets', '26,291', 61),
      bs('net property, plant and equipment', '4,904', 61), bs('goodwill', '242', 61), bs('total assets', '37,740', 61), bs('accounts payable', '2,836', 61),
      bs('total current liabilities', '9,674', 61), bs('long-term debt', '9,413', 61), bs('retained earnings', '3,179', 61), bs("total shareholders' equity", '12,767', 61),
      cf('operating cash flow', '6,657', 62), cf('stock-based compensation', '611', 62), cf('capital expenditure', '695', 62), cf('share repurchases', '608', 62),
      cf('dividends paid', '1,638', 62), cf('investing cash flow', '-3,800', 62), cf('financing cash flow', '-1,459', 62),
    ],
  },
  {
    doc: 'WALMART_2020_10K', company: 'Walmart', fy: 2020, start: '2019-02-01', end: '2020-01-31',
    values: [
      is('total revenue', '523,964', 51), is('cost of sales', '394,605', 51), is('operating income', '20,568', 51), is('income before income taxes', '20,116', 51),
      is('income tax expense', '4,915', 51), is('net income', '14,881', 51), is('diluted EPS', '5.19', 51, eps), is('basic EPS', '5.22', 51, eps),
      bs('cash and cash equivalents', '9,465', 53), bs('accounts receivable', '6,284', 53), bs('inventories', '44,435', 53), bs('total current assets', '61,806', 53),
      bs('net property and equipment', '105,208', 53), bs('goodwill', '31,073', 53), bs('total assets', '236,495', 53), bs('accounts payable', '46,973', 53),
      bs('total current liabilities', '77,790', 53), bs('long-term debt', '43,714', 53), bs('retained earnings', '83,943', 53),
      cf('operating cash flow', '25,255', 56), cf('depreciation and amortization', '10,987', 56), cf('capital expenditure', '10,705', 56), cf('share repurchases', '5,717', 56),
      cf('dividends paid', '6,048', 56), cf('investing cash flow', '-9,128', 56), cf('financing cash flow', '-14,299', 56),
    ],
  },
  {
    doc: 'PEPSICO_2022_10K', company: 'PepsiCo', fy: 2022, start: '2021-12-26', end: '2022-12-31',
    values: [
      is('revenue', '86,392', 62), is('cost of sales', '40,576', 62), is('gross profit', '45,816', 62), is('SG&A expense', '34,459', 62), is('operating income', '11,512', 62),
      is('income before income taxes', '10,705', 62), is('income tax expense', '1,727', 62), is('net income', '8,910', 62), is('diluted EPS', '6.42', 62, eps),
      bs('cash and cash equivalents', '4,954', 66), bs('accounts receivable', '10,163', 66), bs('inventories', '5,222', 66), bs('total current assets', '21,539', 66),
      bs('net property, plant and equipment', '24,291', 66), bs('goodwill', '18,202', 66), bs('total assets', '92,187', 66), bs('total current liabilities', '26,785', 66),
      bs('long-term debt', '35,657', 66), bs('total liabilities', '74,914', 66), bs('retained earnings', '67,800', 66),
      cf('operating cash flow', '10,811', 64), cf('depreciation and amortization', '2,763', 64), cf('stock-based compensation', '343', 64), cf('capital expenditure', '5,207', 64),
      cf('investing cash flow', '-2,430', 64),
    ],
  },
];

/** Values the answer path abstains on today, by `doc | measure`, with the reason (most are binder causes). */
const ABSTAINS_TODAY: Record<string, string> = {
  "COSTCO_2021_10K | diluted EPS": "binder: the heading 'NET INCOME PER COMMON SHARE ATTRIBUTABLE TO COSTCO' breaks over two lines, so the 'Diluted' row's section is only 'COSTCO', which names no per-share amount, and the row maps to no metric",
};

/** Values the answer path answers wrongly today, by `doc | measure`, with the cause: visible todos until fixed. */
const WRONG_TODAY: Record<string, string> = {
};

for (const c of STATEMENT_VALUES) {
  for (const v of c.values) {
    const key = `${c.doc} | ${v.measure}`;
    if (WRONG_TODAY[key]) v.wrongToday = WRONG_TODAY[key];
    else if (ABSTAINS_TODAY[key]) v.abstain = ABSTAINS_TODAY[key];
  }
}

/** The typed question for a value: a balance at the fiscal year's end, a flow over the fiscal year. */
export function questionFor(c: CompanyStatements, v: StatementValue): string {
  return v.statement === 'balance' ? `What was ${c.company}'s ${v.measure} at the end of FY${c.fy}?` : `What was ${c.company}'s ${v.measure} in FY${c.fy}?`;
}

/** The printed value in units (dollars; per-share amounts as printed) and half a unit of its last printed digit. */
export function expectedOf(v: StatementValue): { value: number; tolerance: number } {
  const text = v.printed.replace(/,/g, '');
  const decimals = (text.split('.')[1] ?? '').length;
  const scale = v.perShare ? 1 : 1e6;
  return { value: Number(text) * scale, tolerance: 0.5 * 10 ** -decimals * scale + 1e-9 };
}

export type ValueVerdict = 'correct' | 'wrong' | 'abstained';

/**
 * An answer against the printed value: correct when its first value has the fiscal year's bounds
 * (an instant at its end for a balance) and the number within half a unit of the last printed digit;
 * abstained when it gives no value; anything else is wrong.
 */
export function judge(c: CompanyStatements, v: StatementValue, a: Answer): { verdict: ValueVerdict; detail: string } {
  const got = a.status === 'answered' ? a.values[0] : undefined;
  if (!got) return { verdict: 'abstained', detail: `${a.status}: ${a.text.slice(0, 140)}` };
  const p = got.period;
  const periodOk = v.statement === 'balance' ? p.type === 'instant' && p.end === c.end : p.type === 'duration' && p.start === c.start && p.end === c.end;
  const { value, tolerance } = expectedOf(v);
  const valueOk = Math.abs(got.value - value) <= tolerance;
  const detail = `${got.display} (${got.value}) for ${p.start ?? ''}–${p.end}, expected ${v.printed} (page ${v.page})`;
  return { verdict: periodOk && valueOk && a.values.length === 1 ? 'correct' : 'wrong', detail };
}
