/**
 * Periods named by their months or by a filing: "the March quarter of 2025", "the three months to
 * September 2021", "the year ended September 2024", "January–June 2021", "year-to-date through
 * September 30, 2022", "latest 10-K". A month-named period resolves only to a period of the
 * entity's own calendar that has that length and ends in that month (52/53-week calendars: within
 * 7 days of the month); otherwise it is unresolvable with the reason — never the nearest period.
 */
import type { ISODate } from '@/lib/domain/types';
import { addDays, daysBetween, daysInMonth, makeDate, toDayNumber, ymd } from './dates';
import { formatDateRange, formatFiscalLabel } from './label';
import type { EndedLength, MonthRef, PeriodSpec } from './period-spec';
import { positionLayouts, type Bounds, type FiscalPosition } from './positions';
import { duration, fiscalResult, NEAR_DAYS, resolved, unresolvable } from './resolve-builders';
import { needLatest, quarterEndingBy, quarterIn, quarterResult, ttmFromQuarter, type QuarterRef } from './resolve-quarters';
import { relativeResult } from './resolve-relative';
import type { PeriodResolution, ResolveContext, ResolvedPeriod } from './resolve-types';
import { fiscalYearBounds, fiscalYearContaining, type FiscalYearSpan } from './timeline';

/** Days a 52/53-week period may end outside the named month and still be named by it. */
export const MONTH_SLACK_DAYS = 7;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const POSITIONS_OF: Record<EndedLength, FiscalPosition[]> = {
  year: ['FY'],
  quarter: ['Q1', 'Q2', 'Q3', 'Q4'],
  half: ['H1', 'H2'],
  nine_months: ['9M'],
};
const LENGTH_WORDS: Record<EndedLength, string> = {
  year: 'fiscal year',
  quarter: 'fiscal quarter',
  half: 'fiscal half',
  nine_months: 'nine-month period',
};

interface Candidate {
  span: FiscalYearSpan;
  position: FiscalPosition;
  bounds: Bounds;
  quarter?: QuarterRef;
}

/**
 * Whether a period ending on `date` is named by month `m`: it ends in that month; for 52/53-week
 * calendars also when it ends within 7 days of that month's last day (Marvell's year ending 1 February
 * is "the January year" and, as dated, "the year ended February 2025"; its quarter ending 3 May 2025 is
 * "the April quarter" and "the quarter ended May 2025"; Apple's quarter ending 29 March is "the March
 * quarter", not April's). Both readings name the same period of one calendar.
 */
function inMonth(date: ISODate, m: MonthRef, week: boolean): boolean {
  const last = toDayNumber(makeDate(m.year, m.month, daysInMonth(m.year, m.month)));
  const d = toDayNumber(date);
  const within = d >= toDayNumber(makeDate(m.year, m.month, 1)) && d <= last;
  return within || (week && Math.abs(d - last) <= MONTH_SLACK_DAYS);
}

/** Fiscal years whose periods could end near the given calendar month. */
function yearsAround(ctx: ResolveContext, m: MonthRef): FiscalYearSpan[] {
  const out: FiscalYearSpan[] = [];
  const seen = new Set<number>();
  for (const probe of [
    addDays(makeDate(m.year, m.month, 1), -10),
    makeDate(m.year, m.month, 15),
    addDays(makeDate(m.year, m.month, 15), 200),
    addDays(makeDate(m.year, m.month, 15), 400),
  ]) {
    const span = fiscalYearContaining(ctx.calendars, probe);
    if (span && !seen.has(span.fiscalYear)) {
      seen.add(span.fiscalYear);
      out.push(span);
    }
  }
  return out;
}

