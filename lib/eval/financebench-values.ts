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
  /** as printed, in the statement's scale (the company's `scale`, millions unless set; as printed when `perShare`); outflows as positive payments */
  printed: string;
  /** PDF page (1-based) */
  page: number;
  perShare?: boolean;
  /** a flow over another period than the company's (a 10-Q's cash flows cover the six months to date; an earnings release's fiscal year) */
  period?: NamedPeriod;
  /** why the answer path abstains on this value today (binder or planner), when it does */
  abstain?: string;
  /**
   * why the answer path gives a wrong number for this value today: such a value is listed as a todo
   * (visible in every run) until the cause is fixed, never asserted as wrong
   */
  wrongToday?: string;
}

/** A period as an analyst names it in the question, with its bounds (from the statements' column headers). */
export interface NamedPeriod {
  /** e.g. "the six months ended June 30, 2023" */
  phrase: string;
  start: string;
  end: string;
}

export interface CompanyStatements {
  /** FinanceBench document name (the PDF's file name without .pdf) */
  doc: string;
  /** how the question names the company */
  company: string;
  /** the fiscal year asked, as the company names it (a 10-K: "in FY2022", "at the end of FY2022") */
  fy?: number;
  /**
   * instead of a fiscal year, a 10-Q's or an earnings release's period as an analyst names it ("the
   * quarter ended June 30, 2023"): flows are asked "in" it, over start–end
   */
  period?: string;
  /** with `period`: the balance sheet's date as named ("June 30, 2023"); balances are asked "as of" it, an instant at `end` */
  balanceDate?: string;
  /** the fiscal year's (or `period`'s) bounds (from the statements' column headers) */
  start: string;
  end: string;
  /** the statements' scale in dollars when not millions (1e3: "in thousands") */
  scale?: number;
  values: StatementValue[];
}

const is = (measure: string, printed: string, page: number, extra: Partial<StatementValue> = {}): StatementValue => ({
  statement: 'income',
  measure,
  printed,
  page,
  ...extra,
});
const bs = (measure: string, printed: string, page: number, extra: Partial<StatementValue> = {}): StatementValue => ({
  statement: 'balance',
  measure,
  printed,
  page,
  ...extra,
});
const cf = (measure: string, printed: string, page: number, extra: Partial<StatementValue> = {}): StatementValue => ({
  statement: 'cash_flow',
  measure,
  printed,
  page,
  ...extra,
});
const eps = { perShare: true };
/** a second-quarter 10-Q's cash flows cover the six months to its date */
const H1_2023: NamedPeriod = { phrase: 'the six months ended June 30, 2023', start: '2023-01-01', end: '2023-06-30' };
/** an earnings release's fiscal year next to its quarter (Ulta's fiscal 2022: 52 weeks) */
const ULTA_FY: NamedPeriod = { phrase: 'the fiscal year ended January 28, 2023', start: '2022-01-30', end: '2023-01-28' };

