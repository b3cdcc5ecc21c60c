/**
 * Fiscal calendar registry: effective-dated calendars per entity, previews of the periods a rule
 * produces, audited changes that re-derive the entity's fiscal labels in the same transaction, and
 * export/import as reviewable JSON.
 */
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { bumpDataVersion } from '@/lib/db/data-version';
import { auditLog, entities, fiscalCalendars, users } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import type { FiscalCalendar, YearEndRule } from '@/lib/domain/types';
import { addDays, isISODate } from '@/lib/fiscal/dates';
import { positionLayouts } from '@/lib/fiscal/positions';
import { fiscalYearBounds, transitionPeriods } from '@/lib/fiscal/timeline';
import { assertValidRule, describeRule, sameRule } from '@/lib/fiscal/year-end';
import { contentId } from '@/lib/ids';
import { relabelEntityFacts } from '@/lib/ingest/calendar';
import { recordAudit } from './audit';

const isoDate = z
  .string()
  .max(10, 'Use a date like 2024-04-01.')
  .refine((s) => isISODate(s), 'Use a date like 2024-04-01.');

export const yearEndSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('fixed'), month: z.coerce.number().int().min(1).max(12), day: z.coerce.number().int().min(1).max(31) }),
    z.object({
      kind: z.literal('week'),
      weekday: z.coerce.number().int().min(0).max(6),
      month: z.coerce.number().int().min(1).max(12),
      rule: z.enum(['last', 'nearest']),
    }),
  ])
  .superRefine((rule, ctx) => {
    try {
      assertValidRule(rule as YearEndRule);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
    if (
      rule.kind === 'fixed' &&
      rule.day > new Date(Date.UTC(2001, rule.month, 0)).getUTCDate() &&
      !(rule.month === 2 && rule.day === 29)
    ) {
      ctx.addIssue({ code: 'custom', message: `Month ${rule.month} has no day ${rule.day}.` });
    }
  });

export const calendarRuleSchema = z
  .object({
    effectiveFrom: isoDate,
    effectiveTo: isoDate.nullable().default(null),
    yearEnd: yearEndSchema,
    labelBy: z.enum(['end-year', 'start-year']),
  })
  .refine((c) => !c.effectiveTo || c.effectiveTo >= c.effectiveFrom, {
    message: 'The calendar must end after it starts.',
    path: ['effectiveTo'],
  });
export type CalendarRule = z.infer<typeof calendarRuleSchema>;

export const MAX_PREVIEW_YEARS = 30;

export interface CalendarRow {
  id: string;
  entityId: string;
  effectiveFrom: string;
  effectiveTo: string | null;
  yearEnd: YearEndRule;
  labelBy: 'end-year' | 'start-year';
  origin: string;
  confidence: number | null;
  reason: string | null;
  createdBy: string | null;
  createdAt: Date;
  supersededAt: Date | null;
}

function toCalendar(r: Pick<CalendarRow, 'entityId' | 'effectiveFrom' | 'effectiveTo' | 'yearEnd' | 'labelBy'>): FiscalCalendar {
  return { entityId: r.entityId, effectiveFrom: r.effectiveFrom, effectiveTo: r.effectiveTo, yearEnd: r.yearEnd, labelBy: r.labelBy };
}

async function entityOfTenant(db: Db, tenantId: string, entityId: string) {
  const [e] = await db
    .select()
    .from(entities)
    .where(and(eq(entities.id, entityId), eq(entities.tenantId, tenantId)))
    .limit(1);
  if (!e) throw new AppError('not_found:entity', 'No such entity.');
  return e;
}

/** Entities of the tenant with their current calendars. */
export async function listCalendars(db: Db, tenantId: string) {
  const ents = await db.select().from(entities).where(eq(entities.tenantId, tenantId)).orderBy(asc(entities.name));
  const cals = ents.length
    ? await db
        .select()
        .from(fiscalCalendars)
        .where(
          and(
            inArray(
              fiscalCalendars.entityId,
              ents.map((e) => e.id),
            ),
            isNull(fiscalCalendars.supersededAt),
          ),
        )
        .orderBy(asc(fiscalCalendars.effectiveFrom))
    : [];
  return ents.map((e) => ({ entity: e, calendars: cals.filter((c) => c.entityId === e.id) as CalendarRow[] }));
}

/** One entity's calendars: the current set and the full history (superseded rows included). */
export async function entityCalendars(db: Db, tenantId: string, entityId: string) {
  const entity = await entityOfTenant(db, tenantId, entityId);
  const history = (await db
    .select()
    .from(fiscalCalendars)
    .where(eq(fiscalCalendars.entityId, entityId))
    .orderBy(asc(fiscalCalendars.createdAt), asc(fiscalCalendars.effectiveFrom))) as CalendarRow[];
  return { entity, current: history.filter((c) => !c.supersededAt).sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1)), history };
}

