/**
 * The filings a workspace holds for one company, each with the span of periods its visible facts cover:
 * what an answer names when the period a question asks about is in none of them.
 */
import { sql } from 'drizzle-orm';
import { sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';

export interface FilingHeld {
  title: string;
  form: string | null;
  filedAt: string | null;
  /** the earliest start (or balance date) and the latest end of the periods its facts report */
  start: string;
  end: string;
}

/** How many filings a "not in this workspace" sentence lists at most (newest first). */
const MAX_LISTED = 6;

export async function filingsHeld(db: Db, scope: VisibilityScope, entityId: string): Promise<FilingHeld[]> {
  const rows = rowsOf<{ title: string; form: string | null; filed_at: string | null; start: string; end: string }>(
    await db.execute(sql`
      select s.title, s.form, s.filed_at::text as filed_at,
             min(coalesce(f.start_date, f.end_date))::text as start, max(f.end_date)::text as end
      from sources s
      join facts f on f.tenant_id = ${scope.tenantId} and f.entity_id = ${entityId} and f.source_id = s.id and f.status = 'active'
      where s.entity_id = ${entityId} and ${sourceVisible(scope, 's')}
      group by s.id, s.title, s.form, s.filed_at
      order by s.filed_at desc nulls last
      limit ${MAX_LISTED}`),
  );
  return rows.map((r) => ({ title: r.title, form: r.form, filedAt: r.filed_at, start: r.start, end: r.end }));
}
