import { describe, expect, it } from 'vitest';
import type { FiscalCalendar } from '@/lib/domain/types';
import { activeFacts, analyzeReport } from './analyze';
import { extractHtmlReport, looksLikeHtmlReport, looksLikeInlineXbrl } from './html';
import { readColumnPeriod } from './periods';
import { structureTable } from './structure';

const MARCH: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
];
const RETAIL: FiscalCalendar[] = [
  {
    entityId: 'e',
    effectiveFrom: '2000-01-30',
    effectiveTo: null,
    yearEnd: { kind: 'week', weekday: 6, month: 1, rule: 'nearest' },
    labelBy: 'start-year',
  },
];

function analyze(html: string, calendars = MARCH, currency = 'INR', standard = 'ind-as') {
  const doc = extractHtmlReport(html);
  return { doc, a: analyzeReport(doc, { calendars, standard, currency }) };
}

const cellsOf = (a: ReturnType<typeof analyzeReport>) =>
  a.tables.flatMap((t) => t.cells.filter((c) => c.fact).map((c) => ({ row: c.rowLabel, col: c.columnPath.join(' › '), ...c.fact! })));

describe('format detection', () => {
  it('tells plain HTML from inline XBRL and XML', () => {
    expect(looksLikeHtmlReport('<!doctype html><html><body><table></table>')).toBe(true);
    expect(looksLikeHtmlReport('<html xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"><body>')).toBe(false);
    expect(looksLikeInlineXbrl('<ix:nonFraction name="us-gaap:Revenues">')).toBe(true);
    expect(looksLikeHtmlReport('<?xml version="1.0"?><xbrli:xbrl>')).toBe(false);
    expect(looksLikeHtmlReport('{"facts":{}}')).toBe(false);
  });
});