export interface PreviewYear {
  fiscalYear: number;
  start: string;
  end: string;
  days: number;
  weeks: 52 | 53 | null;
  quarters: { q: 'Q1' | 'Q2' | 'Q3' | 'Q4'; start: string; end: string }[];
  rule: string;
}

/** The fiscal years (and their quarters) a calendar set produces for labels fromYear..toYear. */
export function previewCalendars(calendars: FiscalCalendar[], fromYear: number, toYear: number) {
  if (toYear < fromYear || toYear - fromYear >= MAX_PREVIEW_YEARS)
    throw new AppError('bad_request:range', `Preview at most ${MAX_PREVIEW_YEARS} years.`);
  const years: PreviewYear[] = [];
  for (let y = fromYear; y <= toYear; y++) {
    const span = fiscalYearBounds(calendars, y);
    if (!span) continue;
    const layout = positionLayouts(span)[0]!;
    years.push({
      fiscalYear: span.fiscalYear,
      start: span.start,
      end: span.end,
      days: span.days,
      weeks: span.weeks,
      quarters: (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => ({ q, ...layout[q] })),
      rule: describeRule(span.calendar.yearEnd),
    });
  }
  const transitions = transitionPeriods(calendars).filter((t) => t.fiscalYear >= fromYear - 1 && t.fiscalYear <= toYear + 1);
  return { years, transitions: transitions.map((t) => ({ start: t.start, end: t.end, days: t.days })) };
}

/**
 * The calendar set after registering `rule` for an entity: calendars starting before its effective
 * date are kept (and end the day before it), later ones are replaced.
 */
export function applyChange(current: FiscalCalendar[], entityId: string, rule: CalendarRule): FiscalCalendar[] {
  const kept = current
    .filter((c) => c.effectiveFrom < rule.effectiveFrom)
    .map((c) => {
      const lastDay = addDays(rule.effectiveFrom, -1);
      return { ...c, effectiveTo: c.effectiveTo && c.effectiveTo < lastDay ? c.effectiveTo : lastDay };
    });
  return [
    ...kept,
    {
      entityId,
      effectiveFrom: rule.effectiveFrom,
      effectiveTo: rule.effectiveTo,
      yearEnd: rule.yearEnd as YearEndRule,
      labelBy: rule.labelBy,
    },
  ];
}

function sameCalendar(a: FiscalCalendar, b: FiscalCalendar): boolean {
  return (
    a.effectiveFrom === b.effectiveFrom &&
    (a.effectiveTo ?? null) === (b.effectiveTo ?? null) &&
    a.labelBy === b.labelBy &&
    sameRule(a.yearEnd, b.yearEnd)
  );
}

interface ReplaceOptions {
  tx: Db;
  tenantId: string;
  actorId: string;
  entityId: string;
  next: FiscalCalendar[];
  /** how each new row came to be (a revert restores each calendar's own origin) */
  origin: CalendarOrigin | ((c: FiscalCalendar) => CalendarOrigin);
  reason: string;
  action: string;
}

type CalendarOrigin = 'registered' | 'inferred' | 'imported';