export const STATEMENT_VALUES: CompanyStatements[] = [
  {
    doc: '3M_2022_10K',
    company: '3M',
    fy: 2022,
    start: '2022-01-01',
    end: '2022-12-31',
    values: [
      is('revenue', '34,229', 48),
      is('cost of sales', '19,232', 48),
      is('SG&A expense', '9,049', 48),
      is('research and development expense', '1,862', 48),
      is('operating income', '6,539', 48),
      is('income before income taxes', '6,392', 48),
      is('income tax expense', '612', 48),
      is('net income', '5,777', 48),
      is('diluted EPS', '10.18', 48, eps),
      bs('cash and cash equivalents', '3,655', 50),
      bs('accounts receivable', '4,532', 50),
      bs('inventories', '5,372', 50),
      bs('total current assets', '14,688', 50),
      bs('net property, plant and equipment', '9,178', 50),
      bs('goodwill', '12,790', 50),
      bs('total assets', '46,455', 50),
      bs('accounts payable', '3,183', 50),
      bs('total current liabilities', '9,523', 50),
      bs('long-term debt', '14,001', 50),
      bs('total liabilities', '31,685', 50),
      bs('retained earnings', '47,950', 50),
      cf('operating cash flow', '5,591', 52),
      cf('depreciation and amortization', '1,831', 52),
      cf('stock-based compensation', '263', 52),
      cf('capital expenditure', '1,749', 52),
      cf('share repurchases', '1,464', 52),
      cf('dividends paid', '3,369', 52),
      cf('investing cash flow', '-1,046', 52),
      cf('financing cash flow', '-5,350', 52),
    ],
  },
  {
    doc: 'ADOBE_2022_10K',
    company: 'Adobe',
    fy: 2022,
    start: '2021-12-04',
    end: '2022-12-02',
    values: [
      is('revenue', '17,606', 54),
      is('cost of revenue', '2,165', 54),
      is('gross profit', '15,441', 54),
      is('research and development expense', '2,987', 54),
      is('operating income', '6,098', 54),
      is('income before income taxes', '6,008', 54),
      is('income tax expense', '1,252', 54),
      is('net income', '4,756', 54),
      is('diluted EPS', '10.10', 54, eps),
      bs('cash and cash equivalents', '4,236', 53),
      bs('total current assets', '8,996', 53),
      bs('goodwill', '12,787', 53),
      bs('total assets', '27,165', 53),
      bs('total current liabilities', '8,128', 53),
      bs('total liabilities', '13,114', 53),
      bs('retained earnings', '28,319', 53),
      bs("total stockholders' equity", '14,051', 53),
      cf('operating cash flow', '7,838', 57),
      cf('stock-based compensation', '1,440', 57),
      cf('capital expenditure', '442', 57),
      cf('share repurchases', '6,550', 57),
      cf('investing cash flow', '-570', 57),
      cf('financing cash flow', '-6,825', 57),
    ],
  },
  {
    doc: 'AMAZON_2019_10K',
    company: 'Amazon',
    fy: 2019,
    start: '2019-01-01',
    end: '2019-12-31',
    values: [
      is('revenue', '280,522', 38),
      is('cost of sales', '165,536', 38),
      is('operating income', '14,541', 38),
      is('income before income taxes', '13,976', 38),
      is('net income', '11,588', 38),
      is('diluted EPS', '23.01', 38, eps),
      is('basic EPS', '23.46', 38, eps),
      bs('cash and cash equivalents', '36,092', 40),
      bs('inventories', '20,497', 40),
      bs('total current assets', '96,334', 40),
      bs('net property and equipment', '72,705', 40),
      bs('goodwill', '14,754', 40),
      bs('total assets', '225,248', 40),
      bs('accounts payable', '47,183', 40),
      bs('total current liabilities', '87,812', 40),
      bs('long-term debt', '23,414', 40),
      bs('retained earnings', '31,220', 40),
      bs("total stockholders' equity", '62,060', 40),
      cf('operating cash flow', '38,514', 37),
      cf('stock-based compensation', '6,864', 37),
      cf('capital expenditure', '16,861', 37),
      cf('investing cash flow', '-24,281', 37),
      cf('financing cash flow', '-10,066', 37),
    ],
  },
  {
    doc: 'AMCOR_2023_10K',
    company: 'Amcor',
    fy: 2023,
    start: '2022-07-01',
    end: '2023-06-30',
    values: [
      is('revenue', '14,694', 50),
      is('cost of sales', '11,969', 50),
      is('gross profit', '2,725', 50),
      is('SG&A expense', '1,246', 50),
      is('research and development expense', '101', 50),
      is('operating income', '1,508', 50),
      is('income tax expense', '193', 50),
      is('net income', '1,048', 50),
      is('diluted EPS', '0.705', 50, eps),
      bs('cash and cash equivalents', '689', 52),
      bs('accounts receivable', '1,875', 52),
      bs('total current assets', '5,308', 52),
      bs('net property, plant and equipment', '3,762', 52),
      bs('goodwill', '5,366', 52),
      bs('total assets', '17,003', 52),
      bs('total current liabilities', '4,476', 52),
      bs('long-term debt', '6,653', 52),
      bs('total liabilities', '12,913', 52),
      bs('retained earnings', '865', 52),
      cf('operating cash flow', '1,261', 53),
      cf('stock-based compensation', '54', 53),
      cf('dividends paid', '723', 53),
      cf('investing cash flow', '-309', 53),
      cf('financing cash flow', '-1,025', 53),
    ],
  },
  {
    doc: 'APPLE_2022_10K',
    company: 'Apple',
    fy: 2022,
    start: '2021-09-26',
    end: '2022-09-24',
    values: [
      is('revenue', '394,328', 32),
      is('cost of sales', '223,546', 32),
      is('gross profit', '170,782', 32),
      is('research and development expense', '26,251', 32),
      is('SG&A expense', '25,094', 32),
      is('operating income', '119,437', 32),
      is('income before income taxes', '119,103', 32),
      is('income tax expense', '19,300', 32),
      is('net income', '99,803', 32),
      is('diluted EPS', '6.11', 32, eps),
      is('basic EPS', '6.15', 32, eps),
      bs('cash and cash equivalents', '23,646', 34),
      bs('accounts receivable', '28,184', 34),
      bs('inventories', '4,946', 34),
      bs('total current assets', '135,405', 34),
      bs('net property, plant and equipment', '42,117', 34),
      bs('total assets', '352,755', 34),
      bs('accounts payable', '64,115', 34),
      bs('total current liabilities', '153,982', 34),
      bs('total liabilities', '302,083', 34),
      bs('retained earnings', '-3,068', 34),
      bs("total shareholders' equity", '50,672', 34),
      cf('operating cash flow', '122,151', 36),
      cf('depreciation and amortization', '11,104', 36),
      cf('stock-based compensation', '9,038', 36),
      cf('capital expenditure', '10,708', 36),
      cf('dividends paid', '14,841', 36),
      cf('share repurchases', '89,402', 36),
      cf('investing cash flow', '-22,354', 36),
      cf('financing cash flow', '-110,749', 36),
    ],
  },
  {
    doc: 'BESTBUY_2023_10K',
    company: 'Best Buy',
    fy: 2023,
    start: '2022-01-30',
    end: '2023-01-28',
    values: [
      is('revenue', '46,298', 40),
      is('cost of sales', '36,386', 40),
      is('gross profit', '9,912', 40),
      is('SG&A expense', '7,970', 40),
      is('operating income', '1,795', 40),
      is('income tax expense', '370', 40),
      is('net income', '1,419', 40),
      is('diluted EPS', '6.29', 40, eps),
      bs('cash and cash equivalents', '1,874', 39),
      bs('accounts receivable', '1,141', 39),
      bs('inventories', '5,140', 39),
      bs('total current assets', '8,802', 39),
      bs('net property and equipment', '2,352', 39),
      bs('goodwill', '1,383', 39),
      bs('total assets', '15,803', 39),
      bs('accounts payable', '5,687', 39),
      bs('total current liabilities', '8,979', 39),
      bs('long-term debt', '1,160', 39),
      bs('retained earnings', '2,430', 39),
      cf('operating cash flow', '1,824', 42),
      cf('depreciation and amortization', '918', 42),
      cf('stock-based compensation', '138', 42),
      cf('capital expenditure', '930', 42),
      cf('share repurchases', '1,014', 42),
      cf('dividends paid', '789', 42),
      cf('investing cash flow', '-962', 42),
      cf('financing cash flow', '-1,806', 42),
    ],
  },
  {
    doc: 'BOEING_2022_10K',
    company: 'Boeing',
    fy: 2022,
    start: '2022-01-01',
    end: '2022-12-31',
    values: [
      is('revenue', '66,608', 55),
      is('research and development expense', '2,852', 55),
      is('general and administrative expense', '4,187', 55),
      is('income before income taxes', '-5,022', 55),
      is('net income', '-4,935', 55),
      is('diluted EPS', '-8.30', 55, eps),
      bs('cash and cash equivalents', '14,614', 57),
      bs('accounts receivable', '2,517', 57),
      bs('inventories', '78,151', 57),
      bs('total current assets', '109,523', 57),
      bs('net property, plant and equipment', '10,550', 57),
      bs('goodwill', '8,057', 57),
      bs('total assets', '137,100', 57),
      bs('accounts payable', '10,200', 57),
      bs('total current liabilities', '90,052', 57),
      bs('long-term debt', '51,811', 57),
      bs('total liabilities', '152,948', 57),
      bs('retained earnings', '29,473', 57),
      cf('operating cash flow', '3,512', 59),
      cf('depreciation and amortization', '1,979', 59),
      cf('capital expenditure', '1,222', 59),
      cf('investing cash flow', '4,370', 59),
      cf('financing cash flow', '-1,266', 59),
    ],
  },
  {
    doc: 'COSTCO_2021_10K',
    company: 'Costco',
    fy: 2021,
    start: '2020-08-31',
    end: '2021-08-29',
    values: [
      is('total revenue', '195,929', 36),
      is('SG&A expense', '18,461', 36),
      is('operating income', '6,708', 36),
      is('income before income taxes', '6,680', 36),
      is('income tax expense', '1,601', 36),
      is('net income', '5,007', 36),
      is('diluted EPS', '11.27', 36, eps),
      bs('cash and cash equivalents', '11,258', 38),
      bs('accounts receivable', '1,803', 38),
      bs('inventories', '14,215', 38),
      bs('total current assets', '29,505', 38),
      bs('net property and equipment', '23,492', 38),
      bs('total assets', '59,268', 38),
      bs('accounts payable', '16,278', 38),
      bs('total current liabilities', '29,441', 38),
      bs('long-term debt', '6,692', 38),
      bs('total liabilities', '41,190', 38),
      bs('retained earnings', '11,666', 38),
      cf('operating cash flow', '8,958', 40),
      cf('depreciation and amortization', '1,781', 40),
      cf('stock-based compensation', '665', 40),
      cf('capital expenditure', '3,588', 40),
      cf('share repurchases', '496', 40),
      cf('investing cash flow', '-3,535', 40),
      cf('financing cash flow', '-6,488', 40),
    ],
  },
  {
    doc: 'GENERALMILLS_2022_10K',
    company: 'General Mills',
    fy: 2022,
    start: '2021-05-31',
    end: '2022-05-29',
    values: [
      is('revenue', '18,992.8', 45),
      is('cost of sales', '12,590.6', 45),
      is('SG&A expense', '3,147.0', 45),
      is('operating income', '3,475.8', 45),
      is('income tax expense', '586.3', 45),
      is('net income', '2,707.3', 45),
      is('diluted EPS', '4.42', 45, eps),
      bs('cash and cash equivalents', '569.4', 47),
      bs('accounts receivable', '1,692.1', 47),
      bs('inventories', '1,867.3', 47),
      bs('total current assets', '5,089.8', 47),
      bs('goodwill', '14,378.5', 47),
      bs('total assets', '31,090.1', 47),
      bs('accounts payable', '3,982.3', 47),
      bs('total current liabilities', '8,019.9', 47),
      bs('long-term debt', '9,134.8', 47),
      bs('total liabilities', '20,302.1', 47),
      bs('retained earnings', '18,532.6', 47),
      cf('operating cash flow', '3,316.1', 49),
      cf('depreciation and amortization', '570.3', 49),
      cf('stock-based compensation', '98.7', 49),
      cf('capital expenditure', '568.7', 49),
      cf('share repurchases', '876.8', 49),
      cf('dividends paid', '1,244.5', 49),
      cf('investing cash flow', '-1,690.7', 49),
      cf('financing cash flow', '-2,503.2', 49),
    ],
  },
  {
    doc: 'MICROSOFT_2023_10K',
    company: 'Microsoft',
    fy: 2023,
    start: '2022-07-01',
    end: '2023-06-30',
    values: [
      is('revenue', '211,915', 58),
      is('cost of revenue', '65,863', 58),
      is('gross profit', '146,052', 58),
      is('research and development expense', '27,195', 58),
      is('general and administrative expense', '7,575', 58),
      is('operating income', '88,523', 58),
      is('income before income taxes', '89,311', 58),
      is('income tax expense', '16,950', 58),
      is('net income', '72,361', 58),
      is('diluted EPS', '9.68', 58, eps),
      is('basic EPS', '9.72', 58, eps),
      bs('cash and cash equivalents', '34,704', 60),
      bs('accounts receivable', '48,688', 60),
      bs('inventories', '2,500', 60),
      bs('total current assets', '184,257', 60),
      bs('goodwill', '67,886', 60),
      bs('total assets', '411,976', 60),
      bs('accounts payable', '18,095', 60),
      bs('total current liabilities', '104,149', 60),
      bs('long-term debt', '41,990', 60),
      bs('total liabilities', '205,753', 60),
      bs('retained earnings', '118,848', 60),
      bs("total stockholders' equity", '206,223', 60),
      cf('operating cash flow', '87,582', 61),
      cf('stock-based compensation', '9,611', 61),
      cf('capital expenditure', '28,107', 61),
      cf('share repurchases', '22,245', 61),
      cf('dividends paid', '19,800', 61),
      cf('investing cash flow', '-22,680', 61),
      cf('financing cash flow', '-43,935', 61),
    ],
  },
  {
    doc: 'NIKE_2021_10K',
    company: 'Nike',
    fy: 2021,
    start: '2020-06-01',
    end: '2021-05-31',
    values: [
      is('revenue', '44,538', 59),
      is('cost of sales', '24,576', 59),
      is('gross profit', '19,962', 59),
      is('income before income taxes', '6,661', 59),
      is('income tax expense', '934', 59),
      is('net income', '5,727', 59),
      is('diluted EPS', '3.56', 59, eps),
      is('basic EPS', '3.64', 59, eps),
      bs('cash and cash equivalents', '9,889', 61),
      bs('accounts receivable', '4,463', 61),
      bs('inventories', '6,854', 61),
      bs('total current assets', '26,291', 61),
      bs('net property, plant and equipment', '4,904', 61),
      bs('goodwill', '242', 61),
      bs('total assets', '37,740', 61),
      bs('accounts payable', '2,836', 61),
      bs('total current liabilities', '9,674', 61),
      bs('long-term debt', '9,413', 61),
      bs('retained earnings', '3,179', 61),
      bs("total shareholders' equity", '12,767', 61),
      cf('operating cash flow', '6,657', 62),
      cf('stock-based compensation', '611', 62),
      cf('capital expenditure', '695', 62),
      cf('share repurchases', '608', 62),
      cf('dividends paid', '1,638', 62),
      cf('investing cash flow', '-3,800', 62),
      cf('financing cash flow', '-1,459', 62),
    ],
  },
  {
    doc: 'WALMART_2020_10K',
    company: 'Walmart',
    fy: 2020,
    start: '2019-02-01',
    end: '2020-01-31',
    values: [
      is('total revenue', '523,964', 51),
      is('cost of sales', '394,605', 51),
      is('operating income', '20,568', 51),
      is('income before income taxes', '20,116', 51),
      is('income tax expense', '4,915', 51),
      is('net income', '14,881', 51),
      is('diluted EPS', '5.19', 51, eps),
      is('basic EPS', '5.22', 51, eps),
      bs('cash and cash equivalents', '9,465', 53),
      bs('accounts receivable', '6,284', 53),
      bs('inventories', '44,435', 53),
      bs('total current assets', '61,806', 53),
      bs('net property and equipment', '105,208', 53),
      bs('goodwill', '31,073', 53),
      bs('total assets', '236,495', 53),
      bs('accounts payable', '46,973', 53),
      bs('total current liabilities', '77,790', 53),
      bs('long-term debt', '43,714', 53),
      bs('retained earnings', '83,943', 53),
      cf('operating cash flow', '25,255', 56),
      cf('depreciation and amortization', '10,987', 56),
      cf('capital expenditure', '10,705', 56),
      cf('share repurchases', '5,717', 56),
      cf('dividends paid', '6,048', 56),
      cf('investing cash flow', '-9,128', 56),
      cf('financing cash flow', '-14,299', 56),
    ],
  },
  {
    doc: 'PEPSICO_2022_10K',
    company: 'PepsiCo',
    fy: 2022,
    start: '2021-12-26',
    end: '2022-12-31',
    values: [
      is('revenue', '86,392', 62),
      is('cost of sales', '40,576', 62),
      is('gross profit', '45,816', 62),
      is('SG&A expense', '34,459', 62),
      is('operating income', '11,512', 62),
      is('income before income taxes', '10,705', 62),
      is('income tax expense', '1,727', 62),
      is('net income', '8,910', 62),
      is('diluted EPS', '6.42', 62, eps),
      bs('cash and cash equivalents', '4,954', 66),
      bs('accounts receivable', '10,163', 66),
      bs('inventories', '5,222', 66),
      bs('total current assets', '21,539', 66),
      bs('net property, plant and equipment', '24,291', 66),
      bs('goodwill', '18,202', 66),
      bs('total assets', '92,187', 66),
      bs('total current liabilities', '26,785', 66),
      bs('long-term debt', '35,657', 66),
      bs('total liabilities', '74,914', 66),
      bs('retained earnings', '67,800', 66),
      cf('operating cash flow', '10,811', 64),
      cf('depreciation and amortization', '2,763', 64),
      cf('stock-based compensation', '343', 64),
      cf('capital expenditure', '5,207', 64),
      cf('investing cash flow', '-2,430', 64),
    ],
  },
  {
    doc: 'AMERICANEXPRESS_2022_10K',
    company: 'American Express',
    fy: 2022,
    start: '2022-01-01',
    end: '2022-12-31',
    values: [
      is('total revenues net of interest expense', '52,862', 96),
      is('discount revenue', '30,739', 96),
      is('net interest income', '9,895', 96),
      is('provision for credit losses', '2,182', 96),
      is('Card Member rewards expense', '14,002', 96),
      is('marketing expense', '5,458', 96),
      is('total expenses', '41,095', 96),
      is('income before income taxes', '9,585', 96),
      is('income tax expense', '2,071', 96),
      is('net income', '7,514', 96),
      is('diluted EPS', '9.85', 96, eps),
      is('basic EPS', '9.86', 96, eps),
      bs('cash and cash equivalents', '33,914', 98),
      bs('total assets', '228,354', 98),
      bs('customer deposits', '110,239', 98),
      bs('accounts payable', '12,133', 98),
      bs('short-term borrowings', '1,348', 98),
      bs('long-term debt', '42,573', 98),
      bs('total liabilities', '203,643', 98),
      bs('retained earnings', '16,279', 98),
      bs("total shareholders' equity", '24,711', 98),
      cf('operating cash flow', '21,079', 99),
      cf('depreciation and amortization', '1,626', 99),
      cf('stock-based compensation', '375', 99),
      cf('capital expenditure', '1,855', 99),
      cf('share repurchases', '3,502', 99),
      cf('dividends paid', '1,565', 99),
      cf('investing cash flow', '-33,689', 99),
      cf('financing cash flow', '24,509', 99),
    ],
  },
  {
    doc: 'NETFLIX_2017_10K',
    company: 'Netflix',
    fy: 2017,
    start: '2017-01-01',
    end: '2017-12-31',
    scale: 1e3,
    values: [
      is('revenue', '11,692,713', 42),
      is('cost of revenues', '7,659,666', 42),
      is('marketing expense', '1,278,022', 42),
      is('technology and development expense', '1,052,778', 42),
      is('general and administrative expense', '863,568', 42),
      is('operating income', '838,679', 42),
      is('interest expense', '238,204', 42),
      is('income before income taxes', '485,321', 42),
      is('income tax expense', '-73,608', 42),
      is('net income', '558,929', 42),
      is('diluted EPS', '1.25', 42, eps),
      is('basic EPS', '1.29', 42, eps),
      bs('cash and cash equivalents', '2,822,795', 45),
      bs('total current assets', '7,669,974', 45),
      bs('net property and equipment', '319,404', 45),
      bs('total assets', '19,012,742', 45),
      bs('accounts payable', '359,555', 45),
      bs('deferred revenue', '618,622', 45),
      bs('total current liabilities', '5,466,312', 45),
      bs('long-term debt', '6,499,432', 45),
      bs('total liabilities', '15,430,786', 45),
      bs('retained earnings', '1,731,117', 45),
      bs("total stockholders' equity", '3,581,956', 45),
      cf('operating cash flow', '-1,785,948', 44),
      cf('stock-based compensation', '182,209', 44),
      cf('capital expenditure', '173,302', 44),
      cf('investing cash flow', '34,329', 44),
      cf('financing cash flow', '3,076,990', 44),
    ],
  },
  {
    doc: 'ORACLE_2023_10K',
    company: 'Oracle',
    fy: 2023,
    start: '2022-06-01',
    end: '2023-05-31',
    values: [
      is('total revenues', '49,954', 67),
      is('sales and marketing expense', '8,833', 67),
      is('research and development expense', '8,623', 67),
      is('general and administrative expense', '1,579', 67),
      is('total operating expenses', '36,861', 67),
      is('operating income', '13,093', 67),
      is('interest expense', '3,505', 67),
      is('income before income taxes', '9,126', 67),
      is('income tax expense', '623', 67),
      is('net income', '8,503', 67),
      is('diluted EPS', '3.07', 67, eps),
      is('basic EPS', '3.15', 67, eps),
      bs('cash and cash equivalents', '9,765', 66),
      bs('total current assets', '21,004', 66),
      bs('net property, plant and equipment', '17,069', 66),
      bs('goodwill', '62,261', 66),
      bs('total assets', '134,384', 66),
      bs('accounts payable', '1,204', 66),
      bs('deferred revenues', '8,970', 66),
      bs('total current liabilities', '23,090', 66),
      bs("total stockholders' equity", '1,556', 66),
      cf('operating cash flow', '17,165', 70),
      cf('stock-based compensation', '3,547', 70),
      cf('capital expenditure', '8,695', 70),
      cf('share repurchases', '1,300', 70),
      cf('dividends paid', '3,668', 70),
      cf('investing cash flow', '-36,484', 70),
      cf('financing cash flow', '7,910', 70),
    ],
  },
  {
    doc: 'JPMORGAN_2023Q2_10Q',
    company: 'JPMorgan Chase',
    period: 'the quarter ended June 30, 2023',
    balanceDate: 'June 30, 2023',
    start: '2023-04-01',
    end: '2023-06-30',
    values: [
      is('total net revenue', '41,307', 96),
      is('noninterest revenue', '19,528', 96),
      is('interest income', '41,644', 96),
      is('interest expense', '19,865', 96),
      is('net interest income', '21,779', 96),
      is('investment banking fees', '1,513', 96),
      is('provision for credit losses', '2,899', 96),
      is('compensation expense', '11,216', 96),
      is('total noninterest expense', '20,822', 96),
      is('income before income taxes', '17,586', 96),
      is('income tax expense', '3,114', 96),
      is('net income', '14,472', 96),
      is('diluted EPS', '4.75', 96, eps),
      is('basic EPS', '4.76', 96, eps),
      bs('cash and due from banks', '26,064', 98),
      bs('trading assets', '636,996', 98),
      bs('allowance for loan losses', '21,980', 98),
      bs('total assets', '3,868,240', 98),
      bs('deposits', '2,398,962', 98),
      bs('short-term borrowings', '41,022', 98),
      bs('long-term debt', '364,078', 98),
      bs('total liabilities', '3,555,724', 98),
      bs('retained earnings', '317,359', 98),
      bs("total stockholders' equity", '312,516', 98),
      cf('operating cash flow', '-92,376', 100, { period: H1_2023 }),
      cf('depreciation and amortization', '2,156', 100, { period: H1_2023 }),
      cf('share repurchases', '5,167', 100, { period: H1_2023 }),
      cf('dividends paid', '6,651', 100, { period: H1_2023 }),
      cf('investing cash flow', '5,551', 100, { period: H1_2023 }),
      cf('financing cash flow', '14,642', 100, { period: H1_2023 }),
    ],
  },
  {
    doc: 'MGMRESORTS_2023Q2_10Q',
    company: 'MGM Resorts',
    period: 'the quarter ended June 30, 2023',
    balanceDate: 'June 30, 2023',
    start: '2023-04-01',
    end: '2023-06-30',
    scale: 1e3,
    values: [
      is('total revenues', '3,942,207', 4),
      is('casino revenue', '1,951,382', 4),
      is('rooms revenue', '815,323', 4),
      is('general and administrative expense', '1,144,390', 4),
      is('depreciation and amortization', '203,503', 4),
      is('operating income', '371,378', 4),
      is('income before income taxes', '282,685', 4),
      is('income tax expense', '39,141', 4),
      is('net income', '200,796', 4),
      is('net income including noncontrolling interests', '243,544', 4),
      is('diluted EPS', '0.55', 4, eps),
      is('basic EPS', '0.56', 4, eps),
      bs('cash and cash equivalents', '3,843,366', 3),
      bs('accounts receivable', '703,971', 3),
      bs('inventories', '130,889', 3),
      bs('total current assets', '5,616,995', 3),
      bs('net property and equipment', '5,233,400', 3),
      bs('goodwill', '5,029,189', 3),
      bs('total assets', '42,905,829', 3),
      bs('total current liabilities', '2,749,404', 3),
      bs('long-term debt', '6,674,044', 3),
      bs('retained earnings', '4,382,588', 3),
      bs("total stockholders' equity", '4,835,367', 3),
      cf('operating cash flow', '1,280,759', 6, { period: H1_2023 }),
      cf('stock-based compensation', '35,121', 6, { period: H1_2023 }),
      cf('capital expenditure', '393,297', 6, { period: H1_2023 }),
      cf('share repurchases', '1,103,219', 6, { period: H1_2023 }),
      cf('investing cash flow', '-59,017', 6, { period: H1_2023 }),
      cf('financing cash flow', '-3,329,536', 6, { period: H1_2023 }),
    ],
  },
  {
    doc: 'ULTABEAUTY_2023Q4_EARNINGS',
    company: 'Ulta Beauty',
    period: 'the quarter ended January 28, 2023',
    balanceDate: 'January 28, 2023',
    start: '2022-10-30',
    end: '2023-01-28',
    scale: 1e3,
    values: [
      is('net sales', '3,226,773', 6),
      is('cost of sales', '2,014,270', 6),
      is('gross profit', '1,212,503', 6),
      is('SG&A expense', '762,706', 6),
      is('operating income', '447,618', 6),
      is('income before income taxes', '451,996', 6),
      is('income tax expense', '111,245', 6),
      is('net income', '340,751', 6),
      is('diluted EPS', '6.68', 6, eps),
      is('basic EPS', '6.73', 6, eps),
      is('net sales', '10,208,580', 6, { period: ULTA_FY }),
      is('operating income', '1,638,610', 6, { period: ULTA_FY }),
      is('net income', '1,242,408', 6, { period: ULTA_FY }),
      is('diluted EPS', '24.01', 6, { ...eps, period: ULTA_FY }),
      // the same in Ulta's own naming: the year ended January 28, 2023 is its fiscal 2022 (the release's title)
      is('net sales', '10,208,580', 6, { period: { ...ULTA_FY, phrase: 'fiscal 2022' } }),
      is('net sales', '3,226,773', 6, { period: { phrase: 'the fourth quarter of fiscal 2022', start: '2022-10-30', end: '2023-01-28' } }),
      bs('cash and cash equivalents', '737,877', 7),
      bs('receivables', '199,422', 7),
      bs('merchandise inventories', '1,603,451', 7),
      bs('total current assets', '2,709,304', 7),
      bs('net property and equipment', '1,009,273', 7),
      bs('goodwill', '10,870', 7),
      bs('total assets', '5,370,411', 7),
      bs('accounts payable', '559,527', 7),
      bs('total current liabilities', '1,681,775', 7),
      bs('total liabilities', '3,410,600', 7),
      bs("total stockholders' equity", '1,959,811', 7),
      cf('operating cash flow', '1,481,915', 8, { period: ULTA_FY }),
      cf('depreciation and amortization', '241,372', 8, { period: ULTA_FY }),
      cf('stock-based compensation', '43,044', 8, { period: ULTA_FY }),
      cf('capital expenditure', '312,126', 8, { period: ULTA_FY }),
      cf('share repurchases', '900,033', 8, { period: ULTA_FY }),
      cf('investing cash flow', '-314,584', 8, { period: ULTA_FY }),
      cf('financing cash flow', '-861,014', 8, { period: ULTA_FY }),
    ],
  },
];

