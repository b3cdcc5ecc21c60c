/**
 * Builders of resolution results: fiscal positions, calendar periods, instants and "… ended <date>"
 * periods, each with its label and human date range.
 */
import type { ISODate, Period } from '@/lib/domain/types';
import { addDays, addMonths, daysBetween, daysInMonth, makeDate, ymd } from './dates';
import { deriveFiscal } from './derive';
import { formatCalendarLabel, formatDateRange, formatFiscalLabel } from './label';
import type { EndedLength } from './phrases';
import { positionBounds, positionLayouts, QUARTERS, type Bounds, type FiscalPosition } from './positions';
import type { PeriodResolution, ResolveContext, ResolvedPeriod, UnresolvablePeriod } from './resolve-types';
import { fiscalSpanContaining, fiscalYearBounds, transitionPeriod, type FiscalYearSpan } from './timeline';

/** Days a stated date may miss a 52/53-week period end and still name that period. */
export const NEAR_DAYS = 6;

/** An unresolvable outcome with its reason. */
export function unresolvable(text: string, reason: string): UnresolvablePeriod {
  return { status: 'unresolvable', text, reason };
}

/** Bounds as a duration period. */
export function duration(b: Bounds): Period {
  return { type: 'duration', start: b.start, end: b.end };
}

/** A resolved outcome; `periods` defaults to `[period]`, `dateRange` is derived. */
export function resolved(
  text: string,
  fields: Omit<ResolvedPeriod, 'status' | 'text' | 'periods' | 'dateRange' | 'notes'> & { periods?: Period[]; notes?: string[] },
): ResolvedPeriod {
  return {
    status: 'resolved',
    text,
    ...fields,
    periods: fields.periods ?? [fields.period],
    dateRange: formatDateRange(fields.period),
    notes: fields.notes ?? [],
  };
}

/** A fiscal position of a fiscal year, or unresolvable when the year does not exist. */
export function fiscalResult(
  text: string,
  ctx: ResolveContext,
  fiscalYear: number,
  position: FiscalPosition,
  notes: string[] = [],
): PeriodResolution {
  const span = fiscalYearBounds(ctx.calendars, fiscalYear);
  if (!span) {
    const t = transitionPeriod(ctx.calendars, fiscalYear);
    const hint = t ? ` (${formatDateRange(duration(t))} is a transition period)` : '';
    return unresolvable(text, `the entity has no fiscal year ${fiscalYear}${hint}`);
  }
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(positionBounds(span, position, ctx.options)),
    fiscalYear,
    fiscalPeriod: position,
    label: formatFiscalLabel(fiscalYear, position),
    notes,
  });
}

/** A calendar-year position (CY2024, Q2 CY2024); fiscal fields only when it is also a fiscal period. */
export function calendarResult(text: string, ctx: ResolveContext, year: number, position: FiscalPosition): ResolvedPeriod {
  const endMonth = { FY: 12, Q1: 3, Q2: 6, Q3: 9, Q4: 12, H1: 6, H2: 12, '9M': 9 }[position];
  const startMonth = { FY: 1, Q1: 1, Q2: 4, Q3: 7, Q4: 10, H1: 1, H2: 7, '9M': 1 }[position];
  const period: Period = {
    type: 'duration',
    start: makeDate(year, startMonth, 1),
    end: makeDate(year, endMonth, daysInMonth(year, endMonth)),
  };
  const derived = deriveFiscal(period, ctx.calendars, ctx.options);
  const fiscal = derived.exact && derived.fiscalPeriod !== 'OTHER';
  return resolved(text, {
    kind: 'calendar_period',
    period,
    fiscalYear: fiscal ? derived.fiscalYear : null,
    fiscalPeriod: fiscal ? derived.fiscalPeriod : null,
    label: formatCalendarLabel(year, position),
    notes: fiscal ? [`also the entity's ${derived.label}`] : [],
  });
}

/**
 * Two dates a question wrote out: matched by exactly these dates, never snapped to a nearby fiscal
 * period (fiscal fields only when the dates are one; otherwise a note names the period they are near).
 */
export function dateRangeResult(text: string, ctx: ResolveContext, start: ISODate, end: ISODate): ResolvedPeriod {
  const period: Period = { type: 'duration', start, end };
  const derived = deriveFiscal(period, ctx.calendars, ctx.options);
  const fiscal = derived.exact && derived.fiscalPeriod !== 'OTHER';
  const near =
    !fiscal && derived.fiscalPeriod !== 'OTHER'
      ? [`near the entity's ${derived.label}, but not its dates; matched by these dates only`]
      : [];
  // the dates of a fiscal period are that period (a derived Q4 is derived as for "Q4 FY2024")
  if (fiscal)
    return resolved(text, {
      kind: 'fiscal_period',
      period,
      fiscalYear: derived.fiscalYear,
      fiscalPeriod: derived.fiscalPeriod,
      label: derived.label,
    });
  return resolved(text, {
    kind: 'calendar_period',
    period,
    fiscalYear: null,
    fiscalPeriod: null,
    label: formatDateRange(period),
    notes: near,
  });
}

