/**
 * Resolves a requested period ("Q2 FY2026", "year ended March 31, 2026", "TTM as of Q3 FY2025",
 * "latest quarter", …) to exact dates under an entity's calendars. Relative phrases are anchored on
 * the entity's latest reported period end (never the wall clock) or on an explicit anchor period.
 */
import type { ISODate } from '@/lib/domain/types';
import { addDays, daysBetween, daysInMonth, makeDate, toDayNumber, ymd } from './dates';
import { deriveFiscal } from './derive';
import type { YearEndCheck } from './period-spec';
import { formatDateRange, formatFiscalLabel } from './label';
import { extractPeriodPhrases, type PeriodSpec, type RelativeToWhich } from './phrases';
import {
  filingResult,
  fiscalYearBackResult,
  monthRangeResult,
  namedByMonthResult,
  quarterEndingIn,
  quarterEndingOn,
  relativePositionResult,
  samePeriodResult,
  ttmAtNamed,
  ytdThroughResult,
} from './resolve-named';
import { positionLayouts, type FiscalPosition, type Quarter } from './positions';
import {
  calendarResult,
  dateRangeResult,
  endedResult,
  fiscalResult,
  instantResult,
  resolved,
  unresolvable,
  duration,
} from './resolve-builders';
import { needLatest, nextQuarter, quarterEndingBy, quarterIn, quarterResult, ttmFromQuarter } from './resolve-quarters';
import { relativeResult } from './resolve-relative';
import type { PeriodResolution, ResolveContext, ResolvedPeriod } from './resolve-types';
import {
  calendarList,
  fiscalSpanContaining,
  fiscalYearBounds,
  fiscalYearContaining,
  previousFiscalYear,
  transitionPeriod,
} from './timeline';

export type { AmbiguousPeriod, PeriodResolution, ResolveContext, ResolvedKind, ResolvedPeriod, UnresolvablePeriod } from './resolve-types';

const LAST_QUARTER_OF: Record<FiscalPosition, Quarter> = {
  FY: 'Q4',
  Q1: 'Q1',
  Q2: 'Q2',
  Q3: 'Q3',
  Q4: 'Q4',
  H1: 'Q2',
  H2: 'Q4',
  '9M': 'Q3',
};

function ttmResult(text: string, ctx: ResolveContext, ref: PeriodSpec | null): PeriodResolution {
  if (ref === null || (ref.type === 'relative' && ref.which === 'latest_quarter')) {
    const missing = needLatest(text, ctx);
    if (missing) return missing;
    const q = quarterEndingBy(ctx, ctx.latestPeriodEnd!);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, 'no fiscal quarter ends by the latest reported period');
  }
  if (ref.type === 'instant') {
    const q = quarterEndingBy(ctx, ref.date);
    const r = q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `no fiscal quarter ends by ${ref.date}`);
    // a written date that is no quarter end of the entity: the four quarters ended by then are offered, never taken for it
    if (r.status === 'resolved' && r.period.type === 'duration' && r.period.end !== ref.date)
      return {
        status: 'ambiguous',
        text,
        reason: `the entity has no fiscal quarter ending on ${formatDateRange({ type: 'instant', date: ref.date })}; its latest four quarters by then run to ${formatDateRange({ type: 'instant', date: r.period.end })}`,
        options: [r],
      };
    return r;
  }
  if (ref.type === 'fiscal') {
    const inner = resolveSpec(ref, ctx, text);
    if (inner.status !== 'resolved') return inner;
    const q = quarterIn(ctx, inner.fiscalYear!, LAST_QUARTER_OF[ref.position]);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `the entity has no fiscal year ${inner.fiscalYear}`);
  }
  if (ref.type === 'latest_position' && /^Q[1-4]$/.test(ref.position)) {
    const inner = noYearResult(text, ctx, ref.position);
    if (inner.status !== 'resolved') return inner;
    const q = quarterIn(ctx, inner.fiscalYear!, ref.position as Quarter);
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `the entity has no fiscal year ${inner.fiscalYear}`);
  }
  const named = ttmAtNamed(text, ctx, ref);
  if (named) return named;
  return unresolvable(text, 'TTM needs a fiscal quarter, fiscal year or date to end at');
}

