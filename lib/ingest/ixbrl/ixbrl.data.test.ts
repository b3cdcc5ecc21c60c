/**
 * Inline XBRL 10-Ks from $SEC_DATA_DIR/filings-ixbrl, checked cell by cell against the HTML:
 * Apple FY2024 and NVIDIA FY2025 income statements. The companies' companyfacts are ingested first,
 * so the filings' facts meet the same facts as further sightings.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { coverDate } from '../xbrl/model';
import { shiftDecimal } from './transform';
import { ingestFile, type IngestOutcome } from '../ingest-file';
import { createSideFiles } from '../side-files';

const data = secDataDir();
const filings = {
  AAPL: {
    html: 'filings-ixbrl/aapl-10-k-2024-11-01.html',
    cf: 'sec-companyfacts/CIK0000320193_AAPL_companyfacts.json',
    title: /^CONSOLIDATED STATEMENTS OF OPERATIONS$/,
    years: [2024, 2023, 2022],
  },
  NVDA: {
    html: 'filings-ixbrl/nvda-10-k-2025-02-26.html',
    cf: 'sec-companyfacts/CIK0001045810_NVDA_companyfacts.json',
    title: /^Consolidated Statements of Income$/,
    years: [2025, 2024, 2023],
  },
} as const;
const present = Object.values(filings).every((f) => fs.existsSync(path.join(data, f.html)) && fs.existsSync(path.join(data, f.cf)));

interface CellRow {
  row_index: number;
  col_index: number;
  row_label: string | null;
  column_path: string[];
  text: string;
  numeric_value: string | null;
  span_start: number;
  span_end: number;
  fact_id: string | null;
  concept: string | null;
  value: string | null;
  start: string | null;
  end: string | null;
  fiscal_year: number | null;
  fiscal_period: string | null;
  dims_key: string | null;
}

describe.runIf(present)('inline XBRL 10-Ks on real filings', () => {
  let d: Database;
  const outcomes = new Map<string, IngestOutcome>();

  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    for (const [ticker, f] of Object.entries(filings)) {
      outcomes.set(`${ticker}:cf`, await ingestFile(path.join(data, f.cf), { db: d.db, tenantId: 'data', sideFiles }));
      outcomes.set(ticker, await ingestFile(path.join(data, f.html), { db: d.db, tenantId: 'data', sideFiles }));
    }
  });
  afterAll(async () => {
    await d?.close();
  });

  it('ingests both filings with tables and chunks, identified by their accession', async () => {
    for (const [key, o] of outcomes) expect([key, o.status, o.error]).toEqual([key, 'ok', null]);
    const rows = await d.query<{ file_name: string; accession: string; filed: string }>(
      `select file_name, accession, to_char(filed_at, 'YYYY-MM-DD') as filed from sources where kind = 'ixbrl' order by file_name`,
    );
    expect(rows).toEqual([
      { file_name: 'aapl-10-k-2024-11-01.html', accession: '0000320193-24-000123', filed: '2024-11-01' },
      { file_name: 'nvda-10-k-2025-02-26.html', accession: '0001045810-25-000023', filed: '2025-02-26' },
    ]);
  });

  for (const [ticker, f] of Object.entries(filings)) {
    it(`${ticker}: every cell of the income statement links to the fact the HTML tags there, with the column's period`, async () => {
      const o = outcomes.get(ticker)!;
      const html = fs.readFileSync(path.join(data, f.html), 'utf8');
      const tables = await d.query<{ id: string; title: string; scale: number }>(
        `select id, title, scale from source_tables where source_id = $1 order by ordinal`,
        [o.sourceId],
      );
      const statement = tables.filter((t) => t.title && f.title.test(t.title));
      expect(statement.length).toBeGreaterThanOrEqual(1);
      const table = statement[0]!;
      expect(table.scale).toBe(6);
      const cells = await d.query<CellRow>(
        `select c.row_index, c.col_index, c.row_label, c.column_path, c.text, c.numeric_value::text, c.span_start, c.span_end, c.fact_id,
                f.concept, f.value::text, to_char(f.start_date, 'YYYY-MM-DD') as start, to_char(f.end_date, 'YYYY-MM-DD') as "end",
                f.fiscal_year, f.fiscal_period, f.dims_key
         from source_cells c left join facts f on f.id = c.fact_id where c.table_id = $1 order by c.row_index, c.col_index`,
        [table.id],
      );
      const valueCells = cells.filter((c) => c.numeric_value !== null || c.fact_id !== null);
      expect(valueCells.length).toBeGreaterThanOrEqual(40);
      const columnYears = new Map<string, number>();
      for (const c of valueCells) {
        // every number in the statement is tagged, and the link resolves to a stored fact
        expect(c.fact_id, `${c.row_label} / ${c.column_path.join(' / ')}`).not.toBeNull();
        expect(c.concept).not.toBeNull();
        // re-read the tag from the HTML at the cell's span
        const slice = html.slice(c.span_start, c.span_end);
        const tag = /<ix:nonFraction\b([^>]*)>([\s\S]*?)<\/ix:nonFraction>/.exec(slice);
        expect(tag, slice).not.toBeNull();
        const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag![1]!)?.[1];
        expect(attr('name')).toBe(c.concept);
        const shown = tag![2]!
          .replace(/<[^>]+>/g, '')
          .replace(/,/g, '')
          .trim();
        const base = attr('format')?.endsWith('fixed-zero') ? '0' : shown;
        const expected = shiftDecimal(base, Number(attr('scale') ?? '0'));
        expect(c.value).toBe(attr('sign') === '-' && expected !== '0' ? `-${expected}` : expected);
        // the column header names the period's end; the statement covers fiscal years
        const header = c.column_path.at(-1)!;
        const end = coverDate(header.replace(/\s+/g, ' '));
        expect(end, header).not.toBeNull();
        expect(c.end).toBe(end);
        expect(c.fiscal_period).toBe('FY');
        // breakdown rows (Products, Services) are dimensional facts; totals are not
        if (c.dims_key !== '') expect(c.row_label).toMatch(/^(Net sales|Cost of sales): /);
        if (/^(Total net sales|Revenue|Net income|Gross (margin|profit))$/.test(c.row_label ?? '')) expect(c.dims_key).toBe('');
        columnYears.set(header, c.fiscal_year!);
      }
      expect([...columnYears.values()]).toEqual([...f.years]);
      const labels = new Set(valueCells.map((c) => c.row_label));
      expect(labels.has(ticker === 'AAPL' ? 'Total net sales' : 'Revenue')).toBe(true);
      expect(labels.has('Net income')).toBe(true);
    });
  }

  it('the filings’ facts are the companyfacts facts, seen once more', async () => {
    const [row] = await d.query<{ n: number; accessions: string[] }>(
      `select count(*)::int as n, array_agg(s.accession order by s.filed_at) as accessions
       from facts f join fact_sightings s on s.fact_id = f.id
       where f.concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' and f.start_date = '2021-09-26' and f.end_date = '2022-09-24' and f.dims_key = ''`,
    );
    expect(row!.accessions).toEqual(['0000320193-22-000108', '0000320193-23-000106', '0000320193-24-000123', '0000320193-24-000123']);
  });

  it('chunks the narrative by item with the fiscal-year bucket', async () => {
    const rows = await d.query<{ ticker: string; section: string; fiscal_year: number; n: number }>(
      `select e.ticker, c.section, c.fiscal_year, count(*)::int as n from chunks c join entities e on e.id = c.entity_id
       where c.section in ('Item 1', 'Item 1A', 'Item 7', 'Item 7A') group by 1, 2, 3 order by 1, 2`,
    );
    expect(rows.map((r) => [r.ticker, r.section, r.fiscal_year])).toEqual([
      ['AAPL', 'Item 1', 2024],
      ['AAPL', 'Item 1A', 2024],
      ['AAPL', 'Item 7', 2024],
      ['AAPL', 'Item 7A', 2024],
      ['NVDA', 'Item 1', 2025],
      ['NVDA', 'Item 1A', 2025],
      ['NVDA', 'Item 7', 2025],
      ['NVDA', 'Item 7A', 2025],
    ]);
    expect(rows.every((r) => r.n > 0)).toBe(true);
    const hit = await d.query<{ heading: string }>(
      `select heading from chunks where section = 'Item 7' and tsv @@ plainto_tsquery('english', 'data center revenue') limit 1`,
    );
    expect(hit.length).toBe(1);
  });
});
