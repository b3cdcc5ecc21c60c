/**
 * The FinanceBench PDFs (../shared/data/financebench/pdfs) through extraction, cover page, year-end
 * evidence and binding (no database): each document names the right registrant, ticker and fiscal
 * year end; Apple's FY2022 statements agree, value for value, with Apple's own companyfacts (an
 * independent source: the XBRL the SEC holds); every 10-K binds its revenue for the cover's fiscal
 * year at a plausible scale and its balance sheet adds up (assets = liabilities + equity).
 * Fails, rather than passing empty, when the data folder is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import type { FiscalCalendar, Period } from '@/lib/domain/types';
import { inferCalendar } from '@/lib/fiscal';
import { getMetric } from '@/lib/ontology/metrics';
import { analyzeReport, type AnalyzedReport } from './analyze';
import { withCover, type CoverPage } from './cover';
import { extractPdfReport } from './pdf';
import { calendarEvidence } from './write';

const dir = path.join(secDataDir(), 'financebench', 'pdfs');

/** From each cover: registrant, primary ticker, period end, and the year-end rule a 52/53-week filer follows. */
const EXPECTED: Record<string, { name: RegExp; ticker: string | null; periodEnd: string | null; yearEnd: string }> = {
  '3M_2022_10K': { name: /^3M Company$/i, ticker: 'MMM', periodEnd: '2022-12-31', yearEnd: 'fixed 12-31' },
  ADOBE_2022_10K: { name: /^Adobe Inc\.$/i, ticker: 'ADBE', periodEnd: '2022-12-02', yearEnd: 'week 5 11' },
  AMAZON_2019_10K: { name: /^Amazon\.com, Inc\.$/i, ticker: 'AMZN', periodEnd: '2019-12-31', yearEnd: 'fixed 12-31' },
  AMCOR_2023_10K: { name: /^Amcor plc$/i, ticker: 'AMCR', periodEnd: '2023-06-30', yearEnd: 'fixed 6-30' },
  AMERICANEXPRESS_2022_10K: { name: /^American Express Company$/, ticker: 'AXP', periodEnd: '2022-12-31', yearEnd: 'fixed 12-31' },
  APPLE_2022_10K: { name: /^Apple Inc\.$/, ticker: 'AAPL', periodEnd: '2022-09-24', yearEnd: 'week 6 9' },
  BESTBUY_2023_10K: { name: /^Best Buy Co\., Inc\.$/i, ticker: 'BBY', periodEnd: '2023-01-28', yearEnd: 'week 6 1' },
  BESTBUY_2024Q2_10Q: { name: /^Best Buy Co\., Inc\.$/i, ticker: 'BBY', periodEnd: '2023-07-29', yearEnd: 'any' },
  BOEING_2022_10K: { name: /^The Boeing Company$/i, ticker: 'BA', periodEnd: '2022-12-31', yearEnd: 'fixed 12-31' },
  COSTCO_2021_10K: { name: /^Costco Wholesale Corporation$/, ticker: 'COST', periodEnd: '2021-08-29', yearEnd: 'week 0 8' },
  GENERALMILLS_2022_10K: { name: /^General Mills, Inc\.$/i, ticker: 'GIS', periodEnd: '2022-05-29', yearEnd: 'week 0 5' },
  JPMORGAN_2023Q2_10Q: { name: /^JPMorgan Chase & Co\.$/, ticker: 'JPM', periodEnd: '2023-06-30', yearEnd: 'fixed 12-31' },
  MGMRESORTS_2023Q2_10Q: { name: /^MGM Resorts International$/, ticker: 'MGM', periodEnd: '2023-06-30', yearEnd: 'fixed 12-31' },
  MICROSOFT_2016_10K: { name: /^Microsoft Corporation$/i, ticker: null, periodEnd: '2016-06-30', yearEnd: 'fixed 6-30' },
  MICROSOFT_2023_10K: { name: /^Microsoft Corporation$/i, ticker: 'MSFT', periodEnd: '2023-06-30', yearEnd: 'fixed 6-30' },
  NETFLIX_2017_10K: { name: /^Netflix, Inc\.$/, ticker: null, periodEnd: '2017-12-31', yearEnd: 'fixed 12-31' },
  NIKE_2021_10K: { name: /^NIKE, Inc\.$/, ticker: 'NKE', periodEnd: '2021-05-31', yearEnd: 'fixed 5-31' },
  ORACLE_2023_10K: { name: /^Oracle Corporation$/, ticker: 'ORCL', periodEnd: '2023-05-31', yearEnd: 'fixed 5-31' },
  PEPSICO_2022_10K: { name: /^PepsiCo, Inc\.$/, ticker: 'PEP', periodEnd: '2022-12-31', yearEnd: 'week 6 12' },
  PEPSICO_2023Q1_EARNINGS: { name: /^PepsiCo, Inc\.$/, ticker: 'PEP', periodEnd: null, yearEnd: 'any' },
  ULTABEAUTY_2023Q4_EARNINGS: { name: /^Ulta Beauty, Inc\.$/, ticker: 'ULTA', periodEnd: null, yearEnd: 'week 6 1' },
  WALMART_2020_10K: { name: /^Walmart Inc\.$/i, ticker: 'WMT', periodEnd: '2020-01-31', yearEnd: 'fixed 1-31' },
};

