import 'server-only';
import { PassThrough } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '@/lib/errors';
import { csvHeader, csvRows, type ExportRow } from '@/lib/workspace/export-rows';
import { type XlsxAbout, XLSX_COLUMNS, aboutRows, addXlsxRow } from '@/lib/workspace/xlsx';
import { EXPORT_COLUMNS } from '@/lib/workspace/export-rows';
import { KeyedSlots } from '@/lib/slots';
import { inBackgroundTurn } from './priority';

/**
 * Large exports share the server fairly. A 20,000-row XLSX built whole in memory held the event loop for
 * seconds and four at once pushed everyone's latency to ~20 s. Now:
 * - the rows are **streamed**: read a page at a time (EXPORT_PAGE_ROWS) and written as read — the next page
 *   is read only when the client has taken the last (a pull stream), the XLSX through exceljs's streaming
 *   writer (rows committed as added, zipped by zlib off the loop) — yielding to the event loop every
 *   YIELD_EVERY rows, so other requests run between them;
 * - each chunk (a page read, a block of rows written) is **background work** (lib/server/priority.ts): it
 *   waits while interactive requests run, one chunk of any export at a time;
 * - **one export per user at a time** (a second is a typed 429 `rate_limited:export` with Retry-After) and
 *   at most EXPORTS_AT_ONCE per server process (the next waits up to EXPORT_QUEUE_MS, then a typed 503
 *   `unavailable:exports_busy`); the slot is held until the stream ends, fails or the client goes away, and
 *   at most EXPORT_SLOT_MAX_MS;
 * - a **size cap**: at most MAX_FACT_EXPORT_ROWS rows, the rest named in the file as truncated.
 */
export const MAX_FACT_EXPORT_ROWS = 20_000;
export const EXPORT_PAGE_ROWS = 100;
export const EXPORTS_PER_USER = 1;
export const EXPORTS_AT_ONCE = 2;
export const EXPORT_QUEUE_MS = 2_000;
/** the longest one export holds its slots (a client that stops reading does not keep others waiting) */
export const EXPORT_SLOT_MAX_MS = 120_000;
const YIELD_EVERY = 100;
/** bytes of XLSX output waiting for the client before the writer stops reading pages */
const XLSX_BUFFER_BYTES = 1024 * 1024;

/** One page of rows and the total the filters match (read with the first page). */
export interface ExportPage {
  rows: ExportRow[];
  total: number;
}

const slotsKey = Symbol.for('ledgerline.exportSlots');
function exportSlots(): KeyedSlots {
  const holder = globalThis as { [slotsKey]?: KeyedSlots };
  return (holder[slotsKey] ??= new KeyedSlots());
}

/** Take the user's export slot and one of the process's; returns the release of both (idempotent). */
export async function takeExportSlot(userId: string): Promise<() => void> {
  const slots = exportSlots();
  const user = await slots.acquire(`user:${userId}`, EXPORTS_PER_USER, {
    waitMs: 0,
    busy: () =>
      new AppError('rate_limited:export', 'You already have an export running; try again when it has finished.', {
        details: { retryAfterS: 5 },
      }),
  });
  try {
    const all = await slots.acquire('process', EXPORTS_AT_ONCE, {
      waitMs: EXPORT_QUEUE_MS,
      queueLimit: 20,
      busy: () =>
        new AppError('unavailable:exports_busy', 'Too many large exports are running; try again in a moment.', {
          details: { retryAfterS: 5 },
        }),
    });
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(cap);
      all();
      user();
    };
    // a client that stops reading holds its slots no longer than this
    const cap = setTimeout(release, EXPORT_SLOT_MAX_MS);
    cap.unref();
    return release;
  } catch (e) {
    user();
    throw e;
  }
}

/** Slots held (tests, monitoring). */
export function exportSlotState(userId: string): { user: number; process: number } {
  const slots = exportSlots();
  return { user: slots.state(`user:${userId}`).active, process: slots.state('process').active };
}

/**
 * Pages of at most `maxRows` rows from `readPage(page, size)` (1-based), stopping at the first short page.
 * Lazy: a page is read when the consumer asks for it.
 */
