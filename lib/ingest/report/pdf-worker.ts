/**
 * The thread a PDF is read on (pdf-isolated.ts starts it, one per document): reads the one request it is
 * sent, says when it is ready and reports each page read (the parent's page time limit counts from the
 * later of the two), and answers the
 * extracted document or the typed error it ended in.
 */
import { parentPort } from 'node:worker_threads';
import { isAppError } from '@/lib/errors';
import { extractPdfReport } from './pdf';
import type { PdfWorkerReply, PdfWorkerRequest } from './pdf-isolated';

const port = parentPort;
if (!port) throw new Error('pdf-worker: not on a worker thread');
port.once('message', async (req: PdfWorkerRequest) => {
  let reply: PdfWorkerReply;
  try {
    const doc = await extractPdfReport(req.bytes, req.fileName, {
      maxPages: req.maxPages,
      maxDecodedBytes: req.maxDecodedBytes,
      onPage: (page, pages) => port.postMessage({ kind: 'page', page, pages } satisfies PdfWorkerReply),
    });
    reply = { kind: 'done', doc };
  } catch (e) {
    reply = isAppError(e)
      ? { kind: 'failed', code: e.code, message: e.message, details: e.details }
      : { kind: 'failed', code: 'internal:pdf_worker', message: `${req.fileName}: ${(e as Error)?.message ?? String(e)}` };
  }
  port.postMessage(reply);
});
// the modules are loaded: the parent's page time limit starts now
port.postMessage({ kind: 'ready' } satisfies PdfWorkerReply);
