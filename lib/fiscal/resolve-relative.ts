/**
 * Relative phrases — "last fiscal year", "latest quarter", "prior year", "prior quarter", "same
 * quarter last year", "YTD" — anchored on an explicit anchor period or on the entity's latest
 * reported period end, never on the wall clock.
 */
import type { Period } from '@/lib/domain/types';
import { addDays, addMonths } from './dates';
import { deriveFiscal } from './derive';
import { formatDateRange, formatFiscalLabel } from './label';
import type { RelativeWhich } from './phrases';
import { positionBounds, type FiscalPosition, type Quarter } from './positions';
import { duration, fiscalResult, instantResult, resolved, unresolvable } from './resolve-builders';
import {
  needLatest,
  previousQuarter,
  quarterEndingBy,
  quarterIn,
  quarterLabel,
  quarterResult,
  ttmFromQuarter,
  type QuarterRef,
} from './resolve-quarters';
import type { PeriodResolution, ResolveContext, ResolvedPeriod, UnresolvablePeriod } from './resolve-types';
import { fiscalSpanContaining, fiscalYearBounds, previousFiscalYear } from './timeline';

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
    const last = deriveFiscal(a.periods[a.periods.length - 1]!, ctx.calendars, ctx.options);
    const q = /^Q[1-4]$/.test(last.fiscalPeriod) ? quarterIn(ctx, last.fiscalYear - 1, last.fiscalPeriod as Quarter) : null;
    return q ? ttmFromQuarter(text, ctx, q) : unresolvable(text, `no TTM one year before ${a.label}`);
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

/** Resolves a relative phrase against the anchor or the latest reported period end. */
export function relativeResult(text: string, ctx: ResolveContext, which: RelativeWhich): PeriodResolution {
  if (which === 'prior_year' && ctx.anchor) return priorYearOfAnchor(text, ctx, ctx.anchor);
  if (which === 'prior_same') {
    const a = ctx.anchor;
    if (a && /^Q[1-4]$/.test(a.fiscalPeriod ?? '')) return relativeResult(text, ctx, 'prior_quarter');
    if (a && a.fiscalPeriod === 'FY' && a.kind === 'fiscal_period') return priorYearOfAnchor(text, ctx, a);
    return unresolvable(text, `"${text}" needs a fiscal quarter or year named before it`);
  }
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
    return year.kind === 'year'
      ? fiscalResult(text, ctx, year.fiscalYear, 'FY')
      : unresolvable(text, 'the latest full period is a transition period');
  }
  if (which === 'prior_year') {
    if (span.kind !== 'year') return unresolvable(text, 'the latest reported period lies in a transition period');
    const prior = previousFiscalYear(ctx.calendars, span);
    return prior
      ? fiscalResult(text, ctx, prior.fiscalYear, 'FY')
      : unresolvable(text, 'the prior year precedes a change of fiscal year end');
  }
  // ytd, latest_ytd
  const q = quarterEndingBy(ctx, latest);
  if (!q) return unresolvable(text, 'no fiscal quarter ends by the latest reported period');
  const position: FiscalPosition = ({ Q1: 'Q1', Q2: 'H1', Q3: '9M', Q4: 'FY' } as const)[q.quarter];
  const b = q.layout[position];
  const latestYtd = resolved(text, {
    kind: 'fiscal_period',
    period: duration(b),
    fiscalYear: q.span.fiscalYear,
    fiscalPeriod: position,
    label: formatFiscalLabel(q.span.fiscalYear, position),
    notes: [`year to date through ${quarterLabel(q)}`],
  });
  if (which === 'latest_ytd') return latestYtd;
  // "YTD" with no year, quarter or date: which year to date is not said (the latest reported one is offered)
  return {
    status: 'ambiguous',
    text,
    reason: `"${text}" does not say through which quarter or date; the latest reported year to date is ${latestYtd.label} (${latestYtd.dateRange})`,
    options: [latestYtd],
  };
}
