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
import { balanceEdge, balanceRowDate, datedBalance, isPrimaryStatement } from './bind';
import { extractHtmlReport } from './html';
import type { RawTable } from './model';
import { scopeIn } from './periods';

const DEC: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
];

function analyze(html: string, calendars = DEC) {
  return analyzeReport(extractHtmlReport(html), { calendars, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true });
}
function cells(html: string, calendars = DEC) {
  return analyze(html, calendars).tables.flatMap((t) =>
    t.cells.filter((c) => c.fact).map((c) => ({ row: c.rowLabel, col: c.columnPath.join(' › '), ...c.fact! })),
  );
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
    const of = (row: string) =>
      got.filter((c) => c.row === row).map((c) => (c.period.type === 'instant' ? c.period.date : `${c.period.start}..${c.period.end}`));
    expect(of('Balance at the beginning of the period')).toEqual(['2023-03-31', '2022-03-31', '2022-12-31', '2021-12-31']);
    expect(of('Net income')).toEqual([
      '2023-04-01..2023-06-30',
      '2022-04-01..2022-06-30',
      '2023-01-01..2023-06-30',
      '2022-01-01..2022-06-30',
    ]);
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
  const raw = (context: string[]): RawTable => ({
    ordinal: 0,
    grid: [],
    headRows: 0,
    caption: null,
    context,
    section: null,
    heading: null,
    page: 1,
  });
  it('a statement title opens a short line; a sentence naming a statement is a note', () => {
    expect(isPrimaryStatement(raw(['Consolidated Statements of Operations']), 'profit_loss', [])).toBe(true);
    expect(isPrimaryStatement(raw(['CONDENSED CONSOLIDATED BALANCE SHEETS (Unaudited)']), 'balance_sheet', [])).toBe(true);
    expect(isPrimaryStatement(raw(['PARENT COMPANY – CONDENSED STATEMENTS OF CASH FLOWS']), 'cash_flow', [])).toBe(true);
    expect(
      isPrimaryStatement(raw(['PART II', 'Item 8', 'INCOME STATEMENTS', '(In millions, except per share amounts)']), 'profit_loss', []),
    ).toBe(true);
    expect(isPrimaryStatement(raw(['STOCKHOLDERS’ EQUITY STATEMENTS']), 'equity', [])).toBe(true);
    expect(isPrimaryStatement(raw([]), 'profit_loss', [['CONSOLIDATED STATEMENTS OF INCOME', '2022', '2021']])).toBe(true);
    expect(isPrimaryStatement(raw(['Supplemental balance sheet information related to leases was as follows:']), 'balance_sheet', [])).toBe(
      false,
    );
    expect(
      isPrimaryStatement(raw(['Allowance for doubtful accounts included in our consolidated balance sheets:']), 'balance_sheet', []),
    ).toBe(false);
    expect(isPrimaryStatement(raw(['Consolidated Statements of Operations']), 'other', [])).toBe(false);
  });
  it('a column heading, an analysis, a wrapped sentence or a note sub-heading that starts with a statement name is no statement title', () => {
    const stmt = (context: string[], kind: 'balance_sheet' | 'profit_loss' | 'cash_flow' = 'balance_sheet', h0: string[] = []) =>
      isPrimaryStatement(raw(context), kind, h0.length ? [h0] : []);
    expect(stmt(['Statement of Cash Flows for the Year Ended March 31, 2025', '(J in crore)'], 'cash_flow')).toBe(true);
    expect(stmt(['BALANCE SHEET AS AT 31 MARCH 2024'])).toBe(true);
    expect(stmt(['CONSOLIDATED STATEMENTS OF OPERATIONS AND COMPREHENSIVE INCOME'], 'profit_loss')).toBe(true);
    expect(stmt(['Consolidated statements of income (unaudited)'], 'profit_loss')).toBe(true);
    expect(stmt(['Gross Amounts Not Offset', 'in the', 'Balance Sheet (e) Balance Sheet (e)'])).toBe(false);
    expect(
      stmt(['7. Leases', 'Supplemental balance sheet information related to our leases was as follows ($ in millions):'], 'balance_sheet', [
        'Balance Sheet Location',
        'January 28, 2023',
      ]),
    ).toBe(false);
    expect(stmt(['Consolidated Balance Sheets Analysis on pages 16-19 and Note 11 for additional information.'])).toBe(false);
    expect(
      stmt([
        'component of the Consolidated Statements of Cash Flows. The Company does not recognize …',
        'Balance Sheets. For further information related to credit risk, refer to Note 14.',
      ]),
    ).toBe(false);
    expect(stmt(['Selected impacts of investment securities on the', 'Consolidated statements of income'], 'profit_loss')).toBe(false);
    expect(stmt(['Note 14 — Supplemental Financial Information', 'Balance Sheet'])).toBe(false);
    expect(stmt(['Statement of Income for Obligor Group', '(in millions)'], 'profit_loss')).toBe(false);
    expect(stmt(['Deed of Cross Guarantee', 'Consolidated Statements of Income'], 'profit_loss')).toBe(false);
  });
  it("a US filing's parent-company-only statements are standalone", () => {
    expect(scopeIn('PARENT COMPANY – CONDENSED BALANCE SHEETS')).toBe('standalone');
    expect(scopeIn('Schedule I — Condensed Financial Information of Registrant')).toBe('standalone');
    expect(scopeIn('Consolidated Balance Sheets')).toBe('consolidated');
    expect(scopeIn('The notes are guaranteed by the parent company.')).toBeNull();
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

describe('rows and columns that date their balances, and figures that are not money', () => {
  it('a balance row that prints its date is the balance on that date; the flows keep the period the table names', () => {
    expect(datedBalance('Outstanding at December 25, 2021')).toBe('2021-12-25');
    expect(datedBalance('Balance, May 31, 2023')).toBe('2023-05-31');
    expect(datedBalance('Expected to vest as of December 31, 2022')).toBe('2022-12-31');
    expect(datedBalance('4.25% Notes due December 31, 2025')).toBeNull();
    const got =
      cells(`<p>A summary of our long-term cash activity for the year ended December 31, 2022 is as follows (in millions):</p><table>
      <tr><td></td><td>Long-Term Cash Award</td><td>Balance Sheet Date Fair Value</td><td>Contractual Life Remaining (years)</td></tr>
      <tr><td>Outstanding at December 31, 2021</td><td>$45.8</td><td></td><td></td></tr>
      <tr><td>Granted</td><td>18.2</td><td></td><td></td></tr>
      <tr><td>Outstanding at December 31, 2022</td><td>$50.3</td><td>$68.2</td><td>1.17</td></tr></table>`);
    const of = (row: string) =>
      got
        .filter((c) => c.row === row)
        .map((c) => [c.col, c.value, c.unit, c.period.type === 'instant' ? c.period.date : `${c.period.start}..${c.period.end}`, c.status]);
    expect(of('Outstanding at December 31, 2021')).toEqual([['Long-Term Cash Award', '45800000', 'USD', '2021-12-31', 'active']]);
    expect(of('Granted')).toEqual([['Long-Term Cash Award', '18200000', 'USD', '2022-01-01..2022-12-31', 'active']]);
    expect(of('Outstanding at December 31, 2022')).toEqual([
      ['Long-Term Cash Award', '50300000', 'USD', '2022-12-31', 'active'],
      ['Balance Sheet Date Fair Value', '68200000', 'USD', '2022-12-31', 'active'],
      // a length of time, not dollars
      ['Contractual Life Remaining (years)', '1.17', 'years', '2022-12-31', 'active'],
    ]);
    // "Balance Sheet" heading one column is no statement title: the table is a note, its flows stay flows
    expect(
      analyze(
        `<table><tr><td></td><td>Balance Sheet Date Fair Value</td><td>Award</td></tr><tr><td>Granted</td><td>1</td><td>2</td></tr></table>`,
      ).tables[0]!.kind,
    ).toBe('other');
  });

  it('a roll-forward whose balance rows name what they count ("Goodwill - January 1, 2018", "Reserve balance as of …") dates them; the rows between are the year’s movements', () => {
    expect(balanceRowDate('Goodwill - January 1, 2018')).toBe('January 1, 2018');
    expect(balanceRowDate('Reserve balance as of May 26, 2019')).toBe('May 26, 2019');
    expect(balanceRowDate('Outstanding as of December 31, 2017')).toBe('December 31, 2017');
    expect(balanceRowDate('Balance at December 31, 2019, net of tax:')).toBe('December 31, 2019');
    expect(balanceRowDate('Balances, April 1, 2023')).toBe('April 1, 2023');
    // dates of instruments and spans, and a date alone, are no balances
    expect(balanceRowDate('Indenture, dated as of February 1, 2013')).toBeNull();
    expect(balanceRowDate('Notes due May 1, 2023')).toBeNull();
    expect(balanceRowDate('Year Ended June 30, 2023')).toBeNull();
    expect(balanceRowDate('May 1, 2023')).toBeNull();
    const got = cells(`<p>The following summarizes our goodwill activity in 2018 and 2019 by segment (in millions):</p><table>
      <tr><td></td><td>North America</td><td>International</td><td>Consolidated</td></tr>
      <tr><td>Goodwill - January 1, 2018</td><td>$11,165</td><td>$1,108</td><td>$12,273</td></tr>
      <tr><td>New acquisitions</td><td>1,031</td><td>177</td><td>1,208</td></tr>
      <tr><td>Goodwill - December 31, 2018</td><td>12,196</td><td>1,285</td><td>13,481</td></tr></table>`);
    const of = (row: string) =>
      got
        .filter((c) => c.row === row && c.col === 'Consolidated')
        .map((c) => [c.value, c.period.type === 'instant' ? c.period.date : `${c.period.start}..${c.period.end}`, c.status, c.metricId]);
    expect(of('Goodwill - January 1, 2018')).toEqual([['12273000000', '2017-12-31', 'active', null]]);
    expect(of('New acquisitions')).toEqual([['1208000000', '2018-01-01..2018-12-31', 'active', null]]);
    expect(of('Goodwill - December 31, 2018')).toEqual([['13481000000', '2018-12-31', 'active', null]]);
  });

  it('a column whose heading is only the upper part of another column’s lost its own: no dimension is named by it', () => {
    const got = cells(`<p>Information on our share awards was as follows (shares in thousands):</p><table>
      <tr><td></td><td>Weighted-Average Fair</td><td>Weighted-Average Fair</td></tr>
      <tr><td>Share Awards Shares</td><td></td><td>Value per Share</td></tr>
      <tr><td>Outstanding as of December 31, 2021</td><td>524</td><td>$80.78</td></tr>
      <tr><td>Granted</td><td>227</td><td>$112.62</td></tr>
      <tr><td>Outstanding as of December 31, 2022</td><td>751</td><td>$96.61</td></tr></table>`);
    const granted = got.filter((c) => c.row === 'Granted');
    expect(granted.map((c) => [c.col, c.status, c.reason, c.unit])).toEqual([
      ['Weighted-Average Fair', 'quarantined', 'COLUMN_HEADER_LOST', 'USD'],
      ['Weighted-Average Fair › Value per Share', 'active', null, 'USD/shares'],
    ]);
  });

  it('a column of opening balances ("Balance, Beginning 2021") is the balance on the day before the year', () => {
    const got = cells(`<p>The change in the book value of indefinite-lived intangible assets is as follows (in millions):</p><table>
      <tr><td></td><td>Balance, Beginning 2021</td><td>Acquisitions 2021</td><td>Balance, End of 2021</td></tr>
      <tr><td>Brands</td><td>340</td><td>12</td><td>352</td></tr></table>`);
    expect(got.map((c) => [c.col, c.period])).toEqual([
      ['Balance, Beginning 2021', { type: 'instant', date: '2020-12-31' }],
      ['Acquisitions 2021', { type: 'duration', start: '2021-01-01', end: '2021-12-31' }],
      ['Balance, End of 2021', { type: 'instant', date: '2021-12-31' }],
    ]);
  });

  it('an amount a footnote scales apart ("(a) In thousands") under a table in millions is not read at either scale', () => {
    const a = analyze(`<p>Unless otherwise noted, tabular dollars are presented in millions.</p>
      <p>Share-based compensation for the year ended December 31, 2022 is as follows:</p><table>
      <tr><td></td><td>Awards (a)</td><td>Expense</td></tr>
      <tr><td>Granted</td><td>18,182</td><td>$ 25</td></tr></table>
      <p>(a) In thousands, disclosed at target.</p>`);
    const f = a.tables[0]!.cells.map((c) => c.fact!);
    expect(f.map((x) => [x.status, x.reason])).toEqual([
      ['quarantined', 'UNIT_UNKNOWN'],
      ['quarantined', 'UNIT_UNKNOWN'],
    ]);
  });

  it('a table of an SEC filing that prints neither "$" nor a unit line of its own, or counts floor space, is no money', () => {
    const a = analyze(`<p>Amounts in millions, except per share data</p>
      <p>Part I</p><p>Item 1. Business</p><p>Item 2. Properties</p><p>Our retail units by state:</p><table>
      <tr><td></td><td>December 31, 2022</td><td>December 31, 2021</td></tr>
      <tr><td>Alabama</td><td>101</td><td>99</td></tr>
      <tr><td>Alaska</td><td>10</td><td>9</td></tr></table>
      <p>As of December 31, 2022, we operated the following facilities (in thousands):</p><table>
      <tr><td></td><td>Leased Square Footage</td><td>Owned Square Footage</td></tr>
      <tr><td>Office space</td><td>18,051</td><td>4,961</td></tr>
      <tr><td>Physical stores</td><td>20,072</td><td>662</td></tr></table>`);
    for (const t of a.tables)
      for (const c of t.cells) expect([c.rowLabel, c.fact!.status, c.fact!.reason]).toEqual([c.rowLabel, 'quarantined', 'UNIT_UNKNOWN']);
    // the sentence over the table says it counts units: counts as of the date it names; floor space is still no count
    const counts =
      analyze(`<p>Amounts in millions, except per share data</p><p>Part I</p><p>Item 1. Business</p><p>Item 2. Properties</p><p>International</p>
      <p>As of January 31, 2020, unit counts for the International segment are summarized by market as follows:</p><table>
      <tr><td>Geographic Market</td><td>Retail</td><td>Total</td><td>Square feet</td></tr>
      <tr><td>Canada</td><td>408</td><td>408</td><td>52,936</td></tr>
      <tr><td>Chile</td><td>362</td><td>367</td><td>15,992</td></tr></table>`);
    expect(
      counts.tables[0]!.cells.map((c) => [c.columnPath.join(' › '), c.fact!.unit, c.fact!.value, c.fact!.status, c.fact!.period]),
    ).toEqual([
      ['Retail', 'count', '408', 'active', { type: 'instant', date: '2020-01-31' }],
      ['Total', 'count', '408', 'active', { type: 'instant', date: '2020-01-31' }],
      ['Square feet', 'count', '52936', 'quarantined', { type: 'instant', date: '2020-01-31' }],
      ['Retail', 'count', '362', 'active', { type: 'instant', date: '2020-01-31' }],
      ['Total', 'count', '367', 'active', { type: 'instant', date: '2020-01-31' }],
      ['Square feet', 'count', '15992', 'quarantined', { type: 'instant', date: '2020-01-31' }],
    ]);
  });

  it('the same printed row in two tables is two rows; two dimension columns with long headings are two concepts', () => {
    const a = analyze(`<p>The fair values of the assets held by the U.S. pension plans are as follows (in millions):</p><table>
      <tr><td></td><td>December 31, 2022</td></tr><tr><td>Total Equities</td><td>372</td></tr><tr><td>Total Fixed Income</td><td>654</td></tr></table>
      <p>The fair values of the assets held by the international pension plans are as follows (in millions):</p><table>
      <tr><td></td><td>December 31, 2022</td></tr><tr><td>Total Equities</td><td>1,372</td></tr><tr><td>Total Fixed Income</td><td>4,303</td></tr></table>
      <p>(in millions)</p><table>
      <tr><td></td><td>Fair Value Measurements Using Inputs Considered as Level 1 at December 31, 2022</td><td>Fair Value Measurements Using Inputs Considered as Level 2 at December 31, 2022</td></tr>
      <tr><td>Equities</td><td>1</td><td>2</td></tr></table>`);
    const facts = a.tables.flatMap((t) => t.cells.map((c) => c.fact!));
    expect(facts.every((f) => f.status === 'active')).toBe(true);
    expect(new Set(facts.map((f) => `${f.concept}|${JSON.stringify(f.period)}`)).size).toBe(facts.length);
  });

  it('a row naming its own span of dates is not the column’s period; "Diluted" under a shares section counts shares', () => {
    const got = cells(`<p>Share repurchases for the three months ended May 31, 2023 (in millions, except per share amounts):</p><table>
      <tr><td></td><td>Total Number of Shares Purchased</td><td>Approximate Dollar Value of Shares that May Yet Be Purchased</td></tr>
      <tr><td>April 1, 2023—April 30, 2023</td><td>1.5</td><td>$8,214.0</td></tr></table>
      <p>Summary of financial performance (millions):</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Average common shares outstanding:</td><td></td><td></td></tr>
      <tr><td>Diluted</td><td>752</td><td>780</td></tr></table>`);
    expect(
      got.filter((c) => c.row.startsWith('April')).every((c) => c.status === 'quarantined' && c.reason === 'MISSING_FACT_PERIOD'),
    ).toBe(true);
    expect(got.filter((c) => c.row === 'Diluted').map((c) => [c.unit, c.value])).toEqual([
      ['shares', '752000000'],
      ['shares', '780000000'],
    ]);
  });

  it('a length printed apart from the years — in the header stub, or over two lines above the table — is the length of the year columns; a bare year in a quarterly report is no period', () => {
    const stub = cells(`<p>Allowance for credit losses (in millions, except ratios)</p><table>
      <tr><td>Six months ended June 30,</td><td>2023</td><td>2022</td></tr>
      <tr><td>Gross charge-offs</td><td>3,227</td><td>2,012</td></tr></table>`);
    expect(stub.map((c) => [c.period, c.status])).toEqual([
      [{ type: 'duration', start: '2023-01-01', end: '2023-06-30' }, 'active'],
      [{ type: 'duration', start: '2022-01-01', end: '2022-06-30' }, 'active'],
    ]);
    const above = cells(`<p>As of or for the three months</p><p>ended June 30,</p><p>(in millions)</p><table>
      <tr><td></td><td>2023</td><td>2022</td></tr>
      <tr><td>Noninterest revenue</td><td>3,543</td><td>3,850</td></tr></table>`);
    expect(above.map((c) => c.period)).toEqual([
      { type: 'duration', start: '2023-04-01', end: '2023-06-30' },
      { type: 'duration', start: '2022-04-01', end: '2022-06-30' },
    ]);
    const quarterly = analyzeReport(
      extractHtmlReport(`<title>Quarterly Report on Form 10-Q</title><p>Loans repurchased (in millions)</p><table>
      <tr><td></td><td>2023</td><td>2022</td></tr>
      <tr><td>Loans repurchased or option to repurchase</td><td>752</td><td>839</td></tr></table>`),
      { calendars: DEC, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true },
    );
    expect(quarterly.tables[0]!.cells.map((c) => [c.fact!.status, c.fact!.reason])).toEqual([
      ['quarantined', 'MISSING_FACT_PERIOD'],
      ['quarantined', 'MISSING_FACT_PERIOD'],
    ]);
  });

  it('shares under a "Shares" heading, whole dollars in a "(dollars)" row, ratios of a "ratios" section, unit counts: none of them millions of dollars', () => {
    const got = cells(`<p>Preferred stock (in millions, except shares)</p><table>
      <tr><td></td><td>Shares</td><td>Carrying value</td></tr>
      <tr><td></td><td>December 31, 2022</td><td>December 31, 2022</td></tr>
      <tr><td>Series FF</td><td>225,000</td><td>$2,250</td></tr></table>
      <p>Selected statistics (millions, except percentages and where indicated)</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Average proprietary basic Card Member spending (dollars)</td><td>$19,514</td><td>$16,498</td></tr>
      <tr><td>Unit counts at period end</td><td>6,146</td><td>5,993</td></tr>
      <tr><td>Credit ratios</td><td></td><td></td></tr>
      <tr><td>Allowance for loan losses to retained nonaccrual loans</td><td>345</td><td>283</td></tr></table>`);
    const of = (row: string) => got.filter((c) => c.row === row).map((c) => [c.value, c.unit]);
    expect(of('Series FF')[0]![1]).not.toBe('USD');
    expect(of('Series FF')[1]).toEqual(['2250000000', 'USD']);
    expect(of('Average proprietary basic Card Member spending (dollars)')).toEqual([
      ['19514', 'USD'],
      ['16498', 'USD'],
    ]);
    expect(of('Unit counts at period end')).toEqual([
      ['6146', 'count'],
      ['5993', 'count'],
    ]);
    expect(of('Allowance for loan losses to retained nonaccrual loans')).toEqual([
      ['345', 'pure'],
      ['283', 'pure'],
    ]);
  });

  it("an equity compensation plan table's securities remaining available for issuance are shares, not millions of dollars", () => {
    const got =
      cells(`<p>Dollars in millions, except per share data</p><p>The following table sets forth information regarding outstanding options and units, and shares available for future issuance under these plans as of December 31, 2022:</p><table>
      <tr><td>Plan Category</td><td>Number of shares to be issued upon exercise of outstanding options and units</td><td>Weighted-average exercise price of outstanding options</td><td>future issuance under equity compensation plans (excluding shares reflected in column (a))</td></tr>
      <tr><td>Stock options</td><td>1,390,769</td><td>$178.18</td><td></td></tr>
      <tr><td>Total</td><td>13,933,419</td><td>$178.18</td><td>3,918,585</td></tr></table>`);
    const total = got.filter((c) => c.row === 'Total').map((c) => [c.value, c.unit]);
    expect(total[1]).toEqual(['178.18', 'USD/shares']);
    // 3,918,585 shares, never $3.9 trillion
    expect(total[2]![1]).toBe('shares');
    expect(got.some((c) => c.unit === 'USD' && c.value.length > 12)).toBe(false);
  });

  it('employees counted beside an amount, and counts of shares in an earnings-per-share note, are no dollars', () => {
    const got = cells(`<p>(Millions, except per share amounts)</p><table>
      <tr><td></td><td>Property, Plant and Equipment - net as of December 31, 2022</td><td>Employees as of December 31, 2022</td></tr>
      <tr><td>Americas</td><td>$ 5,000</td><td>54,000</td></tr></table>
      <p>Earnings per share (in millions, except per share data)</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Net income</td><td>$ 4,756</td><td>$ 4,822</td></tr>
      <tr><td>Weighted average outstanding shares of common stock</td><td>7,446</td><td>7,496</td></tr>
      <tr><td>Dilutive potential common shares from stock plans</td><td>1.4</td><td>3.7</td></tr></table>`);
    const of = (row: string) => got.filter((c) => c.row === row).map((c) => [c.value, c.unit, c.status]);
    expect(of('Americas')).toEqual([
      ['5000000000', 'USD', 'active'],
      ['54000000000', 'USD', 'quarantined'],
    ]);
    expect(of('Weighted average outstanding shares of common stock')).toEqual([
      ['7446000000', 'shares', 'active'],
      ['7496000000', 'shares', 'active'],
    ]);
    expect(of('Dilutive potential common shares from stock plans')).toEqual([
      ['1400000', 'shares', 'active'],
      ['3700000', 'shares', 'active'],
    ]);
  });

  it('a column headed only by a rate or a percentage ("Average › Yield") holds percentages, not millions of dollars', () => {
    const got = cells(`<p>Average balances and yields (Millions, except percentages)</p><table>
      <tr><td></td><td>2022</td><td>2022</td><td>2021</td><td>2021</td></tr>
      <tr><td></td><td>Average Balance</td><td>Average Yield</td><td>Average Balance</td><td>Average Yield</td></tr>
      <tr><td>Non-U.S. loans</td><td>2,291</td><td>4.7</td><td>2,367</td><td>2.4</td></tr></table>
      <p>Results of operations (in millions)</p><table>
      <tr><td></td><td>2022</td><td>2022</td></tr>
      <tr><td></td><td>Amount</td><td>% of Net Sales</td></tr>
      <tr><td>Net sales</td><td>$ 1,000</td><td>100.0</td></tr>
      <tr><td>Selling, general and administrative expenses</td><td>$ 200</td><td>20.0</td></tr></table>`);
    const of = (row: string) => got.filter((c) => c.row === row).map((c) => [c.value, c.unit, c.status, c.metricId]);
    expect(of('Non-U.S. loans').map((x) => x.slice(0, 2))).toEqual([
      ['2291000000', 'USD'],
      ['0.047', 'pure'],
      ['2367000000', 'USD'],
      ['0.024', 'pure'],
    ]);
    // an exchange rate's effect is in dollars
    const fx = cells(`<p>Net sales (in millions)</p><table>
      <tr><td></td><td>Year Ended December 31, 2019</td><td>Year Ended December 31, 2019</td></tr>
      <tr><td></td><td>As Reported</td><td>Exchange</td></tr>
      <tr><td></td><td></td><td>Rate</td></tr>
      <tr><td>Net sales</td><td>$ 280,522</td><td>$ 2,560</td></tr>
      <tr><td>Operating expenses</td><td>265,981</td><td>2,740</td></tr></table>`);
    expect(fx.filter((c) => c.row === 'Operating expenses').map((c) => c.unit)).toEqual(['USD', 'USD']);
    // (a "% of Net Sales" column is set aside as derived: never the measure)
    expect(of('Net sales')).toEqual([['1000000000', 'USD', 'active', 'revenue']]);
  });

  it("an equity statement's share column in (000's) is thousands of shares, and the Amount beside it is money", () => {
    const got = cells(`<p>CONSOLIDATED STATEMENTS OF EQUITY (amounts in millions)</p><table>
      <tr><td></td><td>Common Stock</td><td>Common Stock</td><td>Additional Paid-in Capital</td></tr>
      <tr><td></td><td>Shares</td><td>Shares</td><td></td></tr>
      <tr><td></td><td>(000’s)</td><td>Amount</td><td></td></tr>
      <tr><td>BALANCE AT SEPTEMBER 1, 2019</td><td>439,625</td><td>4</td><td>6,417</td></tr></table>`);
    expect(got.map((c) => [c.value, c.unit])).toEqual([
      ['439625000', 'shares'],
      ['4000000', 'USD'],
      ['6417000000', 'USD'],
    ]);
  });

  it('rows under a "Percentage Growth" section are percentages even where the "%" is not printed again', () => {
    const got = cells(`<p>Net Sales (in millions)</p><table>
      <tr><td></td><td>Year Ended December 31, 2018</td><td>Year Ended December 31, 2019</td></tr>
      <tr><td>North America</td><td>$ 141,366</td><td>$ 170,773</td></tr>
      <tr><td>Year-over-year Percentage Growth:</td><td></td><td></td></tr>
      <tr><td>North America</td><td>33 %</td><td>21 %</td></tr>
      <tr><td>International</td><td>21</td><td>13</td></tr></table>`);
    expect(got.filter((c) => c.row === 'International').map((c) => [c.value, c.unit])).toEqual([
      ['0.21', 'pure'],
      ['0.13', 'pure'],
    ]);
  });

  it('a figure printed bare between two percentages of its column is a percentage ("%" on the first and total lines only)', () => {
    const got = cells(`<p>Safety and Industrial Business (in millions)</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Sales (millions)</td><td>$11,604</td><td>$11,981</td></tr>
      <tr><td>Sales change analysis:</td><td></td><td></td></tr>
      <tr><td>Organic sales</td><td>1.0 %</td><td>7.3 %</td></tr>
      <tr><td>Translation</td><td>(4.2)</td><td>1.9</td></tr>
      <tr><td>Total sales change</td><td>(3.2 %)</td><td>9.2 %</td></tr>
      <tr><td>Operating income</td><td>$1,199</td><td>$2,466</td></tr></table>`);
    const of = (row: string) => got.filter((c) => c.row === row).map((c) => [c.value, c.unit, c.status]);
    expect(of('Translation')).toEqual([
      ['-0.042', 'pure', 'active'],
      ['0.019', 'pure', 'active'],
    ]);
    expect(of('Operating income')).toEqual([
      ['1199000000', 'USD', 'active'],
      ['2466000000', 'USD', 'active'],
    ]);
  });

  it('a column of a later year than the document reports is a bucket of payments due, not the figure’s period; balances a table dates "as of" are year ends', () => {
    const a = analyzeReport(
      extractHtmlReport(`<meta name="period-end" content="2022-12-31"><p>Contractual obligations as of December 31, 2022 (in millions):</p><table>
      <tr><td></td><td>2023</td><td>2024</td><td>Thereafter</td></tr>
      <tr><td>Long-term debt</td><td>1,000</td><td>2,000</td><td>5,000</td></tr></table>
      <p>Other assets as of December 31, 2022 and 2021 (in millions):</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Prepaid pension</td><td>948</td><td>1,260</td></tr></table>`),
      { calendars: DEC, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true },
    );
    const [due, other] = a.tables;
    expect(
      due!.cells.filter((c) => c.fact).every((c) => c.fact!.status === 'quarantined' && c.fact!.reason === 'MISSING_FACT_PERIOD'),
    ).toBe(true);
    expect(other!.cells.map((c) => [c.fact!.period, c.fact!.status])).toEqual([
      [{ type: 'instant', date: '2022-12-31' }, 'active'],
      [{ type: 'instant', date: '2021-12-31' }, 'active'],
    ]);
  });

  it('a primary statement’s line wins over a note that names the same measure ("BALANCE SHEETS" over "… included in our consolidated balance sheets")', () => {
    const a = analyze(`<p>BALANCE SHEETS (In millions)</p><table>
      <tr><td>June 30,</td><td>2023</td><td>2022</td></tr>
      <tr><td>Accounts receivable, net of allowance for doubtful accounts of $650 and $633</td><td>48,688</td><td>44,261</td></tr>
      <tr><td>Total assets</td><td>411,976</td><td>364,840</td></tr></table>
      <p>Allowance for doubtful accounts included in our consolidated balance sheets (In millions):</p><table>
      <tr><td>June 30,</td><td>2023</td><td>2022</td></tr>
      <tr><td>Accounts receivable, net of allowance for doubtful accounts</td><td>$650</td><td>$633</td></tr></table>`);
    const receivables = a.tables
      .flatMap((t) => t.cells.map((c) => c.fact!))
      .filter((f) => f.metricId === 'receivables' && f.status === 'active');
    expect(receivables.map((f) => f.value)).toEqual(['48688000000', '44261000000']);
  });

  it('a table of contents or an index of defined terms (page numbers that never decrease) holds no amounts', () => {
    const a = analyze(`<p>Index to Consolidated Financial Statements (in millions)</p><table>
      <tr><td></td><td>2022</td></tr>
      <tr><td>Consolidated Statements of Operations</td><td>29</td></tr>
      <tr><td>Consolidated Balance Sheets</td><td>31</td></tr>
      <tr><td>Consolidated Statements of Cash Flows</td><td>33</td></tr>
      <tr><td>Notes to Consolidated Financial Statements</td><td>34</td></tr>
      <tr><td>Reports of Independent Registered Public Accounting Firm</td><td>50</td></tr></table>`);
    expect(a.counters.numericCells).toBe(0);
    expect(a.tables[0]!.cells.every((c) => c.skipped === 'note')).toBe(true);
    // an agreement's contents: section numbers beside page numbers
    const plan = analyze(`<table>
      <tr><td>Normal Retirement Pension.</td><td>4.01</td><td>11</td></tr>
      <tr><td>Deferred Vested Pension.</td><td>4.04</td><td>12</td></tr>
      <tr><td>Distribution Options.</td><td>5.01</td><td>14</td></tr>
      <tr><td>Active and Retirement-Eligible Members.</td><td>6.01</td><td>19</td></tr>
      <tr><td>Continuation of the Plan.</td><td>8.01</td><td>23</td></tr></table>`);
    expect(plan.counters.numericCells).toBe(0);
    // figures that grow down the rows but carry grouping or a currency are amounts
    const amounts = analyze(`<p>(in millions)</p><table><tr><td></td><td>2022</td></tr>
      <tr><td>Q1</td><td>$1,000</td></tr><tr><td>Q2</td><td>1,200</td></tr><tr><td>Q3</td><td>1,300</td></tr><tr><td>Q4</td><td>1,400</td></tr><tr><td>Year</td><td>4,900</td></tr></table>`);
    expect(amounts.counters.numericCells).toBe(5);
  });

  it('a quarterly table whose blocks are headed by their fiscal year: each column is the quarter ending that day within the year', () => {
    const JUNE: FiscalCalendar[] = [
      { entityId: 'e', effectiveFrom: '2000-07-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 6, day: 30 }, labelBy: 'end-year' },
    ];
    const got = cells(
      `<p>NOTE 22 — QUARTERLY INFORMATION (UNAUDITED)</p><p>(In millions, except per share amounts)</p><table>
      <tr><td>Quarter Ended</td><td>September 30</td><td>December 31</td><td>March 31</td><td>June 30</td><td>Total</td></tr>
      <tr><td>Fiscal Year 2016</td><td></td><td></td><td></td><td></td><td></td></tr>
      <tr><td>Revenue</td><td>$20,379</td><td>$23,796</td><td>$20,531</td><td>$20,614</td><td>$85,320</td></tr>
      <tr><td>Fiscal Year 2015</td><td></td><td></td><td></td><td></td><td></td></tr>
      <tr><td>Revenue</td><td>$23,201</td><td>$26,470</td><td>$21,729</td><td>$22,180</td><td>$93,580</td></tr></table>`,
      JUNE,
    );
    expect(
      got.map((c) => [c.value, c.period.type === 'duration' ? `${c.period.start}..${c.period.end}` : c.period.date, c.status]),
    ).toEqual([
      ['20379000000', '2015-07-01..2015-09-30', 'active'],
      ['23796000000', '2015-10-01..2015-12-31', 'active'],
      ['20531000000', '2016-01-01..2016-03-31', 'active'],
      ['20614000000', '2016-04-01..2016-06-30', 'active'],
      ['85320000000', '2015-07-01..2016-06-30', 'active'],
      ['23201000000', '2014-07-01..2014-09-30', 'active'],
      ['26470000000', '2014-10-01..2014-12-31', 'active'],
      ['21729000000', '2015-01-01..2015-03-31', 'active'],
      ['22180000000', '2015-04-01..2015-06-30', 'active'],
      ['93580000000', '2014-07-01..2015-06-30', 'active'],
    ]);
  });

  it('a fiscal year heading a block of rows is the period of segment columns that name none; never of quarter columns', () => {
    const NOV: FiscalCalendar[] = [
      {
        entityId: 'e',
        effectiveFrom: '2000-01-01',
        effectiveTo: null,
        yearEnd: { kind: 'fixed', month: 11, day: 30 },
        labelBy: 'end-year',
      },
    ];
    const got = cells(
      `<p>Our segment revenue and results for fiscal 2022 and 2021 were as follows:</p><p>(dollars in millions)</p><table>
      <tr><td></td><td>Digital Media</td><td>Digital Experience</td><td>Total</td></tr>
      <tr><td>Fiscal 2022</td><td></td><td></td><td></td></tr>
      <tr><td>Revenue</td><td>$12,842</td><td>$4,422</td><td>$17,264</td></tr>
      <tr><td>Fiscal 2021</td><td></td><td></td><td></td></tr>
      <tr><td>Revenue</td><td>$11,520</td><td>$3,867</td><td>$15,387</td></tr></table>`,
      NOV,
    );
    expect(
      got
        .filter((c) => c.col === 'Digital Media')
        .map((c) => [c.value, c.period.type === 'duration' ? `${c.period.start}..${c.period.end}` : c.period.date, c.status, c.metricId]),
    ).toEqual([
      ['12842000000', '2021-12-01..2022-11-30', 'active', null],
      ['11520000000', '2020-12-01..2021-11-30', 'active', null],
    ]);
  });

  it("blocks of rows headed by a year alone: the first block's year, printed over one column on the header's last line, is no column heading", () => {
    // (a segment table: "2022" centred over the columns, then "2021" and "2020" heading the next blocks in the label column)
    const got =
      cells(`<p>Selected financial information for our segments as of or for the years ended December 31, 2022, 2021 and 2020:</p><table>
      <tr><td>(Millions)</td><td>USCS</td><td>CS</td><td>Consolidated</td></tr>
      <tr><td></td><td>2022</td><td></td><td></td></tr>
      <tr><td>Interest income</td><td>$8,457</td><td>$2,070</td><td>$12,658</td></tr>
      <tr><td>Total assets (billions)</td><td>$94</td><td>$51</td><td>$228</td></tr>
      <tr><td>2021</td><td></td><td></td><td></td></tr>
      <tr><td>Interest income</td><td>$6,328</td><td>$1,408</td><td>$9,033</td></tr>
      <tr><td>Total assets (billions)</td><td>$77</td><td>$45</td><td>$189</td></tr></table>`);
    const when = (c: { period: { type: string; start?: string; end?: string; date?: string } }) =>
      c.period.type === 'duration' ? `${c.period.start}..${c.period.end}` : c.period.date;
    expect(got.filter((c) => c.col === 'USCS').map((c) => [c.row, c.value, when(c), c.status])).toEqual([
      ['Interest income', '8457000000', '2022-01-01..2022-12-31', 'active'],
      ['Total assets (billions)', '94000000000', '2022-12-31', 'active'],
      ['Interest income', '6328000000', '2021-01-01..2021-12-31', 'active'],
      ['Total assets (billions)', '77000000000', '2021-12-31', 'active'],
    ]);
  });

  it('a year alone heading a block of a quarterly report names none of its periods', () => {
    const got = analyzeReport(
      extractHtmlReport(`<p>Quarterly Report on Form 10-Q for the quarterly period ended June 30, 2023</p><p>Three months ended June 30, 2023 and 2022</p><table>
      <tr><td>(Millions)</td><td>USCS</td><td>CS</td></tr>
      <tr><td></td><td>2023</td><td></td></tr>
      <tr><td>Interest income</td><td>$8,457</td><td>$2,070</td></tr>
      <tr><td>2022</td><td></td><td></td></tr>
      <tr><td>Interest income</td><td>$6,328</td><td>$1,408</td></tr></table>`),
      { calendars: DEC, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true },
    );
    const facts = a2f(got);
    expect(facts.length).toBe(4);
    expect(facts.every((f) => f.status === 'quarantined' || f.period.type !== 'duration' || f.period.start !== '2023-01-01')).toBe(true);
  });
});

describe("share counts under a statement's unit line that excepts them", () => {
  it('"Basic" under "Shares used in computing earnings per share" counts shares, in the scale the unit line gives them', () => {
    const SEP: FiscalCalendar[] = [
      { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 9, day: 30 }, labelBy: 'end-year' },
    ];
    const got = cells(
      `<p>CONSOLIDATED STATEMENTS OF OPERATIONS</p><p>(In millions, except number of shares which are reflected in thousands and per share amounts)</p><table>
      <tr><td></td><td>Years ended September 30, 2022</td></tr>
      <tr><td>Net sales</td><td>$ 394,328</td></tr>
      <tr><td>Earnings per share:</td><td></td></tr>
      <tr><td>Basic</td><td>$ 6.15</td></tr>
      <tr><td>Shares used in computing earnings per share:</td><td></td></tr>
      <tr><td>Basic</td><td>16,215,963</td></tr></table>`,
      SEP,
    );
    expect(got.filter((c) => c.row === 'Basic').map((c) => [c.value, c.unit, c.metricId])).toEqual([
      ['6.15', 'USD/shares', 'eps_basic'],
      ['16215963000', 'shares', null],
    ]);
  });
});

describe('geographic rows, floor space and flows under a sentence naming balances', () => {
  it('"U.S." under a section is a row of its own; a table in square feet is no money; a flow section keeps the year\'s duration', () => {
    const SEP: FiscalCalendar[] = [
      { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 9, day: 30 }, labelBy: 'end-year' },
    ];
    const geo = cells(
      `<p>Net sales for 2022 and 2021 and long-lived assets as of September 30, 2022 and 2021 were as follows (in millions):</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Net sales:</td><td></td><td></td></tr>
      <tr><td>U.S.</td><td>$ 147,859</td><td>$ 133,803</td></tr>
      <tr><td>Other countries</td><td>172,269</td><td>163,648</td></tr>
      <tr><td>Long-lived assets:</td><td></td><td></td></tr>
      <tr><td>U.S.</td><td>$ 31,119</td><td>$ 28,203</td></tr></table>`,
      SEP,
    );
    const when = (c: { period: { type: string; start?: string; end?: string; date?: string } }) =>
      c.period.type === 'duration' ? `${c.period.start}..${c.period.end}` : c.period.date;
    expect(geo.filter((c) => c.row === 'U.S.').map((c) => [c.value, when(c), c.status])).toEqual([
      ['147859000000', '2021-10-01..2022-09-30', 'active'],
      ['133803000000', '2020-10-01..2021-09-30', 'active'],
      ['31119000000', '2022-09-30', 'active'],
      ['28203000000', '2021-09-30', 'active'],
    ]);
    const space =
      cells(`<p>The table below shows a summary of facilities owned and leased as of December 31, 2022:</p><p>(Square feet in millions)</p><table>
      <tr><td>Location</td><td>Owned</td><td>Leased</td></tr>
      <tr><td>U.S.</td><td>16.4</td><td>9.7</td></tr></table>`);
    expect(space.map((c) => [c.status, c.reason])).toEqual([
      ['quarantined', 'UNIT_UNKNOWN'],
      ['quarantined', 'UNIT_UNKNOWN'],
    ]);
  });
});

describe('prices per share and the amounts beside them', () => {
  it('an aggregate purchase price in millions and a fair value purchase price allocation are amounts; the average price paid per share stays per share', () => {
    const got = cells(`<p>Shares repurchased during the year ended December 31, 2022 were as follows.</p><table>
      <tr><td>Year ended December 31, 2022</td><td>Average price paid per share of common stock</td><td>Aggregate purchase price of common stock repurchases (in millions)</td></tr>
      <tr><td>Total repurchases</td><td>$ 133.67</td><td>$ 2,940</td></tr></table>
      <p>Fair value purchase price allocation as of December 31, 2022 (in millions)</p><table>
      <tr><td>(in millions)</td><td>Fair value purchase price allocation as of December 31, 2022</td></tr>
      <tr><td>Securities</td><td>$ 30,285</td></tr></table>`);
    expect(got.map((c) => [c.value, c.unit])).toEqual([
      ['133.67', 'USD/shares'],
      ['2940000000', 'USD'],
      ['30285000000', 'USD'],
    ]);
  });

  it('"Market capitalization" under "Market and per common share data" is an amount, "Common shares at period-end" a count of shares', () => {
    const got = cells(`<p>Consolidated financial highlights (in millions, except per share data)</p><table>
      <tr><td></td><td>December 31, 2022</td></tr>
      <tr><td>Market and per common share data</td><td></td></tr>
      <tr><td>Market capitalization</td><td>422,661</td></tr>
      <tr><td>Common shares at period-end</td><td>2,906.1</td></tr>
      <tr><td>Book value per share</td><td>101.88</td></tr></table>`);
    expect(got.map((c) => [c.row, c.value, c.unit])).toEqual([
      ['Market capitalization', '422661000000', 'USD'],
      ['Common shares at period-end', '2906100000', 'shares'],
      ['Book value per share', '101.88', 'USD/shares'],
    ]);
  });
});

describe('share counts beside amounts whose headings carry the scale', () => {
  it('a count column with no unit of its own, beside "(in millions)" dollar columns, is printed in full', () => {
    const got = cells(`<p>Shares repurchased during the year ended December 31, 2022 were as follows.</p><table>
      <tr><td>Year ended December 31, 2022</td><td>Total number of shares purchased</td><td>Aggregate purchase price (in millions)</td></tr>
      <tr><td>Total repurchases</td><td>21,995,253</td><td>$ 2,940</td></tr></table>`);
    expect(got.map((c) => [c.value, c.unit, c.status])).toEqual([
      ['21995253', 'shares', 'active'],
      ['2940000000', 'USD', 'active'],
    ]);
  });

  it('"in millions and shares in thousands": the share counts are in thousands', () => {
    const got =
      cells(`<p>The computation of basic and diluted earnings per share for the year ended December 31, 2022 (net income in millions and shares in thousands):</p><table>
      <tr><td></td><td>2022</td></tr>
      <tr><td>Net income</td><td>$ 99,803</td></tr>
      <tr><td>Weighted-average diluted shares</td><td>16,325,819</td></tr></table>`);
    expect(got.map((c) => [c.row, c.value, c.unit])).toEqual([
      ['Net income', '99803000000', 'USD'],
      ['Weighted-average diluted shares', '16325819000', 'shares'],
    ]);
  });
});

function a2f(a: ReturnType<typeof analyzeReport>) {
  return a.tables.flatMap((t) => t.cells.map((c) => c.fact).filter((f): f is NonNullable<typeof f> => !!f));
}
