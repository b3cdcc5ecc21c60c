/**
 * The thread PDFs are read on (pdf-isolated.ts starts it and reuses it while it is healthy): loads the
 * reader and pdf.js, says when it is ready (the parent's page time limit counts from then, or from the
 * request on a thread already warm), then reads the requests it is sent one at a time: reports each page
 * read, and answers the extracted document or the typed error it ended in, with the heap it holds after it.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { isAppError } from '@/lib/errors';
import { extractPdfReport } from './pdf';
import type { PdfWorkerReply, PdfWorkerRequest } from './pdf-isolated';

const port = parentPort;
if (!port) throw new Error('pdf-worker: not on a worker thread');

// pdf.js and its "fake worker" (the parser, run on this thread) are loaded now, once per thread, not inside the
// first document's page time: pdf.js uses a `globalThis.pdfjsWorker` it finds instead of importing its own
// @ts-expect-error pdf.js ships no types for its parser module
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ 'pdfjs-dist/legacy/build/pdf.mjs');

const heapMb = () => getHeapStatistics().used_heap_size / (1024 * 1024);

port.on('message', async (req: PdfWorkerRequest) => {
  let reply: PdfWorkerReply;
  try {
    const doc = await extractPdfReport(req.bytes, req.fileName, {
      maxPages: req.maxPages,
      maxDecodedBytes: req.maxDecodedBytes,
      onPage: (page, pages) => port.postMessage({ kind: 'page', id: req.id, page, pages } satisfies PdfWorkerReply),
    });
    reply = { kind: 'done', id: req.id, doc, heapMb: heapMb() };
  } catch (e) {
    reply = isAppError(e)
      ? { kind: 'failed', id: req.id, code: e.code, message: e.message, details: e.details, heapMb: heapMb() }
      : {
          kind: 'failed',
          id: req.id,
          code: 'internal:pdf_worker',
          message: `${req.fileName}: ${(e as Error)?.message ?? String(e)}`,
          heapMb: heapMb(),
        };
  }
  port.postMessage(reply);
});
// the modules are loaded: the parent's page time limit starts now
port.postMessage({ kind: 'ready' } satisfies PdfWorkerReply);
