/**
 * The period-targets resolver: a period request of the plan → exact dates on one entity's own
 * calendar (or a typed stop: clarification, not available, refused), and the comparable prior
 * periods the growth operations need. Nothing here looks up a fact.
 */
import type { Period } from '@/lib/domain/types';
import { fiscalPeriodBounds, resolveSpec, type ResolvedPeriod } from '@/lib/fiscal';
import type { PeriodRequest } from '@/lib/planner/types';
import { targetFor, type EntityContext, type Target } from './compute';
import type { AnswerStatus } from './types';

/** Why an entity's question stops before any figure: asked back, not available, or refused. */
export interface Stop {
  status: AnswerStatus;
  message: string;
  options?: string[];
}

export type Resolution = { ok: true; target: Target; resolved: ResolvedPeriod | null } | ({ ok: false } & Stop);

/** The marker of the period a calculation's result must have (the one the question names). */
export const TARGET = '__target__';

export function resolveFor(ent: EntityContext, req: PeriodRequest, metricPeriodType: 'instant' | 'duration'): Resolution {
  if (ent.calendars.length === 0) {
    return { ok: false, status: 'insufficient_evidence', message: `No fiscal calendar is registered for ${ent.entity.name}, so “${req.text}” cannot be pinned to dates.` };
  }
  const r = resolveSpec(req.spec, { calendars: ent.calendars, latestPeriodEnd: ent.latestPeriodEnd }, req.text);
  if (r.status === 'ambiguous') {
    // the resolver's reason is a clause ("the entity's fiscal year is not …"): said as a sentence about this company
    const reason = r.reason.replace(/^the entity's\b/, `${ent.entity.name}'s`).replace(/^./, (c) => c.toUpperCase()).replace(/([^.?!])$/, '$1.');
    return { ok: false, status: 'needs_clarification', message: `${reason} Which period do you mean for ${ent.entity.name}?`, options: r.options.map((o) => `${o.label} (${o.dateRange})`) };
  }
  if (r.status === 'unresolvable') return { ok: false, status: 'insufficient_evidence', message: `“${req.text}” cannot be resolved for ${ent.entity.name}: ${r.reason}` };
  let period: Period = r.period;
  if (metricPeriodType === 'instant' && period.type === 'duration') period = { type: 'instant', date: period.end };
  if (metricPeriodType === 'duration' && period.type === 'instant') {
    return { ok: false, status: 'rejected', message: `INSTANT_DURATION_MIX: the measure is a flow over a period, but “${req.text}” names a single date (${r.dateRange}). Ask for a period such as a fiscal year or quarter.` };
  }
  const derived = targetFor(period, ent.calendars);
  // a calendar period is matched by its exact dates only, never snapped to a nearby fiscal period
  const target = r.kind === 'calendar_period' ? { ...derived, fiscalYear: null, fiscalPeriod: null } : derived;
  return { ok: true, target, resolved: r };
}

/** The same fiscal position one year earlier (year over year). */
export function priorComparable(ent: EntityContext, t: Target): Target | null {
  if (t.fiscalYear === null || !t.fiscalPeriod || t.fiscalPeriod === 'OTHER' || t.fiscalPeriod === 'TRANSITION') return null;
  const b = fiscalPeriodBounds(ent.calendars, t.fiscalYear - 1, t.fiscalPeriod === 'FY' ? 'FY' : t.fiscalPeriod);
  if (!b) return null;
  const p: Period = t.period.type === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end };
  return targetFor(p, ent.calendars);
}

/** The period just before (sequential): the previous quarter; for a Q1, the fourth quarter of the year before. */
export function priorSequential(ent: EntityContext, t: Target): Target | null {
  if (t.fiscalYear === null || !t.fiscalPeriod) return null;
  const prev: Record<string, [number, 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1']> = { Q2: [0, 'Q1'], Q3: [0, 'Q2'], Q4: [0, 'Q3'], Q1: [-1, 'Q4'], H2: [0, 'H1'] };
  const step = prev[t.fiscalPeriod];
  if (!step) return null;
  const b = fiscalPeriodBounds(ent.calendars, t.fiscalYear + step[0], step[1]);
  if (!b) return null;
  return targetFor({ type: 'duration', start: b.start, end: b.end }, ent.calendars);
}

export function sameFiscalPosition(a: Target, b: Target): boolean {
  return a.fiscalPeriod !== null && a.fiscalPeriod === b.fiscalPeriod;
}

export function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

export function startOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.start;
}
