/**
 * Child process of the `report-extract` bench section: extracts and binds one PDF (a generated
 * statement PDF of N pages, or a file) in a fresh process so that peak memory is the document's own.
 * Prints one JSON line: pages, milliseconds (extract, analyze), pages/s, peak RSS and counters.
 */
import fs from 'node:fs';
import { analyzeReport } from '@/lib/ingest/report/analyze';
import { extractPdfReport } from '@/lib/ingest/report/pdf';
import { statementPdf } from '@/lib/ingest/report/pdf-fixtures';
import type { FiscalCalendar } from '@/lib/domain/types';

const MARCH: FiscalCalendar[] = [
  { entityId: 'bench', effectiveFrom: '2000-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
];
const arg = process.argv[2] ?? 'generated:200';
let peak = process.memoryUsage().rss;
const timer = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const baseRss = process.memoryUsage().rss;
const bytes = arg.startsWith('generated:')
  ? await statementPdf(Number(arg.slice('generated:'.length)), 30)
  : new Uint8Array(fs.readFileSync(arg));
const t0 = performance.now();
const doc = await extractPdfReport(bytes, arg);
const t1 = performance.now();
const a = analyzeReport(doc, { calendars: MARCH, standard: 'ind-as', currency: 'INR' });
const t2 = performance.now();
clearInterval(timer);
peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
const pages = doc.pages ?? 0;
process.stdout.write(
  `${JSON.stringify({
    input: arg,
    bytes: bytes.byteLength,
    pages,
    extractMs: Math.round(t1 - t0),
    analyzeMs: Math.round(t2 - t1),
    pagesPerS: Math.round((pages / ((t2 - t0) / 1000)) * 10) / 10,
    peakRssMB: Math.round(peak / 1e6),
    baseRssMB: Math.round(baseRss / 1e6),
    counters: a.counters,
  })}\n`,
);
