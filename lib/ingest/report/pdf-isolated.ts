/**
 * PDFs are read on a worker thread of their own, so one document cannot take the server's memory or its
 * event loop: pdf.js turns a content stream into objects on the JavaScript heap (a 0.6 MB PDF inflating to
 * 200 MB of text operators took ~95 s and ~3.5 GB in the server's own heap, the loop blocked throughout).
 * The thread's heap has a ceiling (V8 resource limits: past it the thread alone ends), no page may take
 * longer than the page limit and the document no longer than the total limit (the thread is terminated);
 * each ends in a typed 413 naming the limit, and the server's memory is what it was. The decoded-stream
 * budget (pdf-budget.ts) still runs first, inside the thread: typed arrays live outside the heap ceiling.
 */
import type { Worker } from 'node:worker_threads';
import { readEnv } from '@/lib/env';
import { AppError, type ErrorCode } from '@/lib/errors';
import { ingestError } from '../errors';
import { siblingModule, startTsWorker } from '../ts-worker';
import type { ReportDocument } from './model';

export interface PdfWorkerRequest {
  bytes: Uint8Array;
  fileName: string;
  maxPages?: number;
  maxDecodedBytes?: number;
}

export type PdfWorkerReply =
  /** the thread has loaded its modules (its start-up is not counted as a page's time) */
  | { kind: 'ready' }
  | { kind: 'page'; page: number; pages: number }
  | { kind: 'done'; doc: ReportDocument }
  | { kind: 'failed'; code: ErrorCode; message: string; details?: Record<string, unknown> };

export interface PdfWorkLimits {
  /** the thread's JavaScript heap (old generation), MB */
  heapMb: number;
  /** the longest any one page (or opening the document) may take, ms */
  pageMs: number;
  /** the longest the whole document may take, ms */
  totalMs: number;
}

export function pdfWorkLimits(): PdfWorkLimits {
  const env = readEnv();
  return { heapMb: env.LEDGERLINE_PDF_HEAP_MB, pageMs: env.LEDGERLINE_PDF_PAGE_MS, totalMs: env.LEDGERLINE_PDF_TOTAL_MS };
}

const WORKER = siblingModule(import.meta.url, 'pdf-worker.ts', 'lib/ingest/report/pdf-worker.ts');

/** Extracts a text PDF on its own thread within `limits`; the same document and typed errors as extractPdfReport. */
export async function extractPdfReportIsolated(
  bytes: Uint8Array,
  fileName: string,
  opts: { maxPages?: number; maxDecodedBytes?: number; limits?: Partial<PdfWorkLimits> } = {},
): Promise<ReportDocument> {
  const limits = { ...pdfWorkLimits(), ...opts.limits };
  let worker: Worker;
  try {
    worker = startTsWorker(WORKER, { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.min(64, limits.heapMb / 4) });
  } catch (e) {
    throw ingestError('unavailable:pdf_worker', fileName, 'the PDF reader could not be started; try again later', undefined, e);
  }
  // the thread reads a copy: pdf.js detaches the buffer it is given, and the caller keeps its bytes
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const request: PdfWorkerRequest = { bytes: data, fileName, maxPages: opts.maxPages, maxDecodedBytes: opts.maxDecodedBytes };
  try {
    return await new Promise<ReportDocument>((resolve, reject) => {
      let progress = 'the first page';
      const tooLong = (what: string) =>
        reject(
          ingestError(
            'payload_too_large:pdf_time',
            fileName,
            `reading the PDF took longer than ${what} (at ${progress}); it was stopped`,
            undefined,
          ),
        );
      // a page's time counts from the thread's start-up end (loading the reader's modules can take long on a busy
      // machine, and is no page's work), then from each page read; the whole document's time counts from now
      let pageTimer: ReturnType<typeof setTimeout> | undefined;
      const totalTimer = setTimeout(() => tooLong(`${limits.totalMs / 1000} s in all`), limits.totalMs);
      const settle = () => {
        clearTimeout(pageTimer);
        clearTimeout(totalTimer);
      };
      worker.on('message', (r: PdfWorkerReply) => {
        if (r.kind === 'ready' || r.kind === 'page') {
          if (r.kind === 'page') progress = `page ${r.page + 1} of ${r.pages}`;
          clearTimeout(pageTimer);
          pageTimer = setTimeout(() => tooLong(`${limits.pageMs / 1000} s for one page`), limits.pageMs);
          return;
        }
        settle();
        if (r.kind === 'done') resolve(r.doc);
        else reject(new AppError(r.code, r.message, { details: r.details }));
      });
      worker.on('error', (e: Error & { code?: string }) => {
        settle();
        if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
          reject(
            ingestError(
              'payload_too_large:pdf_memory',
              fileName,
              `reading the PDF needed more than ${limits.heapMb} MB of memory (at ${progress}); it was stopped`,
              undefined,
              e,
            ),
          );
        else reject(ingestError('internal:pdf_worker', fileName, `the PDF reader failed: ${e.message}`, undefined, e));
      });
      worker.on('exit', (code) => {
        settle();
        reject(ingestError('internal:pdf_worker', fileName, `the PDF reader stopped (exit ${code}) without an answer`));
      });
      worker.postMessage(request, [data.buffer]);
    });
  } finally {
    await worker.terminate();
  }
}
