/**
 * What a calendar change would do, before it is made: the entity's facts whose fiscal label changes
 * (grouped by period, with how many facts carry it) and the stored answers citing one of its figures
 * whose period would be labelled otherwise — the same question asked again would resolve to other dates.
 * Read-only: nothing is written.
 */
import { and, desc, sql } from 'drizzle-orm';
import { factVisible, manifestVisible } from '@/lib/auth/visibility';
import { rowsOf, type Db } from '@/lib/db/client';
import { manifests } from '@/lib/db/schema';
import type { FiscalCalendar, Period } from '@/lib/domain/types';
import { formatFiscalLabel } from '@/lib/fiscal';
import { fiscalLabeler } from '@/lib/ingest/calendar';
import { redactManifests } from '@/lib/auth/redact-manifest';

/** Rows shown at most (the counts are always complete). */
export const IMPACT_LIST_LIMIT = 50;
/** Stored answers read at most, newest first. */
export const IMPACT_ANSWERS_SCANNED = 500;

export interface LabelChange {
  period: Period;
  before: string | null;
  after: string | null;
  facts: number;
}

export interface AnswerChange {
  manifestId: string;
  question: string;
  createdAt: string;
  /** each cited figure of the entity whose period label changes */
  figures: { label: string; display: string; period: string; before: string | null; after: string | null }[];
}

export interface CalendarImpact {
  /** periods whose label changes (at most IMPACT_LIST_LIMIT, the largest first) */
  labels: LabelChange[];
  /** facts whose label changes, in all */
  factsChanged: number;
  periodsChanged: number;
  answers: AnswerChange[];
  answersChanged: number;
  answersScanned: number;
}

const labelOf = (fy: number | null | undefined, fp: string | null | undefined) =>
  fy == null || !fp || fp === 'OTHER' ? null : formatFiscalLabel(fy, fp as Parameters<typeof formatFiscalLabel>[1]);

const periodOf = (type: string, start: string | null, end: string): Period =>
  type === 'instant' || !start ? { type: 'instant', date: end } : { type: 'duration', start, end };

async function labelChanges(db: Db, tenantId: string, entityId: string, next: FiscalCalendar[]) {
  const rows = rowsOf<{ period_type: string; start: string | null; end: string; fy: number | null; fp: string | null; n: number }>(
    await db.execute(sql`
      select period_type, to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as "end",
             fiscal_year as fy, fiscal_period as fp, count(*)::int as n
      from facts where entity_id = ${entityId} and ${factVisible({ tenantId, role: 'admin' })}
      group by 1, 2, 3, 4, 5`),
  );
  const label = fiscalLabeler(next);
  const changes: LabelChange[] = [];
  for (const r of rows) {
    const period = periodOf(r.period_type, r.start, r.end);
    const d = label(period);
    const before = labelOf(r.fy, r.fp);
    const after = labelOf(d?.fiscalYear, d?.fiscalPeriod);
    if ((d?.fiscalYear ?? null) === r.fy && (d?.fiscalPeriod ?? null) === r.fp) continue;
    changes.push({ period, before, after, facts: Number(r.n) });
  }
  return changes.sort((a, b) => b.facts - a.facts || endOf(b.period).localeCompare(endOf(a.period)));
}

const endOf = (p: Period) => (p.type === 'instant' ? p.date : p.end);
const dates = (p: Period) => (p.type === 'instant' ? p.date : `${p.start} – ${p.end}`);

interface StoredValue {
  label?: string;
  display?: string;
  entity?: { id?: string };
  period?: { type?: string; start?: string | null; end?: string; fiscalYear?: number | null; fiscalPeriod?: string | null };
}

async function answerChanges(db: Db, tenantId: string, entityId: string, next: FiscalCalendar[]) {
  const rows = await db
    .select({ id: manifests.id, question: manifests.question, answer: manifests.answer, createdAt: manifests.createdAt })
    .from(manifests)
    .where(and(manifestVisible({ tenantId }), sql`${manifests.entityIds} @> array[${entityId}]::text[]`))
    .orderBy(desc(manifests.createdAt))
    .limit(IMPACT_ANSWERS_SCANNED);
  // the admin reads the stored answers as they may see them now: figures of a revoked source are redacted
  const visible = await redactManifests(db, { tenantId, role: 'admin' }, rows);
  const label = fiscalLabeler(next);
  const changed: AnswerChange[] = [];
  for (const r of visible) {
    const values = ((r.answer as { values?: StoredValue[] } | null)?.values ?? []).filter((v) => v.entity?.id === entityId);
    const figures: AnswerChange['figures'] = [];
    for (const v of values) {
      const p = v.period;
      if (!p?.end) continue;
      const period = periodOf(p.type ?? 'duration', p.start ?? null, p.end);
      const d = label(period);
      const before = labelOf(p.fiscalYear, p.fiscalPeriod);
      const after = labelOf(d?.fiscalYear, d?.fiscalPeriod);
      if (before === after) continue;
      figures.push({ label: v.label ?? '', display: v.display ?? '', period: dates(period), before, after });
    }
    if (figures.length) changed.push({ manifestId: r.id, question: r.question, createdAt: r.createdAt.toISOString(), figures });
  }
  return { changed, scanned: rows.length };
}

export interface CalendarImpactOptions {
  db: Db;
  tenantId: string;
  entityId: string;
  /** the entity's calendar set after the change */
  next: FiscalCalendar[];
}

/** The impact of replacing an entity's calendars with `next` (the caller checked the entity is the tenant's). */
export async function calendarImpact({ db, tenantId, entityId, next }: CalendarImpactOptions): Promise<CalendarImpact> {
  const [labels, answers] = await Promise.all([labelChanges(db, tenantId, entityId, next), answerChanges(db, tenantId, entityId, next)]);
  return {
    labels: labels.slice(0, IMPACT_LIST_LIMIT),
    factsChanged: labels.reduce((n, l) => n + l.facts, 0),
    periodsChanged: labels.length,
    answers: answers.changed.slice(0, IMPACT_LIST_LIMIT),
    answersChanged: answers.changed.length,
    answersScanned: answers.scanned,
  };
}
