/**
 * Ingest one source: size check → sha256 → already stored? → detect format → parse → one transaction
 * (entity, calendar, source, facts, tables, chunks, audit, run record). A malformed file or a crash
 * leaves nothing half-written; the failed attempt is still recorded in ingest_runs.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { bumpDataVersion } from '@/lib/db/data-version';
import { refreshStatistics } from '@/lib/db/statistics';
import { auditLog, ingestRuns, metrics, sourceDocuments, sources } from '@/lib/db/schema';
import { isAppError } from '@/lib/errors';
import { contentId, sha256Hex } from '@/lib/ids';
import { METRICS } from '@/lib/ontology/metrics';
import { ensureTenant } from './entity';
import { checkDiskSpace } from './disk-space';
import { ingestError } from './errors';
import { detectFormat } from './formats';
import { hasParseBytes } from './report/format';
import { noSideFiles } from './side-files';
import type { FactRowInserter } from '@/lib/facts/write-facts';
import type { FormatHandler, IngestProgress, SideFiles, WriteResult } from './types';

/** Default upper bound on one file (bytes). */
export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export interface IngestOptions {
  db: Db;
  tenantId: string;
  /** `cli`, `system` or a user id (audit log) */
  actor?: string;
  maxBytes?: number;
  progress?: IngestProgress;
  sideFiles?: SideFiles;
  /** force a format instead of sniffing */
  format?: string;
  /** analyse the written tables after the commit (default true; a batch analyses once at its end) */
  refreshStatistics?: boolean;
  /** how fact rows reach the tables (the bulk ingester's COPY path); default the batched insert */
  factInserter?: FactRowInserter;
}

export type IngestStatus = 'ok' | 'unchanged' | 'failed';

export interface IngestOutcome {
  fileName: string;
  status: IngestStatus;
  format: string | null;
  sourceId: string | null;
  entityId: string | null;
  factsSeen: number;
  factsAdded: number;
  sightingsAdded: number;
  quarantined: number;
  chunksAdded: number;
  tablesAdded: number;
  durationMs: number;
  error: { code: string; message: string } | null;
  notes: string[];
  runId: string;
}

const ensured = new WeakSet<object>();

/** Tenant row and the metric ontology (facts reference metrics). Cheap and idempotent. */
export async function ensureReferenceData(db: Db, tenantId: string): Promise<void> {
  await ensureTenant(db, tenantId);
  if (ensured.has(db)) return;
  for (const m of METRICS) {
    const row = {
      id: m.id,
      label: m.label,
      description: m.description,
      periodType: m.periodType,
      unitKind: m.unitKind,
      synonyms: m.synonyms,
      concepts: m.concepts,
      constraints: m.constraints ?? {},
    };
    await db.insert(metrics).values(row).onConflictDoUpdate({ target: metrics.id, set: row });
  }
  ensured.add(db);
}