/** Supersede the entity's current calendars with `next`, re-derive its facts' labels, audit — in the caller's transaction. */
async function replaceCalendars(o: ReplaceOptions): Promise<{ relabelled: number }> {
  const { tx } = o;
  const current = (await tx
    .select()
    .from(fiscalCalendars)
    .where(and(eq(fiscalCalendars.entityId, o.entityId), isNull(fiscalCalendars.supersededAt)))) as CalendarRow[];
  const now = new Date();
  const [actor] = await tx.select({ id: users.id }).from(users).where(eq(users.id, o.actorId)).limit(1);
  // rows that stay exactly as they are keep their id, origin and history
  const unchanged = current.filter((c) => o.next.some((n) => sameCalendar(toCalendar(c), n)));
  const toInsert = o.next.filter((n) => !unchanged.some((c) => sameCalendar(toCalendar(c), n)));
  const toSupersede = current.filter((c) => !unchanged.includes(c));
  if (toSupersede.length) {
    await tx
      .update(fiscalCalendars)
      .set({ supersededAt: now })
      .where(
        inArray(
          fiscalCalendars.id,
          toSupersede.map((c) => c.id),
        ),
      );
  }
  for (const c of toInsert) {
    await tx.insert(fiscalCalendars).values({
      id: contentId('calendar', o.entityId, c.effectiveFrom, now.toISOString(), Math.random()),
      tenantId: o.tenantId,
      entityId: o.entityId,
      effectiveFrom: c.effectiveFrom,
      effectiveTo: c.effectiveTo,
      yearEnd: c.yearEnd,
      labelBy: c.labelBy,
      origin: typeof o.origin === 'function' ? o.origin(c) : o.origin,
      reason: o.reason,
      createdBy: actor?.id ?? null,
    });
  }
  const relabelled = o.next.length ? await relabelEntityFacts(tx, o.entityId, o.next) : 0;
  await recordAudit(tx, {
    tenantId: o.tenantId,
    actor: o.actorId,
    action: o.action,
    targetType: 'entity',
    targetId: o.entityId,
    before: current.map(toCalendar),
    after: { calendars: o.next, relabelledFacts: relabelled },
    reason: o.reason,
  });
  return { relabelled };
}

export interface ChangeCalendarOptions {
  db: Db;
  tenantId: string;
  actorId: string;
  entityId: string;
  rule: CalendarRule;
  reason: string;
}

/**
 * Register a calendar for an entity from a date on (effective-dated), superseding what it replaces,
 * and re-derive the fiscal year/period of the entity's facts — one transaction, audited with the reason.
 */
export async function changeCalendar(o: ChangeCalendarOptions): Promise<{ relabelled: number; calendars: FiscalCalendar[] }> {
  const rule = calendarRuleSchema.parse(o.rule);
  if (!o.reason.trim()) throw new AppError('bad_request:reason', 'Say why the calendar changes.');
  const result = await o.db.transaction(async (tx) => {
    const db: Db = tx;
    await entityOfTenant(db, o.tenantId, o.entityId);
    const current = await db
      .select()
      .from(fiscalCalendars)
      .where(and(eq(fiscalCalendars.entityId, o.entityId), isNull(fiscalCalendars.supersededAt)));
    const next = applyChange(
      current.map((c) => toCalendar(c as CalendarRow)),
      o.entityId,
      rule,
    );
    const { relabelled } = await replaceCalendars({
      tx: db,
      tenantId: o.tenantId,
      actorId: o.actorId,
      entityId: o.entityId,
      next,
      origin: 'registered',
      reason: o.reason.trim(),
      action: 'calendar.change',
    });
    return { relabelled, calendars: next };
  });
  await bumpDataVersion(o.db, o.tenantId);
  return result;
}

/** The audit actions that replace an entity's calendar set (each one can be reverted). */
export const CALENDAR_CHANGE_ACTIONS = ['calendar.change', 'calendar.import', 'calendar.revert'] as const;

/** The newest calendar change of an entity in the audit log (the one a revert undoes), or null. */
export async function lastCalendarChange(db: Db, tenantId: string, entityId: string) {
  const [row] = await db
    .select({ id: auditLog.id, action: auditLog.action, reason: auditLog.reason, createdAt: auditLog.createdAt, actor: auditLog.actor })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.tenantId, tenantId),
        eq(auditLog.targetType, 'entity'),
        eq(auditLog.targetId, entityId),
        inArray(auditLog.action, [...CALENDAR_CHANGE_ACTIONS]),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

