/**
 * US income statement conventions the binder reads from the whole table: rows naming the registrant
 * ("Net income attributable to PepsiCo") are the parent's net income and the result above them
 * includes the noncontrolling interests; expenses printed in parentheses are positive expenses; a
 * revenue total over its parts is the revenue; a measure that cannot be negative printed negative is
 * not that measure; cash flow statements bind their investing and financing totals.
 */
import { describe, expect, it } from 'vitest';
import type { FiscalCalendar } from '@/lib/domain/types';
import { analyzeReport, tablesSayConsolidated } from './analyze';
import { extractHtmlReport } from './html';
import { statementRowLabels } from './write';

const DEC: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
];

function facts(html: string, registrant: string[] = []) {
  const a = analyzeReport(extractHtmlReport(html), {
    calendars: DEC,
    standard: 'us-gaap',
    currency: 'USD',
    order: 'mdy',
    secFiling: true,
    registrant,
  });
  const out = a.tables.flatMap((t) =>
    t.cells.filter((c) => c.fact && c.columnPath.join(' ').includes('2022')).map((c) => ({ row: c.rowLabel, ...c.fact! })),
  );
  const metric = (id: string) => out.filter((f) => f.status === 'active' && f.metricId === id).map((f) => f.value);
  return { out, metric };
}

const income = (
  rows: string,
  title = 'Consolidated Statement of Income',
) => `<p>${title}</p><p>(in millions, except per share amounts)</p><table>
  <tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td></tr>${rows}</table>`;
const row = (label: string, a: string, b: string) => `<tr><td>${label}</td><td>${a}</td><td>${b}</td></tr>`;

describe('rows naming the registrant', () => {
  const html = income(
    row('Net Revenue', '86,392', '79,474') +
      row('Income before income taxes', '10,705', '9,579') +
      row('Net income', '8,978', '7,679') +
      row('Less: Net income attributable to noncontrolling interests', '68', '61') +
      row('Net Income Attributable to PepsiCo', '8,910', '7,618') +
      '<tr><td>Net Income Attributable to PepsiCo per Common Share</td><td></td><td></td></tr>' +
      row('Diluted', '$ 6.42', '$ 5.49'),
  );

  it('the parent’s row is net income; the result above it includes the noncontrolling interests', () => {
    const { metric } = facts(html, ['PepsiCo, Inc.']);
    expect(metric('net_income')).toEqual(['8910000000']);
    expect(metric('net_income_including_nci')).toEqual(['8978000000']);
    expect(metric('eps_diluted')).toEqual(['6.42']);
  });

  it('without the registrant’s name, the noncontrolling interests’ row still keeps the total above it from being net income', () => {
    const { metric } = facts(html);
    expect(metric('net_income')).toEqual([]);
    expect(metric('net_income_including_nci')).toEqual(['8978000000']);
  });

  it('short forms of the name: "Boeing Shareholders", "Costco", "Amcor plc", "3M"', () => {
    const names: [string, string][] = [
      ['The Boeing Company', 'Net loss attributable to Boeing Shareholders'],
      ['COSTCO WHOLESALE CORPORATION', 'NET INCOME ATTRIBUTABLE TO COSTCO'],
      ['Amcor plc', 'Net income attributable to Amcor plc'],
      ['3M COMPANY', 'Net income attributable to 3M'],
      ['General Mills, Inc.', 'Net earnings attributable to General Mills'],
    ];
    for (const [name, label] of names) {
      const { metric } = facts(income(row('Net income', '1,058', '815') + row(label, '1,048', '805')), [name]);
      expect(metric('net_income'), label).toEqual(['1048000000']);
      expect(metric('net_income_including_nci'), label).toEqual(['1058000000']);
    }
  });

  it('another company’s name is not the registrant', () => {
    const { metric } = facts(income(row('Net income', '1,058', '815') + row('Net income attributable to Amcor plc', '1,048', '805')), [
      'Costco Wholesale Corporation',
    ]);
    expect(metric('net_income')).toEqual(['1058000000']);
  });
});