/** Values the answer path abstains on today, by `doc | measure` (`| period phrase` for a value's own period), with the reason (most are binder causes). */
const ABSTAINS_TODAY: Record<string, string> = {
  'COSTCO_2021_10K | diluted EPS':
    "binder: the heading 'NET INCOME PER COMMON SHARE ATTRIBUTABLE TO COSTCO' breaks over two lines, so the 'Diluted' row's section is only 'COSTCO', which names no per-share amount, and the row maps to no metric",
  'AMERICANEXPRESS_2022_10K | Card Member rewards expense': 'planner: no known measure matches a company-specific expense line',
  'AMERICANEXPRESS_2022_10K | marketing expense':
    "binder: the row 'Marketing' (under 'Expenses') is kept as a row fact without a metric; the planner asks for Sales and marketing",
  'AMERICANEXPRESS_2022_10K | customer deposits':
    "binder: the balance sheet row 'Customer deposits' is kept as a row fact without the deposits metric",
  'AMERICANEXPRESS_2022_10K | share repurchases':
    "binder: the row 'Repurchase of American Express common shares and other' is kept as a row fact without the share repurchases metric",
  'NETFLIX_2017_10K | marketing expense':
    "binder: the row 'Marketing' is kept as a row fact without a metric; the planner asks for Sales and marketing",
  'NETFLIX_2017_10K | technology and development expense':
    "binder: the row 'Technology and development' is kept as a row fact without a metric; the planner asks for Research and development",
  'JPMORGAN_2023Q2_10Q | trading assets': "planner: 'trading' is no word of a known measure, so it asks to rephrase",
  'JPMORGAN_2023Q2_10Q | allowance for loan losses':
    "binder: the balance sheet's '(21,980)' of 'Allowance for loan losses' (a contra-asset in parentheses) yields no fact; the planner asks for Allowance for credit losses",
};

