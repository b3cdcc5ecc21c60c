/**
 * PDFs are read on a worker thread of their own, so one document cannot take the server's memory or its
 * event loop: pdf.js turns a content stream into objects on the JavaScript heap (a 0.6 MB PDF inflating to
 * 200 MB of text operators took ~95 s and ~3.5 GB in the server's own heap, the loop blocked throughout).
 * The thread's heap has a ceiling (V8 resource limits: past it the thread alone ends), no page may take
 * longer than the page limit and the document no longer than the total limit (the thread is terminated);
 * each ends in a typed 413 naming the limit, and the server's memory is what it was. The decoded-stream
 * budget (pdf-budget.ts) still runs first, inside the thread: typed arrays live outside the heap ceiling.
 *
 * The thread is kept warm between documents: starting one (tsx, the reader's modules, pdf.js and its parser,
 * ~2 MB of JavaScript) took ~1 s on an idle machine and ~10 s on a loaded 2-core one, per document. A thread
 * that ended its document (read, or refused with a typed error of its own) waits idle, unreferenced, for the
 * next one with the same heap ceiling; one that breached a limit is gone (out of memory) or terminated (time),
 * and one holding more than half its ceiling after a document, or that has read MAX_DOCUMENTS_PER_THREAD, or
 * has waited IDLE_MS, is ended — so every document starts with its whole heap and its whole time.
 */
import type { Worker } from 'node:worker_threads';
import { readEnv } from '@/lib/env';
import { AppError, type ErrorCode } from '@/lib/errors';
import { ingestError } from '../errors';
import { siblingModule, startBundledWorker } from '../ts-worker';
import type { ReportDocument } from './model';

export interface PdfWorkerRequest {
  id: number;
  bytes: Uint8Array;
  fileName: string;
  maxPages?: number;
  maxDecodedBytes?: number;
}

export type PdfWorkerReply =
  /** the thread has loaded its modules (its start-up is not counted as a page's time) */
  | { kind: 'ready' }
  | { kind: 'page'; id: number; page: number; pages: number }
  /** `heapMb`: the thread's heap in use after the document */
  | { kind: 'done'; id: number; doc: ReportDocument; heapMb: number }
  | { kind: 'failed'; id: number; code: ErrorCode; message: string; details?: Record<string, unknown>; heapMb: number };

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

/** an idle thread is ended after this long without a document (its memory goes back) */
export const IDLE_MS = 120_000;
/** documents one thread reads before it is replaced */
export const MAX_DOCUMENTS_PER_THREAD = 200;
/**
 * The reading thread's scheduling niceness: a document that takes a core for its whole time limit (a page
 * stream that inflates a hundredfold) runs behind the requests of the server's own thread, not beside them
 * as an equal (analysts' answers beside a hostile PDF and four exports, 2 cores: see the fair-share bench).
 */
export const PDF_THREAD_NICENESS = 10;

/** threads kept idle at once (more run while documents are read side by side) */
const MAX_IDLE = 1;

type ThreadEvent =
  | { type: 'message'; r: PdfWorkerReply }
  | { type: 'error'; e: Error & { code?: string } }
  | { type: 'exit'; code: number };

/** One reading thread: its worker, whether its modules are loaded, and the document it is reading. */
class PdfThread {
  readonly worker: Worker;
  ready = false;
  dead = false;
  documents = 0;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  job: ((ev: ThreadEvent) => void) | null = null;

  constructor(readonly heapMb: number) {
    this.worker = startBundledWorker(
      WORKER,
      { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(64, heapMb / 4) },
      { niceness: PDF_THREAD_NICENESS },
    );
    threads().started++;
    this.worker.on('message', (r: PdfWorkerReply) => {
      if (r.kind === 'ready') this.ready = true;
      this.job?.({ type: 'message', r });
    });
    this.worker.on('error', (e: Error & { code?: string }) => {
      this.dead = true;
      this.job?.({ type: 'error', e });
    });
    this.worker.on('exit', (code) => {
      this.dead = true;
      dropIdle(this);
      this.job?.({ type: 'exit', code });
    });
  }

  end(): Promise<number> {
    this.dead = true;
    clearTimeout(this.idleTimer);
    dropIdle(this);
    return this.worker.terminate();
  }
}

interface ThreadPool {
  idle: PdfThread[];
  /** threads started in this process (tests, monitoring) */
  started: number;
}

// one pool per process, whichever bundle of the server loads this module
const poolKey = Symbol.for('ledgerline.pdfThreads');
function threads(): ThreadPool {
  const holder = globalThis as { [poolKey]?: ThreadPool };
  holder[poolKey] ??= { idle: [], started: 0 };
  return holder[poolKey];
}

