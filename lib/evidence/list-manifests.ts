import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { parseSearchParams, type SearchParams } from '@/lib/http/search-params';
import { z } from 'zod';
import { manifestVisible } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { manifests, users } from '@/lib/db/schema';

export const manifestFiltersSchema = z.object({
  status: z.enum(['answered', 'needs_clarification', 'insufficient_evidence', 'rejected']).optional(),
  code: z
    .string()
    .trim()
    .regex(/^[A-Z_]{3,40}$/)
    .optional(),
  sort: z.enum(['createdAt', 'status', 'latencyMs']).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(5).max(200).default(25),
});
export type ManifestFilters = z.infer<typeof manifestFiltersSchema>;

export function parseManifestFilters(params: SearchParams): ManifestFilters {
  return parseSearchParams(manifestFiltersSchema, params);
}

export interface ManifestRow {
  id: string;
  question: string;
  status: string;
  pathway: string | null;
  errorCodes: string[];
  userName: string | null;
  latencyMs: number | null;
  createdAt: string;
}

/** Manifests of one tenant, filtered, sorted and paginated in SQL. */
export async function listManifests({ db, tenantId, filters }: { db: Db; tenantId: string; filters: ManifestFilters }) {
  const where: SQL[] = [manifestVisible({ tenantId })];
  if (filters.status) where.push(eq(manifests.status, filters.status));
  if (filters.code) where.push(sql`${filters.code} = any(${manifests.errorCodes})`);
  const cond = and(...where);
  const col = { createdAt: manifests.createdAt, status: manifests.status, latencyMs: manifests.latencyMs }[filters.sort];
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: manifests.id,
        question: manifests.question,
        status: manifests.status,
        pathway: manifests.pathway,
        errorCodes: manifests.errorCodes,
        userName: users.name,
        latencyMs: manifests.latencyMs,
        createdAt: manifests.createdAt,
      })
      .from(manifests)
      .leftJoin(users, eq(users.id, manifests.userId))
      .where(cond)
      .orderBy(filters.dir === 'asc' ? asc(col) : desc(col), asc(manifests.id))
      .limit(filters.size)
      .offset((filters.page - 1) * filters.size),
    db.select({ n: count() }).from(manifests).where(cond),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) as ManifestRow[],
    total: Number(totals[0]?.n ?? 0),
  };
}
