/**
 * US notes-table layouts whose periods or units are not printed over the columns: a period in the
 * header block's stub, a date line re-heading the columns for the next block of rows, a date line
 * heading rows whose columns name no period, a title naming the one period of dimension columns,
 * unit lines without "in" ("(Millions, except share data)"), and the notes' heading declaring the
 * unit of every notes table.
 */
import { describe, expect, it } from 'vitest';
import type { FiscalCalendar } from '@/lib/domain/types';
import { analyzeReport, notesUnit } from './analyze';
import { extractHtmlReport } from './html';
import { readColumnPeriod } from './periods';
import { parseUnitLine, rowUnitKind } from './units';

const DEC: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
];
const MAY: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-06-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 5, day: 31 }, labelBy: 'end-year' },
];

function cells(html: string, calendars = DEC) {
  const doc = extractHtmlReport(html);
  const a = analyzeReport(doc, { calendars, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true });
  return a.tables.flatMap((t) =>
    t.cells.filter((c) => c.fact).map((c) => ({ row: c.rowLabel, col: c.columnPath.join(' › '), ...c.fact! })),
  );
}
const at = (f: { period: { type: string; date?: string; end?: string } }) => (f.period.type === 'instant' ? f.period.date : f.period.end);

describe('periods printed for the rows', () => {
  it('reads the period from the header stub when the columns are fair-value levels', () => {
    const html = `<p>Assets measured at fair value on a recurring basis</p><table>
      <tr><td>June 30, 2023 (in millions)</td><td>Level 1</td><td>Level 2</td><td>Total fair value</td></tr>
      <tr><td>Securities borrowed</td><td>—</td><td>55,905</td><td>55,905</td></tr>
      <tr><td>Loans</td><td>12</td><td>6,984</td><td>6,996</td></tr></table>`;
    const got = cells(html).filter((c) => c.value !== '0');
    expect(got.length).toBe(5);
    for (const c of got) {
      expect(c.status).toBe('active');
      expect(c.period).toEqual({ type: 'instant', date: '2023-06-30' });
      // a level column is a dimension of the row, never the entity-wide metric
      expect(c.metricId).toBeNull();
    }
    expect(got.find((c) => c.row === 'Loans' && c.col === 'Level 2')!.value).toBe('6984000000');
  });

  it('re-heads the columns for a second block of rows headed by the earlier date (Nike, Amcor)', () => {
    const html = `<table>
      <tr><td></td><td colspan="2">MAY 31, 2021</td></tr>
      <tr><td>(Dollars in millions)</td><td>ASSETS AT FAIR VALUE</td><td>CASH AND EQUIVALENTS</td></tr>
      <tr><td>Cash</td><td>$840</td><td>$840</td></tr>
      <tr><td>Time deposits</td><td>1,293</td><td>1,291</td></tr>
      <tr><td>MAY 31, 2020</td><td></td><td></td></tr>
      <tr><td>Cash</td><td>$596</td><td>$596</td></tr>
      <tr><td>Time deposits</td><td>981</td><td>979</td></tr></table>`;
    const got = cells(html, MAY);
    const cash = got.filter((c) => c.row === 'Cash' && c.col.endsWith('ASSETS AT FAIR VALUE'));
    expect(cash.map((c) => [c.value, at(c)])).toEqual([
      ['840000000', '2021-05-31'],
      ['596000000', '2020-05-31'],
    ]);
    expect(got.filter((c) => c.row === 'Time deposits' && at(c) === '2020-05-31').map((c) => c.value)).toEqual(['981000000', '979000000']);
  });

  it('a date line heading rows whose columns name no period gives them that period', () => {
    const html = `<p>(in millions)</p><table>
      <tr><td></td><td>Carrying value</td><td>Fair value</td></tr>
      <tr><td>December 31, 2022</td><td></td><td></td></tr>
      <tr><td>Long-term debt</td><td>1,000</td><td>950</td></tr>
      <tr><td>June 30, 2023</td><td></td><td></td></tr>
      <tr><td>Long-term debt</td><td>1,200</td><td>1,100</td></tr></table>`;
    const got = cells(html);
    expect(got.map((c) => [c.value, at(c), c.status])).toEqual([
      ['1000000000', '2022-12-31', 'active'],
      ['950000000', '2022-12-31', 'active'],
      ['1200000000', '2023-06-30', 'active'],
      ['1100000000', '2023-06-30', 'active'],
    ]);
  });

  it('a date line over columns headed by another date leaves the cells unbound', () => {
    const html = `<p>(in millions)</p><table>
      <tr><td></td><td>Year ended December 31,</td><td></td></tr>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Revenue</td><td>500</td><td>400</td></tr>
      <tr><td>December 31, 2020</td><td></td><td></td></tr>
      <tr><td>Revenue</td><td>300</td><td>200</td></tr></table>`;
    const got = cells(html);
    expect(got.filter((c) => c.status === 'active').map((c) => c.value)).toEqual(['500000000', '400000000']);
    expect(got.filter((c) => c.status !== 'active').map((c) => c.reason)).toEqual(['MISSING_FACT_PERIOD', 'MISSING_FACT_PERIOD']);
  });

  it('a title naming one period heads dimension columns', () => {
    const html = `<p>(in millions)</p><p>December 31, 2022</p><table>
      <tr><td></td><td>Credit exposure</td><td>Investment-grade</td></tr>
      <tr><td>Real Estate</td><td>170,857</td><td>129,866</td></tr></table>`;
    const got = cells(html);
    expect(got.map((c) => [c.value, at(c), c.status, c.metricId])).toEqual([
      ['170857000000', '2022-12-31', 'active', null],
      ['129866000000', '2022-12-31', 'active', null],
    ]);
  });
});

