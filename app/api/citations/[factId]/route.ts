import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { citationTable } from '@/lib/evidence/citation-table';
import { requestSchema } from '@/lib/server/input-schemas';
import { withRole } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

const idSchema = requestSchema('GET /api/citations/[factId] fact id', z.string().regex(/^[0-9a-f]{64}$/));

/** GET /api/citations/:factId — the source table around a cited fact, for citation popovers. */
export const GET = withRole(
  'analyst',
  async (_req, { db, viewer }, ctx: { params: Promise<{ factId: string }> }) => {
    const { factId } = await ctx.params;
    const parsed = idSchema.safeParse(factId);
    if (!parsed.success) throw new AppError('bad_request:fact_id', 'Not a fact id.');
    const table = await citationTable(db, viewer.tenantId, parsed.data, viewer.role);
    if (!table) throw new AppError('not_found:fact', 'No such fact.');
    return Response.json(table);
  },
  { tenantScope: true },
);