/**
 * "twelve months ended 30 June 2022" where no fiscal year ends then: the TTM ending with the fiscal
 * quarter that ends there (null when no quarter does).
 */
function twelveMonthsTtm(text: string, ctx: ResolveContext, end: PeriodSpec): PeriodResolution | null {
  const q =
    end.type === 'instant'
      ? quarterEndingOn(text, ctx, end.date)
      : end.type === 'month'
        ? quarterEndingIn(text, ctx, { year: end.year, month: end.month })
        : null;
  if (!q || 'status' in q) return null;
  const r = ttmFromQuarter(text, ctx, q);
  if (r.status !== 'resolved') return r;
  // a written date is exact: four quarters ending a few days away (52/53-week calendars) are offered, never taken for it
  if (end.type === 'instant' && r.period.type === 'duration' && r.period.end !== end.date) {
    return {
      status: 'ambiguous',
      text,
      reason: `the entity has no fiscal quarter ended ${formatDateRange({ type: 'instant', date: end.date })}; its trailing four quarters to ${formatDateRange({ type: 'instant', date: r.period.end })} are the nearest twelve months`,
      options: [r],
    };
  }
  return { ...r, notes: [...r.notes, 'no fiscal year ends there: the twelve months are the trailing four quarters'] };
}

/** The most recent fiscal `position` that ended by the latest reported period end. */
function latestPositionResult(text: string, ctx: ResolveContext, position: FiscalPosition): PeriodResolution {
  const missing = needLatest(text, ctx);
  if (missing) return missing;
  const latest = ctx.latestPeriodEnd!;
  const span =
    fiscalYearContaining(ctx.calendars, latest) ??
    fiscalYearContaining(ctx.calendars, addDays(fiscalSpanContaining(ctx.calendars, latest).start, -1));
  if (!span) return unresolvable(text, 'no fiscal year before the latest reported period');
  const done = positionLayouts(span, ctx.options).some((layout) => layout[position].end <= latest);
  const year = done ? span.fiscalYear : previousFiscalYear(ctx.calendars, span)?.fiscalYear;
  if (year === undefined) return unresolvable(text, 'the previous fiscal year precedes a change of fiscal year end');
  const r = fiscalResult(text, ctx, year, position);
  return r.status === 'resolved' ? { ...r, notes: [...r.notes, `no year given: the latest ${position} reported`] } : r;
}

const RELATION_WORDS: Record<RelativeToWhich, string> = {
  prior_quarter: 'the quarter before',
  next_quarter: 'the quarter after',
  prior_year: 'a year before',
  next_year: 'a year after',
  year_ago_quarter: 'the same quarter a year before',
};

/**
 * "the quarter before Q3 FY2024", "the prior-year quarter of Q1 FY2025", "the year after FY2022": the
 * period named in the phrase is resolved first (on its own, never against the latest report), then
 * the period placed against it; only the latter is the answer's period.
 */
