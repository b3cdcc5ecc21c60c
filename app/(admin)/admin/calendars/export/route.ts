import { exportCalendars } from '@/lib/admin/calendars';
import { withRole } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

/** GET /admin/calendars/export — the tenant's calendars as reviewable JSON (admin). */
export const GET = withRole(
  'admin',
  async (_req, { db, viewer }) => {
    const body = await exportCalendars(db, viewer.tenantId);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(`${JSON.stringify(body, null, 2)}\n`, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-disposition': `attachment; filename="fiscal-calendars-${day}.json"`,
      },
    });
  },
  { tenantScope: true },
);
