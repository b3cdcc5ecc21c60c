import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { parseFactFilters } from '@/lib/facts/list-facts';
import { withRole } from '@/lib/server/route';
import { exportFacts } from '@/lib/server/workspace';

export const dynamic = 'force-dynamic';

/** GET /api/exports/facts?<facts-browser filters>&format=csv|xlsx — the filtered facts, every page. */
export const GET = withRole('analyst', async (req, { viewer }) => {
  const search = Object.fromEntries(new URL(req.url).searchParams);
  const format = z.enum(['csv', 'xlsx']).safeParse(search.format ?? 'csv');
  if (!format.success) throw new AppError('bad_request:export', 'format must be csv or xlsx.');
  return exportFacts(viewer, parseFactFilters(search), format.data);
});