describe('headings that run a sentence or junk into the period', () => {
  const read = (path: string[]) => {
    const r = readColumnPeriod(path, DEC, { order: 'mdy' });
    return r.status === 'ok' ? r.value.period : r.status;
  };
  it('a sentence above the heading leaves the column its own period (JPMorgan)', () => {
    expect(read(['30, 2023 and 2022.', 'As of or for the three months', 'ended June 30,', '2022'])).toEqual({
      type: 'duration',
      start: '2022-04-01',
      end: '2022-06-30',
    });
  });
  it('a quarter or half year with its year printed after other words is that quarter, never the fiscal year', () => {
    expect(read(['Six months ended June 30,', '(in millions)', '2023'])).toEqual({
      type: 'duration',
      start: '2023-01-01',
      end: '2023-06-30',
    });
    expect(read(['Three months ended June 30,', 'Average', '2023'])).toEqual({ type: 'duration', start: '2023-04-01', end: '2023-06-30' });
    expect(read(['three months ended', 'Contractual', 'December', '(b)', '31, 2022'])).toBe('unresolved');
  });
  it('a note named by its coupon is not a percentage row', () => {
    expect(rowUnitKind('1.600% Senior Notes due April 2030')).toBeNull();
    expect(rowUnitKind('2.600% Notes due on December 5, 2019')).toBeNull();
    expect(rowUnitKind('Gross margin %')).toBe('percent');
  });
});