/** Values the answer path answers wrongly today, by `doc | measure` (`| period phrase` as above), with the cause: visible todos until fixed. */
const WRONG_TODAY: Record<string, string> = {};

for (const c of STATEMENT_VALUES) {
  for (const v of c.values) {
    const key = `${c.doc} | ${v.measure}${v.period ? ` | ${v.period.phrase}` : ''}`;
    if (WRONG_TODAY[key]) v.wrongToday = WRONG_TODAY[key];
    else if (ABSTAINS_TODAY[key]) v.abstain = ABSTAINS_TODAY[key];
  }
}

/**
 * The typed question for a value: a balance at the fiscal year's end, a flow over the fiscal year; for
 * a 10-Q or an earnings release, a balance as of its balance sheet date and a flow over its named period
 * (or the value's own).
 */
export function questionFor(c: CompanyStatements, v: StatementValue): string {
  if (c.period === undefined)
    return v.statement === 'balance'
      ? `What was ${c.company}'s ${v.measure} at the end of FY${c.fy}?`
      : `What was ${c.company}'s ${v.measure} in FY${c.fy}?`;
  return v.statement === 'balance'
    ? `What was ${c.company}'s ${v.measure} as of ${c.balanceDate}?`
    : `What was ${c.company}'s ${v.measure} in ${v.period?.phrase ?? c.period}?`;
}

