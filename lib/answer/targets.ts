/**
 * The period-targets resolver: a period request of the plan → exact dates on one entity's own
 * calendar (or a typed stop: clarification, not available, refused), and the comparable prior
 * periods the growth operations need. Nothing here looks up a fact.
 */
import type { Period } from '@/lib/domain/types';
import { FISCAL_POSITIONS, fiscalPeriodBounds, resolveSpec, type FiscalPosition, type PeriodSpec, type ResolvedPeriod } from '@/lib/fiscal';
import type { PeriodRequest } from '@/lib/planner/types';
import { targetFor, type EntityContext, type Target } from './compute';
import type { AnswerStatus, PeriodChoice } from './types';
import { periodText } from './text';

/** Why an entity's question stops before any figure: asked back, not available, or refused. */
export interface Stop {
  status: AnswerStatus;
  message: string;
  options?: string[];
  /** per option, the typed choice it stands for (the period request it fills, for this company) */
  choices?: (PeriodChoice | null)[];
}

export type Resolution = { ok: true; target: Target; resolved: ResolvedPeriod | null } | ({ ok: false } & Stop);

/** The marker of the period a calculation's result must have (the one the question names). */
export const TARGET = '__target__';

/**
 * Phrases that name a period by its place next to another one ("the prior quarter", "a year
 * earlier", "the same period of 2023"): in a question that also names a period, they are read
 * against that period, never against the entity's latest report.
 */
export function isAnchoredPhrase(req: PeriodRequest): boolean {
  const s = req.spec;
  if (s.type === 'relative')
    return s.which === 'prior_quarter' || s.which === 'prior_year' || s.which === 'year_ago_quarter' || s.which === 'prior_same';
  return s.type === 'same_period' || (s.type === 'relative_position' && s.which === 'prior_year');
}

/**
 * Resolves the requests of one question in order: each anchored phrase against the nearest period
 * named before it (else the first named after it); without one, against the latest report.
 */
export function resolveAllFor(ent: EntityContext, reqs: PeriodRequest[], metricPeriodType: 'instant' | 'duration'): Resolution[] {
  const out: (Resolution | null)[] = reqs.map((r) => (isAnchoredPhrase(r) ? null : resolveFor(ent, r, metricPeriodType)));
  return reqs.map((r, i) => {
    const own = out[i];
    if (own) return own;
    const named = [...out.slice(0, i)].reverse().find((o) => o?.ok) ?? out.slice(i + 1).find((o) => o?.ok);
    const anchor = named?.ok ? named.resolved : null;
    return resolveFor(ent, r, metricPeriodType, anchor);
  });
}