function dropIdle(t: PdfThread): void {
  const pool = threads();
  const i = pool.idle.indexOf(t);
  if (i >= 0) pool.idle.splice(i, 1);
}

/** A warm idle thread with this heap ceiling, else a new one. */
function takeThread(heapMb: number): PdfThread {
  const pool = threads();
  const i = pool.idle.findIndex((t) => t.heapMb === heapMb && !t.dead);
  if (i < 0) return new PdfThread(heapMb);
  const [t] = pool.idle.splice(i, 1) as [PdfThread];
  clearTimeout(t.idleTimer);
  t.worker.ref();
  return t;
}

/** After a document read to its end (answered or refused by the thread itself): keep the thread warm, or end it. */
function giveBack(t: PdfThread, heapAfterMb: number): void {
  const pool = threads();
  t.job = null;
  if (t.dead || t.documents >= MAX_DOCUMENTS_PER_THREAD || heapAfterMb > t.heapMb / 2 || pool.idle.length >= MAX_IDLE) {
    void t.end();
    return;
  }
  // an idle thread does not keep the process alive, and goes after IDLE_MS
  t.worker.unref();
  t.idleTimer = setTimeout(() => void t.end(), IDLE_MS);
  t.idleTimer.unref();
  pool.idle.push(t);
}

/** Threads started in this process and threads idle now (tests, monitoring). */
export function pdfThreadState(): { started: number; idle: number } {
  const pool = threads();
  return { started: pool.started, idle: pool.idle.length };
}

/** Ends the idle threads (tests; a process that wants its memory back now). */
export async function endIdlePdfThreads(): Promise<void> {
  await Promise.all([...threads().idle].map((t) => t.end()));
}

let nextRequestId = 1;

/** Extracts a text PDF on its own thread within `limits`; the same document and typed errors as extractPdfReport. */
export async function extractPdfReportIsolated(
  bytes: Uint8Array,
  fileName: string,
  opts: { maxPages?: number; maxDecodedBytes?: number; limits?: Partial<PdfWorkLimits> } = {},
): Promise<ReportDocument> {
  const limits = { ...pdfWorkLimits(), ...opts.limits };
  let thread: PdfThread;
  try {
    thread = takeThread(limits.heapMb);
  } catch (e) {
    throw ingestError('unavailable:pdf_worker', fileName, 'the PDF reader could not be started; try again later', undefined, e);
  }
  // the thread reads a copy: pdf.js detaches the buffer it is given, and the caller keeps its bytes
  const data = new Uint8Array(bytes.byteLength);
  data.set(bytes);
  const request: PdfWorkerRequest = {
    id: nextRequestId++,
    bytes: data,
    fileName,
    maxPages: opts.maxPages,
    maxDecodedBytes: opts.maxDecodedBytes,
  };
  thread.documents++;
  // whether the thread may read another document when this one is over, and the heap it reported
  let reusable = false;
  let heapAfterMb = 0;
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
      // machine, and is no page's work) or from now on a warm thread, then from each page read; the whole
      // document's time counts from now
      let pageTimer: ReturnType<typeof setTimeout> | undefined;
      const pageClock = () => {
        clearTimeout(pageTimer);
        pageTimer = setTimeout(() => tooLong(`${limits.pageMs / 1000} s for one page`), limits.pageMs);
      };
      const totalTimer = setTimeout(() => tooLong(`${limits.totalMs / 1000} s in all`), limits.totalMs);
      const settle = () => {
        clearTimeout(pageTimer);
        clearTimeout(totalTimer);
      };
      thread.job = (ev) => {
        if (ev.type === 'error') {
          settle();
          const e = ev.e;
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
          return;
        }
        if (ev.type === 'exit') {
          settle();
          reject(ingestError('internal:pdf_worker', fileName, `the PDF reader stopped (exit ${ev.code}) without an answer`));
          return;
        }
        const r = ev.r;
        if (r.kind === 'ready') return pageClock();
        if (r.id !== request.id) return;
        if (r.kind === 'page') {
          progress = `page ${r.page + 1} of ${r.pages}`;
          return pageClock();
        }
        settle();
        reusable = true;
        heapAfterMb = r.heapMb;
        if (r.kind === 'done') resolve(r.doc);
        else reject(new AppError(r.code, r.message, { details: r.details }));
      };
      if (thread.ready) pageClock();
      thread.worker.postMessage(request, [data.buffer]);
    });
  } finally {
    // a thread stopped by a limit (or mid-document for any reason) is ended; a healthy one may stay warm
    if (reusable) giveBack(thread, heapAfterMb);
    else {
      thread.job = null;
      await thread.end();
    }
  }
}
