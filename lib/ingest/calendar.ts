/**
 * The entity's fiscal calendar at ingestion time: an admin-registered calendar always wins; otherwise
 * one is inferred from the annual periods seen (this source plus facts already stored) and the
 * submissions `fiscalYearEnd`, and registered with origin `inferred` and a confidence. When the
 * inferred calendar changes, stored facts of the entity get their fiscal labels re-derived.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { auditLog, fiscalCalendars } from '@/lib/db/schema';
import { refreshScreenValues } from '@/lib/db/screen-values';
import type { FiscalCalendar, ISODate } from '@/lib/domain/types';
import { deriveFiscal, inferCalendar, type Bounds, type CalendarInput, type DerivedFiscal } from '@/lib/fiscal';
import { contentId } from '@/lib/ids';

export interface CalendarEvidence {
  /** annual-length durations from annual reports (10-K, 20-F, …) */
  annual: Bounds[];
  /** (year end, fiscal year the filer used) pairs, to tell end-year from start-year labels */
  labelledYears: { end: ISODate; fiscalYear: number }[];
  /** quarter-length durations (to see where a 53rd week goes) */
  quarters?: Bounds[];
  /** SEC submissions `fiscalYearEnd` (MMDD) */
  fiscalYearEndMMDD?: string | null;
}

export interface ResolvedCalendars {
  calendars: FiscalCalendar[];
  origin: 'registered' | 'inferred' | 'none';
  confidence: number | null;
  /** true when this call registered a new inferred calendar */
  changed: boolean;
  /** true when facts stored before this source need their fiscal labels re-derived */
  relabel: boolean;
  notes: string[];
}

/** Forms whose annual-length facts are fiscal years. */
export function isAnnualReportForm(form: string | null | undefined): boolean {
  return !!form && /^(10-K|20-F|40-F|10-KT|20-FR|10-K405)(\/A)?$/.test(form);
}

function rowToCalendar(r: typeof fiscalCalendars.$inferSelect): FiscalCalendar {
  return {
    entityId: r.entityId,
    effectiveFrom: r.effectiveFrom,
    effectiveTo: r.effectiveTo,
    yearEnd: r.yearEnd,
    labelBy: r.labelBy,
  };
}

function sameCalendars(a: FiscalCalendar[], b: FiscalCalendar[]): boolean {
  const key = (l: FiscalCalendar[]) =>
    JSON.stringify(
      [...l]
        .sort((x, y) => (x.effectiveFrom < y.effectiveFrom ? -1 : 1))
        .map((c) => [c.effectiveFrom, c.effectiveTo, c.yearEnd, c.labelBy]),
    );
  return key(a) === key(b);
}

/** Current (not superseded) calendars of an entity, registered ones first. */
export async function currentCalendars(db: Db, entityId: string): Promise<{ registered: FiscalCalendar[]; inferred: FiscalCalendar[] }> {
  const rows = await db
    .select()
    .from(fiscalCalendars)
    .where(and(eq(fiscalCalendars.entityId, entityId), isNull(fiscalCalendars.supersededAt)));
  return {
    registered: rows.filter((r) => r.origin !== 'inferred').map(rowToCalendar),
    inferred: rows.filter((r) => r.origin === 'inferred').map(rowToCalendar),
  };
}

/** Annual periods of annual-report facts already stored for the entity (evidence for re-inference). */
async function storedAnnualPeriods(db: Db, entityId: string): Promise<Bounds[]> {
  const res = await db.execute(sql`
    select distinct to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as "end"
    from facts
    where entity_id = ${entityId} and period_type = 'duration' and duration_days between 350 and 380
      and dims_key = '' and form ~ '^(10-K|20-F|40-F|10-KT)'`);
  return rowsOf<{ start: string; end: string }>(res);
}

/**
 * Calendars to label this source's facts with. Registers a newly inferred calendar (superseding the
 * previous inferred one, audited) unless an admin registered one.
 */