function relativeToResult(text: string, ctx: ResolveContext, spec: Extract<PeriodSpec, { type: 'relative_to' }>): PeriodResolution {
  const a = resolveSpec(spec.ref, { ...ctx, anchor: null }, text);
  if (a.status !== 'resolved') return a;
  const note = (r: PeriodResolution): PeriodResolution =>
    r.status === 'resolved' ? { ...r, notes: [...r.notes, `${RELATION_WORDS[spec.which]} ${a.label}`] } : r;
  if ((spec.steps ?? 1) > 1) {
    // "four quarters before Q1 FY2026", "two fiscal years before FY2025": that many steps back, one at a time
    let at: PeriodResolution = a;
    for (let k = 0; k < spec.steps! && at.status === 'resolved'; k++)
      at = relativeResult(text, { ...ctx, anchor: at }, spec.which === 'prior_quarter' ? 'prior_quarter' : 'prior_year');
    return at.status === 'resolved'
      ? { ...at, notes: [...at.notes, `${spec.steps} ${spec.which === 'prior_quarter' ? 'quarters' : 'years'} before ${a.label}`] }
      : at;
  }
  if (spec.which === 'prior_quarter' || spec.which === 'prior_year' || spec.which === 'year_ago_quarter')
    return note(relativeResult(text, { ...ctx, anchor: a }, spec.which));
  const pos = a.fiscalPeriod;
  if (a.kind !== 'fiscal_period' || a.fiscalYear === null || !pos || pos === 'OTHER' || pos === 'TRANSITION') {
    return unresolvable(text, `"${text}" needs a fiscal ${spec.which === 'next_quarter' ? 'quarter' : 'period'} to follow, got ${a.label}`);
  }
  if (spec.which === 'next_year') return note(fiscalResult(text, ctx, a.fiscalYear + 1, pos));
  if (!/^Q[1-4]$/.test(pos)) return unresolvable(text, `"${text}" needs a quarter to follow, got ${a.label}`);
  const q = quarterIn(ctx, a.fiscalYear, pos as Quarter);
  const after = q ? nextQuarter(ctx, q) : null;
  return after ? note(quarterResult(text, after)) : unresolvable(text, 'the quarter after it crosses a change of fiscal year end');
}

/**
 * "Q1 revenue", "first-half net income": a position without its year. The latest one reported is only
 * one reading (the question may mean another year), so it is asked back with the latest and the one
 * before as choices — never answered with the latest silently.
 */
function noYearResult(text: string, ctx: ResolveContext, position: FiscalPosition): PeriodResolution {
  const latest = latestPositionResult(text, ctx, position);
  if (latest.status !== 'resolved' || latest.fiscalYear === null) return latest;
  const before = fiscalResult(text, ctx, latest.fiscalYear - 1, position);
  return {
    status: 'ambiguous',
    text,
    reason: `"${text}" names no year: the latest ${position} reported is ${latest.label} (${latest.dateRange})`,
    options: before.status === 'resolved' ? [latest, before] : [latest],
  };
}

/**
 * "FYE 2/3/24": a numeric date either of whose parts could be the month. The reading that ends a fiscal quarter or
 * year of the entity (by its calendar's dates) is the one meant; when both do, the question is asked back with both,
 * when neither does, it is refused with both readings named — never read one way by convention.
 */
function readingsResult(
  text: string,
  ctx: ResolveContext,
  reason: string,
  readings: { date: ISODate; spec: PeriodSpec }[],
): PeriodResolution {
  const ends = readings.filter((r) => deriveFiscal({ type: 'instant', date: r.date }, ctx.calendars, ctx.options).fiscalPeriod !== 'OTHER');
  const dates = readings.map((r) => formatDateRange({ type: 'instant', date: r.date })).join(' or ');
  if (ends.length === 0) return unresolvable(text, `${reason} (${dates}); neither ends a fiscal period of the entity`);
  const found = ends.map((r) => resolveSpec(r.spec, ctx, text));
  const [r, other] = found;
  const [end] = ends;
  if (r && end && !other) {
    const day = formatDateRange({ type: 'instant', date: end.date });
    return r.status === 'resolved'
      ? { ...r, notes: [...r.notes, `"${text}" read as ${day}: the only reading that ends a fiscal period of the entity`] }
      : r;
  }
  const options = found.filter((r): r is ResolvedPeriod => r.status === 'resolved');
  return { status: 'ambiguous', text, reason: `${reason}: ${dates} both end a fiscal period of the entity`, options };
}

/**
 * "the January quarter" with no year: the entity's quarters ending in that month are asked back, the latest reported
 * and the one a year before as choices; a month no quarter of the entity ends in is refused with the months they do.
 */
