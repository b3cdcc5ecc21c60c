import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { requestSchema } from '@/lib/server/input-schemas';
import { withRole } from '@/lib/server/route';
import { exportAnswer } from '@/lib/server/workspace';

export const dynamic = 'force-dynamic';

const params = requestSchema(
  'GET /api/exports/answers/[id] id and format',
  z.object({ id: z.string().regex(/^[0-9a-f]{16,64}$/), format: z.enum(['csv', 'xlsx']) }),
);

/** GET /api/exports/answers/:manifestId?format=csv|xlsx — one stored answer's numbers with their citations. */
export const GET = withRole('analyst', async (req, { viewer }, ctx: { params: Promise<{ id: string }> }) => {
  const parsed = params.safeParse({ id: (await ctx.params).id, format: new URL(req.url).searchParams.get('format') ?? 'csv' });
  if (!parsed.success) throw new AppError('bad_request:export', 'Expected a manifest id and format=csv or format=xlsx.');
  return exportAnswer(viewer, parsed.data.id, parsed.data.format);
});
