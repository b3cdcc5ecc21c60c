/**
 * Roll-forward rows and statement titles: an opening balance row ("Balance, beginning of period",
 * "Benefit obligation at beginning of year") is the balance on the day before its column's period
 * starts, a closing row ("… at end of year", "Balance at June 30", an equity statement's "Total
 * stockholders' equity") the balance on its last day — never a flow over the column's period; and a
 * table is a primary statement only when it prints a statement's title, not when a note mentions one.
 */
import { describe, expect, it } from 'vitest';
import type { FiscalCalendar } from '@/lib/domain/types';
import { analyzeReport } from './analyze';
import { balanceEdge, isPrimaryStatement } from './bind';
import { extractHtmlReport } from './html';
import type { RawTable } from './model';

const DEC: FiscalCalendar[] = [{ entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' }];

function analyze(html: string, calendars = DEC) {
  return analyzeReport(extractHtmlReport(html), { calendars, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true });
}
function cells(html: string, calendars = DEC) {
  return analyze(html, calendars).tables.flatMap((t) => t.cells.filter((c) => c.fact).map((c) => ({ row: c.rowLabel, col: c.columnPath.join(' › '), ...c.fact! })));
}

describe('opening and closing balance rows of a roll-forward', () => {
  it('reads the edge a label names', () => {
    expect(balanceEdge('Balance, beginning of period')).toBe('start');
    expect(balanceEdge('Benefit obligation at beginning of year')).toBe('start');
    expect(balanceEdge('Beginning balance – January 1')).toBe('start');
    expect(balanceEdge('Cash and cash equivalents, end of period')).toBe('end');
    expect(balanceEdge('Fair value of plan assets at end of year')).toBe('end');
    expect(balanceEdge('Ending balance')).toBe('end');
    expect(balanceEdge('Net change for the period')).toBeNull();
    expect(balanceEdge('Service cost')).toBeNull();
    // "Balance at June 30": the end of a period ending June 30, and no edge of one that does not
    expect(balanceEdge('Balance at June 30', { type: 'duration', start: '2023-01-01', end: '2023-06-30' })).toBe('end');
    expect(balanceEdge('Balance at December 31', { type: 'duration', start: '2023-01-01', end: '2023-06-30' })).toBe('start');
    expect(balanceEdge('Balance at March 31', { type: 'duration', start: '2023-01-01', end: '2023-06-30' })).toBeNull();
    expect(balanceEdge('Outstanding at December 31', { type: 'duration', start: '2022-01-01', end: '2022-12-31' })).toBe('end');
    expect(balanceEdge('Balance at January 1', { type: 'duration', start: '2022-01-01', end: '2022-12-31' })).toBe('start');
    expect(balanceEdge('Balance at June 30')).toBeNull();
  });

  it('binds opening balances to the day before the period and closing balances to its last day; flows keep the period', () => {
    const html = `<p>Product warranty activity (in millions)</p><table>
      <tr><td></td><td>Year ended December 31,</td><td></td></tr>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Beginning balance</td><td>1,000</td><td>900</td></tr>
      <tr><td>Additions</td><td>300</td><td>250</td></tr>
      <tr><td>Settlements</td><td>(200)</td><td>(150)</td></tr>
      <tr><td>Ending balance</td><td>1,100</td><td>1,000</td></tr></table>`;
    const got = cells(html).map((c) => [c.row, c.value, c.period, c.status]);
    expect(got).toEqual([
      ['Beginning balance', '1000000000', { type: 'instant', date: '2021-12-31' }, 'active'],
      ['Beginning balance', '900000000', { type: 'instant', date: '2020-12-31' }, 'active'],
      ['Additions', '300000000', { type: 'duration', start: '2022-01-01', end: '2022-12-31' }, 'active'],
      ['Additions', '250000000', { type: 'duration', start: '2021-01-01', end: '2021-12-31' }, 'active'],
      ['Settlements', '-200000000', { type: 'duration', start: '2022-01-01', end: '2022-12-31' }, 'active'],
      ['Settlements', '-150000000', { type: 'duration', start: '2021-01-01', end: '2021-12-31' }, 'active'],
      ['Ending balance', '1100000000', { type: 'instant', date: '2022-12-31' }, 'active'],
      ['Ending balance', '1000000000', { type: 'instant', date: '2021-12-31' }, 'active'],
    ]);
  });

  it('a statement of changes in equity: quarter and half-year columns, "Balance at June 30" and the total are closing balances', () => {
    const html = `<p>Consolidated statements of changes in stockholders’ equity (unaudited)</p><table>
      <tr><td></td><td colspan="2">Three months ended June 30,</td><td colspan="2">Six months ended June 30,</td></tr>
      <tr><td>(in millions)</td><td>2023</td><td>2022</td><td>2023</td><td>2022</td></tr>
      <tr><td>Balance at the beginning of the period</td><td>306,208</td><td>277,177</td><td>296,456</td><td>272,268</td></tr>
      <tr><td>Net income</td><td>14,472</td><td>8,649</td><td>27,094</td><td>16,931</td></tr>
      <tr><td>Balance at June 30</td><td>317,359</td><td>282,445</td><td>317,359</td><td>282,445</td></tr>
      <tr><td>Total stockholders’ equity</td><td>312,516</td><td>286,143</td><td>312,516</td><td>286,143</td></tr></table>`;
    const got = cells(html);
    const of = (row: string) => got.filter((c) => c.row === row).map((c) => (c.period.type === 'instant' ? c.period.date : `${c.period.start}..${c.period.end}`));
    expect(of('Balance at the beginning of the period')).toEqual(['2023-03-31', '2022-03-31', '2022-12-31', '2021-12-31']);
    expect(of('Net income')).toEqual(['2023-04-01..2023-06-30', '2022-04-01..2022-06-30', '2023-01-01..2023-06-30', '2022-01-01..2022-06-30']);
    expect(of('Balance at June 30')).toEqual(['2023-06-30', '2022-06-30', '2023-06-30', '2022-06-30']);
    expect(of('Total stockholders’ equity')).toEqual(['2023-06-30', '2022-06-30', '2023-06-30', '2022-06-30']);
    expect(got.every((c) => c.status === 'active')).toBe(true);
  });

  it('an opening balance under a dimension column keeps its column in its concept (pension plans by country)', () => {
    const html = `<p>(Millions)</p><table>
      <tr><td></td><td colspan="2">United States</td><td colspan="2">International</td></tr>
      <tr><td></td><td>2022</td><td>2021</td><td>2022</td><td>2021</td></tr>
      <tr><td>Benefit obligation at beginning of year</td><td>18,104</td><td>19,376</td><td>7,942</td><td>8,770</td></tr>
      <tr><td>Service cost</td><td>256</td><td>286</td><td>128</td><td>164</td></tr>
      <tr><td>Benefit obligation at end of year</td><td>13,505</td><td>18,104</td><td>5,072</td><td>7,942</td></tr></table>`;
    const got = cells(html);
    expect(got.every((c) => c.status === 'active')).toBe(true);
    const opening = got.filter((c) => c.row === 'Benefit obligation at beginning of year');
    expect(opening.map((c) => [c.value, c.period])).toEqual([
      ['18104000000', { type: 'instant', date: '2021-12-31' }],
      ['19376000000', { type: 'instant', date: '2020-12-31' }],
      ['7942000000', { type: 'instant', date: '2021-12-31' }],
      ['8770000000', { type: 'instant', date: '2020-12-31' }],
    ]);
    expect(new Set(opening.map((c) => c.concept)).size).toBe(4);
  });
});

describe('primary statements by their printed title', () => {
  const raw = (context: string[]): RawTable => ({ ordinal: 0, grid: [], headRows: 0, caption: null, context, section: null, heading: null, page: 1 });
  it('a statement title opens a short line; a sentence naming a statement is a note', () => {
    expect(isPrimaryStatement(raw(['Consolidated Statements of Operations']), 'profit_loss', [])).toBe(true);
    expect(isPrimaryStatement(raw(['CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)']), 'balance_sheet', [])).toBe(true);
    expect(isPrimaryStatement(raw(['PARENT COMPANY – CONDENSED STATEMENTS OF CASH FLOWS']), 'cash_flow', [])).toBe(true);
    expect(isPrimaryStatement(raw(['PART II', 'Item 8', 'INCOME STATEMENTS', '(In millions, except per share amounts)']), 'profit_loss', [])).toBe(true);
    expect(isPrimaryStatement(raw(['STOCKHOLDERS’ EQUITY STATEMENTS']), 'equity', [])).toBe(true);
    expect(isPrimaryStatement(raw([]), 'profit_loss', [['CONSOLIDATED STATEMENTS OF INCOME', '2022', '2021']])).toBe(true);
    expect(isPrimaryStatement(raw(['Supplemental balance sheet information related to leases was as follows:']), 'balance_sheet', [])).toBe(false);
    expect(isPrimaryStatement(raw(['Allowance for doubtful accounts included in our consolidated balance sheets:']), 'balance_sheet', [])).toBe(false);
    expect(isPrimaryStatement(raw(['Consolidated Statements of Operations']), 'other', [])).toBe(false);
  });
  it('counts the statements’ cells apart in the extraction counters', () => {
    const a = analyze(`<p>Consolidated Balance Sheets (in millions)</p><table>
      <tr><td></td><td>December 31, 2022</td><td>December 31, 2021</td></tr>
      <tr><td>Total assets</td><td>100</td><td>90</td></tr></table>
      <p>Supplemental balance sheet information (in millions)</p><table>
      <tr><td></td><td>December 31, 2022</td><td>December 31, 2021</td></tr>
      <tr><td>Prepaid expenses</td><td>10</td><td>9</td></tr></table>`);
    expect(a.counters).toMatchObject({ numericCells: 4, bound: 4, statementCells: 2, statementBound: 2 });
  });
});
