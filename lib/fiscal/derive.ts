/**
 * Fiscal year / period derived from a period's dates and the entity's calendars — never from a
 * source's own label (`fy`, `fp`, `frame`).
 */
import type { FiscalPeriodCode, ISODate, Period } from '@/lib/domain/types';
import { addDays, daysBetween, toDayNumber } from './dates';
import { formatDateRange, formatFiscalLabel } from './label';
import { lengthClass, lengthFamily, type LengthClass } from './length-class';
import { FISCAL_POSITIONS, positionLayouts, type FiscalOptions, type FiscalPosition } from './positions';
import { fiscalSpanContaining, type CalendarInput, type FiscalYearSpan, type TransitionSpan } from './timeline';

/** How a period relates to the fiscal calendar. */
export type FiscalClassification = 'annual' | 'quarter' | 'quarter_14w' | 'half' | 'ytd' | 'transition' | 'instant' | 'other';

/** Fiscal facts derived from a period's dates. */
export interface DerivedFiscal {
  fiscalYear: number;
  fiscalPeriod: FiscalPeriodCode;
  classification: FiscalClassification;
  /** end − start in days (0 for instants) */
  days: number;
  /** calendar-free length class of a duration; null for instants */
  lengthClass: LengthClass | null;
  /** "Q2 FY2026", "end of FY2019" for instants, the date range when the position is OTHER */
  label: string;
  /** true when the period's bounds equal the calendar's bounds exactly */
  exact: boolean;
  fiscalYearStart: ISODate;
  fiscalYearEnd: ISODate;
  /** 52/53 for week calendars, null for fixed-date calendars and transition periods */
  fiscalYearWeeks: 52 | 53 | null;
}

/** Largest boundary drift (days) accepted when matching an observed period to a fiscal position. */
export const POSITION_TOLERANCE_DAYS = 7;

const FAMILY_OF: Record<FiscalPosition, ReturnType<typeof lengthFamily>> = {
  FY: 'annual',
  Q1: 'quarter',
  Q2: 'quarter',
  Q3: 'quarter',
  Q4: 'quarter',
  H1: 'half',
  H2: 'half',
  '9M': 'nine_months',
};

function classificationOf(position: FiscalPosition, days: number): FiscalClassification {
  if (position === 'FY') return 'annual';
  if (position === 'H1' || position === 'H2') return 'half';
  if (position === '9M') return 'ytd';
  return lengthClass(days) === 'quarter_14w' ? 'quarter_14w' : 'quarter';
}

function spanFields(span: FiscalYearSpan | TransitionSpan) {
  return {
    fiscalYear: span.fiscalYear,
    fiscalYearStart: span.start,
    fiscalYearEnd: span.end,
    fiscalYearWeeks: span.kind === 'year' ? span.weeks : null,
  };
}

/**
 * Derives fiscal year, fiscal period and classification from dates.
 *
 * Durations match a fiscal position when both bounds lie within {@link POSITION_TOLERANCE_DAYS} of
 * the calendar's bounds and the length fits the position (quarters 88–92 or 96–98 days, halves,
 * nine months 270–280, years 363–365/369–371); both 53-week layouts are tried. Instants are FY at
 * the year end, Qn at the end of quarter n, OTHER elsewhere; their fiscal year is the one containing
 * the date.
 */
export function deriveFiscal(period: Period, calendars: CalendarInput, options: FiscalOptions = {}): DerivedFiscal {
  return period.type === 'instant'
    ? deriveInstant(period.date, calendars, options)
    : deriveDuration(period.start, period.end, calendars, options);
}