function monthQuarterResult(text: string, ctx: ResolveContext, month: number): PeriodResolution {
  const missing = needLatest(text, ctx);
  const latestEnd = ctx.latestPeriodEnd;
  if (missing || !latestEnd) return missing ?? unresolvable(text, 'no period of the entity is reported');
  const latest = ymd(latestEnd).year;
  const endingIn = (m: number, years: number[]) =>
    years
      .map((year) => resolveSpec({ type: 'named_by_month', length: 'quarter', month: m, year, yearKind: 'calendar' }, ctx, text))
      .filter((r): r is ResolvedPeriod => r.status === 'resolved' && r.period.type === 'duration' && r.period.end <= latestEnd);
  const found = endingIn(month, [latest, latest - 1, latest - 2]).slice(0, 2);
  const [first] = found;
  if (!first) {
    // no quarter of the entity ends in that month: its latest four quarters are the choices
    const recent = Array.from({ length: 12 }, (_, i) => endingIn(i + 1, [latest, latest - 1]))
      .flat()
      .filter((r, i, all) => all.findIndex((o) => o.dateRange === r.dateRange) === i)
      .sort((a, b) => (a.period.type === 'duration' && b.period.type === 'duration' ? b.period.end.localeCompare(a.period.end) : 0))
      .slice(0, 4);
    return {
      status: 'ambiguous',
      text,
      reason: `no fiscal quarter of the entity ends in ${MONTH_NAMES[month - 1]}: its latest quarters are ${recent.map((r) => `${r.label} (${r.dateRange})`).join(', ')}`,
      options: recent,
    };
  }
  return {
    status: 'ambiguous',
    text,
    reason: `"${text}" names no year: the latest quarter ending in ${MONTH_NAMES[month - 1]} is ${first.label} (${first.dateRange})`,
    options: found,
  };
}

/** "the fiscal year ended in 2024", "fiscal years ended in early 2025": the fiscal year whose end falls then. */
function fiscalYearEndingInResult(
  text: string,
  ctx: ResolveContext,
  spec: Extract<PeriodSpec, { type: 'fiscal_year_ending_in' }>,
): PeriodResolution {
  const spans = [spec.year - 1, spec.year, spec.year + 1]
    .map((y) => fiscalYearBounds(ctx.calendars, y))
    .filter((x): x is NonNullable<typeof x> => x !== null);
  const hits = spans
    .filter((sp, i) => spans.findIndex((o) => o.fiscalYear === sp.fiscalYear) === i)
    .filter((sp) => {
      const e = ymd(sp.end);
      if (e.year !== spec.year) return false;
      return !spec.part || (spec.part === 'early' ? e.month <= 4 : spec.part === 'mid' ? e.month >= 5 && e.month <= 8 : e.month >= 9);
    });
  const when = `${spec.part ? `${spec.part} ` : ''}${spec.year}`;
  if (hits.length === 0) return unresolvable(text, `no fiscal year of the entity ended in ${when}`);
  if (hits.length > 1)
    return {
      status: 'ambiguous',
      text,
      reason: `several fiscal years of the entity ended in ${when}`,
      options: hits.map((h) => fiscalResult(text, ctx, h.fiscalYear, 'FY')).filter((r): r is ResolvedPeriod => r.status === 'resolved'),
    };
  return fiscalResult(text, ctx, hits[0]!.fiscalYear, 'FY');
}

function isCalendarLike(ctx: ResolveContext): boolean {
  const list = calendarList(ctx.calendars);
  const rule = list[list.length - 1]!.yearEnd;
  return rule.month === 12 && (rule.kind === 'week' || rule.day >= 31);
}