export async function resolveCalendars(
  db: Db,
  opts: { tenantId: string; entityId: string; evidence: CalendarEvidence; actor?: string },
): Promise<ResolvedCalendars> {
  const { registered, inferred: previous } = await currentCalendars(db, opts.entityId);
  if (registered.length) {
    return {
      calendars: registered,
      origin: 'registered',
      confidence: null,
      changed: false,
      relabel: false,
      notes: ['registered calendar in effect'],
    };
  }
  const stored = await storedAnnualPeriods(db, opts.entityId);
  const hadFacts = stored.length > 0 || previous.length > 0;
  const result = inferCalendar([...opts.evidence.annual, ...stored], {
    entityId: opts.entityId,
    fiscalYearEndMMDD: opts.evidence.fiscalYearEndMMDD ?? undefined,
    labelledYears: opts.evidence.labelledYears,
    quarterPeriods: opts.evidence.quarters,
  });
  if (!result.calendar || result.calendars.length === 0) {
    if (previous.length)
      return { calendars: previous, origin: 'inferred', confidence: null, changed: false, relabel: false, notes: result.notes };
    return { calendars: [], origin: 'none', confidence: null, changed: false, relabel: false, notes: result.notes };
  }
  if (previous.length && sameCalendars(previous, result.calendars)) {
    return { calendars: previous, origin: 'inferred', confidence: result.confidence, changed: false, relabel: false, notes: result.notes };
  }
  // a thinner source (one filing) must not replace a calendar inferred from more evidence
  if (previous.length && result.evidence < 2) {
    return {
      calendars: previous,
      origin: 'inferred',
      confidence: null,
      changed: false,
      relabel: false,
      notes: [...result.notes, 'kept the previous inferred calendar'],
    };
  }
  if (previous.length) {
    await db
      .update(fiscalCalendars)
      .set({ supersededAt: new Date() })
      .where(
        and(eq(fiscalCalendars.entityId, opts.entityId), eq(fiscalCalendars.origin, 'inferred'), isNull(fiscalCalendars.supersededAt)),
      );
  }
  const reason = result.notes.join('; ');
  for (const c of result.calendars) {
    await db
      .insert(fiscalCalendars)
      .values({
        id: contentId('calendar', opts.entityId, 'inferred', c.effectiveFrom, c.effectiveTo, c.yearEnd, c.labelBy),
        tenantId: opts.tenantId,
        entityId: opts.entityId,
        effectiveFrom: c.effectiveFrom,
        effectiveTo: c.effectiveTo,
        yearEnd: c.yearEnd,
        labelBy: c.labelBy,
        origin: 'inferred',
        confidence: result.confidence,
        reason,
      })
      .onConflictDoUpdate({
        target: fiscalCalendars.id,
        set: { supersededAt: null, confidence: result.confidence, reason },
      });
  }
  await db.insert(auditLog).values({
    tenantId: opts.tenantId,
    actor: opts.actor ?? 'system',
    action: 'calendar.infer',
    targetType: 'entity',
    targetId: opts.entityId,
    before: previous.length ? previous : null,
    after: { calendars: result.calendars, confidence: result.confidence, evidence: result.evidence },
    reason,
  });
  return {
    calendars: result.calendars,
    origin: 'inferred',
    confidence: result.confidence,
    changed: true,
    relabel: hadFacts,
    notes: result.notes,
  };
}

/** deriveFiscal with a per-source memo (periods repeat across concepts); null without a calendar. */
export function fiscalLabeler(
  calendars: CalendarInput | null,
): (p: { type: 'instant'; date: string } | { type: 'duration'; start: string; end: string }) => DerivedFiscal | null {
  const list = calendars && (!Array.isArray(calendars) || calendars.length) ? calendars : null;
  const memo = new Map<string, DerivedFiscal | null>();
  return (p) => {
    if (!list) return null;
    const key = p.type === 'instant' ? p.date : `${p.start}/${p.end}`;
    let hit = memo.get(key);
    if (hit === undefined) {
      try {
        hit = deriveFiscal(p, list);
      } catch {
        hit = null;
      }
      memo.set(key, hit);
    }
    return hit;
  };
}

/**
 * Re-derives fiscal year/period of every stored fact of an entity from the given calendars (after a
 * calendar change, inferred or registered by an admin), and the fiscal-year bucket of its chunks
 * (the fiscal year of their source's period of report). Returns the number of facts relabelled.
 */
export async function relabelEntityFacts(db: Db, entityId: string, calendars: FiscalCalendar[]): Promise<number> {
  const res = await db.execute(sql`
    select distinct period_type, to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as "end"
    from facts where entity_id = ${entityId}`);
  const periods = rowsOf<{ period_type: string; start: string | null; end: string }>(res);
  const label = fiscalLabeler(calendars);
  const rows = periods.map((p) => {
    const d = label(
      p.period_type === 'instant' || !p.start ? { type: 'instant', date: p.end } : { type: 'duration', start: p.start, end: p.end },
    );
    return {
      start_date: p.period_type === 'instant' ? null : p.start,
      end_date: p.end,
      period_type: p.period_type,
      fy: d?.fiscalYear ?? null,
      fp: d?.fiscalPeriod ?? null,
    };
  });
  let changed = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const upd = await db.execute(sql`
      with x as (
        select * from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb)
          as x(period_type text, start_date date, end_date date, fy integer, fp text)
      ), u as (
        update facts f set fiscal_year = x.fy, fiscal_period = x.fp
        from x
        where f.entity_id = ${entityId} and f.period_type = x.period_type and f.end_date = x.end_date
          and f.start_date is not distinct from x.start_date
          and (f.fiscal_year is distinct from x.fy or f.fiscal_period is distinct from x.fp)
        returning 1
      )
      select count(*)::int as n from u`);
    changed += Number(rowsOf<{ n: number }>(upd)[0]?.n ?? 0);
  }
  // fiscal labels moved: the company's screen values follow, in the same transaction
  if (changed > 0) {
    const [owner] = rowsOf<{ tenant_id: string }>(await db.execute(sql`select tenant_id from entities where id = ${entityId}`));
    if (owner) await refreshScreenValues(db, owner.tenant_id, [entityId]);
  }
  const sourcesRes = await db.execute(sql`
    select id, to_char(period_of_report, 'YYYY-MM-DD') as por from sources
    where entity_id = ${entityId} and period_of_report is not null and id in (select source_id from chunks where entity_id = ${entityId})`);
  const buckets = rowsOf<{ id: string; por: string }>(sourcesRes).map((s) => ({
    id: s.id,
    fy: label({ type: 'instant', date: s.por })?.fiscalYear ?? null,
  }));
  if (buckets.length) {
    await db.execute(sql`
      update chunks c set fiscal_year = x.fy
      from jsonb_to_recordset(${JSON.stringify(buckets)}::jsonb) as x(id text, fy integer)
      where c.source_id = x.id and c.entity_id = ${entityId} and c.fiscal_year is distinct from x.fy`);
  }
  return changed;
}