function deriveInstant(date: ISODate, calendars: CalendarInput, options: FiscalOptions): DerivedFiscal {
  const span = fiscalSpanContaining(calendars, date);
  const base = { ...spanFields(span), days: 0, lengthClass: null, classification: 'instant' as const };
  let code: FiscalPeriodCode = 'OTHER';
  if (span.kind === 'transition') {
    if (date === span.end) code = 'TRANSITION';
  } else if (date === span.end) {
    code = 'FY';
  } else {
    for (const layout of positionLayouts(span, options)) {
      const q = (['Q1', 'Q2', 'Q3'] as const).find((p) => layout[p].end === date);
      if (q) {
        code = q;
        break;
      }
    }
  }
  const label = code === 'OTHER' ? formatDateRange({ type: 'instant', date }) : `end of ${formatFiscalLabel(span.fiscalYear, code)}`;
  return { ...base, fiscalPeriod: code, label, exact: code !== 'OTHER' };
}

function durationResult(span: FiscalYearSpan, position: FiscalPosition, days: number, exact: boolean): DerivedFiscal {
  return {
    ...spanFields(span),
    fiscalPeriod: position,
    classification: classificationOf(position, days),
    days,
    lengthClass: lengthClass(days),
    label: formatFiscalLabel(span.fiscalYear, position),
    exact,
  };
}

interface Match {
  span: FiscalYearSpan;
  position: FiscalPosition;
  drift: number;
  rank: number;
}

function deriveDuration(start: ISODate, end: ISODate, calendars: CalendarInput, options: FiscalOptions): DerivedFiscal {
  const days = daysBetween(start, end);
  if (days < 0) throw new RangeError(`duration ends before it starts: ${start}..${end}`);
  const family = lengthFamily(days);
  const s = toDayNumber(start);
  const e = toDayNumber(end);
  const tol = POSITION_TOLERANCE_DAYS;

  // fast path: an exact match lies in the span containing `end`
  const endSpan = fiscalSpanContaining(calendars, end);
  if (endSpan.kind === 'year') {
    for (const layout of positionLayouts(endSpan, options)) {
      for (const position of FISCAL_POSITIONS) {
        const b = layout[position];
        if (b.start === start && b.end === end && FAMILY_OF[position] === family) {
          return durationResult(endSpan, position, days, true);
        }
      }
    }
  }

  // a matching position ends within `tol` of `end`, so its year contains end − tol, end or end + tol
  const spans = new Map<string, FiscalYearSpan | TransitionSpan>();
  for (const probe of [addDays(end, -tol), end, addDays(end, tol)]) {
    const span = fiscalSpanContaining(calendars, probe);
    spans.set(`${span.kind}:${span.start}`, span);
  }

  let best: Match | null = null;
  let transition: TransitionSpan | null = null;
  let rank = 0;
  for (const span of spans.values()) {
    if (span.kind === 'transition') {
      if (Math.abs(s - toDayNumber(span.start)) <= tol && Math.abs(e - toDayNumber(span.end)) <= tol) {
        if (!transition || (span.start === start && span.end === end)) transition = span;
      }
      continue;
    }
    for (const layout of positionLayouts(span, options)) {
      for (const position of FISCAL_POSITIONS) {
        rank++;
        if (FAMILY_OF[position] !== family) continue;
        const b = layout[position];
        const ds = Math.abs(s - toDayNumber(b.start));
        const de = Math.abs(e - toDayNumber(b.end));
        if (ds > tol || de > tol) continue;
        const drift = ds + de;
        if (!best || drift < best.drift || (drift === best.drift && rank < best.rank)) {
          best = { span, position, drift, rank };
        }
      }
    }
  }

  const lc = lengthClass(days);
  if (transition && (!best || (transition.start === start && transition.end === end))) {
    const exact = transition.start === start && transition.end === end;
    return {
      ...spanFields(transition),
      fiscalPeriod: 'TRANSITION',
      classification: 'transition',
      days,
      lengthClass: lc,
      label: formatFiscalLabel(transition.fiscalYear, 'TRANSITION'),
      exact,
    };
  }
  if (best) return durationResult(best.span, best.position, days, best.drift === 0);
  const containing = fiscalSpanContaining(calendars, end);
  return {
    ...spanFields(containing),
    fiscalPeriod: 'OTHER',
    classification: 'other',
    days,
    lengthClass: lc,
    label: formatDateRange({ type: 'duration', start, end }),
    exact: false,
  };
}
