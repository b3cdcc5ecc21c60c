import { MAX_UPLOAD_BYTES, uploadSource } from '@/lib/admin/upload-source';
import { AppError } from '@/lib/errors';
import { bodyReadTimeoutMs, readBodyBytes, withRole } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /admin/sources/upload — the raw file as the body, its name in `x-file-name` (URI-encoded).
 * Admin only, rate-limited per user; size and type are checked before ingestion.
 */
export const POST = withRole(
  'admin',
  async (req, { db, viewer }) => {
    const rawName = req.headers.get('x-file-name');
    if (!rawName) throw new AppError('bad_request:file_name', 'The file name is missing.');
    let fileName: string;
    try {
      fileName = decodeURIComponent(rawName);
    } catch {
      throw new AppError('bad_request:file_name', 'The file name is not valid.');
    }
    // a file of up to 50 MB gets a minute (or the configured body deadline when longer), never unbounded
    const bytes = await readBodyBytes(req, MAX_UPLOAD_BYTES, { timeoutMs: Math.max(UPLOAD_TIMEOUT_MS, bodyReadTimeoutMs()) });
    const r = await uploadSource({ db, tenantId: viewer.tenantId, actorId: viewer.userId, fileName, bytes });
    return Response.json(
      {
        status: r.status,
        fileName: r.fileName,
        format: r.format,
        sourceId: r.sourceId,
        factsAdded: r.factsAdded,
        quarantined: r.quarantined,
        tablesAdded: r.tablesAdded,
        chunksAdded: r.chunksAdded,
        revoked: r.revoked,
        error: r.error,
      },
      { status: r.status === 'failed' ? 422 : 200 },
    );
  },
  // a declared size over the limit is a 413 before the session lookup; the body itself is read after the role check
  { rateLimit: 'upload', maxDeclaredBytes: MAX_UPLOAD_BYTES },
);
