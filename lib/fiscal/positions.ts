/**
 * Sub-periods of a fiscal year: quarters, halves and the nine-month year-to-date.
 *
 * Fixed-date calendars split the year into calendar-month thirds counted back from the year end.
 * 52/53-week calendars use 13-week quarters; in a 53-week year the extra week goes into Q4 by
 * default, or into Q1 (Apple FY2023: Q1 = 2022-09-25..2022-12-31, 14 weeks) — both layouts are
 * offered so observed periods classify either way.
 */
import type { FiscalPeriodCode, ISODate } from '@/lib/domain/types';
import { addDays, addMonths, isMonthEnd } from './dates';
import { fiscalYearBounds, type CalendarInput, type FiscalYearSpan } from './timeline';

/** A fiscal position inside one fiscal year. */
export type FiscalPosition = Extract<FiscalPeriodCode, 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'H2' | '9M'>;

/** Every position, in matching order (FY first). */
export const FISCAL_POSITIONS: readonly FiscalPosition[] = ['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', '9M'];
/** The four quarters in order. */
export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
export type Quarter = (typeof QUARTERS)[number];

/** Which quarter takes the 53rd week of a 53-week year. */
export type Week53Quarter = 'Q1' | 'Q4';

/** Options shared by the fiscal functions. */
export interface FiscalOptions {
  /** quarter holding the 53rd week when *building* periods (default 'Q4'); classification accepts both */
  week53Quarter?: Week53Quarter;
}

/** Inclusive bounds of a duration. */
export interface Bounds {
  start: ISODate;
  end: ISODate;
}

/** Bounds of every position of one fiscal year under one quarter layout. */
export type PositionLayout = Record<FiscalPosition, Bounds>;

function layoutFromQuarterEnds(span: FiscalYearSpan, q1End: ISODate, q2End: ISODate, q3End: ISODate): PositionLayout {
  const q2Start = addDays(q1End, 1);
  const q3Start = addDays(q2End, 1);
  const q4Start = addDays(q3End, 1);
  return {
    FY: { start: span.start, end: span.end },
    Q1: { start: span.start, end: q1End },
    Q2: { start: q2Start, end: q2End },
    Q3: { start: q3Start, end: q3End },
    Q4: { start: q4Start, end: span.end },
    H1: { start: span.start, end: q2End },
    H2: { start: q3Start, end: span.end },
    '9M': { start: span.start, end: q3End },
  };
}

/**
 * Quarter layouts of a fiscal year: one for fixed calendars and 52-week years; two for 53-week
 * years (the preferred one first).
 */
export function positionLayouts(span: FiscalYearSpan, options: FiscalOptions = {}): PositionLayout[] {
  let perCalendar = layoutCache.get(span.calendar);
  if (!perCalendar) {
    perCalendar = new Map();
    layoutCache.set(span.calendar, perCalendar);
  }
  const key = `${span.start}|${span.end}|${options.week53Quarter ?? ''}`;
  const cached = perCalendar.get(key);
  if (cached) return cached;
  const built = buildLayouts(span, options);
  if (perCalendar.size > 2000) perCalendar.clear();
  perCalendar.set(key, built);
  return built;
}

/** Layouts memoized per calendar object (calendars are immutable values). */
const layoutCache = new WeakMap<object, Map<string, PositionLayout[]>>();

function buildLayouts(span: FiscalYearSpan, options: FiscalOptions): PositionLayout[] {
  if (span.calendar.yearEnd.kind === 'fixed') {
    const sticky = isMonthEnd(span.end);
    return [layoutFromQuarterEnds(span, addMonths(span.end, -9, sticky), addMonths(span.end, -6, sticky), addMonths(span.end, -3, sticky))];
  }
  const weekLayout = (q1Weeks: number) =>
    layoutFromQuarterEnds(
      span,
      addDays(span.start, q1Weeks * 7 - 1),
      addDays(span.start, (q1Weeks + 13) * 7 - 1),
      addDays(span.start, (q1Weeks + 26) * 7 - 1),
    );
  if (span.weeks !== 53) return [weekLayout(13)];
  const q4 = weekLayout(13);
  const q1 = weekLayout(14);
  return options.week53Quarter === 'Q1' ? [q1, q4] : [q4, q1];
}

/** Bounds of `position` within a fiscal-year span, using the preferred layout. */
export function positionBounds(span: FiscalYearSpan, position: FiscalPosition, options: FiscalOptions = {}): Bounds {
  return positionLayouts(span, options)[0]![position];
}

/**
 * Bounds of a fiscal position, e.g. (`FY2026`, `Q2`) → {start, end}; null when the fiscal year
 * does not exist under the calendars.
 */
export function fiscalPeriodBounds(
  calendars: CalendarInput,
  fiscalYear: number,
  position: FiscalPosition,
  options: FiscalOptions = {},
): Bounds | null {
  const span = fiscalYearBounds(calendars, fiscalYear);
  return span ? positionBounds(span, position, options) : null;
}

/** The four quarter bounds of a fiscal year (preferred layout). */
export function quarterBounds(calendars: CalendarInput, fiscalYear: number, options: FiscalOptions = {}): Bounds[] | null {
  const span = fiscalYearBounds(calendars, fiscalYear);
  if (!span) return null;
  const layout = positionLayouts(span, options)[0]!;
  return QUARTERS.map((q) => layout[q]);
}

/** The quarter number (1–4) of a quarter code. */
export function quarterNumber(q: Quarter): 1 | 2 | 3 | 4 {
  return (QUARTERS.indexOf(q) + 1) as 1 | 2 | 3 | 4;
}
