import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { requestSchema } from '@/lib/server/input-schemas';
import { withRole } from '@/lib/server/route';
import { sourceDocument } from '@/lib/server/workspace';

export const dynamic = 'force-dynamic';

const idSchema = requestSchema('GET /api/sources/[id]/document source id', z.string().regex(/^[0-9a-f]{64}$/));

/** GET /api/sources/:id/document — the stored bytes of a visible source (PDF pages are drawn from them with pdf.js). */
export const GET = withRole('analyst', async (_req, { viewer }, ctx: { params: Promise<{ id: string }> }) => {
  const id = idSchema.safeParse((await ctx.params).id);
  if (!id.success) throw new AppError('bad_request:source_id', 'Not a source id.');
  const doc = await sourceDocument(viewer, id.data);
  return new Response(new Uint8Array(doc.content), {
    headers: {
      'content-type': doc.mediaType === 'text/html' ? 'text/plain; charset=utf-8' : doc.mediaType,
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
});
