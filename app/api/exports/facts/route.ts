import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { factFiltersSchema, parseFactFilters } from '@/lib/facts/list-facts';
import { requestSchema } from '@/lib/server/input-schemas';
import { withRole } from '@/lib/server/route';
import { exportFacts } from '@/lib/server/workspace';

export const dynamic = 'force-dynamic';

const formatSchema = requestSchema('GET /api/exports/facts format', z.enum(['csv', 'xlsx']));
// parseFactFilters reads the query with it
requestSchema('GET /api/exports/facts filters', factFiltersSchema);

/** GET /api/exports/facts?<facts-browser filters>&format=csv|xlsx — the filtered facts, every page. */
export const GET = withRole('analyst', async (req, { viewer }) => {
  const search = Object.fromEntries(new URL(req.url).searchParams);
  const format = formatSchema.safeParse(search.format ?? 'csv');
  if (!format.success) throw new AppError('bad_request:export', 'format must be csv or xlsx.');
  return exportFacts(viewer, parseFactFilters(search), format.data);
});
