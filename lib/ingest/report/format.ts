/**
 * Format handlers for report documents, registered in `lib/ingest/formats.ts`:
 * `html-report` (plain HTML without inline XBRL) and `pdf-report` (text-based PDFs; no OCR).
 */
import { ingestError } from '../errors';
import type { FormatHandler } from '../types';
import { extractHtmlReport, looksLikeHtmlReport } from './html';
import type { ReportDocument } from './model';
import { writeReport } from './write';

export const HTML_REPORT_EXTRACTOR = 'html-report/1';
export const PDF_REPORT_EXTRACTOR = 'pdf-report/1';

/** A handler whose parser needs the raw bytes (binary formats) and may be asynchronous. */
export interface BytesFormatHandler<P = unknown> extends FormatHandler<P> {
  parseBytes(bytes: Uint8Array, fileName: string): Promise<P>;
}

export function hasParseBytes(h: FormatHandler<unknown>): h is BytesFormatHandler<unknown> {
  return typeof (h as Partial<BytesFormatHandler>).parseBytes === 'function';
}

/** Nothing to ingest: no table and no narrative text. */
function assertContent(doc: ReportDocument, fileName: string, what: string): ReportDocument {
  if (doc.tables.length === 0 && doc.blocks.length === 0)
    throw ingestError('bad_request:empty_report', fileName, `${what} holds no tables and no text`);
  return doc;
}

export const htmlReportFormat: FormatHandler<ReportDocument> = {
  format: 'html-report',
  sourceKind: 'html-report',
  extractorVersion: HTML_REPORT_EXTRACTOR,
  detect: (head) => looksLikeHtmlReport(head),
  parse: (text, fileName) => assertContent(extractHtmlReport(text), fileName, 'the HTML document'),
  write: (ctx, doc) => writeReport(ctx, doc, { kind: 'html-report', extractorVersion: HTML_REPORT_EXTRACTOR }),
};

/** `%PDF-` within the first kilobyte (some writers put junk before the header). */
export function looksLikePdf(head: string): boolean {
  return head.slice(0, 1024).includes('%PDF-');
}

export const pdfReportFormat: BytesFormatHandler<ReportDocument> = {
  format: 'pdf-report',
  sourceKind: 'pdf-report',
  extractorVersion: PDF_REPORT_EXTRACTOR,
  detect: (head) => looksLikePdf(head),
  parse: (_text, fileName) => {
    throw ingestError('internal:pdf_parse', fileName, 'PDF reports are parsed from bytes (parseBytes)');
  },
  parseBytes: async (bytes, fileName) => {
    // on a thread of its own, within a memory ceiling and time limits (pdf-isolated.ts)
    const { extractPdfReportIsolated } = await import('./pdf-isolated');
    return assertContent(await extractPdfReportIsolated(bytes, fileName), fileName, 'the PDF');
  },
  write: (ctx, doc) => writeReport(ctx, doc, { kind: 'pdf-report', extractorVersion: PDF_REPORT_EXTRACTOR }),
};
