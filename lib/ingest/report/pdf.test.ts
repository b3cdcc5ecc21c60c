import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FiscalCalendar } from '@/lib/domain/types';
import { isAppError } from '@/lib/errors';
import { activeFacts, analyzeReport } from './analyze';
import { extractHtmlReport } from './html';
import { extractPdfReport, ligatureVotes } from './pdf';
import { encryptedPdf, imageOnlyPdf, malformedPdf, statementPdf } from './pdf-fixtures';

const MARCH: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
];
const demo = (name: string) => path.join(process.cwd(), 'lib', 'demo', 'documents', name);

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return isAppError(e) ? e.code : `not an AppError: ${(e as Error)?.message}`;
  }
}

describe('PDF extraction', () => {
  it('reads the demo results release PDF exactly as its HTML (multi-level headers, quarters, half years, metadata)', async () => {
    const html = analyzeReport(extractHtmlReport(fs.readFileSync(demo('helios-results-q2-fy2026.html'), 'utf8')), {
      calendars: MARCH,
      standard: 'ind-as',
      currency: 'INR',
    });
    const doc = await extractPdfReport(fs.readFileSync(demo('helios-results-q2-fy2026.pdf')), 'helios-results-q2-fy2026.pdf');
    expect(doc.meta).toMatchObject({ entityName: 'Helios Components', filedAt: '2025-11-12', periodEnd: '2025-09-30', currency: 'INR' });
    const pdf = analyzeReport(doc, { calendars: MARCH, standard: 'ind-as', currency: 'INR' });
    const key = (f: ReturnType<typeof activeFacts>[number]) => `${f.metricId} ${f.scope} ${JSON.stringify(f.period)} ${f.value} ${f.unit}`;
    expect(activeFacts(pdf).map(key).sort()).toEqual(activeFacts(html).map(key).sort());
    expect(activeFacts(pdf).length).toBeGreaterThanOrEqual(60);
    expect(pdf.counters.quarantined).toBe(0);
    const q2 = activeFacts(pdf).find((f) => f.metricId === 'revenue' && f.period.type === 'duration' && f.period.start === '2025-07-01');
    expect(q2).toMatchObject({ value: '3100000000', page: 1, column: 'Quarter ended › 30.09.2025 › (Unaudited)' });
    expect(pdf.chunks.some((c) => /second quarter of FY2026/.test(c.text))).toBe(true);
  });

  it('inherits column headers across pages, with spans into the rebuilt text', async () => {
    const doc = await extractPdfReport(await statementPdf(3, 20, { repeatHeader: false }), 'three-pages.pdf');
    const a = analyzeReport(doc, { calendars: MARCH, standard: 'ind-as', currency: 'INR' });
    expect(doc.pages).toBe(3);
    expect(a.counters.numericCells).toBe(3 * 20 * 2);
    // every figure got its period; rows no metric names are bound to their row concepts — a "Total" row
    // of a later page, with another value than an earlier page's, is that page's own row (its concept names its table)
    expect(a.counters.byReason).toEqual({});
    expect(a.counters.bound).toBe(120);
    const totals = a.tables.flatMap((t) =>
      t.cells.filter((c) => c.rowLabel === 'Total' && c.fact?.status === 'active').map((c) => c.fact!.concept),
    );
    expect(new Set(totals).size).toBe(totals.length / 2);
    const cell = a.tables[2]!.cells[0]!;
    expect(cell.fact!.period).toEqual({ type: 'duration', start: '2024-04-01', end: '2025-03-31' });
    expect(cell.page).toBe(3);
    expect(cell.columnPath).toEqual(['Year ended 31 March 2025']);
    expect(a.tables[2]!.unitLine).toBe('(Rs. in crore)');
    expect(doc.text?.slice(cell.spanStart!, cell.spanEnd!)).toBe(cell.text);
  });

  it('fails with clear errors, never a crash', async () => {
    expect(await code(extractPdfReport(new Uint8Array(), 'empty.pdf'))).toBe('bad_request:empty_pdf');
    expect(await code(extractPdfReport(malformedPdf(), 'bad.pdf'))).toBe('bad_request:malformed_pdf');
    expect(await code(extractPdfReport(encryptedPdf(), 'locked.pdf'))).toBe('bad_request:pdf_encrypted');
    expect(await code(extractPdfReport(await imageOnlyPdf(), 'scan.pdf'))).toBe('bad_request:pdf_no_text');
    expect(await code(extractPdfReport(await statementPdf(5, 5), 'long.pdf', { maxPages: 4 }))).toBe('payload_too_large:pdf_pages');
    const good = await statementPdf(4, 10);
    const truncated = good.slice(0, Math.floor(good.length * 0.6));
    expect(['ok', 'bad_request:malformed_pdf', 'bad_request:pdf_no_text']).toContain(await code(extractPdfReport(truncated, 'cut.pdf')));
  });
});

describe('ligatures a font maps to no character', () => {
  const page = (...strs: [string, string?][]) => strs.map(([str, fontName = 'f1']) => ({ str, fontName }));
  it("are read from the words the same pages print whole ('Corpora' + ? + 'on' beside 'CORPORATION')", () => {
    const votes = ligatureVotes([
      page(['ORACLE CORPORATION', 'f2'], ['Oracle Corpora'], ['\u0000'], ['on'], ['OPERATIONS', 'f2']),
      page(['Net cash provided by opera'], ['\u0000'], ['ng'], ['Total liabili'], ['\u0000'], ['es'], ['Operations and liabilities', 'f2']),
    ]);
    expect(votes.get('f1')).toBe('ti');
  });
  it('guess nothing without evidence', () => {
    expect(ligatureVotes([page(['Corpora'], ['\u0000'], ['on'])]).size).toBe(0);
    // a checkbox glyph between words is no ligature
    expect(ligatureVotes([page(['Yes'], ['\u0000'], ['No'], ['Yes No'])]).size).toBe(0);
  });
});
