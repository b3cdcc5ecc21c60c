/**
 * Resolves a requested period ("Q2 FY2026", "year ended March 31, 2026", "TTM as of Q3 FY2025",
 * "latest quarter", …) to exact dates under an entity's calendars. Relative phrases are anchored on
 * the entity's latest reported period end (never the wall clock) or on an explicit anchor period.
 */
import type { FiscalPeriodCode, ISODate, Period } from '@/lib/facts/types';
import { addDays, addMonths, daysBetween, daysInMonth, makeDate, toDayNumber, ymd } from './dates';
import { deriveFiscal } from './derive';
import { formatCalendarLabel, formatDateRange, formatFiscalLabel } from './label';
import { extractPeriodPhrases, type EndedLength, type PeriodSpec, type RelativeWhich } from './phrases';
import {
  positionBounds,
  positionLayouts,
  QUARTERS,
  type Bounds,
  type FiscalOptions,
  type FiscalPosition,
  type PositionLayout,
  type Quarter,
} from './positions';
import {
  calendarList,
  fiscalSpanContaining,
  fiscalYearBounds,
  previousFiscalYear,
  transitionPeriod,
  type CalendarInput,
  type FiscalYearSpan,
} from './timeline';

/** What the resolver needs to know about the entity. */
export interface ResolveContext {
  calendars: CalendarInput;
  /** end date of the entity's latest reported period; anchors "latest quarter", "last fiscal year", … */
  latestPeriodEnd?: ISODate | null;
  /** an already resolved period that "prior year", "prior quarter", … are relative to */
  anchor?: ResolvedPeriod | null;
  options?: FiscalOptions;
}

export type ResolvedKind = 'fiscal_period' | 'transition' | 'instant' | 'ttm' | 'calendar_period' | 'window';

/** A period resolved to exact dates. */
export interface ResolvedPeriod {
  status: 'resolved';
  /** the phrase as written */
  text: string;
  kind: ResolvedKind;
  period: Period;
  /** components: the four quarters of a TTM; otherwise `[period]` */
  periods: Period[];
  /** fiscal year/period of the result; null for calendar periods that are not fiscal periods */
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  /** "Q2 FY2026", "CY2024", "TTM Q3 FY2025", "end of FY2019", "as of 30 Sep 2024" */
  label: string;
  /** "1 Apr 2025 – 31 Mar 2026" */
  dateRange: string;
  notes: string[];
}

/** The phrase has several plausible readings; ask the user to pick. */
export interface AmbiguousPeriod {
  status: 'ambiguous';
  text: string;
  reason: string;
  options: ResolvedPeriod[];
}

/** The phrase cannot be resolved (not a period, missing context, no such fiscal year). */
export interface UnresolvablePeriod {
  status: 'unresolvable';
  text: string;
  reason: string;
}

export type PeriodResolution = ResolvedPeriod | AmbiguousPeriod | UnresolvablePeriod;

/** Days a stated date may miss a 52/53-week period end and still name that period. */
const NEAR_DAYS = 6;

interface QuarterRef {
  span: FiscalYearSpan;
  layout: PositionLayout;
  quarter: Quarter;
}

function unresolvable(text: string, reason: string): UnresolvablePeriod {
  return { status: 'unresolvable', text, reason };
}

function duration(b: Bounds): Period {
  return { type: 'duration', start: b.start, end: b.end };
}