/** Reads a file with the size limit applied before reading. */
export function readSourceFile(filePath: string, maxBytes = DEFAULT_MAX_BYTES): Buffer {
  const name = path.basename(filePath);
  let size: number;
  try {
    size = fs.statSync(filePath).size;
  } catch (e) {
    throw ingestError('not_found:file', name, `cannot read ${filePath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (size > maxBytes) {
    throw ingestError(
      'payload_too_large:file',
      name,
      `file is ${size.toLocaleString('en-US')} bytes; the limit is ${maxBytes.toLocaleString('en-US')}`,
    );
  }
  return fs.readFileSync(filePath);
}

/** An outcome that wrote nothing (status failed, every count zero), filled in as the ingest proceeds. */
export function blankOutcome(fileName: string, runId: string): IngestOutcome {
  return {
    fileName,
    status: 'failed',
    format: null,
    sourceId: null,
    entityId: null,
    factsSeen: 0,
    factsAdded: 0,
    sightingsAdded: 0,
    quarantined: 0,
    chunksAdded: 0,
    tablesAdded: 0,
    durationMs: 0,
    error: null,
    notes: [],
    runId,
  };
}

async function recordRun(
  db: Db,
  tenantId: string,
  o: IngestOutcome,
  extractorVersion: string | null,
  counters: Record<string, number>,
): Promise<void> {
  await db.insert(ingestRuns).values({
    id: o.runId,
    tenantId,
    sourceId: o.sourceId,
    fileName: o.fileName,
    format: o.format,
    extractorVersion,
    status: o.status,
    factsAdded: o.factsAdded,
    factsQuarantined: o.quarantined,
    chunksAdded: o.chunksAdded,
    errorCode: o.error?.code ?? null,
    errorMessage: o.error?.message ?? null,
    counters,
    durationMs: o.durationMs,
  });
}

/** Ingests a file from disk. Never throws for problems with the file: they become a failed outcome. */
export async function ingestFile(filePath: string, opts: IngestOptions): Promise<IngestOutcome> {
  const started = performance.now();
  const fileName = path.basename(filePath);
  let bytes: Buffer;
  try {
    bytes = readSourceFile(filePath, opts.maxBytes);
  } catch (e) {
    const o = blankOutcome(fileName, randomUUID());
    o.error = errorInfo(e);
    o.durationMs = Math.round(performance.now() - started);
    await ensureTenant(opts.db, opts.tenantId);
    await recordRun(opts.db, opts.tenantId, o, null, {});
    return o;
  }
  return ingestBytes(bytes, fileName, { ...opts, filePath, startedAt: started });
}

/** The driver error under drizzle's wrapper (whose message carries the whole query and its parameters). */
function rootCause(e: unknown): unknown {
  let cur = e;
  for (let i = 0; i < 5 && cur instanceof Error && cur.message.startsWith('Failed query:') && cur.cause; i++) cur = cur.cause;
  return cur;
}

function pgCode(e: unknown): string | undefined {
  const c = rootCause(e) as { code?: unknown };
  return typeof c?.code === 'string' ? c.code : undefined;
}

/**
 * What an ingest failure says: an AppError its own message; a database refusal a typed one — a NUL character
 * in a text field (names, labels; PostgreSQL stores no NUL) a 400, a full disk a 503 — and otherwise the
 * SQLSTATE only (the database's text, with the query and its values, goes to the log, not to the user).
 */
function errorInfo(e: unknown): { code: string; message: string } {
  if (isAppError(e)) return { code: e.code, message: e.message };
  // a typed refusal of the database handle itself (a full disk under the embedded database's log)
  const root = rootCause(e);
  if (isAppError(root)) return { code: root.code, message: root.message };
  const code = pgCode(e);
  if (code === '22021' || code === '22P05')
    return {
      code: 'bad_request:control_characters',
      message: 'the file holds a NUL character in a text field (a company name, a label); remove it and try again',
    };
  if (code === '53100') return { code: 'unavailable:disk_full', message: 'the database server’s disk is full; nothing was stored' };
  console.error('[ingest] failed:', rootCause(e));
  return {
    code: 'internal:ingest',
    message: code ? `the database refused the data (SQLSTATE ${code}); nothing was stored` : 'the ingest failed; nothing was stored',
  };
}

/** Thrown inside the ingest transaction to roll it back: the same bytes were committed by another ingest meanwhile. */
class StoredMeanwhile extends Error {
  constructor(readonly entityId: string | null) {
    super('same bytes stored meanwhile');
  }
}

/** Deadlocks and serialization failures between concurrent ingests are retried. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

/** Ingests bytes (CLI file, admin upload). Never throws for problems with the file. */
export async function ingestBytes(
  bytes: Buffer,
  fileName: string,
  opts: IngestOptions & { filePath?: string | null; startedAt?: number },
): Promise<IngestOutcome> {
  const started = opts.startedAt ?? performance.now();
  const o = blankOutcome(fileName, randomUUID());
  const { db, tenantId } = opts;
  const actor = opts.actor ?? 'system';
  let handler: FormatHandler | null = null;
  let counters: Record<string, number> = {};
  try {
    await ensureReferenceData(db, tenantId);
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    if (bytes.byteLength > maxBytes) {
      throw ingestError(
        'payload_too_large:file',
        fileName,
        `file is ${bytes.byteLength.toLocaleString('en-US')} bytes; the limit is ${maxBytes.toLocaleString('en-US')}`,
      );
    }
    // a full disk is refused before anything is written
    checkDiskSpace(fileName, bytes.byteLength);
    const sha = sha256Hex(bytes);
    const sourceId = contentId('source', tenantId, sha);
    handler = detectFormat(bytes, fileName, opts.format);
    o.format = handler.format;
    const [known] = await db
      .select({ id: sources.id, entityId: sources.entityId })
      .from(sources)
      .where(and(eq(sources.tenantId, tenantId), eq(sources.sha256, sha)))
      .limit(1);
    if (known) {
      o.status = 'unchanged';
      o.sourceId = known.id;
      o.entityId = known.entityId;
      o.notes.push('same bytes already ingested');
    } else {
      const parsed = hasParseBytes(handler)
        ? await handler.parseBytes(bytes, fileName)
        : handler.parse(stripBom(bytes.toString('utf8')), fileName);
      const h = handler;
      for (let attempt = 1; ; attempt++) {
        try {
          await writeInTransaction(h, parsed, sha, sourceId);
          // after the commit: caches of the tenant's entities and calendars rebuild on the next question
          await bumpDataVersion(db, tenantId);
          if (opts.refreshStatistics !== false) await refreshStatistics(db);
          return o;
        } catch (e) {
          if (e instanceof StoredMeanwhile) {
            // a concurrent ingest of the same bytes committed first: this transaction was rolled back, so
            // whatever it did before finding the source row (a calendar inference and its audit entry,
            // alias rows) is not written a second time; the run is recorded below, outside it
            o.status = 'unchanged';
            o.sourceId = sourceId;
            o.entityId = e.entityId;
            o.notes.push('same bytes stored by a concurrent ingest');
            break;
          }
          if (attempt < MAX_ATTEMPTS && RETRYABLE.has(pgCode(e) ?? '')) {
            o.notes.push(`retried after ${pgCode(e)}`);
            continue;
          }
          throw e;
        }
      }
    }
  } catch (e) {
    Object.assign(o, blankOutcome(fileName, o.runId), { format: o.format });
    o.error = errorInfo(e);
    if (!isAppError(e)) o.notes.push((e as Error)?.stack?.slice(0, 4000) ?? String(e));
  }
  o.durationMs = Math.round(performance.now() - started);
  try {
    await ensureTenant(db, tenantId);
    await recordRun(db, tenantId, o, handler?.extractorVersion ?? null, counters);
  } catch (e) {
    o.notes.push(`could not record the run: ${(e as Error).message}`);
  }
  return o;

  async function writeInTransaction(h: FormatHandler, parsed: unknown, sha: string, sourceId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const r: WriteResult = await h.write(
        {
          tx: tx,
          tenantId,
          fileName,
          filePath: opts.filePath ?? null,
          sha256: sha,
          byteSize: bytes.byteLength,
          sourceId,
          actor,
          progress: opts.progress ?? (() => {}),
          sideFiles: opts.sideFiles ?? noSideFiles,
          factInserter: opts.factInserter,
        },
        parsed,
      );
      // the source row already existed (same tenant and bytes, committed by a concurrent ingest since the
      // check above): roll everything of this attempt back, so one ingest leaves one set of audit entries
      if (r.unchanged) throw new StoredMeanwhile(r.entityId);
      o.status = 'ok';
      Object.assign(o, {
        sourceId: r.sourceId,
        entityId: r.entityId,
        factsSeen: r.factsSeen,
        factsAdded: r.factsAdded,
        sightingsAdded: r.sightingsAdded,
        quarantined: r.quarantined,
        chunksAdded: r.chunksAdded,
        tablesAdded: r.tablesAdded,
      });
      o.notes.push(...r.notes);
      counters = r.counters;
      if (r.sourceId) await keepSourceDocument(tx, tenantId, r.sourceId, h.format, bytes);
      await tx.insert(auditLog).values({
        tenantId,
        actor,
        action: 'source.ingest',
        targetType: r.sourceId ? 'source' : 'entity',
        targetId: r.sourceId ?? r.entityId,
        after: { fileName, format: h.format, sha256: sha, ...r.counters },
        reason: `ingest ${fileName}`,
      });
      o.durationMs = Math.round(performance.now() - started);
      await recordRun(tx, tenantId, o, h.extractorVersion, counters);
    });
  }
}

/** Media types of the formats whose bytes the source viewer shows (data files such as companyfacts are not kept). */
const VIEWABLE_FORMATS: Record<string, string> = { ixbrl: 'text/html', 'html-report': 'text/html', 'pdf-report': 'application/pdf' };

/** Keeps a filing's bytes for the source viewer (/sources/[id]), in the ingest transaction. */
async function keepSourceDocument(db: Db, tenantId: string, sourceId: string, format: string, bytes: Buffer): Promise<void> {
  const mediaType = VIEWABLE_FORMATS[format];
  if (!mediaType) return;
  await db
    .insert(sourceDocuments)
    .values({ sourceId, tenantId, mediaType, byteSize: bytes.byteLength, content: bytes })
    .onConflictDoNothing();
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
