/**
 * The quarantine review queue: facts an extractor could not place with confidence (unknown unit,
 * unmapped metric, lost column header, …). An admin binds one to a metric (and, when its period was
 * lost, to a period) — it becomes active — or rejects it. Every decision is audited.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { factVisible } from '@/lib/auth/visibility';
import type { Db } from '@/lib/db/client';
import { bumpDataVersion } from '@/lib/db/data-version';
import { refreshScreenValues } from '@/lib/db/screen-values';
import { entities, facts, fiscalCalendars, metrics, sources } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { factChainKey } from '@/lib/domain/identity';
import type { FiscalCalendar, Period } from '@/lib/domain/types';
import { daysBetween, isISODate } from '@/lib/fiscal/dates';
import { deriveFiscal } from '@/lib/fiscal/derive';
import { recordAudit } from './audit';

const factIdSchema = z.string().regex(/^[0-9a-f]{64}$/);
const isoDate = z
  .string()
  .max(10, 'Use a date like 2024-03-31.')
  .refine((s) => isISODate(s), 'Use a date like 2024-03-31.');

export const bindSchema = z
  .object({
    factId: factIdSchema,
    metricId: z.string().trim().min(1).max(80),
    /** set only when the stored period is wrong or missing */
    start: isoDate.nullish(),
    end: isoDate.nullish(),
    reason: z.string().trim().min(1, 'Say why.').max(500),
  })
  .refine((b) => !b.start || (b.end && b.start <= b.end), { message: 'A period needs an end on or after its start.', path: ['end'] });

export const rejectSchema = z.object({ factId: factIdSchema, reason: z.string().trim().min(1, 'Say why.').max(500) });

/** Page size of the quarantine review page. */
export const QUARANTINE_PAGE_SIZE = 25;

/** Quarantined facts the admin may see (visible sources of the tenant), oldest first. */
export async function listQuarantined(db: Db, tenantId: string, limit = 200, offset = 0) {
  return db
    .select({
      id: facts.id,
      entityName: entities.name,
      concept: facts.concept,
      metricId: facts.metricId,
      value: facts.value,
      unit: facts.unit,
      periodType: facts.periodType,
      startDate: facts.startDate,
      endDate: facts.endDate,
      fiscalYear: facts.fiscalYear,
      fiscalPeriod: facts.fiscalPeriod,
      reason: facts.quarantineReason,
      sourceTitle: sources.title,
      provenance: facts.provenance,
      sourceLabels: facts.sourceLabels,
      createdAt: facts.createdAt,
    })
    .from(facts)
    .innerJoin(entities, eq(entities.id, facts.entityId))
    .innerJoin(sources, eq(sources.id, facts.sourceId))
    .where(and(factVisible({ tenantId, role: 'admin' }), eq(facts.status, 'quarantined')))
    .orderBy(asc(facts.createdAt), asc(facts.id))
    .limit(limit)
    .offset(offset);
}

/**
 * One page of the review queue (server-side: the SQL reads one page), with the queue's size and its
 * count per reason, so a 10,000-fact queue renders as quickly as a 10-fact one.
 */
export async function quarantinePage(db: Db, tenantId: string, page: number, size = QUARANTINE_PAGE_SIZE) {
  const p = Math.max(1, Math.floor(page) || 1);
  const where = and(factVisible({ tenantId, role: 'admin' }), eq(facts.status, 'quarantined'));
  const [rows, reasons] = await Promise.all([
    listQuarantined(db, tenantId, size, (p - 1) * size),
    db.select({ reason: facts.quarantineReason, n: sql<number>`count(*)::int` }).from(facts).where(where).groupBy(facts.quarantineReason),
  ]);
  const total = reasons.reduce((n, r) => n + Number(r.n), 0);
  return {
    rows,
    total,
    page: p,
    pages: Math.max(1, Math.ceil(total / size)),
    size,
    reasons: reasons.map((r) => ({ reason: r.reason ?? 'unspecified', n: Number(r.n) })).sort((a, b) => b.n - a.n),
  };
}

async function quarantinedFact(db: Db, tenantId: string, factId: string) {
  const [f] = await db
    .select()
    .from(facts)
    .where(and(eq(facts.id, factId), factVisible({ tenantId, role: 'admin' })))
    .limit(1);
  if (!f) throw new AppError('not_found:fact', 'No such fact.');
  if (f.status !== 'quarantined') throw new AppError('conflict:not_quarantined', 'The fact is not in quarantine.');
  return f;
}

