/**
 * Effective-dated calendars → one timeline of fiscal years and transition periods.
 *
 * Calendars are sorted by `effectiveFrom`. The earliest calendar extends backwards indefinitely and
 * the latest forwards indefinitely. A later calendar's first full fiscal year is the first one whose
 * natural start (day after its own previous year end) is on or after both its `effectiveFrom` and the
 * day after the previous calendar's last year end. Days between the two form the transition period
 * (e.g. a switch from December to March year ends leaves 1 Jan – 31 Mar as a transition period).
 */
import type { FiscalCalendar, ISODate } from '@/lib/domain/types';
import { addDays, daysBetween, fromDayNumber, toDayNumber, ymd } from './dates';
import { labelOfNominal, nominalOfLabel, nominalYearContaining, nominalYearEnd, nominalYearStart } from './year-end';

/** One calendar or an effective-dated list of calendars for one entity. */
export type CalendarInput = FiscalCalendar | readonly FiscalCalendar[];

/** A fiscal year on the timeline. */
export interface FiscalYearSpan {
  kind: 'year';
  fiscalYear: number;
  start: ISODate;
  end: ISODate;
  /** end − start in days */
  days: number;
  /** 52 or 53 for week calendars, null for fixed-date calendars */
  weeks: 52 | 53 | null;
  calendar: FiscalCalendar;
  nominalYear: number;
}

/** A transition period between two calendars. Its `fiscalYear` is the calendar year of its end. */
export interface TransitionSpan {
  kind: 'transition';
  fiscalYear: number;
  start: ISODate;
  end: ISODate;
  days: number;
  from: FiscalCalendar;
  to: FiscalCalendar;
}

interface Segment {
  calendar: FiscalCalendar;
  /** first day of the first full fiscal year (−∞ for the earliest calendar) */
  from: number;
  /** last day of the last full fiscal year (+∞ for the latest calendar) */
  to: number;
  transitionBefore: TransitionSpan | null;
}

/** Normalizes the calendar input to a non-empty list sorted by effectiveFrom. */
export function calendarList(input: CalendarInput): FiscalCalendar[] {
  const list = Array.isArray(input) ? [...(input as readonly FiscalCalendar[])] : [input as FiscalCalendar];
  if (list.length === 0) throw new RangeError('at least one fiscal calendar is required');
  return list.sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0));
}

const SEGMENT_CACHE_LIMIT = 256;
const segmentsByValue = new Map<string, Segment[]>();
const segmentsByRef = new WeakMap<object, Segment[]>();

/**
 * Segments for a calendar input, memoized by reference and by value. Calendars are treated as
 * immutable values: build a new object (or array) rather than mutating one already passed in.
 */
function segmentsOf(input: CalendarInput): Segment[] {
  const byRef = segmentsByRef.get(input as object);
  if (byRef) return byRef;
  const list = calendarList(input);
  const key = JSON.stringify(list.map((c) => [c.entityId, c.effectiveFrom, c.effectiveTo, c.yearEnd, c.labelBy]));
  let built = segmentsByValue.get(key);
  if (!built) {
    built = buildSegments(list);
    if (segmentsByValue.size >= SEGMENT_CACHE_LIMIT) segmentsByValue.clear();
    segmentsByValue.set(key, built);
  }
  segmentsByRef.set(input as object, built);
  return built;
}

function buildSegments(list: FiscalCalendar[]): Segment[] {
  const segments: Segment[] = [];
  let prev: Segment | null = null;
  for (let i = 0; i < list.length; i++) {
    const cal = list[i]!;
    const rule = cal.yearEnd;
    let from = Number.NEGATIVE_INFINITY;
    if (prev) {
      const lower = Math.max(toDayNumber(cal.effectiveFrom), prev.to + 1);
      let n = ymd(fromDayNumber(lower)).year - 1;
      while (toDayNumber(nominalYearStart(rule, n)) < lower) n++;
      from = toDayNumber(nominalYearStart(rule, n));
    }
    let to = Number.POSITIVE_INFINITY;
    const next = list[i + 1];
    if (next) {
      const limitIso = cal.effectiveTo && cal.effectiveTo < next.effectiveFrom ? cal.effectiveTo : addDays(next.effectiveFrom, -1);
      const limit = toDayNumber(limitIso);
      let n = ymd(limitIso).year + 1;
      while (toDayNumber(nominalYearEnd(rule, n)) > limit) n--;
      to = toDayNumber(nominalYearEnd(rule, n));
    }
    if (to < from) continue; // calendar never governs a full fiscal year
    let transitionBefore: TransitionSpan | null = null;
    if (prev && from > prev.to + 1) {
      const start = fromDayNumber(prev.to + 1);
      const end = fromDayNumber(from - 1);
      transitionBefore = {
        kind: 'transition',
        fiscalYear: ymd(end).year,
        start,
        end,
        days: daysBetween(start, end),
        from: prev.calendar,
        to: cal,
      };
    }
    const seg: Segment = { calendar: cal, from, to, transitionBefore };
    segments.push(seg);
    prev = seg;
  }
  return segments;
}

