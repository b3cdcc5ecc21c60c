import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { parseSearchParams, type SearchParams } from '@/lib/http/search-params';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { auditLog, users } from '@/lib/db/schema';

export interface AuditEntry {
  tenantId: string;
  /** user id, `cli` or `system` */
  actor: string;
  /** `<target>.<verb>`, e.g. calendar.change, source.revoke, fact.bind */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** Append one audit entry (inside the caller's transaction when given one). */
export async function recordAudit(db: Db, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    tenantId: e.tenantId,
    actor: e.actor,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
    reason: e.reason ?? null,
  });
}

export const auditFiltersSchema = z.object({
  action: z
    .string()
    .trim()
    .regex(/^[a-z_.]{1,40}$/)
    .optional(),
  target: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(10).max(200).default(50),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export function parseAuditFilters(params: SearchParams): AuditFilters {
  return parseSearchParams(auditFiltersSchema, params);
}

/** The tenant's audit log, newest first, with the actor's name where the actor is a user. */
export async function listAudit({ db, tenantId, filters }: { db: Db; tenantId: string; filters: AuditFilters }) {
  const where: SQL[] = [eq(auditLog.tenantId, tenantId)];
  if (filters.action) where.push(ilike(auditLog.action, `${filters.action.replace(/[%_]/g, (c) => `\\${c}`)}%`));
  if (filters.target) where.push(eq(auditLog.targetId, filters.target));
  const cond = and(...where);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actor: auditLog.actor,
        actorName: users.name,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, sql`${users.id} = ${auditLog.actor}`)
      .where(cond)
      .orderBy(desc(auditLog.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}