/** Resolves a parsed phrase (see `extractPeriodPhrases`) under the context. */
export function resolveSpec(spec: PeriodSpec, ctx: ResolveContext, text: string): PeriodResolution {
  switch (spec.type) {
    case 'invalid':
      return spec.readings ? readingsResult(text, ctx, spec.reason, spec.readings) : unresolvable(text, spec.reason);
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
      const fiscal = fiscalResult(text, ctx, spec.year.year, spec.position);
      if (
        spec.endsIn &&
        fiscal.status === 'resolved' &&
        fiscal.period.type === 'duration' &&
        !endsAsStated(fiscal.period.end, spec.endsIn, fiscalYearBounds(ctx.calendars, spec.year.year)?.calendar.yearEnd.kind === 'week')
      ) {
        const c = spec.endsIn;
        const said = `${c.part ? `${c.part} ` : ''}${MONTH_NAMES[c.month - 1]}${c.day ? ` ${c.day}` : ''}${c.year ? `${c.day ? ',' : ''} ${c.year}` : ''}`;
        return unresolvable(
          text,
          `${fiscal.label} of the entity ended ${formatDateRange({ type: 'instant', date: fiscal.period.end })}, ${c.day ? 'not on' : 'not in'} ${said} as the question says`,
        );
      }
      // "the 14-week first quarter of fiscal 2023": the layout of a 53-week year whose period has that length
      // (Apple put FY2023's extra week in Q1); none: the question names another period
      if (spec.weeks && fiscal.status === 'resolved' && fiscal.period.type === 'duration') {
        const span = fiscalYearBounds(ctx.calendars, spec.year.year)!;
        const days = (b: { start: string; end: string }) => daysBetween(b.start, b.end) + 1;
        const match = positionLayouts(span, ctx.options)
          .map((l) => l[spec.position])
          .find((b) => days(b) === spec.weeks! * 7);
        if (!match) {
          const d = days(fiscal.period);
          return unresolvable(
            text,
            `${fiscal.label} (${fiscal.dateRange}) ran ${d % 7 === 0 ? `${d / 7} weeks` : `${d} days`}, not ${spec.weeks} weeks as the question says`,
          );
        }
        if (match.start !== fiscal.period.start || match.end !== fiscal.period.end) {
          const period = duration(match);
          return {
            ...fiscal,
            period,
            dateRange: formatDateRange(period),
            notes: [...fiscal.notes, `the ${spec.weeks}-week ${spec.position} of this 53-week year`],
          };
        }
      }
      if (spec.year.style !== 'bare' || isCalendarLike(ctx) || fiscal.status !== 'resolved') return fiscal;
      // "Q3 2024", "3Q24", "H1 2025" without "fiscal" for a company whose fiscal year is not the calendar
      // year: the fiscal and the calendar period lie months apart, so the question is asked back (as a
      // bare year is), never read one way silently
      const calendar = calendarResult(text, ctx, spec.year.year, spec.position);
      return {
        status: 'ambiguous',
        text,
        reason: `the entity's fiscal year is not the calendar year: ${fiscal.label} is ${fiscal.dateRange}, calendar ${spec.position} ${spec.year.year} is ${calendar.status === 'resolved' ? calendar.dateRange : 'another period'}`,
        options: calendar.status === 'resolved' ? [fiscal, calendar] : [fiscal],
      };
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
    case 'ended': {
      const r = endedResult(text, ctx, spec.length, spec.date);
      // "52 weeks ended 30 September 2023" when that fiscal year ran 53 weeks: the question names another period
      if (spec.weeks && r.status === 'resolved' && r.period.type === 'duration') {
        const days = daysBetween(r.period.start, r.period.end) + 1;
        if (days !== spec.weeks * 7)
          return unresolvable(
            text,
            `${r.label} (${r.dateRange}) ran ${days % 7 === 0 ? `${days / 7} weeks` : `${days} days`}, not ${spec.weeks} weeks as the question says`,
          );
      }
      const notFiscal = r.status === 'resolved' && (r.kind === 'window' || (r.kind === 'calendar_period' && r.fiscalPeriod === null));
      return spec.months12 && notFiscal ? (twelveMonthsTtm(text, ctx, { type: 'instant', date: spec.date }) ?? r) : r;
    }
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
    case 'latest_position':
      return noYearResult(text, ctx, spec.position);
    case 'month_quarter':
      return monthQuarterResult(text, ctx, spec.month);
    case 'fiscal_year_ending_in':
      return fiscalYearEndingInResult(text, ctx, spec);
    case 'named_by_month': {
      if (spec.part) {
        const { part, ...plain } = spec;
        const r = resolveSpec(plain, ctx, text);
        const fits = (x: ResolvedPeriod) =>
          x.period.type === 'duration' && endsAsStated(x.period.end, { month: spec.month, year: spec.year, part }, false);
        if (r.status === 'resolved')
          return fits(r)
            ? r
            : unresolvable(
                text,
                `${r.label} of the entity ended ${r.dateRange.split(' – ').at(-1)}, not in ${part} ${MONTH_NAMES[spec.month - 1]} ${spec.year}`,
              );
        if (r.status === 'ambiguous') {
          const kept = r.options.filter(fits);
          return kept.length === 1 ? kept[0]! : kept.length ? { ...r, options: kept } : r;
        }
        return r;
      }
      const r = namedByMonthResult(text, ctx, spec);
      return spec.months12 && r.status !== 'resolved'
        ? (twelveMonthsTtm(text, ctx, { type: 'month', month: spec.month, year: spec.year }) ?? r)
        : r;
    }
    case 'month_range':
      return monthRangeResult(text, ctx, spec);
    case 'restated':
      return restatedResult(text, ctx, spec);
    case 'date_range':
      return dateRangeResult(text, ctx, spec.start, spec.end);
    case 'month':
      return unresolvable(text, `"${text}" is a calendar month, not a reported period: name the quarter, half or year`);
    case 'ytd_through':
      return ytdThroughResult(text, ctx, spec.ref);
    case 'relative_to':
      return relativeToResult(text, ctx, spec);
    case 'same_period':
      return samePeriodResult(text, ctx, spec);
    case 'filing':
      return filingResult(text, ctx, spec);
    case 'relative_position':
      return relativePositionResult(text, ctx, spec);
    case 'fiscal_year_back':
      return fiscalYearBackResult(text, ctx, spec.back);
    case 'quarter_back': {
      let at = relativeResult(text, { ...ctx, anchor: null }, 'latest_quarter');
      for (let k = 0; k < spec.back && at.status === 'resolved'; k++) at = relativeResult(text, { ...ctx, anchor: at }, 'prior_quarter');
      return at.status === 'resolved'
        ? {
            ...at,
            notes: [
              ...at.notes,
              spec.back === 0
                ? 'the latest quarter reported'
                : `${spec.back} quarter${spec.back > 1 ? 's' : ''} before the latest one reported`,
            ],
          }
        : at;
    }
    case 'latest_quarters':
      return unresolvable(text, `"${text}" names ${spec.count} quarters, not one period`);
    case 'latest_years':
      return unresolvable(text, `"${text}" names ${spec.count} fiscal years, not one period`);
  }
}