function spanOf(cal: FiscalCalendar, nominalYear: number): FiscalYearSpan {
  const start = nominalYearStart(cal.yearEnd, nominalYear);
  const end = nominalYearEnd(cal.yearEnd, nominalYear);
  const days = daysBetween(start, end);
  return {
    kind: 'year',
    fiscalYear: labelOfNominal(cal.yearEnd, cal.labelBy, nominalYear),
    start,
    end,
    days,
    weeks: cal.yearEnd.kind === 'week' ? (days >= 369 ? 53 : 52) : null,
    calendar: cal,
    nominalYear,
  };
}

/**
 * Bounds of fiscal year `fiscalYear` ({start, end, days, weeks, …}); null when no calendar in effect
 * names a year so (e.g. a label skipped by a change of year end).
 */
export function fiscalYearBounds(calendars: CalendarInput, fiscalYear: number): FiscalYearSpan | null {
  const segments = segmentsOf(calendars);
  for (let i = segments.length - 1; i >= 0; i--) {
    const seg = segments[i]!;
    const cal = seg.calendar;
    const span = spanOf(cal, nominalOfLabel(cal.yearEnd, cal.labelBy, fiscalYear));
    if (toDayNumber(span.start) >= seg.from && toDayNumber(span.end) <= seg.to) return span;
  }
  return null;
}

/** The fiscal year (or transition period) that contains `date`. */
export function fiscalSpanContaining(calendars: CalendarInput, date: ISODate): FiscalYearSpan | TransitionSpan {
  const day = toDayNumber(date);
  const segments = segmentsOf(calendars);
  for (const seg of segments) {
    if (seg.transitionBefore && day >= toDayNumber(seg.transitionBefore.start) && day <= toDayNumber(seg.transitionBefore.end)) {
      return seg.transitionBefore;
    }
    if (day >= seg.from && day <= seg.to) return spanOf(seg.calendar, nominalYearContaining(seg.calendar.yearEnd, date));
  }
  /* c8 ignore next */
  throw new Error(`no fiscal year contains ${date}`);
}

/** The fiscal year containing `date`, or null when the date lies in a transition period. */
export function fiscalYearContaining(calendars: CalendarInput, date: ISODate): FiscalYearSpan | null {
  const span = fiscalSpanContaining(calendars, date);
  return span.kind === 'year' ? span : null;
}

/** All transition periods between effective-dated calendars, in date order. */
export function transitionPeriods(calendars: CalendarInput): TransitionSpan[] {
  return segmentsOf(calendars).flatMap((s) => (s.transitionBefore ? [s.transitionBefore] : []));
}

/** The transition period whose end falls in calendar year `year`, or null. */
export function transitionPeriod(calendars: CalendarInput, year: number): TransitionSpan | null {
  return transitionPeriods(calendars).find((t) => t.fiscalYear === year) ?? null;
}

/** The fiscal year immediately before `span` (null across a transition period). */
export function previousFiscalYear(calendars: CalendarInput, span: FiscalYearSpan): FiscalYearSpan | null {
  const prior = fiscalSpanContaining(calendars, addDays(span.start, -1));
  return prior.kind === 'year' ? prior : null;
}

/** The fiscal year immediately after `span` (null across a transition period). */
export function nextFiscalYear(calendars: CalendarInput, span: FiscalYearSpan): FiscalYearSpan | null {
  const following = fiscalSpanContaining(calendars, addDays(span.end, 1));
  return following.kind === 'year' ? following : null;
}

/** True when the fiscal year of the calendar in effect is the calendar year (31 December fixed end). */
export function isCalendarYearAligned(calendars: CalendarInput, date?: ISODate): boolean {
  const list = calendarList(calendars);
  const cal = date ? (fiscalYearContaining(calendars, date)?.calendar ?? list[list.length - 1]!) : list[list.length - 1]!;
  const rule = cal.yearEnd;
  return rule.kind === 'fixed' && rule.month === 12 && rule.day >= 31;
}
