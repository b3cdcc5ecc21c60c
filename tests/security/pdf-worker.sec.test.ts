/**
 * A PDF is read on a thread of its own (lib/ingest/report/pdf-isolated.ts): a 0.6 MB PDF inflating to 200 MB
 * of text operators — under the decoded-stream budget, so pdf.js reads it — took ~95 s and ~3.5 GB of the
 * server's own heap with its event loop blocked. On the thread it ends at the heap ceiling or the time limit
 * in a typed 413 naming the limit, while the server's heap stays where it was and its event loop turns. The thread
 * is kept warm between documents; a breach ends it and the next document gets a new one with the same limits.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { isAppError } from '@/lib/errors';
import { extractPdfReport } from '@/lib/ingest/report/pdf';
import { textBombPdf } from '@/lib/ingest/report/pdf-fixtures';
import { endIdlePdfThreads, extractPdfReportIsolated, pdfThreadState } from '@/lib/ingest/report/pdf-isolated';

const MB = 1024 * 1024;

/** Runs `fn` counting the turns of the event loop meanwhile and the growth of this thread's heap. */
async function watched<T>(fn: () => Promise<T>): Promise<{ result: T | unknown; turns: number; heapGrowthMb: number }> {
  let turns = 0;
  const tick = setInterval(() => turns++, 10);
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  const result = await fn().catch((e: unknown) => e);
  clearInterval(tick);
  clearInterval(sample);
  return { result, turns, heapGrowthMb: (peak - before) / MB };
}

async function threePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText('Statement of profit and loss', { x: 72, y: 740, size: 14, font });
    page.drawText(`Revenue from operations    ${1000 + p}    ${900 + p}`, { x: 72, y: 700, size: 10, font });
  }
  return doc.save();
}

/**
 * Reads an ordinary PDF twice within `limits` (one thread, kept warm), then `hostile` on that warm thread
 * (watched); after it the thread is gone and the next ordinary PDF is read by a new one with the same limits.
 */
async function onWarmThread(limits: { heapMb: number; pageMs: number; totalMs: number }, hostile: Uint8Array) {
  await endIdlePdfThreads();
  const ok = await threePagePdf();
  const expected = await extractPdfReport(ok, 'ok.pdf');
  const first = pdfThreadState().started;
  expect(await extractPdfReportIsolated(ok, 'ok.pdf', { limits })).toEqual(expected);
  expect(await extractPdfReportIsolated(ok, 'ok.pdf', { limits })).toEqual(expected);
  expect(pdfThreadState()).toEqual({ started: first + 1, idle: 1 });
  // the warm thread takes the hostile PDF: its page clock runs from the request (the thread was ready long
  // before), its heap ceiling is the one it was started with
  const watch = await watched(() => extractPdfReportIsolated(hostile, 'hostile.pdf', { limits }));
  expect(pdfThreadState()).toEqual({ started: first + 1, idle: 0 });
  expect(await extractPdfReportIsolated(ok, 'ok.pdf', { limits })).toEqual(expected);
  expect(pdfThreadState()).toEqual({ started: first + 2, idle: 1 });
  await endIdlePdfThreads();
  return watch;
}

describe('PDF reading on a thread of its own', () => {
  it('a 0.6 MB PDF inflating to 200 MB of text ends at the heap ceiling: typed 413, the server heap untouched', async () => {
    const pdf = await textBombPdf(200);
    expect(pdf.byteLength).toBeLessThan(MB);
    // no time limit reached first: the ceiling alone must stop it, on a thread that reads an ordinary PDF within
    // it (the reader holds ~20 MB) before and after
    const { result, turns, heapGrowthMb } = await onWarmThread({ heapMb: 64, pageMs: 600_000, totalMs: 600_000 }, pdf);
    expect(isAppError(result) && result.code).toBe('payload_too_large:pdf_memory');
    expect((result as Error).message).toMatch(/^hostile\.pdf: reading the PDF needed more than 64 MB of memory/);
    expect(heapGrowthMb).toBeLessThan(48);
    expect(turns).toBeGreaterThan(0);
  });

  it('the same PDF ends at the page time limit when the ceiling is higher: typed 413 naming the limit', async () => {
    const pdf = await textBombPdf(200);
    const { result, turns } = await onWarmThread({ heapMb: 2048, pageMs: 1500, totalMs: 600_000 }, pdf);
    expect(isAppError(result) && result.code).toBe('payload_too_large:pdf_time');
    expect((result as Error).message).toMatch(/took longer than 1\.5 s for one page \(at the first page\)/);
    expect(turns).toBeGreaterThan(0);
  });

  it('an ordinary PDF reads on the thread exactly as in the process; its typed errors come back typed', async () => {
    const bytes = await threePagePdf();
    const isolated = await extractPdfReportIsolated(bytes, 'ok.pdf');
    expect(isolated).toEqual(await extractPdfReport(bytes, 'ok.pdf'));
    expect(isolated.pages).toBe(3);

    const broken = Buffer.from('%PDF-1.7\nthis is no PDF body\n%%EOF\n', 'latin1');
    const inProcess = await extractPdfReport(broken, 'broken.pdf').catch((e: unknown) => e);
    const onThread = await extractPdfReportIsolated(broken, 'broken.pdf').catch((e: unknown) => e);
    expect(isAppError(onThread) && onThread.code).toBe(isAppError(inProcess) && inProcess.code);
    expect((onThread as Error).message).toBe((inProcess as Error).message);
  });

  it('a document refused by the reader itself leaves the thread warm; the refusal is the same as in the process', async () => {
    await endIdlePdfThreads();
    const first = pdfThreadState().started;
    const broken = Buffer.from('%PDF-1.7\nthis is no PDF body\n%%EOF\n', 'latin1');
    for (let i = 0; i < 3; i++) {
      const refused = await extractPdfReportIsolated(broken, 'broken.pdf').catch((e: unknown) => e);
      expect(isAppError(refused) && refused.code).toBe('bad_request:malformed_pdf');
    }
    expect(pdfThreadState()).toEqual({ started: first + 1, idle: 1 });
    await endIdlePdfThreads();
    expect(pdfThreadState().idle).toBe(0);
  });
});