function resolved(
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

function fiscalResult(text: string, ctx: ResolveContext, fiscalYear: number, position: FiscalPosition, notes: string[] = []): PeriodResolution {
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

function calendarResult(text: string, ctx: ResolveContext, year: number, position: FiscalPosition): ResolvedPeriod {
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

function instantResult(text: string, ctx: ResolveContext, date: ISODate, label?: string): ResolvedPeriod {
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
          const label = q === 'Q4' ? `end of ${formatFiscalLabel(span.fiscalYear, 'FY')}` : `end of ${formatFiscalLabel(span.fiscalYear, q)}`;
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

function endedResult(text: string, ctx: ResolveContext, length: EndedLength, date: ISODate): PeriodResolution {
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
    const notes = best.gap > 0 ? [`the entity's ${formatFiscalLabel(best.span.fiscalYear, best.position)} ends ${best.bounds.end}, not ${date}`] : [];
    return resolved(text, {
      kind: 'fiscal_period',
      period: duration(best.bounds),
      fiscalYear: best.span.fiscalYear,
      fiscalPeriod: best.position,
      label: formatFiscalLabel(best.span.fiscalYear, best.position),
      notes,
    });
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

// ── quarters ──────────────────────────────────────────────────────────────────────────────────
function quarterBoundsOf(q: QuarterRef): Bounds {
  return q.layout[q.quarter];
}

function quarterLabel(q: QuarterRef): string {
  return formatFiscalLabel(q.span.fiscalYear, q.quarter);
}

/** A quarter as resolved, keeping its layout (a 14-week Q1 observed in data stays 14 weeks). */
function quarterResult(text: string, q: QuarterRef): ResolvedPeriod {
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(quarterBoundsOf(q)),
    fiscalYear: q.span.fiscalYear,
    fiscalPeriod: q.quarter,
    label: quarterLabel(q),
  });
}

function quarterIn(ctx: ResolveContext, fiscalYear: number, quarter: Quarter): QuarterRef | null {
  const span = fiscalYearBounds(ctx.calendars, fiscalYear);
  return span ? { span, layout: positionLayouts(span, ctx.options)[0]!, quarter } : null;
}

function previousQuarter(ctx: ResolveContext, q: QuarterRef): QuarterRef | null {
  const i = QUARTERS.indexOf(q.quarter);
  if (i > 0) return { ...q, quarter: QUARTERS[i - 1]! };
  const prior = previousFiscalYear(ctx.calendars, q.span);
  return prior ? { span: prior, layout: positionLayouts(prior, ctx.options)[0]!, quarter: 'Q4' } : null;
}

/** The last fiscal quarter that ends on or before `date`. */
function quarterEndingBy(ctx: ResolveContext, date: ISODate): QuarterRef | null {
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

function ttmFromQuarter(text: string, ctx: ResolveContext, last: QuarterRef): PeriodResolution {
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

const LAST_QUARTER_OF: Record<FiscalPosition, Quarter> = {
  FY: 'Q4', Q1: 'Q1', Q2: 'Q2', Q3: 'Q3', Q4: 'Q4', H1: 'Q2', H2: 'Q4', '9M': 'Q3',
};

function needLatest(text: string, ctx: ResolveContext): UnresolvablePeriod | null {
  return ctx.latestPeriodEnd
    ? null
    : unresolvable(text, "a relative period needs the entity's latest reported period end (ctx.latestPeriodEnd)");
}

function ttmResult(text: string, ctx: ResolveContext, ref: PeriodSpec | null): PeriodResolution {
  if (ref === null || (ref.type === 'relative' && ref.which === 'latest_quarter')) {
    const missing = needLatest(text, ctx);
    if (missing) return missing;
    const q = quarterEndingBy(ctx, ctx.latestPeriodEnd!);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, 'no fiscal quarter ends by the latest reported period');
  }
  if (ref.type === 'instant') {
    const q = quarterEndingBy(ctx, ref.date);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `no fiscal quarter ends by ${ref.date}`);
  }
  if (ref.type === 'fiscal') {
    const inner = resolveSpec(ref, ctx, text);
    if (inner.status !== 'resolved') return inner;
    const q = quarterIn(ctx, inner.fiscalYear!, LAST_QUARTER_OF[ref.position]);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `the entity has no fiscal year ${inner.fiscalYear}`);
  }
  return unresolvable(text, 'TTM needs a fiscal quarter, fiscal year or date to end at');
}

// ── relative phrases ──────────────────────────────────────────────────────────────────────────
function anchorQuarter(ctx: ResolveContext, text: string): QuarterRef | UnresolvablePeriod {
  const a = ctx.anchor;
  if (a) {
    if (a.fiscalYear !== null && a.fiscalPeriod && /^Q[1-4]$/.test(a.fiscalPeriod)) {
      return quarterIn(ctx, a.fiscalYear, a.fiscalPeriod as Quarter) ?? unresolvable(text, `no fiscal year ${a.fiscalYear}`);
    }
    return unresolvable(text, `"${text}" needs a quarter to be relative to, got ${a.label}`);
  }
  const missing = needLatest(text, ctx);
  if (missing) return missing;
  return quarterEndingBy(ctx, ctx.latestPeriodEnd!) ?? unresolvable(text, 'no fiscal quarter ends by the latest reported period');
}

function priorYearOfAnchor(text: string, ctx: ResolveContext, a: ResolvedPeriod): PeriodResolution {
  const pos = a.fiscalPeriod;
  if (a.kind === 'fiscal_period' && a.fiscalYear !== null && pos && pos !== 'OTHER' && pos !== 'TRANSITION') {
    return fiscalResult(text, ctx, a.fiscalYear - 1, pos);
  }
  if (a.kind === 'ttm' && a.fiscalYear !== null) {
    const lastLabel = a.label.replace(/^TTM /, '');
    const quarter = lastLabel.slice(0, 2) as Quarter;
    const q = quarterIn(ctx, a.fiscalYear - 1, quarter);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `the entity has no fiscal year ${a.fiscalYear - 1}`);
  }
  if (a.kind === 'instant' && a.fiscalYear !== null && pos && /^(FY|Q[1-3])$/.test(pos)) {
    const span = fiscalYearBounds(ctx.calendars, a.fiscalYear - 1);
    if (!span) return unresolvable(text, `the entity has no fiscal year ${a.fiscalYear - 1}`);
    const b = positionBounds(span, pos as FiscalPosition, ctx.options);
    return instantResult(text, ctx, b.end);
  }
  // calendar periods, windows, other instants: the same dates one year earlier
  const p = a.period;
  if (p.type === 'instant') return instantResult(text, ctx, addMonths(p.date, -12, true));
  const period: Period = { type: 'duration', start: addMonths(p.start, -12), end: addMonths(p.end, -12, true) };
  const derived = deriveFiscal(period, ctx.calendars, ctx.options);
  const label = a.kind === 'calendar_period' ? a.label.replace(/(\d{4})$/, (y) => String(Number(y) - 1)) : formatDateRange(period);
  return resolved(text, {
    kind: a.kind === 'calendar_period' ? 'calendar_period' : 'window',
    period,
    fiscalYear: derived.fiscalPeriod === 'OTHER' ? null : derived.fiscalYear,
    fiscalPeriod: derived.fiscalPeriod === 'OTHER' ? null : derived.fiscalPeriod,
    label,
  });
}

function relativeResult(text: string, ctx: ResolveContext, which: RelativeWhich): PeriodResolution {
  if (which === 'prior_year' && ctx.anchor) return priorYearOfAnchor(text, ctx, ctx.anchor);
  if (which === 'prior_quarter' || which === 'year_ago_quarter' || which === 'latest_quarter') {
    if (which === 'latest_quarter' && ctx.anchor) {
      // "latest quarter" never depends on an anchor
      return relativeResult(text, { ...ctx, anchor: null }, which);
    }
    const q = anchorQuarter(ctx, text);
    if ('status' in q) return q;
    let target: QuarterRef | null = q;
    if (which === 'prior_quarter') target = previousQuarter(ctx, q);
    if (which === 'year_ago_quarter') target = quarterIn(ctx, q.span.fiscalYear - 1, q.quarter);
    if (!target) return unresolvable(text, 'the requested quarter crosses a change of fiscal year end');
    return quarterResult(text, target);
  }
  const missing = needLatest(text, ctx);
  if (missing) return missing;
  const latest = ctx.latestPeriodEnd!;
  const span = fiscalSpanContaining(ctx.calendars, latest);
  if (which === 'last_fiscal_year') {
    const year = span.kind === 'year' && span.end === latest ? span : fiscalSpanContaining(ctx.calendars, addDays(span.start, -1));
    return year.kind === 'year' ? fiscalResult(text, ctx, year.fiscalYear, 'FY') : unresolvable(text, 'the latest full period is a transition period');
  }
  if (which === 'prior_year') {
    if (span.kind !== 'year') return unresolvable(text, 'the latest reported period lies in a transition period');
    const prior = previousFiscalYear(ctx.calendars, span);
    return prior ? fiscalResult(text, ctx, prior.fiscalYear, 'FY') : unresolvable(text, 'the prior year precedes a change of fiscal year end');
  }
  // ytd
  const q = quarterEndingBy(ctx, latest);
  if (!q) return unresolvable(text, 'no fiscal quarter ends by the latest reported period');
  const position: FiscalPosition = ({ Q1: 'Q1', Q2: 'H1', Q3: '9M', Q4: 'FY' } as const)[q.quarter];
  const b = q.layout[position];
  return resolved(text, {
    kind: 'fiscal_period',
    period: duration(b),
    fiscalYear: q.span.fiscalYear,
    fiscalPeriod: position,
    label: formatFiscalLabel(q.span.fiscalYear, position),
    notes: [`year to date through ${quarterLabel(q)}`],
  });
}

// ── entry points ──────────────────────────────────────────────────────────────────────────────
function isCalendarLike(ctx: ResolveContext): boolean {
  const list = calendarList(ctx.calendars);
  const rule = list[list.length - 1]!.yearEnd;
  return rule.month === 12 && (rule.kind === 'week' || rule.day >= 31);
}

/** Resolves a parsed phrase (see `extractPeriodPhrases`) under the context. */
export function resolveSpec(spec: PeriodSpec, ctx: ResolveContext, text: string): PeriodResolution {
  switch (spec.type) {
    case 'invalid':
      return unresolvable(text, spec.reason);
    case 'fiscal': {
      if (spec.year.style === 'span') {
        for (let label = spec.year.year - 1; label <= spec.year.spanEnd! + 1; label++) {
          const span = fiscalYearBounds(ctx.calendars, label);
          if (span && ymd(span.start).year === spec.year.year && ymd(span.end).year === spec.year.spanEnd) {
            return fiscalResult(text, ctx, label, spec.position);
          }
        }
        return unresolvable(text, `no fiscal year of the entity runs from ${spec.year.year} into ${spec.year.spanEnd}`);
      }
      const notes =
        spec.year.style === 'bare' && !isCalendarLike(ctx)
          ? [`"${text}" read as the fiscal ${spec.position} (say "CY" for the calendar period)`]
          : [];
      return fiscalResult(text, ctx, spec.year.year, spec.position, notes);
    }
    case 'calendar':
      return calendarResult(text, ctx, spec.year, spec.position);
    case 'bare_year': {
      const fiscal = fiscalResult(text, ctx, spec.year, 'FY');
      if (isCalendarLike(ctx)) return fiscal;
      const calendar = calendarResult(text, ctx, spec.year, 'FY');
      if (fiscal.status !== 'resolved') return calendar;
      return {
        status: 'ambiguous',
        text,
        reason: `the entity's fiscal year is not the calendar year: ${fiscal.label} is ${fiscal.dateRange}, CY${spec.year} is ${calendar.dateRange}`,
        options: [fiscal, calendar],
      };
    }
    case 'transition': {
      const t = transitionPeriod(ctx.calendars, spec.year);
      if (!t) return unresolvable(text, `the entity has no transition period ending in ${spec.year}`);
      return resolved(text, {
        kind: 'transition',
        period: duration(t),
        fiscalYear: t.fiscalYear,
        fiscalPeriod: 'TRANSITION',
        label: formatFiscalLabel(t.fiscalYear, 'TRANSITION'),
      });
    }
    case 'ended':
      return endedResult(text, ctx, spec.length, spec.date);
    case 'instant':
      return instantResult(text, ctx, spec.date);
    case 'boundary': {
      const inner = resolveSpec(spec.ref, ctx, text);
      const toEdge = (r: ResolvedPeriod): PeriodResolution => {
        if (r.period.type !== 'duration') return unresolvable(text, `"${text}" needs a duration`);
        const date = spec.edge === 'end' ? r.period.end : addDays(r.period.start, -1);
        return instantResult(text, ctx, date, `${spec.edge} of ${r.label}`);
      };
      if (inner.status === 'resolved') return toEdge(inner);
      if (inner.status === 'ambiguous') {
        const options = inner.options.map(toEdge).filter((o): o is ResolvedPeriod => o.status === 'resolved');
        return { ...inner, options };
      }
      return inner;
    }
    case 'ttm':
      return ttmResult(text, ctx, spec.ref);
    case 'relative':
      return relativeResult(text, ctx, spec.which);
  }
}

function withFutureNote(r: PeriodResolution, ctx: ResolveContext): PeriodResolution {
  if (r.status !== 'resolved' || !ctx.latestPeriodEnd) return r;
  const end = r.period.type === 'instant' ? r.period.date : r.period.end;
  if (toDayNumber(end) <= toDayNumber(ctx.latestPeriodEnd)) return r;
  return { ...r, notes: [...r.notes, `ends after the latest reported period end (${ctx.latestPeriodEnd}); it may not be reported yet`] };
}

/**
 * Resolves one period phrase ("FY26", "Q2 FY2026", "first half of fiscal 2026", "9M FY2025",
 * "year ended March 31, 2026", "as of 30 September 2024", "end of FY2019", "TTM as of Q3 FY2025",
 * "CY2024", "last fiscal year", "latest quarter", "prior year", …) to exact dates. A bare year is
 * ambiguous for an entity whose fiscal year is not the calendar year. Text holding no phrase, or
 * several, is unresolvable (use `extractPeriodPhrases` on questions).
 */
export function resolvePeriod(text: string, ctx: ResolveContext): PeriodResolution {
  const phrases = extractPeriodPhrases(text);
  if (phrases.length === 0) return unresolvable(text, 'no period phrase found');
  if (phrases.length > 1) {
    return unresolvable(text, `several period phrases (${phrases.map((p) => `"${p.text}"`).join(', ')}); resolve each one`);
  }
  const phrase = phrases[0]!;
  return withFutureNote(resolveSpec(phrase.spec, ctx, phrase.text), ctx);
}