describe('units', () => {
  it('reads unit lines that print the scale without "in"', () => {
    expect(parseUnitLine('Millions, except share data')).toMatchObject({ scale: 6, exceptPerShare: true });
    expect(parseUnitLine('Millions unless noted')).toMatchObject({ scale: 6 });
    expect(parseUnitLine('Millions, except percentages')).toMatchObject({ scale: 6 });
    expect(parseUnitLine('Millions of shoppers visited')).toBeNull();
  });

  it('a line scaling share counts only leaves the amounts in the document unit (Costco: "(shares in 000’s)")', () => {
    expect(parseUnitLine('shares in 000’s')).toMatchObject({ scale: 3, sharesOnly: true });
    const html = `<p>All amounts in millions, unless otherwise stated</p><p>… basic and of potentially dilutive common shares outstanding (shares in 000’s):</p><table>
      <tr><td></td><td>2021</td><td>2020</td></tr>
      <tr><td>Net income attributable to Costco</td><td>$5,007</td><td>$4,002</td></tr>
      <tr><td>Weighted average basic shares</td><td>443,089</td><td>442,297</td></tr></table>`;
    const got = cells(html);
    expect(got.filter((c) => c.row.startsWith('Net income')).map((c) => c.value)).toEqual(['5007000000', '4002000000']);
    expect(got.filter((c) => c.row.startsWith('Weighted')).map((c) => [c.unit, c.value])).toEqual([
      ['shares', '443089000'],
      ['shares', '442297000'],
    ]);
  });

  it('a balance sheet headed "December 31 (Millions, except share data)" is in millions (American Express)', () => {
    const html = `<p>CONSOLIDATED BALANCE SHEETS</p><table>
      <tr><td>December 31 (Millions, except share data)</td><td>2022</td><td>2021</td></tr>
      <tr><td>Total assets</td><td>$228,354</td><td>$188,548</td></tr></table>`;
    const got = cells(html);
    expect(got.map((c) => [c.metricId, c.value, at(c)])).toEqual([
      ['total_assets', '228354000000', '2022-12-31'],
      ['total_assets', '188548000000', '2021-12-31'],
    ]);
  });

  it('the notes heading declares the unit of the notes tables after it, not of the tables before (Boeing)', () => {
    const html = `<p>Deliveries were as follows:</p><table>
      <tr><td>Years ended December 31,</td><td>2022</td><td>2021</td></tr>
      <tr><td>737</td><td>387</td><td>245</td></tr></table>
      <div style="page-break-before:always"></div>
      <p>The Boeing Company and Subsidiaries Notes to the Consolidated Financial Statements Years ended December 31, 2022, 2021 and 2020 (Dollars in millions, except otherwise stated)</p>
      <p>Note 16 – Postretirement Plans</p><table>
      <tr><td></td><td>2022</td><td>2021</td></tr>
      <tr><td>Service cost</td><td>3</td><td>4</td></tr></table>`;
    const doc = extractHtmlReport(html);
    expect(notesUnit(doc)?.unit).toMatchObject({ scale: 6, currency: 'USD' });
    const got = cells(html);
    expect(got.filter((c) => c.row === 'Service cost').map((c) => [c.value, c.status])).toEqual([
      ['3000000', 'active'],
      ['4000000', 'active'],
    ]);
    expect(got.filter((c) => c.row === '737').every((c) => c.status !== 'active' || c.scale === 0)).toBe(true);
  });
});