/** An instant, labelled by its fiscal position, with a note when a period end is a few days away. */
export function instantResult(text: string, ctx: ResolveContext, date: ISODate, label?: string): ResolvedPeriod {
  const period: Period = { type: 'instant', date };
  const derived = deriveFiscal(period, ctx.calendars, ctx.options);
  const notes: string[] = [];
  if (derived.fiscalPeriod === 'OTHER') {
    const near = nearestPeriodEnd(ctx, date);
    if (near) notes.push(`nearest fiscal period end is ${near.date} (${near.label})`);
  }
  return resolved(text, {
    kind: 'instant',
    period,
    fiscalYear: derived.fiscalYear,
    fiscalPeriod: derived.fiscalPeriod,
    label: label ?? (derived.fiscalPeriod === 'OTHER' ? `as of ${formatDateRange(period)}` : derived.label),
    notes,
  });
}

/** A fiscal quarter or year end within {@link NEAR_DAYS} of `date` (not equal to it), if any. */
function nearestPeriodEnd(ctx: ResolveContext, date: ISODate): { date: ISODate; label: string } | null {
  let best: { date: ISODate; label: string; gap: number } | null = null;
  for (const probe of [addDays(date, -NEAR_DAYS), date, addDays(date, NEAR_DAYS)]) {
    const span = fiscalSpanContaining(ctx.calendars, probe);
    if (span.kind !== 'year') continue;
    for (const layout of positionLayouts(span, ctx.options)) {
      for (const q of QUARTERS) {
        const end = layout[q].end;
        const gap = Math.abs(daysBetween(date, end));
        if (gap > 0 && gap <= NEAR_DAYS && (!best || gap < best.gap)) {
          const label =
            q === 'Q4' ? `end of ${formatFiscalLabel(span.fiscalYear, 'FY')}` : `end of ${formatFiscalLabel(span.fiscalYear, q)}`;
          best = { date: end, label, gap };
        }
      }
    }
  }
  return best && { date: best.date, label: best.label };
}

const ENDED_POSITIONS: Record<EndedLength, FiscalPosition[]> = {
  year: ['FY'],
  quarter: ['Q1', 'Q2', 'Q3', 'Q4'],
  half: ['H1', 'H2'],
  nine_months: ['9M'],
};
const ENDED_MONTHS: Record<EndedLength, number> = { year: 12, quarter: 3, half: 6, nine_months: 9 };

/**
 * "<length> ended <date>": the fiscal position ending that day (52/53-week calendars: within a
 * few days), else a calendar year (31 December) or a window of that many months.
 */
export function endedResult(text: string, ctx: ResolveContext, length: EndedLength, date: ISODate): PeriodResolution {
  let best: { span: FiscalYearSpan; position: FiscalPosition; bounds: Bounds; gap: number } | null = null;
  for (const probe of [addDays(date, -NEAR_DAYS), date, addDays(date, NEAR_DAYS)]) {
    const span = fiscalSpanContaining(ctx.calendars, probe);
    if (span.kind !== 'year') continue;
    for (const layout of positionLayouts(span, ctx.options)) {
      for (const position of ENDED_POSITIONS[length]) {
        const bounds = layout[position];
        const gap = Math.abs(daysBetween(date, bounds.end));
        const tolerance = span.calendar.yearEnd.kind === 'week' ? NEAR_DAYS : 0;
        if (gap <= tolerance && (!best || gap < best.gap)) best = { span, position, bounds, gap };
      }
    }
  }
  if (best) {
    const found = resolved(text, {
      kind: 'fiscal_period',
      period: duration(best.bounds),
      fiscalYear: best.span.fiscalYear,
      fiscalPeriod: best.position,
      label: formatFiscalLabel(best.span.fiscalYear, best.position),
      notes: [],
    });
    if (best.gap === 0) return found;
    // a written date is exact: a 52/53-week period ending a few days away is offered, never taken for it
    // ("the three months ended December 31, 2025" for a company whose quarter ended December 27)
    const kind = length === 'year' ? 'fiscal year' : `fiscal ${length.replace('_', ' ')}`;
    return {
      status: 'ambiguous',
      text,
      reason: `the entity has no ${kind} ended ${formatDateRange({ type: 'instant', date })}; its ${formatFiscalLabel(best.span.fiscalYear, best.position)} ended ${formatDateRange({ type: 'instant', date: best.bounds.end })}`,
      options: [found],
    };
  }
  const months = ENDED_MONTHS[length];
  const start = addDays(addMonths(date, -months, true), 1);
  const { year, month, day } = ymd(date);
  if (length === 'year' && month === 12 && day === 31) return calendarResult(text, ctx, year, 'FY');
  const period: Period = { type: 'duration', start, end: date };
  const derived = deriveFiscal(period, ctx.calendars, ctx.options);
  return resolved(text, {
    kind: 'window',
    period,
    fiscalYear: derived.fiscalYear,
    fiscalPeriod: derived.fiscalPeriod,
    label: `${months} months ended ${formatDateRange({ type: 'instant', date })}`,
    notes: [`no fiscal ${length.replace('_', ' ')} of the entity ends on ${date}; resolved as a ${months}-month window`],
  });
}