describe('expense signs', () => {
  it('a statement printing its expenses in parentheses stores positive expenses; other lines as printed', () => {
    const { metric } = facts(
      income(
        row('Net sales', '14,694', '14,544') +
          row('Cost of sales', '(11,969)', '(11,724)') +
          row('Selling, general, and administrative expenses', '(1,246)', '(1,284)') +
          row('Research and development expenses', '(1,101)', '(1,106)') +
          row('Other income, net', '(1,026)', '60') +
          row('Operating income', '1,508', '1,386') +
          row('Income tax expense', '(193)', '(215)'),
      ),
    );
    expect(metric('cost_of_revenue')).toEqual(['11969000000']);
    expect(metric('sga')).toEqual(['1246000000']);
    expect(metric('rnd')).toEqual(['1101000000']);
    expect(metric('tax_expense')).toEqual(['193000000']);
    expect(metric('other_income')).toEqual(['-1026000000']);
    expect(metric('revenue')).toEqual(['14694000000']);
  });

  it('a statement printing its expenses positive is read as printed; a lone negative cost is no expense', () => {
    const { metric, out } = facts(
      income(
        row('Net sales', '192,052', '163,220') +
          row('Selling, general and administrative', '18,461', '16,332') +
          row('Research and development', '(1,012)', '30') +
          row('Interest expense', '(171)', '(160)'),
      ),
    );
    expect(metric('sga')).toEqual(['18461000000']);
    // research and development cannot be negative: the row keeps its own concept
    expect(metric('rnd')).toEqual([]);
    expect(out.find((f) => f.row === 'Research and development')!.status).toBe('active');
    expect(metric('finance_costs')).toEqual(['-171000000']);
  });
});

describe('a tax caption naming both signs and the parts of the cost of revenue (Boeing)', () => {
  const boeing = (tax: string, net: string) =>
    income(
      row('Sales of products', '55,893', '52,386') +
        row('Total revenues', '66,608', '62,286') +
        row('Cost of products', '(53,969)', '(49,954)') +
        row('Cost of services', '(9,109)', '(9,283)') +
        row('General and administrative expense', '(4,187)', '(4,157)') +
        row('Loss before income taxes', '(5,022)', '(5,033)') +
        row('Income tax (expense)/benefit', tax, '743') +
        row('Net loss', net, '(4,290)'),
      'Consolidated Statements of Operations',
    );
  it('"Income tax (expense)/benefit (131)" under a loss of 5,022 and a net loss of 5,153 is a tax expense of 131', () => {
    const { metric } = facts(boeing('(131)', '(5,153)'));
    expect(metric('tax_expense')).toEqual(['131000000']);
    expect(metric('cost_of_products')).toEqual(['53969000000']);
    expect(metric('cost_of_services')).toEqual(['9109000000']);
  });
  it('a two-sided tax caption whose column does not reconcile is not the tax measure', () => {
    const { metric, out } = facts(boeing('(131)', '(4,000)'));
    expect(metric('tax_expense')).toEqual([]);
    expect(out.find((f) => f.row === 'Income tax (expense)/benefit')?.status).toBe('active');
  });
});

describe('long-term debt on a balance sheet printing its current portion (Microsoft)', () => {
  const sheet = (rows: string) => `<p>BALANCE SHEETS</p><p>(In millions)</p><table>
  <tr><td>June 30,</td><td>2022</td><td>2021</td></tr>${rows}</table>`;
  const bs = (label: string, a: string, b: string) => `<tr><td>${label}</td><td>${a}</td><td>${b}</td></tr>`;
  it('is the non-current part beside "Current portion of long-term debt"; alone it stays long-term debt', () => {
    const liabilities =
      bs('Total current assets', '169,684', '184,406') +
      bs('Total assets', '364,840', '333,779') +
      bs('Current portion of long-term debt', '2,749', '8,072') +
      bs('Total current liabilities', '95,082', '88,657') +
      bs('Long-term debt', '47,032', '50,074') +
      bs('Total liabilities', '198,298', '191,791');
    const { metric } = facts(sheet(liabilities));
    expect(metric('long_term_debt_noncurrent')).toEqual(['47032000000']);
    expect(metric('long_term_debt')).toEqual([]);
    const alone = facts(sheet(liabilities.replace(bs('Current portion of long-term debt', '2,749', '8,072'), '')));
    expect(alone.metric('long_term_debt')).toEqual(['47032000000']);
    expect(alone.metric('long_term_debt_noncurrent')).toEqual([]);
  });
});