function candidates(
  ctx: ResolveContext,
  spans: FiscalYearSpan[],
  length: EndedLength,
  keep: (b: Bounds, week: boolean) => boolean,
): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const span of spans) {
    const layouts = positionLayouts(span, ctx.options);
    for (const layout of layouts) {
      for (const position of POSITIONS_OF[length]) {
        const bounds = layout[position];
        const key = `${bounds.start}..${bounds.end}`;
        if (seen.has(key) || !keep(bounds, span.calendar.yearEnd.kind === 'week')) continue;
        // a 53-week year's second layout only counts when the first does not already match
        if (layout !== layouts[0] && out.some((c) => c.span.fiscalYear === span.fiscalYear && c.position === position)) continue;
        seen.add(key);
        out.push({
          span,
          position,
          bounds,
          ...(/^Q[1-4]$/.test(position) ? { quarter: { span, layout, quarter: position as QuarterRef['quarter'] } } : {}),
        });
      }
    }
  }
  return out;
}

/** The months in which the entity's periods of this length end (for the reason of a refusal). */
function endMonths(ctx: ResolveContext, spans: FiscalYearSpan[], length: EndedLength): string {
  const months = new Set<number>();
  for (const c of candidates(ctx, spans, length, () => true)) months.add(ymd(c.bounds.end).month);
  return [...months]
    .sort((a, b) => a - b)
    .map((m) => MONTH_NAMES[m - 1])
    .join(', ');
}

function fromCandidate(text: string, c: Candidate, note?: string): ResolvedPeriod {
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(c.bounds),
    fiscalYear: c.span.fiscalYear,
    fiscalPeriod: c.position,
    label: formatFiscalLabel(c.span.fiscalYear, c.position),
    notes: note ? [note] : [],
  });
}

function pick(text: string, found: Candidate[], none: () => string): PeriodResolution | Candidate {
  if (found.length === 0) return unresolvable(text, none());
  if (found.length > 1) {
    return {
      status: 'ambiguous',
      text,
      reason: `"${text}" matches several of the entity's periods`,
      options: found.map((c) => fromCandidate(text, c)),
    };
  }
  return found[0]!;
}

function isCandidate(v: PeriodResolution | Candidate): v is Candidate {
  return 'bounds' in v;
}

/** The entity's period of `length` ending in a calendar month, as a candidate or a refusal. */
function periodEndingIn(
  text: string,
  ctx: ResolveContext,
  length: EndedLength,
  m: MonthRef,
  monthEnd = false,
): PeriodResolution | Candidate {
  const spans = yearsAround(ctx, m);
  // "the end of May 2025": a period ending on the month's last day (a 52/53-week one within days of it), not one
  // ending on its first days ("the quarter ended May 2025" may end on 3 May)
  const last = makeDate(m.year, m.month, daysInMonth(m.year, m.month));
  const keep = monthEnd
    ? (b: Bounds, week: boolean) => Math.abs(daysBetween(b.end, last)) <= (week ? MONTH_SLACK_DAYS : 0)
    : (b: Bounds, week: boolean) => inMonth(b.end, m, week);
  const found = candidates(ctx, spans, length, keep);
  return pick(text, found, () => {
    const months = endMonths(ctx, spans, length);
    // the nearest end it has, said (never used: a figure at another date is another figure)
    const ends = candidates(ctx, spans, length, () => true).map((c) => c.bounds.end);
    const nearest = ends.sort((a, b) => Math.abs(daysBetween(a, last)) - Math.abs(daysBetween(b, last)))[0];
    const near = nearest ? `; the nearest ends ${formatDateRange({ type: 'instant', date: nearest })}` : '';
    return `no ${LENGTH_WORDS[length]} of the entity ends in ${MONTH_NAMES[m.month - 1]} ${m.year}${months ? ` (its ${LENGTH_WORDS[length]}s end in ${months}${near})` : ''}`;
  });
}