/** The printed value in units (dollars; per-share amounts as printed) and half a unit of its last printed digit. */
export function expectedOf(v: StatementValue, statementScale = 1e6): { value: number; tolerance: number } {
  const text = v.printed.replace(/,/g, '');
  const decimals = (text.split('.')[1] ?? '').length;
  const scale = v.perShare ? 1 : statementScale;
  return { value: Number(text) * scale, tolerance: 0.5 * 10 ** -decimals * scale + 1e-9 };
}

export type ValueVerdict = 'correct' | 'wrong' | 'abstained';

/**
 * An answer against the printed value: correct when its first value has the fiscal year's (or the
 * named period's, or the value's own period's) bounds (an instant at its end for a balance) and the number within half a unit of the last printed digit;
 * abstained when it gives no value; anything else is wrong.
 */
export function judge(c: CompanyStatements, v: StatementValue, a: Answer): { verdict: ValueVerdict; detail: string } {
  const got = a.status === 'answered' ? a.values[0] : undefined;
  if (!got) return { verdict: 'abstained', detail: `${a.status}: ${a.text.slice(0, 140)}` };
  const p = got.period;
  const flow = v.period ?? c;
  const periodOk =
    v.statement === 'balance'
      ? p.type === 'instant' && p.end === c.end
      : p.type === 'duration' && p.start === flow.start && p.end === flow.end;
  const { value, tolerance } = expectedOf(v, c.scale);
  const valueOk = Math.abs(got.value - value) <= tolerance;
  const detail = `${got.display} (${got.value}) for ${p.start ?? ''}–${p.end}, expected ${v.printed} (page ${v.page})`;
  return { verdict: periodOk && valueOk && a.values.length === 1 ? 'correct' : 'wrong', detail };
}