const endOf = (p: ResolvedPeriod['period']): ISODate => (p.type === 'instant' ? p.date : p.end);
const sameDates = (a: ResolvedPeriod['period'], b: ResolvedPeriod['period']) =>
  a.type === b.type && endOf(a) === endOf(b) && (a.type === 'instant' || b.type === 'instant' || a.start === b.start);

/**
 * Whether the restatement `as` names the period `r`: true, or the other period it names (a resolution, asked back
 * beside `r`). A yearless position is checked as a position, a date as the period's end (a TTM's: the end of its
 * last quarter), any other period by its dates.
 */
function restatementOf(r: ResolvedPeriod, as: PeriodSpec, asText: string, ctx: ResolveContext): true | PeriodResolution {
  if (as.type === 'latest_position') {
    if (r.fiscalPeriod === as.position) return true;
    return r.fiscalYear === null
      ? unresolvable(asText, `${r.label} is no fiscal ${as.position}`)
      : fiscalResult(asText, ctx, r.fiscalYear, as.position);
  }
  if (as.type === 'instant' && (r.kind === 'ttm' || r.period.type === 'instant'))
    return endOf(r.period) === as.date ? true : instantResult(asText, ctx, as.date);
  const other = resolveSpec(as, ctx, asText);
  const matches = (o: ResolvedPeriod) =>
    r.kind === 'ttm' && o.kind !== 'ttm'
      ? endOf(o.period) === endOf(r.period) && o.period.type === 'duration'
      : sameDates(o.period, r.period);
  if (other.status === 'resolved') return matches(other) ? true : other;
  if (other.status === 'ambiguous') return other.options.some(matches) ? true : other;
  return other;
}

