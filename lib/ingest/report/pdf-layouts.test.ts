/**
 * US notes layouts in PDFs (small synthetic pages): the sentence introducing a table is not a column
 * heading (and the one period it names is the table's); label lines, footnote markers and lone "$"
 * lines between the headings and the first figures; years that label the rows of a maturity schedule;
 * a title block above the headings; upper headings over only some columns; a header carried to a
 * continuation, and never to another table.
 */
import { describe, expect, it } from 'vitest';
import type { FiscalCalendar } from '@/lib/domain/types';
import { analyzeReport } from './analyze';
import { extractPdfReport } from './pdf';
import { layoutPdf, type LaidItem } from './pdf-fixtures';

const DEC: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
];
const JUN: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-07-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 6, day: 30 }, labelBy: 'end-year' },
];

const L = (...items: LaidItem[]) => ({ items });
const label = (text: string, x = 40): LaidItem => ({ text, x });
const at = (right: number, text: string): LaidItem => ({ text, right });
/** a column heading, centred over the figures right-aligned at `right` */
const head = (right: number, text: string): LaidItem => ({ text, center: right - 14 });

async function cells(pages: { items: LaidItem[]; gap?: number }[][], calendars = DEC) {
  const doc = await extractPdfReport(await layoutPdf(pages), 'layout.pdf');
  const a = analyzeReport(doc, { calendars, standard: 'us-gaap', currency: 'USD', order: 'mdy', secFiling: true });
  return a.tables.flatMap((t) =>
    t.cells.filter((c) => c.fact).map((c) => ({ table: t.ordinal, row: c.rowLabel, col: c.columnPath.join(' › '), ...c.fact! })),
  );
}
const when = (f: { period: { type: string; date?: string; start?: string; end?: string } }) =>
  f.period.type === 'instant' ? f.period.date : `${f.period.start}..${f.period.end}`;