const auditedCalendarsSchema = z.array(
  z.object({
    entityId: z.string(),
    effectiveFrom: z.string(),
    effectiveTo: z.string().nullable().optional(),
    yearEnd: yearEndSchema,
    labelBy: z.enum(['end-year', 'start-year']),
  }),
);

export interface RevertCalendarOptions {
  db: Db;
  tenantId: string;
  actorId: string;
  entityId: string;
  /** the audit entry of the change to undo: it must be the entity's newest calendar change */
  auditId: number;
}

/**
 * Undo an entity's newest calendar change: the calendars it replaced are in effect again and the facts
 * relabelled — one transaction, audited as `calendar.revert` (itself revertible). Refused when a later
 * change was made (undo that first) or the calendars in effect are no longer the ones the change left.
 */
export async function revertCalendarChange(o: RevertCalendarOptions): Promise<{ relabelled: number; calendars: FiscalCalendar[] }> {
  const result = await o.db.transaction(async (tx) => {
    const db: Db = tx;
    await entityOfTenant(db, o.tenantId, o.entityId);
    const last = await lastCalendarChange(db, o.tenantId, o.entityId);
    if (!last || last.id !== o.auditId)
      throw new AppError('conflict:calendar_revert', 'Only the newest calendar change can be reverted; a later change was made since.');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.id, o.auditId)).limit(1);
    const before = auditedCalendarsSchema.safeParse(entry?.before);
    const after = auditedCalendarsSchema.safeParse((entry?.after as { calendars?: unknown } | null)?.calendars);
    if (!before.success || !after.success)
      throw new AppError('conflict:calendar_revert', 'This audit entry does not record the calendars it replaced.');
    const toCal = (c: (typeof before.data)[number]): FiscalCalendar => ({
      entityId: o.entityId,
      effectiveFrom: c.effectiveFrom,
      effectiveTo: c.effectiveTo ?? null,
      yearEnd: c.yearEnd as YearEndRule,
      labelBy: c.labelBy,
    });
    const current = (await db
      .select()
      .from(fiscalCalendars)
      .where(and(eq(fiscalCalendars.entityId, o.entityId), isNull(fiscalCalendars.supersededAt)))) as CalendarRow[];
    const left = after.data.map(toCal);
    const same = current.length === left.length && current.every((c) => left.some((a) => sameCalendar(toCalendar(c), a)));
    if (!same) throw new AppError('conflict:calendar_revert', 'The calendars in effect are no longer the ones this change left.');
    const next = before.data.map(toCal);
    // each restored calendar keeps the origin of the row it was (an inferred calendar stays inferred)
    const history = (await db
      .select()
      .from(fiscalCalendars)
      .where(eq(fiscalCalendars.entityId, o.entityId))
      .orderBy(desc(fiscalCalendars.createdAt))) as CalendarRow[];
    const originOf = (c: FiscalCalendar) => (history.find((h) => sameCalendar(toCalendar(h), c))?.origin ?? 'registered') as CalendarOrigin;
    const { relabelled } = await replaceCalendars({
      tx: db,
      tenantId: o.tenantId,
      actorId: o.actorId,
      entityId: o.entityId,
      next,
      origin: originOf,
      reason: `Revert of audit #${o.auditId} (${last.action}${last.reason ? `: ${last.reason}` : ''})`,
      action: 'calendar.revert',
    });
    return { relabelled, calendars: next };
  });
  await bumpDataVersion(o.db, o.tenantId);
  return result;
}

export const CALENDAR_EXPORT_FORMAT = 'ledgerline.fiscal-calendars/1';