export function resolveFor(
  ent: EntityContext,
  req: PeriodRequest,
  metricPeriodType: 'instant' | 'duration',
  anchor: ResolvedPeriod | null = null,
): Resolution {
  if (ent.calendars.length === 0) {
    return {
      ok: false,
      status: 'insufficient_evidence',
      message: `No fiscal calendar is registered for ${ent.entity.name}, so “${req.text}” cannot be pinned to dates.`,
    };
  }
  const r = resolveSpec(req.spec, { calendars: ent.calendars, latestPeriodEnd: ent.latestPeriodEnd, anchor }, req.text);
  if (r.status === 'ambiguous') {
    // the resolver's reason is a clause ("the entity's fiscal year is not …"): said as a sentence about this company
    const reason = r.reason
      .replace(/^the entity's\b/, `${ent.entity.name}'s`)
      .replace(/^the entity\b/, ent.entity.name)
      .replace(/^./, (c) => c.toUpperCase())
      .replace(/([^.?!])$/, '$1.');
    return {
      ok: false,
      status: 'needs_clarification',
      message: `${reason} Which period do you mean for ${ent.entity.name}?`,
      options: r.options.map((o) => `${periodText(o)}`),
      choices: r.options.map((o) => {
        const spec = chosenSpec(req.spec, o);
        return spec ? { entityId: ent.entity.id, entityName: ent.entity.name, request: req.text, spec, text: periodText(o) } : null;
      }),
    };
  }
  if (r.status === 'unresolvable')
    return { ok: false, status: 'insufficient_evidence', message: `“${req.text}” cannot be resolved for ${ent.entity.name}: ${r.reason}` };
  let period: Period = r.period;
  if (metricPeriodType === 'instant' && period.type === 'duration') period = { type: 'instant', date: period.end };
  if (metricPeriodType === 'duration' && period.type === 'instant') {
    return {
      ok: false,
      status: 'rejected',
      message: `INSTANT_DURATION_MIX: the measure is a flow over a period, but “${req.text}” names a single date (${r.dateRange}). Ask for a period such as a fiscal year or quarter.`,
    };
  }
  const derived = targetFor(period, ent.calendars);
  // a calendar period is matched by its exact dates only, never snapped to a nearby fiscal period
  const stated =
    r.kind === 'calendar_period'
      ? { ...derived, fiscalYear: null, fiscalPeriod: null, label: period.type === r.period.type ? r.label : derived.label }
      : derived;
  // a length stated in weeks ("the 14-week first quarter") is met by exactly these dates only
  const weeks = req.spec.type === 'fiscal' && req.spec.weeks ? { ...stated, exactBounds: true as const } : stated;
  // "the quarter ended June 24, 2023": the written end date is the period's end, whatever a calendar's layout
  const target =
    req.spec.type === 'ended' && weeks.period.type === 'duration' && weeks.period.end === req.spec.date
      ? { ...weeks, exactEnd: true as const }
      : weeks;
  return { ok: true, target, resolved: r };
}

/**
 * The calendar-independent meaning of one reading of an ambiguous phrase: "2024" for a company whose year is
 * not the calendar year is its fiscal 2024 or calendar 2024 (a typed chip carries this, never its label).
 */
function chosenSpec(asked: PeriodSpec, o: ResolvedPeriod): PeriodSpec | null {
  // "LTM as of 1Q26": the readings offered are of the quarter the twelve months end with
  if (asked.type === 'ttm' && asked.ref && o.kind !== 'ttm') {
    const ref = chosenSpec(asked.ref, o);
    return ref ? { type: 'ttm', ref } : null;
  }
  // a fiscal period offered names itself whatever was asked ("Q2" with no year, "2024", "FY2024"): its position and year
  const fp = o.fiscalPeriod;
  if (o.kind === 'fiscal_period' && o.fiscalYear !== null && fp && (FISCAL_POSITIONS as readonly string[]).includes(fp))
    return { type: 'fiscal', position: fp as FiscalPosition, year: { year: o.fiscalYear, style: 'fiscal' } };
  // a calendar period offered is the asked position of the asked year on the calendar
  const year = asked.type === 'bare_year' ? asked.year : asked.type === 'fiscal' ? asked.year.year : null;
  const position: FiscalPosition = asked.type === 'fiscal' ? asked.position : 'FY';
  if (year !== null && o.kind === 'calendar_period' && o.period.type === 'duration') return { type: 'calendar', position, year };
  // a date offered ("end of FY2025", "end of CY2025", "as of 27 Sep 2025") is that date
  if (o.period.type === 'instant') return { type: 'instant', date: o.period.date };
  // trailing twelve months offered are those ending with the offered fiscal quarter
  if (o.kind === 'ttm' && o.fiscalYear !== null && fp && /^Q[1-4]$/.test(fp))
    return { type: 'ttm', ref: { type: 'fiscal', position: fp as FiscalPosition, year: { year: o.fiscalYear, style: 'fiscal' } } };
  // any other span offered is its exact dates
  if (o.period.type === 'duration') return { type: 'date_range', start: o.period.start, end: o.period.end };
  return null;
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
  const prev: Record<string, [number, 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1']> = {
    Q2: [0, 'Q1'],
    Q3: [0, 'Q2'],
    Q4: [0, 'Q3'],
    Q1: [-1, 'Q4'],
    H2: [0, 'H1'],
  };
  const step = prev[t.fiscalPeriod];
  if (!step) return null;
  const b = fiscalPeriodBounds(ent.calendars, t.fiscalYear + step[0], step[1]);
  if (!b) return null;
  // a balance is compared with the balance at the end of the quarter before (an instant, never a flow of that quarter)
  return targetFor(
    t.period.type === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end },
    ent.calendars,
  );
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