function ruleKey(c: FiscalCalendar | undefined): string {
  const y = c?.yearEnd;
  if (!y) return 'none';
  return y.kind === 'fixed' ? `fixed ${y.month}-${y.day}` : `week ${y.weekday} ${y.month}`;
}

interface Read {
  cover: CoverPage;
  calendars: FiscalCalendar[];
  analysis: AnalyzedReport;
}

const reads = new Map<string, Read>();
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pdf'))
      .sort()
  : [];

describe('FinanceBench PDFs: cover, fiscal year end and statements', () => {
  it('the data folder holds the FinanceBench PDFs', () => {
    expect(files.length, `no PDFs in ${dir}`).toBeGreaterThanOrEqual(20);
  });

  beforeAll(async () => {
    for (const f of files) {
      const raw = await extractPdfReport(new Uint8Array(fs.readFileSync(path.join(dir, f))), f);
      const { doc, cover } = withCover(raw);
      const ev = calendarEvidence(doc, cover, 'mdy');
      const calendars = inferCalendar(ev.annual, { fiscalYearEndMMDD: ev.fiscalYearEndMMDD ?? undefined, entityId: f }).calendars;
      reads.set(f.replace(/\.pdf$/, ''), {
        cover,
        calendars,
        analysis: analyzeReport(doc, {
          calendars: calendars.length ? calendars : null,
          standard: 'us-gaap',
          currency: 'USD',
          order: 'mdy',
          secFiling: cover.kind === 'filing',
          registrant: [cover.registrantName],
        }),
      });
    }
  }, 600_000);

  for (const [name, want] of Object.entries(EXPECTED)) {
    it(`${name}: registrant, ticker, period and fiscal year end from the cover`, () => {
      const r = reads.get(name);
      expect(r, `${name}.pdf was not read`).toBeDefined();
      expect(r!.cover.registrantName).toMatch(want.name);
      expect(r!.cover.tickers[0] ?? null).toBe(want.ticker);
      if (want.periodEnd) expect(r!.cover.periodEnd).toBe(want.periodEnd);
      if (want.yearEnd !== 'any') expect(ruleKey(r!.calendars.at(-1))).toBe(want.yearEnd);
    });
  }

  it('Apple FY2022: at least 15 statement values agree exactly with Apple’s companyfacts, and none disagrees', () => {
    const cfFile = path.join(secDataDir(), 'sec-companyfacts', 'CIK0000320193_AAPL_companyfacts.json');
    expect(fs.existsSync(cfFile), cfFile).toBe(true);
    const cf = JSON.parse(fs.readFileSync(cfFile, 'utf8')) as {
      facts: Record<string, Record<string, { units: Record<string, { start?: string; end: string; val: number }[]> }>>;
    };
    const a = reads.get('APPLE_2022_10K')!.analysis;
    let agree = 0;
    const disagree: string[] = [];
    const seen = new Set<string>();
    for (const t of a.tables) {
      if (t.kind !== 'profit_loss' && t.kind !== 'balance_sheet' && t.kind !== 'cash_flow') continue;
      for (const c of t.cells) {
        const f = c.fact;
        if (f?.status !== 'active' || !f.metricId || f.unit !== 'USD') continue;
        const key = `${f.metricId}|${JSON.stringify(f.period)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const concepts = getMetric(f.metricId)!
          .concepts.filter((x) => x.startsWith('us-gaap:'))
          .map((x) => x.slice(8));
        const vals = new Set<number>();
        for (const concept of concepts) {
          for (const v of cf.facts['us-gaap']?.[concept]?.units.USD ?? []) {
            const same =
              f.period.type === 'instant' ? !v.start && v.end === f.period.date : v.start === f.period.start && v.end === f.period.end;
            if (same) vals.add(v.val);
          }
        }
        if (vals.size === 0) continue;
        if (vals.has(Number(f.value))) agree++;
        else disagree.push(`${c.rowLabel} ${c.columnPath.join(' › ')}: ${f.value} vs ${[...vals].join('/')}`);
      }
    }
    expect(disagree).toEqual([]);
    expect(agree).toBeGreaterThanOrEqual(15);
  });

  it('column headings above a unit line, and upper headings that list every year, still head their columns (Netflix, Oracle)', () => {
    const active = (name: string, metric: string, end: string) => {
      const r = reads.get(name);
      expect(r, `${name}.pdf was not read`).toBeDefined();
      return r!.analysis.tables
        .flatMap((t) => t.cells.map((c) => c.fact))
        .filter(
          (f) =>
            f?.status === 'active' &&
            f.metricId === metric &&
            f.period.type === 'duration' &&
            f.period.end === end &&
            f.period.start.slice(5) === (end === '2017-12-31' ? '01-01' : '06-01'),
        )
        .map((f) => Number(f!.value));
    };
    // Netflix's selected financial data: "Year ended December 31," / "2017 … 2013" / "(in thousands, …)" above the figures
    expect(active('NETFLIX_2017_10K', 'revenue', '2017-12-31')).toContain(11_692_713_000);
    // Oracle: "For the Years Ended May 31, 2023, 2022 and 2021" › "Year Ended May 31," › "2023"
    expect(active('ORACLE_2023_10K', 'revenue', '2023-05-31')).toContain(49_954_000_000);
    expect(active('ORACLE_2023_10K', 'revenue', '2021-05-31')).toContain(40_479_000_000);
  });

  it('notes layouts: periods printed for the rows, unit lines without "in", the notes heading\'s unit (Nike, American Express, Boeing)', () => {
    const active = (name: string) => {
      const r = reads.get(name);
      expect(r, `${name}.pdf was not read`).toBeDefined();
      return r!.analysis.tables.flatMap((t) =>
        t.cells
          .filter((c) => c.fact?.status === 'active')
          .map((c) => ({ row: c.rowLabel, col: c.columnPath.join(' › '), table: t.kind, ...c.fact! })),
      );
    };
    const end = (f: { period: Period }) => (f.period.type === 'instant' ? f.period.date : f.period.end);
    // Nike's fair-value note: "MAY 31, 2020" re-heads the columns for its second block of rows
    const nikeCash = active('NIKE_2021_10K').filter((f) => f.row === 'Cash' && /ASSETS AT FAIR VALUE/.test(f.col));
    expect(nikeCash.map((f) => [f.value, end(f)])).toEqual(
      expect.arrayContaining([
        ['840000000', '2021-05-31'],
        ['596000000', '2020-05-31'],
      ]),
    );
    expect(nikeCash.some((f) => f.value === '596000000' && end(f) === '2021-05-31')).toBe(false);
    // American Express's balance sheet: "December 31 (Millions, except share data)"
    const axp = active('AMERICANEXPRESS_2022_10K').filter((f) => f.metricId === 'total_assets' && f.table === 'balance_sheet');
    expect(axp.map((f) => [f.value, end(f)])).toEqual(
      expect.arrayContaining([
        ['228354000000', '2022-12-31'],
        ['188548000000', '2021-12-31'],
      ]),
    );
    // Boeing's notes print no unit line per table: "Notes to the Consolidated Financial Statements … (Dollars in millions …)"
    const boeing = active('BOEING_2022_10K').filter((f) => f.row === 'Service cost' && /^Pension/.test(f.col));
    expect(boeing.map((f) => [f.value, end(f)])).toEqual(expect.arrayContaining([['3000000', '2022-12-31']]));
  });

  for (const name of Object.keys(EXPECTED).filter((n) => /10K$/.test(n))) {
    it(`${name}: revenue of the cover's fiscal year is bound at a plausible scale; the balance sheet adds up`, () => {
      const r = reads.get(name)!;
      const end = r.cover.periodEnd!;
      const facts = r.analysis.tables
        .filter((t) => t.kind === 'profit_loss' || t.kind === 'balance_sheet')
        .flatMap((t) => t.cells.map((c) => c.fact).filter((f) => f?.status === 'active'));
      const revenue = facts.filter(
        (f) => (f!.metricId === 'revenue' || f!.metricId === 'total_income') && f!.period.type === 'duration' && f!.period.end === end,
      );
      // banks print "Total net revenue"; every one of these companies reports billions
      if (revenue.length) for (const f of revenue) expect(Math.abs(Number(f!.value))).toBeGreaterThan(1e9);
      const at = (m: string) =>
        facts.filter((f) => f!.metricId === m && f!.period.type === 'instant' && f!.period.date === end).map((f) => Number(f!.value));
      const assets = at('total_assets');
      expect(assets.length, 'total assets at the year end').toBeGreaterThan(0);
      expect(assets[0]!).toBeGreaterThan(1e9);
      const liabilities = at('total_liabilities');
      const equity = at('total_equity');
      if (liabilities.length && equity.length) {
        const sum = liabilities[0]! + equity[0]!;
        // equity excluding non-controlling interests or mezzanine lines may sit between them: within 5%
        expect(Math.abs(sum - assets[0]!) / assets[0]!).toBeLessThan(0.05);
      }
    });
  }
});
