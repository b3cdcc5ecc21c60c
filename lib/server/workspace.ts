import 'server-only';
import type { Viewer } from '@/lib/auth/viewer';
import { AppError } from '@/lib/errors';
import {
  byPeriodEnd,
  countFacts,
  factsAfter,
  factsByKeys,
  listFactKeys,
  type FactCursor,
  type FactFilters,
  type FactKey,
  type ListFactsOptions,
} from '@/lib/facts/list-facts';
import { currentDb } from './context';
import { exportPages, MAX_FACT_EXPORT_ROWS, streamedExportResponse, takeExportSlot } from './export-stream';
import { answerExportRows, toCsv, type ExportRow } from '@/lib/workspace/export-rows';
import { factExportRow } from '@/lib/workspace/facts-export';
import { storedAnswer, type StoredAnswer } from '@/lib/workspace/shared-answer';
import { citedTarget, renderedHtmlSource, sourceDocumentBytes, sourceHeader } from '@/lib/workspace/source-view';
import { deleteThread, listThreads, renameThread, threadIdSchema, threadWithTurns, touchThread } from '@/lib/workspace/threads';
import { toXlsx } from '@/lib/workspace/xlsx';
import { companyDirectory } from '@/lib/workspace/companies';

function scope(viewer: Viewer) {
  return { tenantId: viewer.tenantId, role: viewer.role, userId: viewer.userId };
}

/** A stored answer a viewer may open (share links, exports); 404 otherwise. */
export async function viewerAnswer(viewer: Viewer, manifestId: string): Promise<StoredAnswer> {
  const db = await currentDb();
  const found = await storedAnswer(db, scope(viewer), manifestId);
  if (!found) throw new AppError('not_found:answer', 'No such answer.');
  return found;
}

async function fileResponse(
  rows: ExportRow[],
  format: 'csv' | 'xlsx',
  name: string,
  about: { title: string; question?: string | null; exportedBy: string; note?: string },
): Promise<Response> {
  const headers: Record<string, string> = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (format === 'csv') {
    return new Response(`\uFEFF${toCsv(rows)}`, {
      headers: { ...headers, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}.csv"` },
    });
  }
  const body = await toXlsx(rows, about);
  return new Response(new Uint8Array(body), {
    headers: {
      ...headers,
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${name}.xlsx"`,
    },
  });
}

/** CSV/XLSX of one stored answer: every value and operand with period bounds, unit, scale, filing and fact id. */
export async function exportAnswer(viewer: Viewer, manifestId: string, format: 'csv' | 'xlsx'): Promise<Response> {
  const a = await viewerAnswer(viewer, manifestId);
  return fileResponse(answerExportRows(a.answer), format, `ledgerline-answer-${manifestId.slice(0, 12)}`, {
    title: `Answer ${manifestId}`,
    question: a.question,
    exportedBy: viewer.name,
  });
}

/**
 * CSV/XLSX of the facts browser's current filters (all pages, up to MAX_FACT_EXPORT_ROWS rows), streamed a
 * page at a time under the user's export slot (lib/server/export-stream.ts).
 */
export async function exportFacts(viewer: Viewer, filters: FactFilters, format: 'csv' | 'xlsx'): Promise<Response> {
  const db = await currentDb();
  const release = await takeExportSlot(viewer.userId);
  const scope = { db, tenantId: viewer.tenantId, role: viewer.role };
  return streamedExportResponse(
    exportPages(byPeriodEnd(filters) ? pagesByPeriodEnd({ ...scope, filters }) : pagesByKey({ ...scope, filters })),
    {
      format,
      name: 'ledgerline-facts',
      about: { title: 'Facts browser', exportedBy: viewer.name },
      truncated: (sent, total) =>
        total > sent
          ? `Truncated: ${sent.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} facts; narrow the filters.`
          : undefined,
      release,
    },
  );
}

/**
 * The period-end order (the browser's default) a page at a time from its index, each page resuming after the
 * last row read; the total is counted only when the cap is reached (below it, the rows sent are the total).
 */