describe('a period printed once over each group of columns', () => {
  const JUN: FiscalCalendar[] = [
    { entityId: 'e', effectiveFrom: '2000-07-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 6, day: 30 }, labelBy: 'end-year' },
  ];
  const JAN: FiscalCalendar[] = [
    { entityId: 'e', effectiveFrom: '2000-02-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 1, day: 31 }, labelBy: 'end-year' },
  ];
  const when = (f: { period: { type: string; date?: string; start?: string; end?: string } }) =>
    f.period.type === 'instant' ? f.period.date : `${f.period.start}..${f.period.end}`;

  it('a year printed over the last column of each group heads the whole group, dated by the stub ("June 30,")', () => {
    const got = cells(
      `<p>The components of intangible assets were as follows:</p><p>(In millions)</p><table>
      <tr><td></td><td>Gross Carrying Amount</td><td>Accumulated Amortization</td><td>Net Carrying Amount</td><td>Gross Carrying Amount</td><td>Accumulated Amortization</td><td>Net Carrying Amount</td></tr>
      <tr><td>June 30,</td><td></td><td></td><td>2023</td><td></td><td></td><td>2022</td></tr>
      <tr><td>Technology-based</td><td>$11,245</td><td>$(7,589)</td><td>$3,656</td><td>$11,277</td><td>$(6,958)</td><td>$4,319</td></tr></table>`,
      JUN,
    );
    expect(got.map((c) => [c.col, c.value, when(c), c.status])).toEqual([
      ['June 30, 2023 › Gross Carrying Amount', '11245000000', '2023-06-30', 'active'],
      ['June 30, 2023 › Accumulated Amortization', '-7589000000', '2023-06-30', 'active'],
      ['June 30, 2023 › Net Carrying Amount', '3656000000', '2023-06-30', 'active'],
      ['June 30, 2022 › Gross Carrying Amount', '11277000000', '2022-06-30', 'active'],
      ['June 30, 2022 › Accumulated Amortization', '-6958000000', '2022-06-30', 'active'],
      ['June 30, 2022 › Net Carrying Amount', '4319000000', '2022-06-30', 'active'],
    ]);
  });

  it('dates printed right above the headings, one over each group of repeated headings, head their groups; never groups whose headings differ', () => {
    const table = (
      second: string,
    ) => `<p>The long-term debt consists of the following as of January 31, 2020 and 2019:</p><p>January 31, 2020 January 31, 2019</p><table>
      <tr><td>(Amounts in millions)</td><td>Amount</td><td>Average Rate</td><td>${second}</td><td>Average Rate</td></tr>
      <tr><td>Fixed</td><td>$39,752</td><td>3.8%</td><td>$35,816</td><td>3.9%</td></tr></table>`;
    expect(cells(table('Amount'), JAN).map((c) => [c.col, c.value, c.unit, when(c), c.status])).toEqual([
      ['January 31, 2020 › Amount', '39752000000', 'USD', '2020-01-31', 'active'],
      ['January 31, 2020 › Average Rate', '0.038', 'pure', '2020-01-31', 'active'],
      ['January 31, 2019 › Amount', '35816000000', 'USD', '2019-01-31', 'active'],
      ['January 31, 2019 › Average Rate', '0.039', 'pure', '2019-01-31', 'active'],
    ]);
    // "Amount | Average Rate | Principal | Average Rate": no repeated groups, which date heads which column is not said
    expect(cells(table('Principal'), JAN).every((c) => c.status === 'quarantined' && c.reason === 'MISSING_FACT_PERIOD')).toBe(true);
  });

  it('a row that names a quarter ("First Quarter") under a fiscal year’s columns is not that year’s figure', () => {
    const got = cells(
      `<p>We repurchased the following shares of common stock (in millions):</p><table>
      <tr><td></td><td>Year Ended June 30,</td><td>Year Ended June 30,</td></tr>
      <tr><td></td><td>2023</td><td>2022</td></tr>
      <tr><td>First Quarter</td><td>$4,600</td><td>$6,200</td></tr>
      <tr><td>Total</td><td>$18,400</td><td>$28,033</td></tr></table>`,
      JUN,
    );
    expect(got.map((c) => [c.row, c.status, when(c)])).toEqual([
      ['First Quarter', 'quarantined', expect.any(String)],
      ['First Quarter', 'quarantined', expect.any(String)],
      ['Total', 'active', '2022-07-01..2023-06-30'],
      ['Total', 'active', '2021-07-01..2022-06-30'],
    ]);
  });
});

describe('loans by the year they were originated', () => {
  it('a year under "Term loans by origination year" is the vintage, a dimension of the balance on the date above it; charge-offs there are no balance', () => {
    const got = cells(`<p>The following table provides information on residential real estate retained loans (in millions):</p><table>
      <tr><td></td><td>June 30, 2023</td><td>June 30, 2023</td><td>June 30, 2023</td></tr>
      <tr><td></td><td>Term loans by origination year</td><td>Term loans by origination year</td><td></td></tr>
      <tr><td>Loan delinquency</td><td>2022</td><td>2021</td><td>Total</td></tr>
      <tr><td>Current</td><td>$65,317</td><td>$86,325</td><td>$151,642</td></tr>
      <tr><td>Gross charge-offs</td><td>1</td><td>2</td><td>3</td></tr></table>`);
    const current = got.filter((c) => c.row === 'Current');
    expect(current.map((c) => [c.value, at(c), c.status, c.metricId])).toEqual([
      ['65317000000', '2023-06-30', 'active', null],
      ['86325000000', '2023-06-30', 'active', null],
      ['151642000000', '2023-06-30', 'active', null],
    ]);
    // each vintage its own concept
    expect(new Set(current.map((c) => c.concept)).size).toBe(3);
    expect(got.filter((c) => c.row === 'Gross charge-offs').map((c) => [c.status, c.reason])).toEqual([
      ['quarantined', 'MISSING_FACT_PERIOD'],
      ['quarantined', 'MISSING_FACT_PERIOD'],
      ['quarantined', 'MISSING_FACT_PERIOD'],
    ]);
  });
});