describe('expenses deducted in parentheses by a statement printing its operating expenses positive', () => {
  it('under "Other income (expense):" (Netflix) an interest expense printed "(238,204)" is an expense of 238,204', () => {
    const { metric } = facts(
      income(
        row('Revenues', '11,692,713', '8,830,669') +
          row('Cost of revenues', '7,659,666', '6,029,901') +
          row('Operating income', '838,679', '379,793') +
          '<tr><td>Other income (expense):</td><td></td><td></td></tr>' +
          row('Interest expense', '(238,204)', '(150,114)') +
          row('Interest and other income (expense)', '(115,154)', '30,828') +
          row('Income before income taxes', '485,321', '260,507'),
      ),
    );
    expect(metric('finance_costs')).toEqual(['238204000000']);
    // a line naming income keeps its sign
    expect(metric('cost_of_revenue')).toEqual(['7659666000000']);
  });

  it('between operating income and the next subtotal (Oracle) the parentheses deduct; a line naming income keeps its sign', () => {
    const { metric, out } = facts(
      income(
        row('Total revenues', '49,954', '42,440') +
          row('Total operating expenses', '36,861', '31,514') +
          row('Operating income', '13,093', '10,926') +
          row('Interest expense', '(3,505 )', '(2,755 )') +
          row('Other (income) expense, net', '(410 )', '(1,093 )') +
          row('Income before income taxes', '9,178', '7,078'),
      ),
    );
    expect(metric('finance_costs')).toEqual(['3505000000']);
    expect(out.find((f) => f.row === 'Interest expense' && f.status === 'active')!.labels.printedAsDeduction).toBe(true);
    expect(out.find((f) => f.row === 'Other (income) expense, net')!.value).toBe('-410000000');
  });
});

describe("a statement's title", () => {
  it('is the nearest title above it, not the title of a statement printed earlier on the page (Oracle)', () => {
    const html = `<p>ORACLE CORPORATION</p><p>CONSOLIDATED STATEMENTS OF OPERATIONS</p><p>ORACLE CORPORATION</p><p>CONSOLIDATED STATEMENTS OF CASH FLOWS</p><p>(in millions)</p><table>
      <tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td></tr>
      <tr><td>Net income</td><td>8,503</td><td>6,717</td></tr>
      <tr><td>Stock-based compensation</td><td>3,547</td><td>2,613</td></tr>
      <tr><td>Net cash provided by operating activities</td><td>17,165</td><td>9,539</td></tr></table>`;
    const { metric } = facts(html);
    expect(metric('stock_compensation')).toEqual(['3547000000']);
    expect(metric('operating_cash_flow')).toEqual(['17165000000']);
  });
});

describe('askable labels of statement lines outside the ontology', () => {
  it('a one-word line takes its section noun; "Total" is dropped; a line of a note table gets none', () => {
    const html =
      income(
        '<tr><td>Revenues</td><td></td><td></td></tr>' +
          row('Casino', '3,628,480', '3,035,227') +
          row('Rooms', '1,022,111', '915,106') +
          row('Total revenues', '5,694,230', '4,785,812') +
          '<tr><td>Expenses</td><td></td><td></td></tr>' +
          row('Marketing', '2,878,380', '2,650,500') +
          row('Total noninterest revenue', '12,345', '11,111') +
          row('Other', '12', '11'),
      ) +
      `<p>Note 7. Segment information</p><table><tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td></tr>${row('Casino', '1,000', '900')}</table>`;
    const a = analyzeReport(extractHtmlReport(html), {
      calendars: DEC,
      standard: 'us-gaap',
      currency: 'USD',
      order: 'mdy',
      secFiling: true,
    });
    const labels = statementRowLabels(a)
      .map((l) => l.label)
      .sort();
    expect(labels).toEqual(['Casino revenues', 'Marketing expenses', 'Noninterest revenue', 'Other expenses', 'Rooms revenues']);
  });
});

describe('revenue total over its parts', () => {
  it('"Total revenue" is the revenue when "Net sales" and "Membership fees" are printed above it', () => {
    const { metric } = facts(
      income(
        row('Net sales', '192,052', '163,220') + row('Membership fees', '3,877', '3,541') + row('Total revenue', '195,929', '166,761'),
      ),
    );
    expect(metric('revenue')).toEqual(['195929000000']);
  });
});

