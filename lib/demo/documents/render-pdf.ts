/**
 * Renders an HTML report of the demo corpus to a text PDF (pdf-lib, standard fonts): headings,
 * paragraphs and tables laid out like a printed statement — labels left, figures right-aligned under
 * their columns, multi-level headings centred over the columns they span and repeated after a page
 * break. Metadata travel in the PDF info dictionary (`ledgerline:*` keys). Used by `make-pdf.ts`
 * and by tests that build PDFs (the PDF extractor must read back what the HTML says).
 */
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { extractHtmlReport } from '@/lib/ingest/report/html';
import type { GridCell, ReportDocument } from '@/lib/ingest/report/model';
import { isNumberText } from '@/lib/ingest/report/numbers';

const W = 595;
const H = 842;
const M = 48;

/** WinAnsi cannot draw ₹: print "Rs." as many Indian reports' text layers do. */
function ascii(text: string): string {
  return text
    .replace(/₹\s*/g, 'Rs. ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—−]/g, '-')
    .replace(/[^\x20-\x7e]/g, ' ');
}

class Writer {
  page!: PDFPage;
  y = 0;
  pageNo = 0;
  constructor(
    private pdf: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage(): void {
    this.page = this.pdf.addPage([W, H]);
    this.pageNo++;
    this.y = H - M;
    this.page.drawText(String(this.pageNo), { x: W / 2, y: 24, size: 8, font: this.font });
  }
  need(h: number): boolean {
    if (this.y - h < M) {
      this.newPage();
      return true;
    }
    return false;
  }
  text(t: string, x: number, size: number, useBold = false): void {
    this.page.drawText(ascii(t), { x, y: this.y, size, font: useBold ? this.bold : this.font });
  }
  right(t: string, xRight: number, size: number, useBold = false): void {
    const s = ascii(t);
    const f = useBold ? this.bold : this.font;
    this.page.drawText(s, { x: xRight - f.widthOfTextAtSize(s, size), y: this.y, size, font: f });
  }
  centre(t: string, x0: number, x1: number, size: number, useBold = false): void {
    const s = ascii(t);
    const f = useBold ? this.bold : this.font;
    this.page.drawText(s, { x: (x0 + x1) / 2 - f.widthOfTextAtSize(s, size) / 2, y: this.y, size, font: f });
  }
  paragraph(t: string, size: number, useBold = false): void {
    const f = useBold ? this.bold : this.font;
    const words = ascii(t).split(/\s+/);
    let line = '';
    const flush = () => {
      if (!line) return;
      this.need(size * 1.4);
      this.page.drawText(line, { x: M, y: this.y, size, font: f });
      this.y -= size * 1.4;
      line = '';
    };
    for (const w of words) {
      const next = line ? `${line} ${w}` : w;
      if (f.widthOfTextAtSize(next, size) > W - 2 * M) flush();
      line = line ? `${line} ${w}` : w;
    }
    flush();
    this.y -= size * 0.5;
  }
}

function distinct(row: (GridCell | null)[]): { cell: GridCell; c0: number; c1: number }[] {
  const out: { cell: GridCell; c0: number; c1: number }[] = [];
  row.forEach((cell, c) => {
    if (!cell) return;
    const last = out[out.length - 1];
    if (last && last.cell === cell) last.c1 = c;
    else out.push({ cell, c0: c, c1: c });
  });
  return out;
}

/** Lays out an extracted HTML report; returns PDF bytes. */
export async function renderReportPdf(doc: ReportDocument, opts: { meta?: Record<string, string>; title?: string } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(opts.title ?? doc.title ?? 'Report');
  pdf.setProducer('Ledgerline demo renderer');
  pdf.setCreationDate(new Date('2025-11-12T00:00:00Z'));
  pdf.setModificationDate(new Date('2025-11-12T00:00:00Z'));
  // the document information dictionary (setTitle above created it) through pdf-lib's public context
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  for (const [k, v] of Object.entries(opts.meta ?? {})) info.set(PDFName.of(`ledgerline:${k}`), PDFString.of(v));
  const w = new Writer(pdf, font, bold);

  // blocks and tables in document order: tables sit after the blocks that precede them (by span)
  const items: ({ kind: 'block'; at: number; i: number } | { kind: 'table'; at: number; i: number })[] = [
    ...doc.blocks.map((b, i) => ({ kind: 'block' as const, at: b.spanStart, i })),
    ...doc.tables.map((t, i) => ({ kind: 'table' as const, at: firstSpan(t.grid), i })),
  ].sort((a, b) => a.at - b.at);
  for (const it of items) {
    if (it.kind === 'block') {
      const b = doc.blocks[it.i]!;
      if (b.kind === 'heading') {
        w.need(30);
        w.y -= 6;
        w.paragraph(b.text, b.level <= 2 ? 13 : 11, true);
      } else w.paragraph(b.text, 9);
      continue;
    }
    drawTable(w, doc.tables[it.i]!.grid);
  }
  return pdf.save({ useObjectStreams: false });
}

function firstSpan(grid: (GridCell | null)[][]): number {
  for (const r of grid) for (const c of r) if (c?.spanStart !== null && c?.spanStart !== undefined) return c.spanStart;
  return Number.MAX_SAFE_INTEGER;
}

function drawTable(w: Writer, grid: (GridCell | null)[][]): void {
  const width = Math.max(...grid.map((r) => r.length));
  const labelRight = M + 220;
  const colW = (W - M - labelRight) / Math.max(1, width - 1);
  const colRight = (c: number) => labelRight + colW * c;
  const firstData = grid.findIndex((r) => r.slice(1).some((c) => c && isNumberText(c.text) && !/^(?:19|20)\d{2}$/.test(c.text)));
  const header = grid.slice(0, Math.max(0, firstData));
  const size = 8;
  const drawHeader = () => {
    for (const row of header) {
      w.need(size * 1.6);
      for (const { cell, c0, c1 } of distinct(row)) {
        if (!cell.text) continue;
        if (c0 === 0 && c1 === 0) w.text(cell.text, M, size, true);
        else w.centre(cell.text, colRight(Math.max(c0, 1) - 1) + 6, colRight(c1), size, true);
      }
      w.y -= size * 1.6;
    }
  };
  w.need(size * 1.6 * (header.length + 2));
  drawHeader();
  for (const row of grid.slice(header.length)) {
    if (w.need(size * 1.6)) drawHeader();
    const cells = distinct(row);
    const onlyLabel = cells.length === 1 && cells[0]!.c0 === 0;
    for (const { cell, c0, c1 } of cells) {
      if (!cell.text) continue;
      if (c0 === 0) w.text(cell.text, M + (onlyLabel ? 0 : 6), size, onlyLabel);
      else w.right(cell.text, colRight(c1), size);
    }
    w.y -= size * 1.6;
  }
  w.y -= size;
}

/** Renders an HTML file's text to PDF bytes with the same metadata. */
export async function renderHtmlToPdf(html: string): Promise<Uint8Array> {
  const doc = extractHtmlReport(html);
  const meta: Record<string, string> = {};
  const m = doc.meta;
  const map: [keyof typeof m, string][] = [
    ['entityName', 'entity'], ['legalName', 'legal-name'], ['ticker', 'ticker'], ['country', 'country'], ['currency', 'currency'],
    ['accountingStandard', 'accounting-standard'], ['form', 'document-type'], ['filedAt', 'filing-date'], ['periodEnd', 'period-end'],
    ['documentId', 'document-id'], ['fiscalYearEnd', 'fiscal-year-end'],
  ];
  for (const [k, name] of map) if (typeof m[k] === 'string') meta[name] = m[k] as string;
  if (meta['document-id']) meta['document-id'] = `${meta['document-id']}-PDF`;
  return renderReportPdf(doc, { meta, title: doc.title ?? undefined });
}