/** "the March quarter of 2025", "September quarter of fiscal 2023", "the year ended September 2024". */
export function namedByMonthResult(
  text: string,
  ctx: ResolveContext,
  spec: Extract<PeriodSpec, { type: 'named_by_month' }>,
): PeriodResolution {
  if (spec.yearKind === 'calendar') {
    const r = periodEndingIn(text, ctx, spec.length, { year: spec.year, month: spec.month }, spec.monthEnd);
    if (isCandidate(r) && spec.position && r.position !== spec.position)
      return unresolvable(
        text,
        `the ${LENGTH_WORDS[spec.length]} ending in ${MONTH_NAMES[spec.month - 1]} ${spec.year} is ${formatFiscalLabel(r.span.fiscalYear, r.position)}, not ${spec.position} as the question says`,
      );
    return isCandidate(r) ? fromCandidate(text, r) : r;
  }
  const span = fiscalYearBounds(ctx.calendars, spec.year);
  if (!span) return unresolvable(text, `the entity has no fiscal year ${spec.year}`);
  const found = candidates(ctx, [span], spec.length, (b, week) => {
    const end = ymd(b.end);
    return [end.year - 1, end.year, end.year + 1].some((year) => inMonth(b.end, { year, month: spec.month }, week));
  });
  const r = pick(
    text,
    found,
    () =>
      `no ${LENGTH_WORDS[spec.length]} of fiscal ${spec.year} ends in ${MONTH_NAMES[spec.month - 1]} (they end in ${endMonths(ctx, [span], spec.length)})`,
  );
  return isCandidate(r) ? fromCandidate(text, r) : r;
}

/** The fiscal quarter ending in a calendar month (TTM anchors such as "through March 2022"). */
export function quarterEndingIn(text: string, ctx: ResolveContext, m: MonthRef): QuarterRef | PeriodResolution {
  const r = periodEndingIn(text, ctx, 'quarter', m);
  if (!isCandidate(r)) return r;
  return r.quarter!;
}

/** The fiscal quarter ending on a date (52/53-week calendars: within a few days). */
export function quarterEndingOn(text: string, ctx: ResolveContext, date: ISODate): QuarterRef | PeriodResolution {
  const spans = yearsAround(ctx, { year: ymd(date).year, month: ymd(date).month });
  const found = candidates(ctx, spans, 'quarter', (b, week) => Math.abs(daysBetween(date, b.end)) <= (week ? NEAR_DAYS : 0));
  const r = pick(text, found, () => `no fiscal quarter of the entity ends on ${date}`);
  return isCandidate(r) ? r.quarter! : r;
}

/** "January–June 2021": the fiscal position running from the first named month to the last. */
export function monthRangeResult(text: string, ctx: ResolveContext, spec: Extract<PeriodSpec, { type: 'month_range' }>): PeriodResolution {
  const spans = [...yearsAround(ctx, spec.from), ...yearsAround(ctx, spec.to)];
  const unique = spans.filter((s, i) => spans.findIndex((t) => t.fiscalYear === s.fiscalYear) === i);
  const found: Candidate[] = [];
  for (const length of spec.length === 'quarter' ? (['quarter'] as const) : (['quarter', 'half', 'nine_months', 'year'] as const)) {
    for (const c of candidates(
      ctx,
      unique,
      length,
      (b, week) =>
        inMonth(b.end, spec.to, week) &&
        inMonth(
          addDays(b.start, -1),
          { year: spec.from.month === 1 ? spec.from.year - 1 : spec.from.year, month: spec.from.month === 1 ? 12 : spec.from.month - 1 },
          week,
        ),
    )) {
      if (!found.some((f) => f.bounds.start === c.bounds.start && f.bounds.end === c.bounds.end)) found.push(c);
    }
  }
  const months = `${MONTH_NAMES[spec.from.month - 1]} ${spec.from.year} to ${MONTH_NAMES[spec.to.month - 1]} ${spec.to.year}`;
  // "the Feb–Apr 2025 quarter" when the entity's quarters cover other months: asked back with the quarters those months fall in
  if (found.length === 0 && spec.length === 'quarter') {
    const first = makeDate(spec.from.year, spec.from.month, 1);
    const last = makeDate(spec.to.year, spec.to.month, daysInMonth(spec.to.year, spec.to.month));
    const overlapping = candidates(ctx, unique, 'quarter', (b) => b.start <= last && b.end >= first).sort((a, b) =>
      a.bounds.start < b.bounds.start ? -1 : 1,
    );
    const options = overlapping.map((c) => fromCandidate(text, c));
    if (options.length > 0)
      return {
        status: 'ambiguous',
        text,
        reason: `the entity has no fiscal quarter running from ${months}; those months fall in ${options.map((o) => `${o.label} (${o.dateRange})`).join(' and ')}`,
        options,
      };
  }
  const r = pick(text, found, () => `no fiscal ${spec.length === 'quarter' ? 'quarter' : 'period'} of the entity runs from ${months}`);
  return isCandidate(r) ? fromCandidate(text, r) : r;
}