describe('cash flow statements', () => {
  it('the net line is the operating cash flow when a subtotal before taxes paid reads alike', () => {
    const html = `<p>Statement of Cash Flows</p><p>(in millions)</p><table>
      <tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td></tr>
      ${row('Cash generated from operating activities', '450', '403')}
      ${row('Direct taxes paid', '(26)', '(85)')}
      ${row('Net cash generated from operating activities', '424', '318')}</table>`;
    expect(facts(html).metric('operating_cash_flow')).toEqual(['424000000']);
  });

  it('bind operating, investing and financing totals, stock-based compensation, repurchases and dividends', () => {
    const html = `<p>Consolidated Statement of Cash Flows</p><p>(in millions)</p><table>
      <tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td></tr>
      ${row('Stock-based compensation expense', '263', '274')}
      ${row('Net cash provided by (used in) operating activities', '5,591', '7,454')}
      ${row('Purchases of property, plant and equipment (PP&amp;E)', '(1,749)', '(1,603)')}
      ${row('Net cash provided by (used in) investing activities', '(1,046)', '(1,317)')}
      ${row('Purchases of treasury stock', '(1,464)', '(2,199)')}
      ${row('Dividends paid to shareholders', '(3,369)', '(3,420)')}
      ${row('Net cash provided by (used in) financing activities', '(5,350)', '(4,743)')}</table>`;
    const { metric } = facts(html);
    expect(metric('stock_compensation')).toEqual(['263000000']);
    expect(metric('operating_cash_flow')).toEqual(['5591000000']);
    expect(metric('capex')).toEqual(['1749000000']);
    expect(metric('investing_cash_flow')).toEqual(['-1046000000']);
    expect(metric('share_repurchases')).toEqual(['1464000000']);
    expect(metric('dividends_paid')).toEqual(['3369000000']);
    expect(metric('financing_cash_flow')).toEqual(['-5350000000']);
  });
});

describe('a standalone report', () => {
  const doc = (contextLine: string) =>
    extractHtmlReport(`<h1>Standalone Financial Statements</h1><p>The standalone financial statements of the Company are prepared under Ind AS.</p>
      <p>${contextLine}</p><table><tr><td></td><td>2024</td><td>2023</td></tr><tr><td>Statutory audit fees</td><td>42.0</td><td>40.0</td></tr></table>`);
  it('stays standalone when a sentence above a table merely says "on a consolidated basis"', () => {
    expect(
      tablesSayConsolidated(
        doc('Total fees for all services paid by the listed entity and its subsidiaries, on a consolidated basis, to the auditor'),
      ),
    ).toBe(false);
  });
  it('is not standalone alone when a table is titled as a consolidated statement', () => {
    expect(tablesSayConsolidated(doc('Consolidated Statement of Profit and Loss'))).toBe(true);
    expect(tablesSayConsolidated(doc('Notes to the consolidated financial statements: fees paid by the subsidiaries to the auditor'))).toBe(
      true,
    );
  });
});

describe('totals printed without a label', () => {
  it("are the section's total when they add up to its lines, or close its last sub-section ('Total other assets' then total assets)", () => {
    const html = `<p>CONSOLIDATED STATEMENTS OF OPERATIONS (In thousands)</p><table>
      <tr><td></td><td>Three Months Ended June 30, 2023</td><td>Three Months Ended June 30, 2022</td></tr>
      <tr><td>Revenues</td><td></td><td></td></tr>
      <tr><td>Casino</td><td>$1,951,382</td><td>$1,357,134</td></tr>
      <tr><td>Rooms</td><td>815,323</td><td>774,732</td></tr>
      <tr><td>Food and beverage</td><td>1,175,502</td><td>1,133,022</td></tr>
      <tr><td></td><td>3,942,207</td><td>3,264,888</td></tr>
      <tr><td>Expenses</td><td></td><td></td></tr>
      <tr><td>Casino</td><td>1,025,745</td><td>622,166</td></tr>
      <tr><td>Rooms</td><td>250,300</td><td>232,429</td></tr>
      <tr><td></td><td>999,999</td><td>888,888</td></tr></table>
      <p>CONSOLIDATED BALANCE SHEETS (In thousands)</p><table>
      <tr><td></td><td>June 30, 2023</td><td>December 31, 2022</td></tr>
      <tr><td>ASSETS</td><td></td><td></td></tr>
      <tr><td>Current assets</td><td></td><td></td></tr>
      <tr><td>Cash and cash equivalents</td><td>$3,843,366</td><td>$5,911,893</td></tr>
      <tr><td>Inventories</td><td>130,889</td><td>126,065</td></tr>
      <tr><td>Total current assets</td><td>3,974,255</td><td>6,037,958</td></tr>
      <tr><td>Property and equipment, net</td><td>5,233,400</td><td>5,223,928</td></tr>
      <tr><td>Other assets</td><td></td><td></td></tr>
      <tr><td>Goodwill</td><td>5,029,189</td><td>5,029,312</td></tr>
      <tr><td>Other long-term assets, net</td><td>858,456</td><td>1,029,054</td></tr>
      <tr><td>Total other assets</td><td>5,887,645</td><td>6,058,366</td></tr>
      <tr><td></td><td>$15,095,300</td><td>$17,320,252</td></tr></table>`;
    const a = analyzeReport(extractHtmlReport(html), {
      calendars: DEC,
      standard: 'us-gaap',
      currency: 'USD',
      order: 'mdy',
      secFiling: true,
    });
    const active = (id: string) =>
      a.tables
        .flatMap((t) => t.cells)
        .filter((c) => c.fact?.status === 'active' && c.fact.metricId === id)
        .map((c) => c.fact!.value);
    expect(active('revenue')).toEqual(['3942207000', '3264888000']);
    expect(active('total_assets')).toEqual(['15095300000', '17320252000']);
    // a line that does not add up to the lines above it is not their total
    expect(a.tables[0]!.cells.filter((c) => c.text === '999,999').map((c) => [c.fact!.status, c.fact!.metricId])).toEqual([
      ['quarantined', null],
    ]);
  });
});

