import { MAX_UPLOAD_BYTES, uploadSource } from '@/lib/admin/upload-source';
import { AppError } from '@/lib/errors';
import { readBodyBytes, withRole } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

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
    const bytes = await readBodyBytes(req, MAX_UPLOAD_BYTES);
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
  { rateLimit: 'upload' },
);
