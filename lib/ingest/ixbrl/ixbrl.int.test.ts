import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { testTargets } from '@/tests/support/db';
import { ingestBytes, ingestFile } from '../ingest-file';
import { noSideFiles } from '../side-files';

const fixtures = path.join(import.meta.dirname, '..', '__fixtures__');
const TENANT = 't-ixbrl';

for (const target of testTargets()) {
  describe(`inline XBRL ingestion on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('stores facts, tables with cells linked to facts, and chunks; reuses facts known from companyfacts', async () => {
      const cf = await ingestFile(path.join(fixtures, 'v2', 'CIK0000000042_ACME_companyfacts.json'), {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
      });
      expect(cf.status).toBe('ok');
      const o = await ingestFile(path.join(fixtures, 'ixbrl', 'acme-10-k-2024-02-10.htm'), {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
      });
      expect(o).toMatchObject({ status: 'ok', format: 'ixbrl', factsSeen: 8, tablesAdded: 2, error: null });
      expect(o.entityId).toBe(cf.entityId);
      expect(o.chunksAdded).toBeGreaterThanOrEqual(4);

      // the filing is identified from the company's stored sightings (same form, same period end)
      const [src] = await d.query<{ accession: string; filed: string; kind: string; por: string }>(
        `select accession, to_char(filed_at, 'YYYY-MM-DD') as filed, kind, to_char(period_of_report, 'YYYY-MM-DD') as por from sources where id = $1`,
        [o.sourceId],
      );
      expect(src).toEqual({ accession: '0000000042-24-000010', filed: '2024-02-10', kind: 'ixbrl', por: '2023-12-31' });

      const cells = await d.query<{
        row_label: string;
        column_path: string[];
        text: string;
        value: string;
        start: string;
        end: string;
        fiscal_year: number;
        fiscal_period: string;
        dims_key: string;
        sightings: number;
      }>(
        `select c.row_label, c.column_path, c.text, f.value::text, to_char(f.start_date, 'YYYY-MM-DD') as start, to_char(f.end_date, 'YYYY-MM-DD') as "end",
                f.fiscal_year, f.fiscal_period, f.dims_key, (select count(*)::int from fact_sightings s where s.entity_id = f.entity_id and s.fact_id = f.id) as sightings
         from source_cells c join source_tables t on t.entity_id = c.entity_id and t.id = c.table_id join facts f on f.entity_id = c.entity_id and f.id = c.fact_id
         where t.source_id = $1 and t.title = 'CONSOLIDATED STATEMENTS OF OPERATIONS' order by c.row_index, c.col_index`,
        [o.sourceId],
      );
      expect(
        cells.map((c) => [c.row_label, c.column_path.at(-1), c.text, c.value, c.end, c.fiscal_year, c.fiscal_period, c.dims_key !== '']),
      ).toEqual([
        ['Net sales: Widgets', '2023', '800', '800000', '2023-12-31', 2023, 'FY', true],
        ['Total net sales', '2023', '1,300', '1300000', '2023-12-31', 2023, 'FY', false],
        ['Total net sales', '2022', '1,200', '1200000', '2022-12-31', 2022, 'FY', false],
        ['Net loss', '2023', '(25)', '-25000', '2023-12-31', 2023, 'FY', false],
        ['Net loss', '2022', '—', '0', '2022-12-31', 2022, 'FY', false],
        ['Diluted earnings per share', '2023', '(0.03)', '-0.03', '2023-12-31', 2023, 'FY', false],
        ['Diluted earnings per share', '2022', '—', '0', '2022-12-31', 2022, 'FY', false],
      ]);
      // FY2023 revenue: the companyfacts fact, now also seen in the inline filing
      expect(cells[1]!.sightings).toBe(2);

      const [table] = await d.query<{ section: string; unit_line: string; scale: number; currency: string }>(
        `select section, unit_line, scale, currency from source_tables where source_id = $1 and title = 'CONSOLIDATED STATEMENTS OF OPERATIONS'`,
        [o.sourceId],
      );
      expect(table).toEqual({ section: 'Item 8', unit_line: '(In thousands, except per-share amounts)', scale: 3, currency: 'USD' });

      // a fact first seen in the inline filing points at its cell
      const [loss] = await d.query<{ row_label: string; provenance: { tableId: string; cellId: string; sourceLabel: string } }>(
        `select c.row_label, f.provenance from facts f join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id where f.entity_id = $1 and f.concept = 'us-gaap:NetIncomeLoss' and f.end_date = '2023-12-31'`,
        [o.entityId],
      );
      expect(loss?.row_label).toBe('Net loss');
      expect(loss?.provenance.sourceLabel).toBe('Net loss | Years ended December 31, / 2023');

      const chunks = await d.query<{ section: string; fiscal_year: number; heading: string; embedding: unknown; entity_id: string }>(
        `select section, fiscal_year, heading, embedding, entity_id from chunks where source_id = $1 order by ordinal`,
        [o.sourceId],
      );
      expect([...new Set(chunks.map((c) => c.section))]).toEqual(['Item 1', 'Item 1A', 'Item 7', 'Item 8']);
      expect(chunks.every((c) => c.fiscal_year === 2023 && c.embedding === null && c.entity_id === o.entityId)).toBe(true);
      const tsv = await d.query<{ n: number }>(
        `select count(*)::int as n from chunks where source_id = $1 and tsv @@ plainto_tsquery('english', 'widget demand cyclical')`,
        [o.sourceId],
      );
      expect(tsv[0]!.n).toBe(1);
    });

    it('one fact tagged twice at different precision is one fact (the precise value); disagreeing values stay a conflict', async () => {
      const T2 = 't-ixbrl-dup';
      const html = fs
        .readFileSync(path.join(fixtures, 'ixbrl', 'acme-10-k-2024-02-10.htm'), 'utf8')
        .replace(
          '<div>Revenue grew to $1.3 million in 2023',
          [
            '<div>Operating expenses were $<ix:nonFraction name="us-gaap:OperatingExpenses" contextRef="FY2023" unitRef="usd" decimals="-5" scale="6" format="ixt:num-dot-decimal">4.1</ix:nonFraction> million',
            ' (<ix:nonFraction name="us-gaap:OperatingExpenses" contextRef="FY2023" unitRef="usd" decimals="-3" scale="3" format="ixt:num-dot-decimal">4,137</ix:nonFraction> thousand);',
            ' research cost $<ix:nonFraction name="us-gaap:ResearchAndDevelopmentExpense" contextRef="FY2023" unitRef="usd" decimals="-5" scale="6" format="ixt:num-dot-decimal">2.0</ix:nonFraction> million',
            ' (<ix:nonFraction name="us-gaap:ResearchAndDevelopmentExpense" contextRef="FY2023" unitRef="usd" decimals="-3" scale="3" format="ixt:num-dot-decimal">2,137</ix:nonFraction> thousand).</div>',
            '<div>Revenue grew to $1.3 million in 2023',
          ].join(''),
        );
      const o = await ingestBytes(Buffer.from(html), 'acme-10-k-2024-02-10.htm', { db: d.db, tenantId: T2, sideFiles: noSideFiles });
      expect(o.status).toBe('ok');
      expect(o.notes.join(' ')).toContain('1 duplicate fact(s) of lower precision merged');
      const rows = await d.query<{ concept: string; value: string; n: number }>(
        `select f.concept, f.value::text as value, (select count(*)::int from fact_sightings s where s.entity_id = f.entity_id and s.fact_id = f.id) as n
         from facts f where f.entity_id = $1 and f.concept in ('us-gaap:OperatingExpenses', 'us-gaap:ResearchAndDevelopmentExpense') order by f.concept, f.value`,
        [o.entityId],
      );
      expect(rows).toEqual([
        { concept: 'us-gaap:OperatingExpenses', value: '4137000', n: 1 },
        { concept: 'us-gaap:ResearchAndDevelopmentExpense', value: '2000000', n: 1 },
        { concept: 'us-gaap:ResearchAndDevelopmentExpense', value: '2137000', n: 1 },
      ]);
    });

    it('re-ingesting changes nothing; a malformed filing writes nothing', async () => {
      const count = async () =>
        (
          await d.query<{ n: number }>(
            `select (select count(*) from facts) + (select count(*) from source_cells) + (select count(*) from chunks) as n`,
          )
        )[0]!.n;
      const before = await count();
      const again = await ingestFile(path.join(fixtures, 'ixbrl', 'acme-10-k-2024-02-10.htm'), { db: d.db, tenantId: TENANT });
      expect(again.status).toBe('unchanged');
      const bad = await ingestFile(path.join(fixtures, 'ixbrl', 'acme-badnumber.htm'), { db: d.db, tenantId: TENANT });
      expect(bad.error?.code).toBe('bad_request:malformed_xbrl');
      const broken = await ingestFile(path.join(fixtures, 'ixbrl', 'acme-malformed.htm'), { db: d.db, tenantId: TENANT });
      expect(broken.error?.code).toBe('bad_request:malformed_html');
      expect(await count()).toEqual(before);
    });
  });
}
