import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { sources } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { ingestBytes, type IngestOutcome } from '@/lib/ingest/ingest-file';
import { recordAudit } from './audit';

/** Largest file an admin may upload through the browser (the CLI takes larger ones). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Extensions accepted, with what their first bytes must look like. */
export const UPLOAD_TYPES: Record<string, { label: string; sniff: RegExp }> = {
  '.json': { label: 'SEC companyfacts / submissions JSON', sniff: /^\s*[{[]/ },
  '.xml': { label: 'XBRL instance', sniff: /^\s*</ },
  '.xbrl': { label: 'XBRL instance', sniff: /^\s*</ },
  '.htm': { label: 'inline XBRL or HTML report', sniff: /^\s*</ },
  '.html': { label: 'inline XBRL or HTML report', sniff: /^\s*</ },
  '.xhtml': { label: 'inline XBRL', sniff: /^\s*</ },
  '.pdf': { label: 'PDF report', sniff: /^%PDF-/ },
};

/**
 * A safe file name from what the browser sent: the last path segment only (no `..`, no folders, either
 * slash), printable characters from a small set, at most 120 characters, keeping the extension.
 */
export function sanitizeUploadName(raw: string): string {
  const last = raw.replace(/\0/g, '').split(/[\\/]/).pop() ?? '';
  const ext = path.extname(last).toLowerCase();
  const stem = last
    .slice(0, last.length - ext.length)
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[.\s_-]+/, '')
    .replace(/\.{2,}/g, '.')
    .trim()
    .slice(0, 120 - ext.length);
  if (!ext || !(ext in UPLOAD_TYPES)) {
    throw new AppError(
      'unsupported:file_type',
      `Files of this type cannot be uploaded (allowed: ${Object.keys(UPLOAD_TYPES).join(', ')}).`,
    );
  }
  return `${stem || 'upload'}${ext}`;
}

/** Size and type checks on the bytes (the ingester then detects the exact format). */
export function checkUpload(fileName: string, bytes: Buffer): void {
  if (bytes.byteLength === 0) throw new AppError('bad_request:empty_file', 'The file is empty.');
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new AppError('payload_too_large:file', `Files are limited to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
  const type = UPLOAD_TYPES[path.extname(fileName).toLowerCase()]!;
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (!type.sniff.test(head)) throw new AppError('unsupported:file_content', `The file does not look like a ${type.label}.`);
}

export interface UploadSourceOptions {
  db: Db;
  tenantId: string;
  actorId: string;
  fileName: string;
  bytes: Buffer;
}

export interface UploadResult extends IngestOutcome {
  /** the same bytes were revoked earlier: they stay revoked */
  revoked: boolean;
}

/** Ingest an uploaded file into the admin's tenant; the attempt is audited whatever its outcome. */
export async function uploadSource(o: UploadSourceOptions): Promise<UploadResult> {
  const fileName = sanitizeUploadName(o.fileName);
  checkUpload(fileName, o.bytes);
  const outcome = await ingestBytes(o.bytes, fileName, { db: o.db, tenantId: o.tenantId, actor: o.actorId, maxBytes: MAX_UPLOAD_BYTES });
  let revoked = false;
  if (outcome.sourceId) {
    const [s] = await o.db
      .select({ revoked: sources.revoked })
      .from(sources)
      .where(and(eq(sources.id, outcome.sourceId), eq(sources.tenantId, o.tenantId)))
      .limit(1);
    revoked = s?.revoked ?? false;
  }
  await recordAudit(o.db, {
    tenantId: o.tenantId,
    actor: o.actorId,
    action: 'source.upload',
    targetType: 'source',
    targetId: outcome.sourceId,
    after: {
      fileName,
      bytes: o.bytes.byteLength,
      status: outcome.status,
      format: outcome.format,
      factsAdded: outcome.factsAdded,
      quarantined: outcome.quarantined,
      error: outcome.error?.code ?? null,
      revoked,
    },
    reason: `upload ${fileName}`,
  });
  return { ...outcome, revoked };
}