describe('columns set aside as derived', () => {
  it('keep a currency translation adjustments column of an AOCI roll-forward', () => {
    const html = `<p>Changes in accumulated other comprehensive income (In thousands)</p><table>
      <tr><td></td><td>Currency Translation</td><td>Other</td><td>Total</td></tr>
      <tr><td></td><td>Adjustments</td><td></td><td></td></tr>
      <tr><td>Balances, January 1, 2023</td><td>$34,435</td><td>$(936)</td><td>$33,499</td></tr>
      <tr><td>Other comprehensive income (loss)</td><td>(4,313)</td><td>871</td><td>(3,442)</td></tr>
      <tr><td>Balances, June 30, 2023</td><td>$30,122</td><td>$(65)</td><td>$30,057</td></tr></table>`;
    const a = analyzeReport(extractHtmlReport(html), {
      calendars: DEC,
      standard: 'us-gaap',
      currency: 'USD',
      order: 'mdy',
      secFiling: true,
    });
    expect(a.tables[0]!.cells.filter((c) => c.text === '$34,435').map((c) => c.skipped)).toEqual([null]);
  });
});

describe("a measure's line printed as a percentage beside its amount", () => {
  it('binds the percentage as the line’s own share, never as the measure', () => {
    const html = income(row('Net sales', '$3,226,773', '$2,729,388') + row('Gross profit', '1,212,503', '1,027,329'))
      .replace(
        '<tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td></tr>',
        '<tr><td></td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2022</td><td>Year Ended December 31, 2021</td><td>Year Ended December 31, 2021</td></tr>',
      )
      .replace('<td>$3,226,773</td><td>$2,729,388</td>', '<td>$3,226,773</td><td>100.0%</td><td>$2,729,388</td><td>100.0%</td>')
      .replace('<td>1,212,503</td><td>1,027,329</td>', '<td>1,212,503</td><td>37.6%</td><td>1,027,329</td><td>37.6%</td>');
    const { out, metric } = facts(html);
    expect(metric('gross_profit')).toEqual(['1212503000000']);
    const pct = out.filter((f) => f.row === 'Gross profit' && f.unit === 'pure');
    expect(pct.map((f) => [f.value, f.status, f.metricId])).toEqual([['0.376', 'active', null]]);
    expect(pct[0]!.concept).not.toBe(out.find((f) => f.row === 'Gross profit' && f.unit === 'USD')!.concept);
  });
});

describe('the same caption under two sections of a statement', () => {
  it('the first binds the measure; the second is its own line, active, never the measure', () => {
    const html = `<p>CONSOLIDATED BALANCE SHEETS (In millions)</p><table>
      <tr><td></td><td>December 2, 2022</td><td>December 3, 2021</td></tr>
      <tr><td>Current liabilities:</td><td></td><td></td></tr>
      <tr><td>Deferred revenue</td><td>5,837</td><td>5,564</td></tr>
      <tr><td>Total current liabilities</td><td>8,128</td><td>8,109</td></tr>
      <tr><td>Long-term liabilities:</td><td></td><td></td></tr>
      <tr><td>Deferred revenue</td><td>117</td><td>145</td></tr></table>`;
    const a = analyzeReport(extractHtmlReport(html), {
      calendars: DEC,
      standard: 'us-gaap',
      currency: 'USD',
      order: 'mdy',
      secFiling: true,
    });
    const rows = a.tables[0]!.cells.filter((c) => c.rowLabel === 'Deferred revenue').map((c) => [c.text, c.fact!.status, c.fact!.metricId]);
    expect(rows).toEqual([
      ['5,837', 'active', 'deferred_revenue'],
      ['5,564', 'active', 'deferred_revenue'],
      ['117', 'active', null],
      ['145', 'active', null],
    ]);
  });
});