const YTD_OF: Record<string, FiscalPosition> = { Q1: 'Q1', Q2: 'H1', Q3: '9M', Q4: 'FY' };

/** "YTD FY2025": the fiscal year if it has ended, else its year to date through the latest quarter. */
function ytdOfYear(text: string, ctx: ResolveContext, fiscalYear: number): PeriodResolution {
  const span = fiscalYearBounds(ctx.calendars, fiscalYear);
  if (!span) return unresolvable(text, `the entity has no fiscal year ${fiscalYear}`);
  const missing = needLatest(text, ctx);
  if (missing) return missing;
  const latest = ctx.latestPeriodEnd!;
  if (latest >= span.end) {
    const r = fiscalResult(text, ctx, fiscalYear, 'FY');
    return r.status === 'resolved' ? { ...r, notes: [...r.notes, `fiscal ${fiscalYear} has ended: its year to date is the full year`] } : r;
  }
  const q = quarterEndingBy(ctx, latest);
  if (!q || q.span.fiscalYear !== fiscalYear) return unresolvable(text, `no quarter of fiscal ${fiscalYear} is reported yet`);
  const position = YTD_OF[q.quarter]!;
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(q.layout[position]),
    fiscalYear,
    fiscalPeriod: position,
    label: formatFiscalLabel(fiscalYear, position),
    notes: [`year to date through ${formatFiscalLabel(fiscalYear, q.quarter)}`],
  });
}

/** "year-to-date through September 30, 2022": the fiscal YTD ending with the quarter ending there. */
export function ytdThroughResult(text: string, ctx: ResolveContext, ref: PeriodSpec): PeriodResolution {
  if (ref.type === 'fiscal' && ref.position === 'FY') return ytdOfYear(text, ctx, ref.year.year);
  if (ref.type === 'bare_year') return ytdOfYear(text, ctx, ref.year);
  let q: QuarterRef | PeriodResolution;
  if (ref.type === 'instant') q = quarterEndingOn(text, ctx, ref.date);
  else if (ref.type === 'month') q = quarterEndingIn(text, ctx, { year: ref.year, month: ref.month });
  else return unresolvable(text, `"${text}" needs a date or a month to run to`);
  if ('status' in q) return q;
  const position = YTD_OF[q.quarter]!;
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(q.layout[position]),
    fiscalYear: q.span.fiscalYear,
    fiscalPeriod: position,
    label: formatFiscalLabel(q.span.fiscalYear, position),
    notes: [`year to date through ${formatFiscalLabel(q.span.fiscalYear, q.quarter)}`],
  });
}

/** TTM ending with the quarter a month-named, ended or quarter-dated anchor names. */
export function ttmAtNamed(text: string, ctx: ResolveContext, ref: PeriodSpec): PeriodResolution | null {
  let q: QuarterRef | PeriodResolution | null = null;
  if (ref.type === 'named_by_month' && ref.length === 'quarter' && ref.yearKind === 'calendar')
    q = quarterEndingIn(text, ctx, { year: ref.year, month: ref.month });
  else if (ref.type === 'ended' && ref.length === 'quarter') q = quarterEndingOn(text, ctx, ref.date);
  else if (ref.type === 'calendar' && ref.position !== 'FY') {
    const endMonth = { Q1: 3, Q2: 6, Q3: 9, Q4: 12, H1: 6, H2: 12, '9M': 9 }[ref.position];
    q = quarterEndingIn(text, ctx, { year: ref.year, month: endMonth });
  }
  if (q === null) return null;
  return 'status' in q ? q : ttmFromQuarter(text, ctx, q);
}

