/**
 * Fiscal quarters as steps on the timeline: the quarter a date closes, the quarter before, the
 * quarter a year earlier, and the four quarters of a TTM. A quarter keeps the layout it was found
 * in, so a 14-week Q1 observed in data stays 14 weeks.
 */
import type { ISODate, Period } from '@/lib/domain/types';
import { addDays } from './dates';
import { formatFiscalLabel } from './label';
import { positionLayouts, QUARTERS, type Bounds, type PositionLayout, type Quarter } from './positions';
import { duration, resolved, unresolvable } from './resolve-builders';
import type { PeriodResolution, ResolveContext, ResolvedPeriod, UnresolvablePeriod } from './resolve-types';
import { fiscalSpanContaining, fiscalYearBounds, nextFiscalYear, previousFiscalYear, type FiscalYearSpan } from './timeline';

/** A fiscal quarter with the layout of its year. */
export interface QuarterRef {
  span: FiscalYearSpan;
  layout: PositionLayout;
  quarter: Quarter;
}

/** Dates of the quarter. */
export function quarterBoundsOf(q: QuarterRef): Bounds {
  return q.layout[q.quarter];
}

/** "Q2 FY2026". */
export function quarterLabel(q: QuarterRef): string {
  return formatFiscalLabel(q.span.fiscalYear, q.quarter);
}

/** A quarter as resolved, keeping its layout (a 14-week Q1 observed in data stays 14 weeks). */
export function quarterResult(text: string, q: QuarterRef): ResolvedPeriod {
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(quarterBoundsOf(q)),
    fiscalYear: q.span.fiscalYear,
    fiscalPeriod: q.quarter,
    label: quarterLabel(q),
  });
}

/** Quarter `quarter` of fiscal year `fiscalYear` (preferred layout), null when the year does not exist. */
export function quarterIn(ctx: ResolveContext, fiscalYear: number, quarter: Quarter): QuarterRef | null {
  const span = fiscalYearBounds(ctx.calendars, fiscalYear);
  return span ? { span, layout: positionLayouts(span, ctx.options)[0]!, quarter } : null;
}

/** The quarter before, across fiscal years; null across a transition period. */
export function previousQuarter(ctx: ResolveContext, q: QuarterRef): QuarterRef | null {
  const i = QUARTERS.indexOf(q.quarter);
  if (i > 0) return { ...q, quarter: QUARTERS[i - 1]! };
  const prior = previousFiscalYear(ctx.calendars, q.span);
  return prior ? { span: prior, layout: positionLayouts(prior, ctx.options)[0]!, quarter: 'Q4' } : null;
}

/** The quarter after, across fiscal years; null across a transition period. */
export function nextQuarter(ctx: ResolveContext, q: QuarterRef): QuarterRef | null {
  const i = QUARTERS.indexOf(q.quarter);
  if (i < QUARTERS.length - 1) return { ...q, quarter: QUARTERS[i + 1]! };
  const following = nextFiscalYear(ctx.calendars, q.span);
  return following ? { span: following, layout: positionLayouts(following, ctx.options)[0]!, quarter: 'Q1' } : null;
}

/** The last fiscal quarter that ends on or before `date`. */
export function quarterEndingBy(ctx: ResolveContext, date: ISODate): QuarterRef | null {
  let span = fiscalSpanContaining(ctx.calendars, date);
  if (span.kind === 'transition') {
    const before = fiscalSpanContaining(ctx.calendars, addDays(span.start, -1));
    if (before.kind !== 'year') return null;
    return { span: before, layout: positionLayouts(before, ctx.options)[0]!, quarter: 'Q4' };
  }
  const layouts = positionLayouts(span, ctx.options);
  const layout = layouts.find((l) => QUARTERS.some((q) => l[q].end === date)) ?? layouts[0]!;
  const done = QUARTERS.filter((q) => layout[q].end <= date);
  if (done.length > 0) return { span, layout, quarter: done[done.length - 1]! };
  const prior = previousFiscalYear(ctx.calendars, span);
  if (!prior) return null;
  span = prior;
  return { span, layout: positionLayouts(span, ctx.options)[0]!, quarter: 'Q4' };
}

/** TTM ending with quarter `last`: the four quarters, or unresolvable across a change of year end. */
export function ttmFromQuarter(text: string, ctx: ResolveContext, last: QuarterRef): PeriodResolution {
  const quarters: QuarterRef[] = [last];
  while (quarters.length < 4) {
    const prev = previousQuarter(ctx, quarters[0]!);
    if (!prev) return unresolvable(text, `the four quarters ending ${quarterLabel(last)} cross a change of fiscal year end`);
    quarters.unshift(prev);
  }
  const periods = quarters.map((q) => duration(quarterBoundsOf(q)));
  const first = periods[0] as Extract<Period, { type: 'duration' }>;
  return resolved(text, {
    kind: 'ttm',
    period: { type: 'duration', start: first.start, end: quarterBoundsOf(last).end },
    periods,
    fiscalYear: last.span.fiscalYear,
    fiscalPeriod: 'OTHER',
    label: `TTM ${quarterLabel(last)}`,
  });
}

/** Unresolvable when the context lacks the latest reported period end, else null. */
export function needLatest(text: string, ctx: ResolveContext): UnresolvablePeriod | null {
  return ctx.latestPeriodEnd
    ? null
    : unresolvable(text, "a relative period needs the entity's latest reported period end (ctx.latestPeriodEnd)");
}