/** Bind a quarantined fact to a metric (and optionally a corrected period); it becomes active. */
export async function bindQuarantined(o: { db: Db; tenantId: string; actorId: string } & z.infer<typeof bindSchema>): Promise<void> {
  await o.db.transaction(async (tx) => {
    const db: Db = tx;
    const f = await quarantinedFact(db, o.tenantId, o.factId);
    const [metric] = await db
      .select({ id: metrics.id, periodType: metrics.periodType })
      .from(metrics)
      .where(eq(metrics.id, o.metricId))
      .limit(1);
    if (!metric) throw new AppError('bad_request:metric', `Unknown metric ${o.metricId}.`);
    const patch: Partial<typeof facts.$inferInsert> = { metricId: metric.id, status: 'active', quarantineReason: null };
    if (o.end) {
      const period: Period = o.start ? { type: 'duration', start: o.start, end: o.end } : { type: 'instant', date: o.end };
      if (period.type !== metric.periodType)
        throw new AppError(
          'bad_request:period_type',
          `${metric.id} is reported for ${metric.periodType === 'instant' ? 'a date' : 'a period'}.`,
        );
      const chainKey = factChainKey({
        tenantId: f.tenantId,
        entityId: f.entityId,
        concept: f.concept,
        unit: f.unit,
        period,
        scope: f.scope,
        dimensions: f.dimensions,
      });
      const [taken] = await db
        .select({ id: facts.id })
        .from(facts)
        .where(and(eq(facts.chainKey, chainKey), factVisible({ tenantId: o.tenantId, role: 'admin' })))
        .limit(1);
      if (taken)
        throw new AppError(
          'conflict:period_taken',
          'Another fact already reports this concept for that period: reject this one, or review the versions.',
        );
      const cals = (
        await db
          .select()
          .from(fiscalCalendars)
          .where(and(eq(fiscalCalendars.entityId, f.entityId), sql`${fiscalCalendars.supersededAt} is null`))
      ).map(
        (c): FiscalCalendar => ({
          entityId: c.entityId,
          effectiveFrom: c.effectiveFrom,
          effectiveTo: c.effectiveTo,
          yearEnd: c.yearEnd,
          labelBy: c.labelBy,
        }),
      );
      let fiscal: { fiscalYear: number | null; fiscalPeriod: string | null } = { fiscalYear: null, fiscalPeriod: null };
      try {
        if (cals.length) fiscal = deriveFiscal(period, cals);
      } catch {
        /* no label for this period */
      }
      Object.assign(patch, {
        periodType: period.type,
        startDate: period.type === 'duration' ? period.start : null,
        endDate: period.type === 'duration' ? period.end : period.date,
        durationDays: period.type === 'duration' ? daysBetween(period.start, period.end) : 0,
        fiscalYear: fiscal.fiscalYear,
        fiscalPeriod: fiscal.fiscalPeriod,
        chainKey,
      });
    }
    await db.update(facts).set(patch).where(eq(facts.id, f.id));
    // an active fact now: its company's screen values follow, in the same transaction
    await refreshScreenValues(db, o.tenantId, [f.entityId]);
    await recordAudit(db, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'fact.bind',
      targetType: 'fact',
      targetId: f.id,
      before: {
        metricId: f.metricId,
        status: f.status,
        reason: f.quarantineReason,
        period: { type: f.periodType, start: f.startDate, end: f.endDate },
      },
      after: { metricId: metric.id, status: 'active', ...(o.end ? { period: { start: o.start ?? null, end: o.end } } : {}) },
      reason: o.reason,
    });
  });
  // visibility changed: in-process catalogues built at the old version are rebuilt
  await bumpDataVersion(o.db, o.tenantId);
}

/** Reject a quarantined fact: it stays stored (for audit) but is never used. */
export async function rejectQuarantined(o: { db: Db; tenantId: string; actorId: string } & z.infer<typeof rejectSchema>): Promise<void> {
  await o.db.transaction(async (tx) => {
    const db: Db = tx;
    const f = await quarantinedFact(db, o.tenantId, o.factId);
    await db.update(facts).set({ status: 'rejected' }).where(eq(facts.id, f.id));
    await recordAudit(db, {
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'fact.reject',
      targetType: 'fact',
      targetId: f.id,
      before: { status: f.status, reason: f.quarantineReason },
      after: { status: 'rejected' },
      reason: o.reason,
    });
  });
  // visibility changed: in-process catalogues built at the old version are rebuilt
  await bumpDataVersion(o.db, o.tenantId);
}