/** "latest 10-K", "most recent 10-Q", "the 2024 annual report": the period the filing covers. */
export function filingResult(text: string, ctx: ResolveContext, spec: Extract<PeriodSpec, { type: 'filing' }>): PeriodResolution {
  const annual = spec.form !== '10-Q';
  if (spec.which === 'latest') {
    if (annual) return relativeResult(text, ctx, 'last_fiscal_year');
    const missing = needLatest(text, ctx);
    if (missing) return missing;
    let q = quarterEndingBy(ctx, ctx.latestPeriodEnd!);
    if (!q) return unresolvable(text, 'no fiscal quarter ends by the latest reported period');
    // a 10-Q covers the first three quarters; the fourth is reported in the 10-K
    if (q.quarter === 'Q4') q = quarterIn(ctx, q.span.fiscalYear, 'Q3');
    return q ? { ...quarterResult(text, q), notes: ['the quarter of the latest 10-Q'] } : unresolvable(text, 'no quarter of a 10-Q');
  }
  if (annual) return fiscalResult(text, ctx, spec.which, 'FY');
  const options = (['Q1', 'Q2', 'Q3'] as const)
    .map((p) => fiscalResult(text, ctx, spec.which as number, p))
    .filter((r): r is ResolvedPeriod => r.status === 'resolved');
  if (options.length === 0) return unresolvable(text, `the entity has no fiscal year ${spec.which}`);
  return { status: 'ambiguous', text, reason: `a fiscal ${spec.which} 10-Q covers Q1, Q2 or Q3: which quarter?`, options };
}

/** "Q4 of last year", "the first half of the last fiscal year". */
export function relativePositionResult(
  text: string,
  ctx: ResolveContext,
  spec: Extract<PeriodSpec, { type: 'relative_position' }>,
): PeriodResolution {
  const a = ctx.anchor;
  if (spec.which === 'prior_year' && a && a.fiscalYear !== null) return fiscalResult(text, ctx, a.fiscalYear - 1, spec.position);
  const year = relativeResult(text, { ...ctx, anchor: null }, spec.which);
  if (year.status !== 'resolved' || year.fiscalYear === null)
    return year.status === 'resolved' ? unresolvable(text, 'no fiscal year to take the position of') : year;
  return fiscalResult(text, ctx, year.fiscalYear, spec.position);
}

/** "the same period of 2021": the anchor's fiscal position, in that year. */
export function samePeriodResult(text: string, ctx: ResolveContext, spec: Extract<PeriodSpec, { type: 'same_period' }>): PeriodResolution {
  const a = ctx.anchor;
  const pos = a?.fiscalPeriod;
  if (a?.kind !== 'fiscal_period' || !pos || pos === 'OTHER' || pos === 'TRANSITION') {
    return unresolvable(text, `"${text}" needs the fiscal period it is the same as`);
  }
  return fiscalResult(text, ctx, spec.year.year, pos);
}

/** The fiscal year `back` years before the last fiscal year reported ("the last three fiscal years" asks back = 2, 1, 0). */
export function fiscalYearBackResult(text: string, ctx: ResolveContext, back: number): PeriodResolution {
  const last = relativeResult(text, { ...ctx, anchor: null }, 'last_fiscal_year');
  if (last.status !== 'resolved' || last.fiscalYear === null)
    return last.status === 'resolved' ? unresolvable(text, 'no last fiscal year to count back from') : last;
  const r = fiscalResult(text, ctx, last.fiscalYear - back, 'FY');
  return r.status === 'resolved'
    ? {
        ...r,
        notes: [
          ...r.notes,
          back === 0 ? 'the last fiscal year reported' : `${back} fiscal year${back > 1 ? 's' : ''} before the last one reported`,
        ],
      }
    : r;
}