function pagesByPeriodEnd(opts: ListFactsOptions) {
  let after: FactCursor | null = null;
  return async (page: number, size: number) => {
    const rows = await factsAfter(opts, after, size);
    const last = rows.at(-1);
    if (last) after = { endDate: last.endDate, id: last.id };
    const read = (page - 1) * size + rows.length;
    const total = rows.length === size && read >= MAX_FACT_EXPORT_ROWS ? await countFacts(opts) : read;
    return { rows: rows.map(factExportRow), total };
  };
}

/** Any other order: the rows' keys in the list's order read once (one sort), then the rows a page at a time by key. */
function pagesByKey(opts: ListFactsOptions) {
  let listed: Promise<{ keys: FactKey[]; total: number }> | null = null;
  return async (page: number, size: number) => {
    listed ??= listFactKeys(opts, MAX_FACT_EXPORT_ROWS);
    const { keys, total } = await listed;
    const rows = await factsByKeys(opts, keys.slice((page - 1) * size, page * size));
    return { rows: rows.map(factExportRow), total };
  };
}

/** The source viewer's head: the visible source (404 otherwise) and what the link points at — quick, shown first. */
export async function sourceViewHead(viewer: Viewer, sourceId: string, want: { factId?: string | null; chunkId?: string | null }) {
  const db = await currentDb();
  const s = scope(viewer);
  const header = await sourceHeader(db, s, sourceId);
  if (!header) throw new AppError('not_found:source', 'No such source.');
  return { header, target: await citedTarget(db, s, sourceId, want) };
}

/** A visible HTML source rendered for the viewer (sanitized, cells and passages marked) — the slow part, streamed after the head. */
export async function sourceViewBody(viewer: Viewer, sourceId: string) {
  const rendered = await renderedHtmlSource(await currentDb(), scope(viewer), sourceId);
  return { html: rendered?.html ?? null, contexts: rendered?.contexts ?? [] };
}

/** A visible source's stored document bytes (the PDF viewer loads them). */
export async function sourceDocument(viewer: Viewer, sourceId: string): Promise<{ mediaType: string; content: Buffer }> {
  const db = await currentDb();
  const doc = await sourceDocumentBytes(db, scope(viewer), sourceId);
  if (!doc) throw new AppError('not_found:document', 'This source has no stored document.');
  return doc;
}

function owner(viewer: Viewer) {
  return { tenantId: viewer.tenantId, userId: viewer.userId, role: viewer.role };
}

/** Records a question in the viewer's thread (creates it on the first question); 403 for another user's thread id. */
export async function recordThreadActivity(viewer: Viewer, threadId: string, question: string): Promise<void> {
  const id = threadIdSchema.safeParse(threadId);
  if (!id.success) throw new AppError('bad_request:thread_id', 'The conversation id must be 8–100 letters, digits, - or _.');
  const db = await currentDb();
  await touchThread(db, owner(viewer), id.data, question);
}

/** The viewer's conversations, most recent first. */
export async function viewerThreads(viewer: Viewer) {
  const db = await currentDb();
  return listThreads(db, owner(viewer));
}

/** One of the viewer's conversations with its turns (null when it is not theirs). */
export async function viewerThread(viewer: Viewer, threadId: string) {
  const db = await currentDb();
  return threadWithTurns(db, owner(viewer), threadId);
}

export async function renameViewerThread(viewer: Viewer, threadId: string, title: string): Promise<void> {
  const db = await currentDb();
  await renameThread(db, owner(viewer), threadId, title);
}

export async function deleteViewerThread(viewer: Viewer, threadId: string): Promise<void> {
  const db = await currentDb();
  await deleteThread(db, owner(viewer), threadId);
}

/** The viewer's tenant's companies (names, tickers, aliases) for autocomplete. */
export async function viewerCompanies(viewer: Viewer) {
  const db = await currentDb();
  return companyDirectory(db, viewer.tenantId);
}