describe('PDF notes layouts', () => {
  it('the sentence introducing a table is no heading; the one date it names is the period of columns that name none', async () => {
    const got = await cells([
      [
        L(label('Cash, cash equivalents and short-term investments consisted of the following as of December 3, 2021 (in millions):')),
        L(head(380, 'Amortized'), head(460, 'Unrealized'), head(540, 'Estimated')),
        L(head(380, 'Cost'), head(460, 'Gains'), head(540, 'Fair Value')),
        L(label('Money market funds'), at(380, '$ 1,000'), at(460, '$ —'), at(540, '$ 1,000')),
        L(label('Corporate debt securities'), at(380, '1,266'), at(460, '12'), at(540, '1,278')),
        L(label('Total'), at(380, '$ 2,266'), at(460, '$ 12'), at(540, '$ 2,278')),
      ],
    ]);
    const corp = got.filter((c) => c.row === 'Corporate debt securities');
    expect(corp.map((c) => [c.col, c.value, when(c), c.status])).toEqual([
      ['Amortized › Cost', '1266000000', '2021-12-03', 'active'],
      ['Unrealized › Gains', '12000000', '2021-12-03', 'active'],
      ['Estimated › Fair Value', '1278000000', '2021-12-03', 'active'],
    ]);
    // the columns are dimensions of one date: their own row concepts, never the entity's metric
    expect(new Set(corp.map((c) => c.concept)).size).toBe(3);
  });

  it('a date line and a wrapped section caption between the headings and the figures (up to six lines) stay under the headings', async () => {
    const got = await cells(
      [
        [
          L(label('The components of investments were as follows:')),
          L(head(300, 'Adjusted'), head(380, 'Unrealized'), head(460, 'Recorded'), head(540, 'Short-term')),
          L(label('(In millions)'), head(300, 'Cost Basis'), head(380, 'Losses'), head(460, 'Basis'), head(540, 'Investments')),
          L(label('June 30, 2023')),
          L(label('Changes in Fair Value')),
          L(label('Recorded in Other', 48)),
          L(label('Comprehensive Income', 48)),
          L(label('Commercial paper'), at(300, '$ 16,589'), at(380, '$ 0'), at(460, '$ 16,589'), at(540, '$ 4,358')),
          L(label('U.S. government securities'), at(300, '65,237'), at(380, '(3,870)'), at(460, '61,369'), at(540, '58,378')),
        ],
      ],
      JUN,
    );
    const us = got.filter((c) => c.row === 'U.S. government securities');
    expect(us.map((c) => [c.col, c.value, when(c), c.status])).toEqual([
      ['Adjusted › Cost Basis', '65237000000', '2023-06-30', 'active'],
      ['Unrealized › Losses', '-3870000000', '2023-06-30', 'active'],
      ['Recorded › Basis', '61369000000', '2023-06-30', 'active'],
      ['Short-term › Investments', '58378000000', '2023-06-30', 'active'],
    ]);
  });

  it('footnote markers and lone "$" glyphs set on lines of their own are neither headings nor rows', async () => {
    const got = await cells([
      [
        L(label('Operating income by reportable segment was as follows ($ in millions):')),
        L(at(380, '2023'), at(460, '2022'), at(540, '2021')),
        L(label('Operating income by reportable segment')),
        L(label('(1)', 60), at(380, '$'), at(460, '$'), at(540, '$')),
        L(label('Domestic'), at(380, '1,634'), at(460, '2,795'), at(540, '2,348')),
        L({ text: '(b)', right: 380 }, { text: '(b)', right: 540 }),
        L(label('International'), at(380, '161'), at(460, '244'), at(540, '43')),
      ],
    ]);
    const domestic = got.filter((c) => c.row === 'Domestic');
    expect(domestic.map((c) => [c.col, c.value, when(c), c.status])).toEqual([
      ['2023', '1634000000', '2023-01-01..2023-12-31', 'active'],
      ['2022', '2795000000', '2022-01-01..2022-12-31', 'active'],
      ['2021', '2348000000', '2021-01-01..2021-12-31', 'active'],
    ]);
    expect(
      got
        .filter((c) => c.row === 'International')
        .map((c) => c.concept)
        .every((x) => !/\(b\)|-b-|\/b\//.test(x)),
    ).toBe(true);
  });

  it('years that label the rows of a maturity schedule are labels, not a column of figures; the table introduced by its own sentence does not take the one above it’s headings', async () => {
    const got = await cells([
      [
        L(label('Supplemental cash flow information related to leases was as follows (in millions):')),
        L(at(460, '2021'), at(540, '2020')),
        L(label('Cash paid for amounts included in the measurement of lease liabilities:')),
        L(label('Operating cash flows — operating leases', 48), at(460, '$ 282'), at(540, '$ 258')),
        L(label('Financing cash flows — finance leases', 48), at(460, '67'), at(540, '49')),
        L(
          label(
            'As of August 29, 2021, future minimum payments during the next five fiscal years and thereafter are as follows (in millions):',
          ),
        ),
        L(head(460, 'Operating'), head(540, 'Finance')),
        L(label('2022'), at(460, '$ 260'), at(540, '$ 107')),
        L(label('2023'), at(460, '273'), at(540, '92')),
        L(label('Thereafter'), at(460, '2,507'), at(540, '1,070')),
      ],
    ]);
    expect(got.filter((c) => c.row === 'Financing cash flows — finance leases').map((c) => [c.col, when(c), c.status])).toEqual([
      ['2021', '2021-01-01..2021-12-31', 'active'],
      ['2020', '2020-01-01..2020-12-31', 'active'],
    ]);
    const schedule = got.filter((c) => c.row === '2022');
    expect(schedule.map((c) => [c.col, c.value, when(c), c.status])).toEqual([
      ['Operating', '260000000', '2021-08-29', 'active'],
      ['Finance', '107000000', '2021-08-29', 'active'],
    ]);
  });

  it('a title block above the headings (registrant, statement name, the years it covers) is no column heading', async () => {
    const got = await cells(
      [
        [
          L({ text: 'ORACLE CORPORATION', x: 250 }),
          L({ text: 'CONSOLIDATED STATEMENTS OF STOCKHOLDERS’ EQUITY', x: 200 }),
          L({ text: 'For the Years Ended May 31, 2023, 2022 and 2021', x: 210 }),
          L(head(380, 'Number of'), head(460, 'Retained'), head(540, 'Total')),
          L(label('(in millions)'), head(380, 'Shares'), head(460, 'Earnings'), head(540, 'Equity')),
          L(label('Balances as of May 31, 2022'), at(380, '2,665'), at(460, '$ (20,000)'), at(540, '$ (6,220)')),
          L(label('Net income'), at(380, '—'), at(460, '8,503'), at(540, '8,503')),
          L(label('Balances as of May 31, 2023'), at(380, '2,705'), at(460, '$ (11,497)'), at(540, '$ 1,073')),
        ],
      ],
      [
        {
          entityId: 'e',
          effectiveFrom: '2000-06-01',
          effectiveTo: null,
          yearEnd: { kind: 'fixed', month: 5, day: 31 },
          labelBy: 'end-year',
        },
      ],
    );
    const total = got.filter((c) => c.col === 'Total › Equity');
    expect(total.map((c) => [c.row, when(c), c.status])).toEqual([
      ['Balances as of May 31, 2022', '2022-05-31', 'active'],
      ['Net income', '2022-06-01..2023-05-31', 'active'],
      ['Balances as of May 31, 2023', '2023-05-31', 'active'],
    ]);
  });

  it('an upper heading over the last columns heads none to their left; one heading alone heads them all', async () => {
    const got = await cells([
      [
        L(label('Lending-related commitments (in millions):')),
        L(head(460, 'Dec 31,'), head(540, 'Jun 30,')),
        L(head(300, 'June 30, 2023'), head(380, 'Total'), at(460, '2022'), at(540, '2023')),
        L(label('Residential real estate'), at(300, '$ 9,164'), at(380, '$ 34,033'), at(460, '$ 21,287'), at(540, '$ 714')),
        L(label('Auto and other'), at(300, '14,203'), at(380, '16,813'), at(460, '12,231'), at(540, '236')),
      ],
    ]);
    const byCol = Object.fromEntries(got.map((c) => [c.col, when(c)]));
    expect(byCol['Dec 31, › 2022']).toBe('2022-12-31');
    expect(byCol['Jun 30, › 2023']).toBe('2023-06-30');
    expect(Object.keys(byCol).some((k) => /Dec 31,.*June 30, 2023|June 30, 2023.*Dec 31,/.test(k))).toBe(false);
  });

  it('a statement split on one page keeps its header below the split; the first table of the next page inherits it; a later table of its own does not', async () => {
    const got = await cells([
      [
        L({ text: 'CONSOLIDATED STATEMENTS OF CASH FLOWS', x: 200 }),
        L(label('Years Ended December 31 (Millions)'), at(380, '2022'), at(460, '2021'), at(540, '2020')),
        L(label('Net income'), at(380, '$ 7,514'), at(460, '$ 8,060'), at(540, '$ 3,135')),
        L(label('Provisions for credit losses'), at(380, '2,182'), at(460, '(1,419)'), at(540, '4,730')),
        // (a wide gap: the rest of the statement is a region of its own, with no heading)
        { items: [label('Changes in operating assets and liabilities, net of effects of acquisitions and dispositions:')], gap: 70 },
        L(label('Deferred taxes', 48), at(380, '1,391'), at(460, '1,068'), at(540, '(1,785)')),
        L(label('Net cash provided by operating activities'), at(380, '21,079'), at(460, '14,645'), at(540, '5,591')),
      ],
      [
        L(label('Sale of investment securities'), at(380, '26'), at(460, '62'), at(540, '69')),
        L(label('Net cash used in investing activities'), at(380, '(25,000)'), at(460, '(10,500)'), at(540, '(2,000)')),
        { items: [label('The following table presents unrelated counts of offices in each region, as follows:')], gap: 60 },
        L(label('Region'), head(380, 'North'), head(460, 'South'), head(540, 'West')),
        L(label('Offices'), at(380, '12'), at(460, '15'), at(540, '9')),
        L(label('Warehouses'), at(380, '3'), at(460, '4'), at(540, '2')),
      ],
    ]);
    const of = (row: string) => got.filter((c) => c.row === row).map((c) => [when(c), c.status]);
    expect(of('Deferred taxes')).toEqual([
      ['2022-01-01..2022-12-31', 'active'],
      ['2021-01-01..2021-12-31', 'active'],
      ['2020-01-01..2020-12-31', 'active'],
    ]);
    expect(of('Sale of investment securities')[0]).toEqual(['2022-01-01..2022-12-31', 'active']);
    expect(got.filter((c) => c.row === 'Offices').every((c) => c.status === 'quarantined')).toBe(true);
  });

  it('a heading repeated mid-table heads the next block of rows: each quarter of each year, never the year; a tax line printed as a deduction is the expense', async () => {
    const block = (year: string, rows: [string, string[]][]) => [
      L({ text: `Year Ended December 31, ${year} (1)`, center: 420 }),
      L(head(300, 'First'), head(380, 'Second'), head(460, 'Third'), head(540, 'Fourth')),
      L(head(300, 'Quarter'), head(380, 'Quarter'), head(460, 'Quarter'), head(540, 'Quarter')),
      ...rows.map(([name, v]) => L(label(name), at(300, v[0]!), at(380, v[1]!), at(460, v[2]!), at(540, v[3]!))),
    ];
    const got = await cells([
      [
        L(label('Unaudited quarterly results are as follows (in millions, except per share data):')),
        ...block('2018', [
          ['Net sales', ['$ 51,042', '$ 52,886', '$ 56,576', '$ 72,383']],
          ['Income before income taxes', ['1,916', '2,605', '3,390', '3,350']],
          ['Provision for income taxes', ['(287)', '(174)', '(508)', '(327)']],
          ['Net income', ['1,629', '2,431', '2,883', '3,027']],
        ]),
        ...block('2019', [
          ['Net sales', ['$ 59,700', '$ 63,404', '$ 69,981', '$ 87,437']],
          ['Income before income taxes', ['4,401', '2,889', '2,632', '4,053']],
          ['Provision for income taxes', ['(836)', '(257)', '(494)', '(786)']],
          ['Net income', ['3,565', '2,632', '2,138', '3,267']],
        ]),
      ],
    ]);
    const metric = (id: string) => got.filter((c) => c.metricId === id && c.status === 'active').map((c) => [when(c), c.value]);
    expect(metric('revenue')).toEqual([
      ['2018-01-01..2018-03-31', '51042000000'],
      ['2018-04-01..2018-06-30', '52886000000'],
      ['2018-07-01..2018-09-30', '56576000000'],
      ['2018-10-01..2018-12-31', '72383000000'],
      ['2019-01-01..2019-03-31', '59700000000'],
      ['2019-04-01..2019-06-30', '63404000000'],
      ['2019-07-01..2019-09-30', '69981000000'],
      ['2019-10-01..2019-12-31', '87437000000'],
    ]);
    // 4,401 − 836 = 3,565: the provision is an expense of 836, not a benefit
    expect(metric('tax_expense').filter(([p]) => p!.startsWith('2019-01'))).toEqual([['2019-01-01..2019-03-31', '836000000']]);
    expect(got.some((c) => c.metricId === 'tax_expense' && c.value.startsWith('-'))).toBe(false);
  });

  it('a year centred over a group of columns heads the whole group, not the column nearest its right edge', async () => {
    const got = await cells([
      [
        L(label('Allowance for credit losses and related information')),
        L({ text: '2023', center: 225 }, { text: '2022', center: 465 }),
        L(label('Six months ended June 30,'), head(190, 'Consumer'), head(260, 'Wholesale'), head(430, 'Consumer'), head(500, 'Wholesale')),
        L(label('(in millions)'), head(190, 'loans'), head(260, 'loans'), head(430, 'loans'), head(500, 'loans')),
        L(label('Gross charge-offs'), at(190, '501'), at(260, '294'), at(430, '384'), at(500, '123')),
        L(label('Net charge-offs'), at(190, '254'), at(260, '248'), at(430, '73'), at(500, '80')),
      ],
    ]);
    expect(got.filter((c) => c.row === 'Gross charge-offs').map((c) => [c.value, when(c), c.status])).toEqual([
      ['501000000', '2023-01-01..2023-06-30', 'active'],
      ['294000000', '2023-01-01..2023-06-30', 'active'],
      ['384000000', '2022-01-01..2022-06-30', 'active'],
      ['123000000', '2022-01-01..2022-06-30', 'active'],
    ]);
  });
  it("a statement whose steps are numbered in the margin ('1  Profit before Tax', '3  Operating Profit … (1+2)'): the numbers are no column, and a caption's wrapped line is no heading", async () => {
    const got = await cells([
      [
        L(label('Statement of Cash Flows for the Year Ended December 31, 2022')),
        L(label('($ in millions)')),
        L(label('Particulars', 55), head(460, '2022'), head(540, '2021')),
        L(label('A', 40), label('Cash Flow from Operating Activities', 55)),
        L(label('1', 40), label('Profit before Tax', 55), at(460, '15,882.34'), at(540, '52,344.21')),
        L(label('2', 40), label('Adjustments for:', 55)),
        L(
          label('Depreciation, Amortisation and Impairment on Property, Plant & Equipment and', 55),
          at(460, '15,284.14'),
          at(540, '14,509.60'),
        ),
        L(label('Intangible Assets', 55)),
        L(label('Interest Income', 55), at(460, '(1,468.06)'), at(540, '(1,828.29)')),
        L(label('Finance costs', 55), at(460, '8,731.59'), at(540, '7,327.79')),
        L(label('3', 40), label('Operating Profit before Working Capital Changes (1+2)', 55), at(460, '35,686.52'), at(540, '70,626.51')),
        L(label('Inventories', 55), at(460, '6,862.71'), at(540, '1,302.27')),
      ],
    ]);
    const rows = (re: RegExp) => got.filter((c) => re.test(c.row)).map((c) => [c.value, when(c), c.status]);
    expect(rows(/^Interest Income$/)).toEqual([
      ['-1468060000', '2022-01-01..2022-12-31', 'active'],
      ['-1828290000', '2021-01-01..2021-12-31', 'active'],
    ]);
    expect(rows(/^Operating Profit before Working Capital Changes/)).toEqual([
      ['35686520000', '2022-01-01..2022-12-31', 'active'],
      ['70626510000', '2021-01-01..2021-12-31', 'active'],
    ]);
    expect(rows(/^Inventories$/)).toEqual([
      ['6862710000', '2022-01-01..2022-12-31', 'active'],
      ['1302270000', '2021-01-01..2021-12-31', 'active'],
    ]);
    expect(
      got.some((c) => c.row === 'Depreciation, Amortisation and Impairment on Property, Plant & Equipment and Intangible Assets'),
    ).toBe(true);
    // the step numbers are neither figures nor part of the captions
    expect(got.filter((c) => /^\d+(?:000000)?$/.test(c.value) && Number(c.value) < 10_000_000)).toEqual([]);
    expect(got.filter((c) => /^\d\s/.test(c.row))).toEqual([]);
  });
  it('the next block of a table under its own year heading, further down the page with nothing printed between, keeps the title and unit line printed over the first', async () => {
    const got = await cells([
      [
        L(label('The following table shows the Company’s cash and marketable securities by significant investment category:')),
        L(label('(in millions)')),
        L(head(380, '2022')),
        L(head(300, 'Adjusted'), head(380, 'Fair'), head(460, 'Cash and Cash'), head(540, 'Marketable')),
        L(head(300, 'Cost'), head(380, 'Value'), head(460, 'Equivalents'), head(540, 'Securities')),
        L(label('Cash'), at(300, '$ 18,546'), at(380, '$ 18,546'), at(460, '$ 18,546'), at(540, '$ —')),
        L(label('Commercial paper'), at(300, '718'), at(380, '718'), at(460, '28'), at(540, '690')),
        L(label('Total'), at(300, '$ 19,264'), at(380, '$ 19,264'), at(460, '$ 18,574'), at(540, '$ 690')),
        { ...L(head(380, '2021')), gap: 70 },
        L(head(300, 'Adjusted'), head(380, 'Fair'), head(460, 'Cash and Cash'), head(540, 'Marketable')),
        L(head(300, 'Cost'), head(380, 'Value'), head(460, 'Equivalents'), head(540, 'Securities')),
        L(label('Cash'), at(300, '$ 17,305'), at(380, '$ 17,305'), at(460, '$ 17,305'), at(540, '$ —')),
        L(label('Commercial paper'), at(300, '2,639'), at(380, '2,639'), at(460, '1,776'), at(540, '863')),
        L(label('Total'), at(300, '$ 19,944'), at(380, '$ 19,944'), at(460, '$ 19,081'), at(540, '$ 863')),
      ],
    ]);
    const paper = got.filter((c) => c.row === 'Commercial paper' && c.col.startsWith('2021')).map((c) => [c.value, c.status]);
    expect(paper).toEqual([
      ['2639000000', 'active'],
      ['2639000000', 'active'],
      ['1776000000', 'active'],
      ['863000000', 'active'],
    ]);
  });
  it("a unit line printed between a row of headings over the columns and the figures ('(in thousands)' under 'Cost | Gains | Losses | Fair Value') leaves the headings heading the columns", async () => {
    // (positions of Netflix's 2017 10-K, page 51)
    const h = (x: number, text: string): LaidItem => ({ text, x, size: 7.4 });
    const got = await cells([
      [
        L(
          label(
            'The following table summarizes, by major security type, the assets that were measured at fair value on a recurring basis and were categorized',
            39,
          ),
        ),
        L(
          label(
            'using the fair value hierarchy and where they are classified on the Consolidated Balance Sheets as of December 31, 2016.',
            18,
          ),
        ),
        { ...L(h(253, 'Gross'), h(312, 'Gross')), gap: 17 },
        {
          ...L(
            h(181, 'Amortized'),
            h(245, 'Unrealized'),
            h(304, 'Unrealized'),
            h(366, 'Estimated'),
            h(422, 'Cash and cash'),
            h(490, 'Short-term'),
            h(548, 'Non-current'),
          ),
          gap: 8,
        },
        {
          ...L(
            h(190, 'Cost'),
            h(253, 'Gains'),
            h(311, 'Losses'),
            h(365, 'Fair Value'),
            h(427, 'equivalents'),
            h(489, 'investments'),
            h(553, 'assets (1)'),
          ),
          gap: 8,
        },
        { ...L(h(358, '(in thousands)')), gap: 11.5 },
        L(
          label('Cash', 19),
          at(223, '$1,267,523'),
          at(285, '$—'),
          at(342, '$—'),
          at(405, '$1,267,523'),
          at(468, '$1,264,126'),
          at(531, '$—'),
          at(588, '$3,397'),
        ),
        L(
          label('Money market funds', 36),
          at(223, '204,967'),
          at(285, '—'),
          at(342, '—'),
          at(405, '204,967'),
          at(468, '203,450'),
          at(531, '—'),
          at(588, '1,517'),
        ),
        L(
          label('Total', 19),
          at(223, '$1,472,490'),
          at(285, '$—'),
          at(342, '$—'),
          at(405, '$1,472,490'),
          at(468, '$1,467,576'),
          at(531, '$—'),
          at(588, '$4,914'),
        ),
      ],
    ]);
    // (the upper 'Gross' heading still reaches over the first column: its leaf headings are what matters here)
    expect(
      got.filter((c) => c.row === 'Money market funds').map((c) => [c.col.replace(/^Gross › /, ''), c.value, when(c), c.status]),
    ).toEqual([
      ['Amortized › Cost', '204967000', '2016-12-31', 'active'],
      ['Estimated › Fair Value', '204967000', '2016-12-31', 'active'],
      ['Cash and cash › equivalents', '203450000', '2016-12-31', 'active'],
      ['Non-current › assets (1)', '1517000', '2016-12-31', 'active'],
    ]);
  });
  it("a length printed in the stub between a year over each group of columns and the groups' headings ('2023 … 2022' / 'Three months ended June 30,' / 'Pre-tax | Tax effect | After-tax' twice) heads the groups", async () => {
    const cols = [290, 345, 400, 460, 515, 570];
    const row = (name: string, v: string[]) => L(label(name), ...v.map((x, i) => at(cols[i]!, x)));
    const got = await cells([
      [
        L(label('The following table presents the pre-tax and after-tax changes in the components of OCI.')),
        L({ text: '2023', center: 331 }, { text: '2022', center: 501 }),
        L(label('Three months ended June 30,')),
        L(
          label('(in millions)'),
          ...['Pre-tax', 'Tax effect', 'After-tax', 'Pre-tax', 'Tax effect', 'After-tax'].map((h, i) => head(cols[i]!, h)),
        ),
        row('Translation', ['126', '10', '136', '(3,550)', '193', '(3,357)']),
        row('Hedges', ['(88)', '22', '(66)', '3,524', '(846)', '2,678']),
        row('Net change', ['38', '32', '70', '(26)', '(653)', '(679)']),
      ],
    ]);
    expect(got.filter((c) => c.row === 'Translation').map((c) => [c.value, when(c), c.status])).toEqual([
      ['126000000', '2023-04-01..2023-06-30', 'active'],
      ['10000000', '2023-04-01..2023-06-30', 'active'],
      ['136000000', '2023-04-01..2023-06-30', 'active'],
      ['-3550000000', '2022-04-01..2022-06-30', 'active'],
      ['193000000', '2022-04-01..2022-06-30', 'active'],
      ['-3357000000', '2022-04-01..2022-06-30', 'active'],
    ]);
  });

  it('a "$" set close after the figure or label before it belongs to the next figure: the row keeps its label and every figure', async () => {
    // "Commodity contracts $" | "(127) $" | "(320) $" | "(101)": each "$" 2 points after the text before it
    const glyph = (x: number): LaidItem => ({ text: '$', x });
    const got = await cells(
      [
        [
          L(label('The changes in AOCI for effective derivatives were as follows:')),
          L(head(380, 'Years ended June 30,'), head(460, 'Years ended June 30,'), head(540, 'Years ended June 30,')),
          L(label('($ in millions)'), at(380, '2023'), at(460, '2022'), at(540, '2021')),
          L(label('Commodity contracts'), glyph(40 + 74), at(380, '(127)'), glyph(382), at(460, '(320)'), glyph(462), at(540, '(101)')),
          L(label('Treasury locks'), at(380, '3'), at(460, '3'), at(540, '2')),
        ],
      ],
      JUN,
    );
    const row = got.filter((c) => c.row === 'Commodity contracts');
    expect(row.map((c) => [c.value, when(c), c.status])).toEqual([
      ['-127000000', '2022-07-01..2023-06-30', 'active'],
      ['-320000000', '2021-07-01..2022-06-30', 'active'],
      ['-101000000', '2020-07-01..2021-06-30', 'active'],
    ]);
    expect(got.filter((c) => c.row === 'Treasury locks').map((c) => c.status)).toEqual(['active', 'active', 'active']);
  });
  it("lines of the stub between heading lines ('Three months ended June 30, | Six months ended June 30,' / '(unaudited)' / 'As of or for the period ended,' / '2023 2022 2023 2022') do not end the header block", async () => {
    const got = await cells([
      [
        L(label('Financial performance of the Firm')),
        L({ text: 'Three months ended June 30,', center: 346 }, { text: 'Six months ended June 30,', center: 506 }),
        { items: [label('(unaudited)')], gap: 5 },
        { items: [label('As of or for the period ended,')], gap: 10 },
        L(label('(in millions, except per share data)'), at(320, '2023'), at(380, '2022'), at(480, '2023'), at(540, '2022')),
        L(label('Noninterest revenue'), at(320, '$19,528'), at(380, '$15,587'), at(480, '$37,166'), at(540, '$32,432')),
        L(label('Net interest income'), at(320, '21,779'), at(380, '15,128'), at(480, '42,490'), at(540, '29,000')),
      ],
    ]);
    expect(got.filter((c) => c.row === 'Net interest income').map((c) => [c.value, when(c), c.status])).toEqual([
      ['21779000000', '2023-04-01..2023-06-30', 'active'],
      ['15128000000', '2022-04-01..2022-06-30', 'active'],
      ['42490000000', '2023-01-01..2023-06-30', 'active'],
      ['29000000000', '2022-01-01..2022-06-30', 'active'],
    ]);
  });

  it("a date centred over a wide group of columns beside one over a narrow group heads its whole group ('June 30, 2023' over four maturity buckets, 'December 31, 2022' over the last total); a bucket of years is no length", async () => {
    const got = await cells([
      [
        L(label('The following table is a summary of long-term debt carrying values by remaining contractual maturity.')),
        { items: [{ text: 'December 31,', center: 469 }], gap: 16 },
        L({ text: 'June 30, 2023', center: 319 }, { text: '2022', center: 469 }),
        { items: [label('By remaining maturity')], gap: 5 },
        {
          items: [
            label('(in millions)'),
            { text: 'Under 1 year', center: 229 },
            { text: '1-5 years', center: 289 },
            { text: 'After 5 years', center: 349 },
            { text: 'Total', center: 409 },
            { text: 'Total', center: 469 },
          ],
          gap: 8,
        },
        L(label('Fixed rate'), at(240, '6,709'), at(300, '84,418'), at(360, '96,845'), at(420, '187,972'), at(480, '194,515')),
        L(label('Variable rate'), at(240, '367'), at(300, '7,226'), at(360, '2,200'), at(420, '9,793'), at(480, '11,565')),
      ],
    ]);
    const row = got.filter((c) => c.row === 'Variable rate');
    expect(row.map((c) => [c.value, when(c), c.status])).toEqual([
      ['367000000', '2023-06-30', 'active'],
      ['7226000000', '2023-06-30', 'active'],
      ['2200000000', '2023-06-30', 'active'],
      ['9793000000', '2023-06-30', 'active'],
      ['11565000000', '2022-12-31', 'active'],
    ]);
  });

  it("a row that is a date alone ('December 31, 2022') opening a roll-forward dated by its stub ('June 30, 2023') is never the stub's balance", async () => {
    const got = await cells([
      [
        L(label('The following table presents changes in the components of RWA:')),
        L(label('June 30, 2023'), head(380, 'Credit risk'), head(460, 'Market risk'), head(540, 'Total')),
        L(label('(in millions)'), head(380, 'RWA'), head(460, 'RWA'), head(540, 'RWA')),
        L(label('December 31, 2022'), at(380, '$1,568,536'), at(460, '$85,002'), at(540, '$1,653,538')),
        L(label('Model & data changes'), at(380, '(6,013)'), at(460, '(3,592)'), at(540, '(9,605)')),
        L(label('June 30, 2023'), at(380, '$1,632,730'), at(460, '$74,197'), at(540, '$1,706,927')),
      ],
    ]);
    const opening = got.filter((c) => c.row === 'December 31, 2022');
    expect(opening.length).toBe(3);
    for (const c of opening) expect(c.status === 'quarantined' || when(c) === '2022-12-31', `${c.value} at ${when(c)}`).toBe(true);
    expect(got.filter((c) => c.row === 'June 30, 2023').map((c) => [c.value, when(c), c.status])).toEqual([
      ['1632730000000', '2023-06-30', 'active'],
      ['74197000000', '2023-06-30', 'active'],
      ['1706927000000', '2023-06-30', 'active'],
    ]);
  });
  it("dates set flush right over their groups ('June 30, 2016' ending over the fourth column, 'June 30, 2015' over the eighth) head the groups they end, not the columns nearest their centres", async () => {
    const cols = [200, 250, 300, 350, 410, 460, 510, 560];
    const heads = ['Short-term', 'Current', 'Other', 'Current', 'Short-term', 'Current', 'Other', 'Current'];
    const got = await cells(
      [
        [
          L(label('The following table presents the fair values of derivative instruments:')),
          L(at(350, 'June 30, 2016'), at(560, 'June 30, 2015')),
          L(label('(In millions)'), ...heads.map((h, i) => head(cols[i]!, h))),
          L(
            label('Foreign exchange contracts'),
            ...['$33', '$156', '$0', '$(296)', '$17', '$167', '$0', '$(179)'].map((v, i) => at(cols[i]!, v)),
          ),
          L(label('Equity contracts'), ...['23', '10', '0', '(116)', '148', '12', '0', '(118)'].map((v, i) => at(cols[i]!, v))),
        ],
      ],
      JUN,
    );
    expect(got.filter((c) => c.row === 'Equity contracts').map((c) => [c.value, when(c)])).toEqual([
      ['23000000', '2016-06-30'],
      ['10000000', '2016-06-30'],
      ['0', '2016-06-30'],
      ['-116000000', '2016-06-30'],
      ['148000000', '2015-06-30'],
      ['12000000', '2015-06-30'],
      ['0', '2015-06-30'],
      ['-118000000', '2015-06-30'],
    ]);
  });
});

describe('PDF pages set in two columns', () => {
  it("a page in two columns (a table and its sentence on each side of the gutter) is read column by column: no row takes the other column's words or figures", async () => {
    const R = 322;
    const got = await cells([
      [
        L(label('Capital components', 50), label('Capital rollforward', R)),
        L(label('The following table presents reconciliations of', 50), label('The following table presents the changes in', R)),
        L(label('equity to capital as of June 30, 2023 and', 50), label('capital for the six months ended June 30, 2023.', R)),
        L(label('December 31, 2022.', 50), label('Six months ended June 30,', R)),
        L({ text: 'June 30,', center: 216 }, { text: 'December 31,', center: 276 }, label('(in millions)', R), at(560, '2023')),
        L(label('(in millions)', 52), at(230, '2023'), at(290, '2022'), label('Capital at December 31, 2022', R), at(560, '$ 218,934')),
        L(
          label('Total stockholders’ equity', 52),
          at(230, '$ 312,516'),
          at(290, '$ 292,332'),
          label('Net income applicable to common equity', R),
          at(560, '26,365'),
        ),
        L(
          label('Less: Preferred stock', 52),
          at(230, '27,404'),
          at(290, '27,404'),
          label('Dividends declared on common stock', R),
          at(560, '(5,911)'),
        ),
        L(
          label('Common stockholders’ equity', 52),
          at(230, '285,112'),
          at(290, '264,928'),
          label('Net purchase of treasury stock', R),
          at(560, '(4,304)'),
        ),
        L(label('Goodwill', 52), at(230, '54,339'), at(290, '53,501'), label('Changes in additional paid-in capital', R), at(560, '534')),
        L(
          label('Total capital', 52),
          at(230, '$ 235,827'),
          at(290, '$ 218,934'),
          label('Capital at June 30, 2023', R),
          at(560, '$ 235,827'),
        ),
      ],
    ]);
    const row = (r: string) => got.filter((c) => c.row === r).map((c) => [c.col, c.value, when(c), c.status]);
    expect(row('Goodwill')).toEqual([
      ['June 30, › 2023', '54339000000', '2023-06-30', 'active'],
      ['December 31, › 2022', '53501000000', '2022-12-31', 'active'],
    ]);
    expect(row('Dividends declared on common stock')).toEqual([['2023', '-5911000000', '2023-01-01..2023-06-30', 'active']]);
    expect(row('Net income applicable to common equity')).toEqual([['2023', '26365000000', '2023-01-01..2023-06-30', 'active']]);
    // the two tables stay apart: no label carries the other column's words
    expect(got.some((c) => /Goodwill.|Dividends.*Preferred|Preferred.*Dividends/.test(c.row))).toBe(false);
  });

  it("a table whose introducing sentence mentions assets and liabilities is no balance sheet for columns headed by a quarter's or a half's length", async () => {
    const got = await cells([
      [
        L(label('The following table presents pre-tax gains/(losses) recorded on derivatives that manage risks associated')),
        L(label('with certain specified assets and liabilities.')),
        L({ text: 'Three months ended', center: 320 }, { text: 'Six months ended', center: 420 }),
        L({ text: 'June 30,', center: 320 }, { text: 'June 30,', center: 420 }),
        L(label('(in millions)'), at(320, '2023'), at(360, '2022'), at(420, '2023'), at(460, '2022')),
        L(label('Interest rate'), at(320, '$ (112)'), at(360, '$ (309)'), at(420, '$ (126)'), at(460, '$ (538)')),
        L(label('Credit'), at(320, '(167)'), at(360, '89'), at(420, '(163)'), at(460, '122')),
        L(label('Total'), at(320, '$ (179)'), at(360, '$ (220)'), at(420, '$ (289)'), at(460, '$ (416)')),
      ],
    ]);
    expect(got.filter((c) => c.row === 'Credit').map((c) => [c.value, when(c), c.status])).toEqual([
      ['-167000000', '2023-04-01..2023-06-30', 'active'],
      ['89000000', '2022-04-01..2022-06-30', 'active'],
      ['-163000000', '2023-01-01..2023-06-30', 'active'],
      ['122000000', '2022-01-01..2022-06-30', 'active'],
    ]);
  });
});

describe('PDF small negatives', () => {
  it("a negative of one or two digits in parentheses, right-aligned in a value column, is the column's figure; a footnote marker after a label or a figure stays a marker", async () => {
    const got = await cells([
      [
        L(label('Other income (expense), net, was as follows (in millions):')),
        L(at(380, '2023'), at(460, '2022'), at(540, '2021')),
        L(label('Interest income'), at(380, '$ 1,634'), at(460, '$ 795'), at(540, '$ 348')),
        L(label('Foreign exchange'), at(380, '(16)'), at(460, '(245)'), at(540, '(7)')),
        L(label('Other (1)'), at(380, '112'), at(460, '(9)'), at(540, '43')),
        L(label('Total'), at(380, '$ 1,730'), { text: '(2)', x: 462 }, at(460, '$ 541'), at(540, '$ 384')),
      ],
    ]);
    const row = (r: string) => got.filter((c) => c.row === r).map((c) => [c.value, when(c), c.status]);
    expect(row('Foreign exchange')).toEqual([
      ['-16000000', '2023-01-01..2023-12-31', 'active'],
      ['-245000000', '2022-01-01..2022-12-31', 'active'],
      ['-7000000', '2021-01-01..2021-12-31', 'active'],
    ]);
    expect(row('Other (1)').map((c) => c[0])).toEqual(['112000000', '-9000000', '43000000']);
    // the marker after the 2022 total is no figure of any column
    expect(row('Total').map((c) => c[0])).toEqual(['1730000000', '541000000', '384000000']);
  });

  it('a line of years, one carrying a footnote marker ("2017 (1)"), is the columns\' heading, not a row of figures', async () => {
    const got = await cells([
      [
        L(label('Item 6. Selected Consolidated Financial Data')),
        L(head(460, 'Year Ended December 31,')),
        L(at(380, '2017 (1)'), at(460, '2018'), at(540, '2019')),
        L(label('(in millions, except per share data)')),
        L(label('Net sales'), at(380, '$ 177,866'), at(460, '$ 232,887'), at(540, '$ 280,522')),
        L(label('Operating income'), at(380, '$ 4,106'), at(460, '$ 12,421'), at(540, '$ 14,541')),
      ],
    ]);
    expect(got.filter((c) => c.row === 'Net sales').map((c) => [c.value, when(c), c.status])).toEqual([
      ['177866000000', '2017-01-01..2017-12-31', 'active'],
      ['232887000000', '2018-01-01..2018-12-31', 'active'],
      ['280522000000', '2019-01-01..2019-12-31', 'active'],
    ]);
  });
});
