import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { testTargets } from '@/tests/support/db';
import { ingestBytes } from '../ingest-file';
import { ACME_GEARS_REPORT as REPORT } from './html-fixtures';
import { encryptedPdf, imageOnlyPdf, malformedPdf, statementPdf } from './pdf-fixtures';

for (const target of testTargets()) {
  describe(`report ingestion on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('ingests an HTML report: entity, inferred calendar, tables, cells, active and quarantined facts, chunks', async () => {
      const o = await ingestBytes(Buffer.from(REPORT), 'acme-ar-fy2026.html', { db: d.db, tenantId: 't1' });
      expect(o.error).toBeNull();
      expect(o).toMatchObject({ status: 'ok', format: 'html-report', factsSeen: 5, quarantined: 0, tablesAdded: 1, chunksAdded: 1 });
      const facts = await d.query<{
        metric_id: string | null;
        value: string;
        fiscal_year: number;
        status: string;
        quarantine_reason: string | null;
        row_label: string;
        column_path: string[];
        page: number;
      }>(
        `select f.metric_id, f.value::text as value, f.fiscal_year, f.status, f.quarantine_reason, c.row_label, c.column_path, c.page
         from facts f join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id order by f.status, f.metric_id, f.end_date desc`,
      );
      expect(facts).toEqual([
        {
          metric_id: 'net_income',
          value: '420000000000',
          fiscal_year: 2026,
          status: 'active',
          quarantine_reason: null,
          row_label: 'Profit for the year',
          column_path: ['Year ended 31 March 2026'],
          page: 60,
        },
        {
          metric_id: 'net_income',
          value: '400000000000',
          fiscal_year: 2025,
          status: 'active',
          quarantine_reason: null,
          row_label: 'Profit for the year',
          column_path: ['Year ended 31 March 2025'],
          page: 60,
        },
        {
          metric_id: 'revenue',
          value: '5600005000000',
          fiscal_year: 2026,
          status: 'active',
          quarantine_reason: null,
          row_label: 'Revenue from operations',
          column_path: ['Year ended 31 March 2026'],
          page: 60,
        },
        {
          metric_id: 'revenue',
          value: '5000000000000',
          fiscal_year: 2025,
          status: 'active',
          quarantine_reason: null,
          row_label: 'Revenue from operations',
          column_path: ['Year ended 31 March 2025'],
          page: 60,
        },
        // a row no metric names is bound to its own row concept (period, unit and scale checked), never to a metric
        {
          metric_id: null,
          value: '-12340000000',
          fiscal_year: 2026,
          status: 'active',
          quarantine_reason: null,
          row_label: 'Excise duty',
          column_path: ['Year ended 31 March 2026'],
          page: 60,
        },
      ]);
      const cal = await d.query<{ origin: string; year_end: unknown }>(`select origin, year_end from fiscal_calendars`);
      expect(cal).toEqual([{ origin: 'inferred', year_end: { kind: 'fixed', month: 3, day: 31 } }]);
      const [chunk] = await d.query<{ fiscal_year: number; section: string; page: number; span_start: number; span_end: number }>(
        `select fiscal_year, section, page, span_start, span_end from chunks`,
      );
      expect(chunk).toMatchObject({ fiscal_year: 2026, section: 'Management Discussion and Analysis', page: 4 });
      expect(REPORT.slice(chunk!.span_start, chunk!.span_end)).toContain('gearbox volumes');
      const [src] = await d.query<{ kind: string; filed_at: string; period_of_report: string; title: string }>(
        `select kind, filed_at::text, period_of_report::text, title from sources`,
      );
      expect(src).toEqual({
        kind: 'html-report',
        filed_at: '2026-05-15',
        period_of_report: '2026-03-31',
        title: 'Acme Gears Ltd — Annual Report 2025-26',
      });
    });

    it('is idempotent for the same bytes', async () => {
      const o = await ingestBytes(Buffer.from(REPORT), 'acme-ar-fy2026.html', { db: d.db, tenantId: 't1' });
      expect(o.status).toBe('unchanged');
      const [n] = await d.query<{ n: number }>(`select count(*)::int as n from facts`);
      expect(n!.n).toBe(5);
    });

    it('fails cleanly, writing nothing, for a report that names no company or holds nothing', async () => {
      const before = await d.query<{ n: number }>(`select (select count(*) from sources)::int + (select count(*) from facts)::int as n`);
      const empty = await ingestBytes(Buffer.from('<html><body></body></html>'), 'empty.html', { db: d.db, tenantId: 't1' });
      expect(empty).toMatchObject({ status: 'failed', error: { code: 'bad_request:empty_report' } });
      const anon = await ingestBytes(
        Buffer.from(
          '<html><body><p>(₹ in crore)</p><table><tr><th>x</th><th>Year ended 31 March 2026</th></tr><tr><td>Revenue from operations</td><td>10</td></tr></table></body></html>',
        ),
        'anon.html',
        { db: d.db, tenantId: 't1' },
      );
      expect(anon).toMatchObject({ status: 'failed', error: { code: 'bad_request:report_entity' } });
      const after = await d.query<{ n: number }>(`select (select count(*) from sources)::int + (select count(*) from facts)::int as n`);
      expect(after).toEqual(before);
      const runs = await d.query<{ status: string; error_code: string }>(
        `select status, error_code from ingest_runs where status = 'failed' order by error_code`,
      );
      expect(runs.map((r) => r.error_code)).toEqual(['bad_request:empty_report', 'bad_request:report_entity']);
    });

    it('ingests a PDF report through the same pipeline; bad PDFs fail cleanly without partial writes', async () => {
      const pdf = fs.readFileSync(path.join(process.cwd(), 'lib', 'demo', 'documents', 'helios-results-q2-fy2026.pdf'));
      const o = await ingestBytes(pdf, 'helios-results-q2-fy2026.pdf', { db: d.db, tenantId: 't2' });
      expect(o.error).toBeNull();
      expect(o).toMatchObject({ status: 'ok', format: 'pdf-report', quarantined: 0, tablesAdded: 1 });
      expect(o.factsSeen).toBeGreaterThanOrEqual(60);
      const [q2] = await d.query<{ value: string; page: number; column_path: string[]; kind: string }>(
        `select f.value::text as value, c.page, c.column_path, s.kind from facts f join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id join sources s on s.id = f.source_id
         where f.tenant_id = 't2' and f.metric_id = 'revenue' and f.start_date = '2025-07-01' and f.end_date = '2025-09-30'`,
      );
      expect(q2).toEqual({ value: '3100000000', page: 1, column_path: ['Quarter ended', '30.09.2025', '(Unaudited)'], kind: 'pdf-report' });
      const before = await d.query<{ n: number }>(
        `select (select count(*) from sources)::int + (select count(*) from facts)::int + (select count(*) from source_cells)::int as n`,
      );
      for (const [bytes, name, code] of [
        [malformedPdf(), 'bad.pdf', 'bad_request:malformed_pdf'],
        [encryptedPdf(), 'locked.pdf', 'bad_request:pdf_encrypted'],
        [await imageOnlyPdf(), 'scan.pdf', 'bad_request:pdf_no_text'],
      ] as const) {
        const r = await ingestBytes(Buffer.from(bytes), name, { db: d.db, tenantId: 't2' });
        expect(r).toMatchObject({ status: 'failed', error: { code } });
      }
      const huge = await ingestBytes(Buffer.from(await statementPdf(2, 5)), 'huge.pdf', { db: d.db, tenantId: 't2', maxBytes: 1000 });
      expect(huge).toMatchObject({ status: 'failed', error: { code: 'payload_too_large:file' } });
      const after = await d.query<{ n: number }>(
        `select (select count(*) from sources)::int + (select count(*) from facts)::int + (select count(*) from source_cells)::int as n`,
      );
      expect(after).toEqual(before);
    });
  });
}