describe('column headers → periods', () => {
  const ok = (path: string[], cal = MARCH) => {
    const r = readColumnPeriod(path, cal);
    return r.status === 'ok' ? [r.value.period, r.value.fiscalPeriod] : r.status;
  };
  it('reads year, quarter, half-year, instant and span headers through the calendar', () => {
    expect(ok(['Year ended 31 March 2026'])).toEqual([{ type: 'duration', start: '2025-04-01', end: '2026-03-31' }, 'FY']);
    expect(ok(['Year ended March 31,', '2026'])).toEqual([{ type: 'duration', start: '2025-04-01', end: '2026-03-31' }, 'FY']);
    expect(ok(['Quarter ended', '30.09.2025', '(Unaudited)'])).toEqual([
      { type: 'duration', start: '2025-07-01', end: '2025-09-30' },
      'Q2',
    ]);
    expect(ok(['Half year ended', '30.09.2025'])).toEqual([{ type: 'duration', start: '2025-04-01', end: '2025-09-30' }, 'H1']);
    expect(ok(['Six months ended September 30, 2025'])).toEqual([{ type: 'duration', start: '2025-04-01', end: '2025-09-30' }, 'H1']);
    expect(ok(['Three months ended', 'June 30, 2025'])).toEqual([{ type: 'duration', start: '2025-04-01', end: '2025-06-30' }, 'Q1']);
    expect(ok(['As at 31 March 2025'])).toEqual([{ type: 'instant', date: '2025-03-31' }, 'FY']);
    expect(ok(['2024-2025'])).toEqual([{ type: 'duration', start: '2024-04-01', end: '2025-03-31' }, 'FY']);
    expect(ok(['FY2025'])).toEqual([{ type: 'duration', start: '2024-04-01', end: '2025-03-31' }, 'FY']);
    expect(ok(['Standalone', 'Year ended 31 March 2025 (Restated)'])).toEqual([
      { type: 'duration', start: '2024-04-01', end: '2025-03-31' },
      'FY',
    ]);
  });
  it('uses the 52/53-week calendar for retail year ends', () => {
    expect(ok(['Fiscal Year Ended', 'February 3, 2024', '(53 weeks)'], RETAIL)).toEqual([
      { type: 'duration', start: '2023-01-29', end: '2024-02-03' },
      'FY',
    ]);
    expect(ok(['52 weeks ended January 31, 2026'], RETAIL)).toEqual([{ type: 'duration', start: '2025-02-02', end: '2026-01-31' }, 'FY']);
  });
  it("narrows an upper heading that lists every column's period to the column's own heading", () => {
    const MAY: FiscalCalendar[] = [
      { entityId: 'e', effectiveFrom: '2000-06-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 5, day: 31 }, labelBy: 'end-year' },
    ];
    const path = ['CONSOLIDATED STATEMENTS OF OPERATIONS', 'For the Years Ended May 31, 2023, 2022 and 2021', 'Year Ended May 31,'];
    expect(ok([...path, '2023'], MAY)).toEqual([{ type: 'duration', start: '2022-06-01', end: '2023-05-31' }, 'FY']);
    expect(ok([...path, '2021'], MAY)).toEqual([{ type: 'duration', start: '2020-06-01', end: '2021-05-31' }, 'FY']);
    // a column heading naming a period the upper heading does not list stays unread
    expect(ok([...path, '2019'], MAY)).toBe('unresolved');
    expect(ok(['as of September 24, 2022 and September 25, 2021', 'Cash and Adjusted Cost'])).toBe('unresolved');
  });
  it('reports no period for headers without one', () => {
    expect(ok(['Particulars'])).toBe('none');
    expect(ok(['Note No.'])).toBe('none');
    expect(ok(['Current year'])).toBe('none');
  });
});

const RESULTS = `<html><head><title>Results</title></head><body>
<p>Statement of consolidated financial results for the quarter ended 30 September 2025</p>
<p>(₹ in crore)</p>
<table>
<tr><td rowspan="2">Particulars</td><td colspan="2">Quarter ended</td><td>Half year ended</td></tr>
<tr><td>30.09.2025</td><td>30.09.2024</td><td>30.09.2025</td></tr>
<tr><td>Revenue from operations</td><td>310.00</td><td>265.00</td><td>600.00</td></tr>
<tr><td>Exceptional items</td><td>-</td><td>4.00</td><td>-</td></tr>
<tr><td>Operating profit</td><td>36.00</td><td>49.00</td><td>70.00</td></tr>
</table></body></html>`;

describe('HTML tables', () => {
  it('expands row and column spans into multi-level column headers', () => {
    const { doc, a } = analyze(RESULTS);
    const s = structureTable(doc.tables[0]!);
    expect(s.headerRows).toEqual([
      ['Particulars', 'Quarter ended', 'Half year ended'],
      ['Particulars', '30.09.2025', '30.09.2024', '30.09.2025'],
    ]);
    const facts = activeFacts(a);
    expect(facts.filter((f) => f.metricId === 'revenue').map((f) => [f.column, f.period, f.value])).toEqual([
      ['Quarter ended › 30.09.2025', { type: 'duration', start: '2025-07-01', end: '2025-09-30' }, '3100000000'],
      ['Quarter ended › 30.09.2024', { type: 'duration', start: '2024-07-01', end: '2024-09-30' }, '2650000000'],
      ['Half year ended › 30.09.2025', { type: 'duration', start: '2025-04-01', end: '2025-09-30' }, '6000000000'],
    ]);
    expect(a.counters.nil).toBe(2);
    // "Exceptional items" maps to no metric: its number is bound to the row's own concept, never to a metric
    expect(cellsOf(a).find((c) => c.row === 'Exceptional items')).toMatchObject({ status: 'active', reason: null, value: '40000000' });
    expect(a.tables[0]!.cells.find((c) => c.rowLabel === 'Exceptional items' && c.fact)!.fact).toMatchObject({
      metricId: null,
      concept: expect.stringMatching(/^report:row\//),
    });
  });

  it('keeps header paths across a repeated heading (a table continued on the next page)', () => {
    const html = `<html><body><p>Standalone Balance Sheet as at 31 March 2026</p><p>(₹ in crore)</p><table>
      <tr><th>Particulars</th><th>Note</th><th>As at 31 March 2026</th><th>As at 31 March 2025</th></tr>
      <tr><td>ASSETS</td><td></td><td></td><td></td></tr>
      <tr><td>Inventories</td><td>8</td><td>180.00</td><td>155.00</td></tr>
      <tr><td>Total assets</td><td></td><td>1,135.00</td><td>1,007.00</td></tr>
      <tr><td>Particulars</td><td>Note</td><td>As at 31 March 2026</td><td>As at 31 March 2025</td></tr>
      <tr><td>EQUITY AND LIABILITIES</td><td></td><td></td><td></td></tr>
      <tr><td>Total equity</td><td>12</td><td>644.00</td><td>578.00</td></tr>
    </table></body></html>`;
    const { a } = analyze(html);
    const f = activeFacts(a);
    expect(f.map((x) => [x.metricId, x.scope, x.period, x.value])).toEqual([
      ['inventories', 'standalone', { type: 'instant', date: '2026-03-31' }, '1800000000'],
      ['inventories', 'standalone', { type: 'instant', date: '2025-03-31' }, '1550000000'],
      ['total_assets', 'standalone', { type: 'instant', date: '2026-03-31' }, '11350000000'],
      ['total_assets', 'standalone', { type: 'instant', date: '2025-03-31' }, '10070000000'],
      ['total_equity', 'standalone', { type: 'instant', date: '2026-03-31' }, '6440000000'],
      ['total_equity', 'standalone', { type: 'instant', date: '2025-03-31' }, '5780000000'],
    ]);
    expect(a.counters.noteCells).toBe(2);
  });

  it('joins values split over cells ($ | 1,234 | ) ) and reads "in millions, except per share data"', () => {
    const html = `<html><body><p>Selected financial data</p><p>(in millions, except per share data)</p><table>
      <tr><td></td><td colspan="6">Fiscal Year Ended</td></tr>
      <tr><td></td><td colspan="3">February 1, 2025</td><td colspan="3">February 3, 2024</td></tr>
      <tr><td>Net sales</td><td>$</td><td>8,655</td><td></td><td>$</td><td>8,412</td><td></td></tr>
      <tr><td>Purchases of property and equipment</td><td></td><td>(295</td><td>)</td><td></td><td>(300</td><td>)</td></tr>
      <tr><td>Earnings per share:</td><td colspan="6"></td></tr>
      <tr><td>Diluted</td><td>$</td><td>4.28</td><td></td><td>$</td><td>4.05</td><td></td></tr>
    </table></body></html>`;
    const { a } = analyze(html, RETAIL, 'USD', 'us-gaap');
    expect(activeFacts(a).map((f) => [f.metricId, f.period, f.value, f.unit])).toEqual([
      ['revenue', { type: 'duration', start: '2024-02-04', end: '2025-02-01' }, '8655000000', 'USD'],
      ['revenue', { type: 'duration', start: '2023-01-29', end: '2024-02-03' }, '8412000000', 'USD'],
      ['capex', { type: 'duration', start: '2024-02-04', end: '2025-02-01' }, '295000000', 'USD'],
      ['capex', { type: 'duration', start: '2023-01-29', end: '2024-02-03' }, '300000000', 'USD'],
      ['eps_diluted', { type: 'duration', start: '2024-02-04', end: '2025-02-01' }, '4.28', 'USD/shares'],
      ['eps_diluted', { type: 'duration', start: '2023-01-29', end: '2024-02-03' }, '4.05', 'USD/shares'],
    ]);
  });

  it('quarantines with typed reasons instead of guessing', () => {
    const html = `<html><body>
      <p>Key figures</p><table><tr><th>Particulars</th><th>Year ended 31 March 2026</th></tr><tr><td>Revenue from operations</td><td>1,200</td></tr></table>
      <p>Note 9</p><p>(₹ in crore)</p><table><tr><th>Particulars</th><th>Current year</th><th>Previous year</th><th></th></tr>
        <tr><td>Revenue from operations</td><td>1,200.00</td><td>1,000.00</td><td>900.00</td></tr></table>
      <p>Note 45 (₹ in crore)</p><table><tr><th rowspan="2">Particulars</th><th colspan="3">Year ended 31 March 2025</th></tr>
        <tr><th>As previously reported</th><th>Reclassification</th><th>As restated</th></tr>
        <tr><td>Other expenses</td><td>94.00</td><td>6.00</td><td>100.00</td></tr></table>
    </body></html>`;
    const { a } = analyze(html);
    const c = cellsOf(a);
    expect(c.map((x) => [x.row, x.col, x.status, x.reason])).toEqual([
      ['Revenue from operations', 'Year ended 31 March 2026', 'quarantined', 'UNIT_UNKNOWN'],
      ['Revenue from operations', 'Current year', 'quarantined', 'MISSING_FACT_PERIOD'],
      ['Revenue from operations', 'Previous year', 'quarantined', 'MISSING_FACT_PERIOD'],
      ['Revenue from operations', '', 'quarantined', 'COLUMN_HEADER_LOST'],
      ['Other expenses', 'Year ended 31 March 2025 › As previously reported', 'quarantined', 'UNVERIFIED_RESTATEMENT'],
      ['Other expenses', 'Year ended 31 March 2025 › As restated', 'active', null],
    ]);
    expect(a.counters.derivedCells).toBe(1);
    expect(c.filter((x) => x.status === 'quarantined').every((x) => x.metricId === null && x.concept.startsWith('report:row/'))).toBe(true);
  });

  it('binds scope from titles and columns, and keeps standalone apart from consolidated', () => {
    const html = `<html><body><p>(₹ in crore)</p><table>
      <tr><th rowspan="2">Particulars</th><th colspan="2">Standalone</th><th colspan="2">Consolidated</th></tr>
      <tr><th>FY2026</th><th>FY2025</th><th>FY2026</th><th>FY2025</th></tr>
      <tr><td>Revenue from operations</td><td>1,050</td><td>880</td><td>1,200</td><td>1,000</td></tr></table></body></html>`;
    const { a } = analyze(html);
    expect(activeFacts(a).map((f) => [f.scope, f.period.type === 'duration' ? f.period.end : '', f.value])).toEqual([
      ['standalone', '2026-03-31', '10500000000'],
      ['standalone', '2025-03-31', '8800000000'],
      ['consolidated', '2026-03-31', '12000000000'],
      ['consolidated', '2025-03-31', '10000000000'],
    ]);
  });

  it('reads narrative blocks with headings, pages and spans into chunks', () => {
    const html = `<html><body><section data-page="18"><h2>Management Discussion and Analysis</h2><h3>Outlook</h3>
      <p>We expect revenue growth in the mid-teens in FY2027 as the new plant ramps up.</p></section>
      <a name="page_31"></a><h2>Risk Factors</h2><p>Metal prices are passed through to customers with a lag of one quarter.</p></body></html>`;
    const { doc, a } = analyze(html);
    expect(a.chunks.map((c) => [c.section, c.heading, c.page])).toEqual([
      ['Management Discussion and Analysis', 'Outlook', 18],
      ['Risk Factors', 'Risk Factors', 31],
    ]);
    const c = a.chunks[0]!;
    expect(html.slice(c.spanStart, c.spanEnd)).toContain('mid-teens');
    expect(doc.pages).toBe(31);
  });
});

describe('dimension columns under one period heading', () => {
  const SEGMENTS = `<html><body>
<p>Note 20 - Segments</p>
<p>Year Ended March 31, 2025</p>
<p>(₹ in crore)</p>
<table>
<tr><th></th><th>Flexibles</th><th>Rigid Packaging</th><th>Total</th></tr>
<tr><td>Net sales</td><td>4,411.00</td><td>2,745.00</td><td>7,156.00</td></tr>
<tr><td>Adjusted EBIT</td><td>611.00</td><td>201.00</td><td>812.00</td></tr>
</table></body></html>`;
  it("binds each column to its own row concept under the heading's period, never to an entity-wide metric", () => {
    const cells = cellsOf(analyze(SEGMENTS).a);
    expect(cells).toHaveLength(6);
    for (const c of cells) {
      expect(c.status).toBe('active');
      expect(c.period).toEqual({ type: 'duration', start: '2024-04-01', end: '2025-03-31' });
      expect(c.metricId).toBeNull();
    }
    // the "Total" column's net sales is a row of this note, not the company's revenue
    const total = cells.find((c) => c.row === 'Net sales' && c.col === 'Total')!;
    expect(total.labels.candidateMetric).toBe('revenue');
    expect(new Set(cells.map((c) => c.concept)).size).toBe(6);
  });
  it('several columns of one period are dimensions even when each column heading names the period', () => {
    const levels = `<html><body><p>Fair value measurements</p><p>(₹ in crore)</p><table>
<tr><th></th><th colspan="3">As at 31 March 2025</th><th>As at 31 March 2024</th></tr>
<tr><th></th><th>Level 1</th><th>Level 2</th><th>Total</th><th>Total</th></tr>
<tr><td>Total assets</td><td>10.00</td><td>20.00</td><td>30.00</td><td>25.00</td></tr>
</table></body></html>`;
    const cells = cellsOf(analyze(levels).a);
    expect(cells).toHaveLength(4);
    const of = (col: string) => cells.find((c) => c.col === col)!;
    for (const col of ['As at 31 March 2025 › Level 1', 'As at 31 March 2025 › Level 2', 'As at 31 March 2025 › Total']) {
      expect(of(col).metricId).toBeNull();
      expect(of(col).labels.candidateMetric).toBe('total_assets');
    }
    // the only column of its period stays the entity's figure
    expect(of('As at 31 March 2024 › Total').metricId).toBe('total_assets');
  });
  it('leaves the columns unread when the heading above is prose or names several periods', () => {
    const prose = SEGMENTS.replace(
      '<p>Year Ended March 31, 2025</p>',
      '<p>Segment results for the years ended March 31, 2025 and 2024 were as follows:</p>',
    );
    for (const c of cellsOf(analyze(prose).a)) expect(c.status).toBe('quarantined');
  });
});

describe('reference columns', () => {
  it('page numbers of a table of contents are references, not amounts', () => {
    const { a } = analyze(`<html><body><p>All amounts in ₹ crore</p><table>
      <tr><th></th><th>Page</th></tr>
      <tr><td>Statement of profit and loss</td><td>96</td></tr>
      <tr><td>Balance sheet</td><td>98</td></tr>
      <tr><td>Notes to the financial statements</td><td>102</td></tr>
    </table></body></html>`);
    expect(a.counters.numericCells).toBe(0);
    expect(a.counters.noteCells).toBe(3);
  });
});

describe('statements of changes in equity', () => {
  const DEC: FiscalCalendar[] = [
    { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
  ];
  const html = (balance2: string) => `<html><body><p>(In millions)</p><h3>Consolidated Statements of Shareholders’ Equity</h3><table>
    <tr><th></th><th>Common stock</th><th>Retained earnings</th><th>Total equity</th></tr>
    <tr><td>Balance at December 31, 2020</td><td>100</td><td>1,000</td><td>1,100</td></tr>
    <tr><td>Net income</td><td></td><td>250</td><td>250</td></tr>
    <tr><td>Dividends declared</td><td></td><td>(150)</td><td>(150)</td></tr>
    <tr><td>Balance at ${balance2}</td><td>100</td><td>1,100</td><td>1,200</td></tr>
  </table></body></html>`;

  it('balance rows are balances at the year ends; the rows between them are that fiscal year’s movements', () => {
    const { a } = analyze(html('December 31, 2021'), DEC, 'USD', 'us-gaap');
    const cells = cellsOf(a);
    const at = (row: string, col: string) => cells.find((c) => c.row === row && c.col.includes(col));
    expect(at('Balance at December 31, 2020', 'Total')).toMatchObject({
      status: 'active',
      period: { type: 'instant', date: '2020-12-31' },
    });
    expect(at('Net income', 'Retained')).toMatchObject({
      status: 'active',
      period: { type: 'duration', start: '2021-01-01', end: '2021-12-31' },
      value: '250000000',
    });
    expect(at('Dividends declared', 'Total')).toMatchObject({
      status: 'active',
      value: '-150000000',
      period: { type: 'duration', end: '2021-12-31' },
    });
    expect(at('Balance at December 31, 2021', 'Total')).toMatchObject({
      status: 'active',
      period: { type: 'instant', date: '2021-12-31' },
    });
    // never a metric of the entity as a whole: equity statement rows are row concepts
    expect(cells.filter((c) => c.status === 'active').every((c) => c.metricId === null)).toBe(true);
  });

  it('balances that are no fiscal period apart give the rows between them no period', () => {
    const { a } = analyze(html('August 31, 2021'), DEC, 'USD', 'us-gaap');
    const net = cellsOf(a).find((c) => c.row === 'Net income');
    expect(net?.status).toBe('quarantined');
  });

  it('a quarterly statement: balances at a quarter’s first day and its end bound the quarter’s movements (10-Q)', () => {
    const q = `<html><body><p>(In thousands)</p><h3>Consolidated Statements of Stockholders’ Equity</h3><table>
      <tr><th></th><th>Shares</th><th>Retained earnings</th><th>Total equity</th></tr>
      <tr><td>Balances, April 1, 2023</td><td>358,000</td><td>1,000</td><td>1,100</td></tr>
      <tr><td>Net income</td><td></td><td>250</td><td>250</td></tr>
      <tr><td>Balances, June 30, 2023</td><td>350,000</td><td>1,250</td><td>1,350</td></tr>
      <tr><td>Balances, January 1, 2023</td><td>360,000</td><td>800</td><td>900</td></tr>
      <tr><td>Net income</td><td></td><td>450</td><td>450</td></tr>
      <tr><td>Balances, June 30, 2023</td><td>350,000</td><td>1,250</td><td>1,350</td></tr>
    </table></body></html>`;
    const cells = cellsOf(analyze(q, DEC, 'USD', 'us-gaap').a);
    const net = cells.filter((c) => c.row === 'Net income' && c.col.includes('Retained'));
    expect(net.map((c) => [c.status, c.value, c.period])).toEqual([
      ['active', '250000', { type: 'duration', start: '2023-04-01', end: '2023-06-30' }],
      ['active', '450000', { type: 'duration', start: '2023-01-01', end: '2023-06-30' }],
    ]);
    expect(cells.find((c) => c.row === 'Balances, April 1, 2023' && c.col.includes('Total'))).toMatchObject({
      status: 'active',
      period: { type: 'instant', date: '2023-03-31' },
    });
    // the "Shares" column counts shares, in the thousands the unit line names (no currency)
    expect(cells.find((c) => c.row === 'Balances, April 1, 2023' && c.col === 'Shares')).toMatchObject({
      status: 'active',
      unit: 'shares',
      value: '358000000',
    });
  });
});