const exportedEntitySchema = z.object({
  entity: z.object({
    id: z.string().max(100).optional(),
    name: z.string().max(300),
    ticker: z.string().max(20).nullish(),
    cik: z.string().max(20).nullish(),
  }),
  calendars: z
    .array(calendarRuleSchema.and(z.object({ origin: z.string().max(20).optional(), reason: z.string().max(1000).nullish() })))
    .max(50),
});
export const calendarExportSchema = z.object({
  format: z.literal(CALENDAR_EXPORT_FORMAT),
  tenant: z.string().max(100).optional(),
  exportedAt: z.string().max(40).optional(),
  entities: z.array(exportedEntitySchema).max(10_000),
});
export type CalendarExport = z.infer<typeof calendarExportSchema>;

/** The tenant's current calendars as reviewable JSON (stable order and keys; entities named, not just ids). */
export async function exportCalendars(db: Db, tenantId: string): Promise<CalendarExport> {
  const list = await listCalendars(db, tenantId);
  return {
    format: CALENDAR_EXPORT_FORMAT,
    tenant: tenantId,
    exportedAt: new Date().toISOString(),
    entities: list.map(({ entity, calendars }) => ({
      entity: { id: entity.id, name: entity.name, ticker: entity.ticker, cik: entity.cik },
      calendars: calendars.map((c) => ({
        effectiveFrom: c.effectiveFrom,
        effectiveTo: c.effectiveTo,
        yearEnd: c.yearEnd,
        labelBy: c.labelBy,
        origin: c.origin,
        reason: c.reason,
      })),
    })),
  };
}

export interface ImportChange {
  entityId: string;
  entityName: string;
  before: FiscalCalendar[];
  after: FiscalCalendar[];
}

export interface ImportPlan {
  changes: ImportChange[];
  unchanged: number;
  unmatched: string[];
}

/** Match imported entities to the tenant's (by id, then CIK, ticker, exact name) and list what would change. */
export async function planCalendarImport(db: Db, tenantId: string, raw: unknown): Promise<ImportPlan> {
  const parsed = calendarExportSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      'bad_request:calendar_json',
      `Not a calendar export: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  }
  const list = await listCalendars(db, tenantId);
  const plan: ImportPlan = { changes: [], unchanged: 0, unmatched: [] };
  for (const item of parsed.data.entities) {
    const e = item.entity;
    const match =
      list.find((x) => e.id && x.entity.id === e.id) ??
      list.find((x) => e.cik && x.entity.cik === e.cik) ??
      list.find((x) => e.ticker && x.entity.ticker === e.ticker) ??
      list.find((x) => x.entity.name === e.name);
    if (!match) {
      plan.unmatched.push(e.name);
      continue;
    }
    const before = match.calendars.map(toCalendar);
    const after = item.calendars.map((c) => ({
      entityId: match.entity.id,
      effectiveFrom: c.effectiveFrom,
      effectiveTo: c.effectiveTo,
      yearEnd: c.yearEnd as YearEndRule,
      labelBy: c.labelBy,
    }));
    const same = before.length === after.length && before.every((b) => after.some((a) => sameCalendar(a, b)));
    if (same) plan.unchanged++;
    else plan.changes.push({ entityId: match.entity.id, entityName: match.entity.name, before, after });
  }
  return plan;
}

/** Apply an import: each changed entity's calendar set is replaced and its facts relabelled, all in one transaction. */
export async function importCalendars(o: {
  db: Db;
  tenantId: string;
  actorId: string;
  raw: unknown;
  reason: string;
}): Promise<ImportPlan & { relabelled: number }> {
  if (!o.reason.trim()) throw new AppError('bad_request:reason', 'Say why the calendars are imported.');
  const result = await o.db.transaction(async (tx) => {
    const db: Db = tx;
    const plan = await planCalendarImport(db, o.tenantId, o.raw);
    let relabelled = 0;
    for (const c of plan.changes) {
      const r = await replaceCalendars({
        tx: db,
        tenantId: o.tenantId,
        actorId: o.actorId,
        entityId: c.entityId,
        next: c.after,
        origin: 'imported',
        reason: o.reason.trim(),
        action: 'calendar.import',
      });
      relabelled += r.relabelled;
    }
    return { ...plan, relabelled };
  });
  await bumpDataVersion(o.db, o.tenantId);
  return result;
}
