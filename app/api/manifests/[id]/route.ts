import { AppError } from '@/lib/errors';
import { getManifest } from '@/lib/evidence/manifest-detail';
import { withRole } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

/** GET /api/manifests/:id — the whole evidence manifest as JSON (reviewers, own tenant). */
export const GET = withRole(
  'reviewer',
  async (_req, { db, viewer }, ctx: { params: Promise<{ id: string }> }) => {
    const { id } = await ctx.params;
    if (!/^[0-9a-f]{64}$/.test(id)) throw new AppError('bad_request:id', 'Not a manifest id.');
    const m = await getManifest(db, { tenantId: viewer.tenantId, role: viewer.role }, id);
    if (!m) throw new AppError('not_found:manifest', 'No such manifest.');
    return Response.json(m, { headers: { 'content-disposition': `attachment; filename="manifest-${id.slice(0, 12)}.json"` } });
  },
  { tenantScope: true },
);