export async function* exportPages(
  readPage: (page: number, size: number) => Promise<ExportPage>,
  maxRows = MAX_FACT_EXPORT_ROWS,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportPage> {
  let sent = 0;
  for (let page = 1; sent < maxRows; page++) {
    const got = await readPage(page, pageRows);
    const rows = got.rows.slice(0, maxRows - sent);
    sent += rows.length;
    yield { rows, total: got.total };
    if (got.rows.length < pageRows) return;
  }
}

export interface StreamedExport {
  format: 'csv' | 'xlsx';
  /** the file name without extension */
  name: string;
  about: XlsxAbout;
  /** the truncation note for `total` when more rows matched than the cap lets out */
  truncated?: (sent: number, total: number) => string | undefined;
  /** called once when the stream ends, fails or is cancelled */
  release: () => void;
}

const encoder = new TextEncoder();

/** CSV as a pull stream: the BOM and header, then each page's lines as it is read. */
function csvStream(pages: AsyncGenerator<ExportPage>, release: () => void): ReadableStream<Uint8Array> {
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvHeader()}`));
          return;
        }
        // a pull must enqueue or close: an empty last page (the rows a multiple of the page size) reads on
        let next = await inBackgroundTurn(() => pages.next());
        while (!next.done && next.value.rows.length === 0) next = await inBackgroundTurn(() => pages.next());
        if (next.done) {
          release();
          controller.close();
          return;
        }
        const rows = next.value.rows;
        for (let i = 0; i < rows.length; i += YIELD_EVERY) {
          await inBackgroundTurn(() => controller.enqueue(encoder.encode(csvRows(rows.slice(i, i + YIELD_EVERY)))));
          await yieldToLoop();
        }
      } catch (e) {
        release();
        controller.error(e);
      }
    },
    async cancel() {
      release();
      await pages.return(undefined);
    },
  });
}

/**
 * XLSX through exceljs's streaming writer: rows committed as added, the About sheet at the end. The writer
 * reads the next page only while the client keeps up (the stream's queue below XLSX_BUFFER_BYTES).
 */
function xlsxStream(pages: AsyncGenerator<ExportPage>, spec: StreamedExport): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  let cancelled = false;
  let wake: (() => void) | null = null;
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const demand = async () => {
    while (!cancelled && (ctl.desiredSize ?? 0) <= 0) await new Promise<void>((r) => (wake = r));
  };
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    wb.creator = 'Ledgerline';
    wb.created = new Date();
    const ws = wb.addWorksheet('Numbers', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = XLSX_COLUMNS;
    ws.getRow(1).font = { bold: true };
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
    let sent = 0;
    let total = 0;
    for (;;) {
      await demand();
      if (cancelled) return;
      const next = await inBackgroundTurn(() => pages.next());
      if (next.done) break;
      total = next.value.total;
      const rows = next.value.rows;
      for (let i = 0; i < rows.length; i += YIELD_EVERY) {
        await inBackgroundTurn(() => {
          for (const r of rows.slice(i, i + YIELD_EVERY)) addXlsxRow(ws, r).commit();
        });
        sent += Math.min(YIELD_EVERY, rows.length - i);
        await yieldToLoop();
      }
    }
    ws.commit();
    const info = wb.addWorksheet('About');
    info.columns = [{ width: 18 }, { width: 100 }];
    for (const row of aboutRows({ ...spec.about, note: spec.truncated?.(sent, total) ?? spec.about.note }, sent)) info.addRow(row).commit();
    info.commit();
    await wb.commit();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        ctl = controller;
        out.on('data', (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk));
          if ((controller.desiredSize ?? 0) <= 0) out.pause();
        });
        out.on('end', () => {
          spec.release();
          controller.close();
        });
        out.on('error', (e) => {
          spec.release();
          controller.error(e);
        });
        write().catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
      },
      pull() {
        out.resume();
        const w = wake;
        wake = null;
        w?.();
      },
      async cancel() {
        cancelled = true;
        spec.release();
        const w = wake;
        wake = null;
        w?.();
        out.destroy();
        await pages.return(undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: XLSX_BUFFER_BYTES }),
  );
}

/** The streamed file response of an export: rows written as they are read, the slot released at its end. */
export function streamedExportResponse(pages: AsyncGenerator<ExportPage>, spec: StreamedExport): Response {
  const headers: Record<string, string> = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (spec.format === 'csv') {
    return new Response(csvStream(pages, spec.release), {
      headers: { ...headers, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${spec.name}.csv"` },
    });
  }
  return new Response(xlsxStream(pages, spec), {
    headers: {
      ...headers,
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${spec.name}.xlsx"`,
    },
  });
}