function restatedResult(text: string, ctx: ResolveContext, spec: Extract<PeriodSpec, { type: 'restated' }>): PeriodResolution {
  const main = resolveSpec(spec.spec, ctx, text);
  if (main.status === 'unresolvable') return main;
  if (main.status === 'ambiguous') {
    // the restatement picks the one reading it names
    const kept = main.options.filter((o) => restatementOf(o, spec.as, spec.asText, ctx) === true);
    const [one] = kept;
    return kept.length === 1 && one ? one : kept.length > 1 ? { ...main, options: kept } : main;
  }
  const other = restatementOf(main, spec.as, spec.asText, ctx);
  if (other === true) return { ...main, notes: [...main.notes, `restated as “${spec.asText}”: the same period`] };
  const said = (r: ResolvedPeriod) => (r.period.type === 'instant' ? r.label : `${r.label} (${r.dateRange})`);
  const options = other.status === 'resolved' ? [main, other] : other.status === 'ambiguous' ? [main, ...other.options] : [main];
  const otherSaid =
    other.status === 'resolved'
      ? `is ${said(other)}`
      : other.status === 'ambiguous'
        ? `is ${other.options.map(said).join(' or ')}`
        : `cannot be placed (${other.reason})`;
  return {
    status: 'ambiguous',
    text,
    reason: `the question names two different periods for one: “${text}” is ${said(main)}, but “${spec.asText}” ${otherSaid}`,
    options,
  };
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
  if (Array.isArray(ctx.calendars) && ctx.calendars.length === 0) return unresolvable(text, 'the entity has no fiscal calendar');
  const phrases = extractPeriodPhrases(text);
  if (phrases.length === 0) return unresolvable(text, 'no period phrase found');
  if (phrases.length > 1) {
    return unresolvable(text, `several period phrases (${phrases.map((p) => `"${p.text}"`).join(', ')}); resolve each one`);
  }
  const phrase = phrases[0]!;
  return withFutureNote(resolveSpec(phrase.spec, ctx, phrase.text), ctx);
}

/** Whether a period end lies in the month (year, part of month) a question states; 52/53-week calendars get a week either way. */
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

function endsAsStated(end: ISODate, c: YearEndCheck, week: boolean): boolean {
  const slack = week ? 7 : 0;
  const e = toDayNumber(end);
  const years = c.year ? [c.year] : [ymd(end).year - 1, ymd(end).year, ymd(end).year + 1];
  return years.some((y) => {
    if (c.day) return c.day <= daysInMonth(y, c.month) && toDayNumber(makeDate(y, c.month, c.day)) === e;
    const first = toDayNumber(makeDate(y, c.month, 1));
    const last = toDayNumber(makeDate(y, c.month, daysInMonth(y, c.month)));
    const [lo, hi] =
      c.part === 'early'
        ? [first - slack, first + 9]
        : c.part === 'mid'
          ? [first + 10, first + 19]
          : c.part === 'late'
            ? [first + 20, last + slack]
            : [first, last + slack];
    return e >= lo && e <= hi;
  });
}
