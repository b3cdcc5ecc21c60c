/**
 * Growth and change between two periods: the two named, or the one named against its comparable
 * prior — year over year (same fiscal position a year earlier) or sequential (the period just
 * before; for a Q1 the fourth quarter of the year before). Restated periods on an as-reported basis
 * are refused (RESTATEMENT_CONFLICT), never compared across bases.
 */
import { change, growth } from '@/lib/calc';
import { daysBetween, fiscalPeriodBounds, lengthClass } from '@/lib/fiscal';
import {
  answerPeriod,
  computeFigure,
  computeWindowFigure,
  recordCalculation,
  targetFor,
  ttmWindow,
  type EntityContext,
  type Failure,
  type FigureResult,
  type Target,
  type Window,
} from '../compute';
import { endOf, priorComparable, priorSequential, sameFiscalPosition } from '../targets';
import { lowerFirst, periodText } from '../text';
import type { AnswerValue } from '../types';
import { calcOutcome } from './outcome';
import { windowOfTtm } from './ttm';
import { valueOperation } from './value';
import type { Operation, OperationInput } from './types';
import { basisWords } from '@/lib/planner/version-basis';
import { shareBasisFailure } from '../version-note';

type Input = AnswerValue['inputs'][number];

export const growthOperation: Operation = {
  handles: ['growth', 'change'],
  resolvesPeriods: true,
  async run(input) {
    const { ent, intent, resolved, stop } = input;
    const byEnd: Point[] = resolved
      .map((r) => ({ target: r.target, window: r.resolved ? windowOfTtm(r.resolved, ent) : null }))
      .sort((a, b) => endOf(a.target.period).localeCompare(endOf(b.target.period)));
    if (intent.each) {
      // "growth in each of FY2024, FY2025 and FY2026": one rate per period named, each over its own prior
      const each = intent.range ? rangeTargets(ent, intent.range).map((target) => ({ target, window: null })) : byEnd;
      for (const r of each) await compare(input, r, null);
      return;
    }
    if (byEnd.length >= 2) {
      await compare(input, byEnd[byEnd.length - 1]!, byEnd[0]!);
      return;
    }
    const only = byEnd[0];
    if (!only) {
      stop.push({ status: 'needs_clarification', message: `Which period? Ledgerline never assumes one for ${ent.entity.name}.` });
      return;
    }
    await compare(input, only, null);
  },
  label: (intent) => (intent.operation === 'growth' ? `${intent.metric.label} growth` : `Change in ${lowerFirst(intent.metric.label)}`),
  say({ tb, v, intent, name, metricWords }) {
    const [earlier, later] = v.inputs as [Input, Input];
    const verb = intent.operation === 'growth' ? (v.value >= 0 ? 'grew' : 'fell') : 'changed by';
    tb.text(`${name} ${metricWords} ${verb} `).value(v.id, intent.operation === 'growth' ? v.display.replace(/^−/, '') : v.display);
    tb.text(` from ${windowText(earlier.period)}, `).value(earlier.id, earlier.display);
    tb.text(`, to ${windowText(later.period)}, `)
      .value(later.id, later.display)
      .text('.');
    if (v.flags.includes('WEEKS_53_VS_52')) tb.text(' Note: one of the two fiscal years had 53 weeks, the other 52.');
    if (v.flags.includes('IMPLAUSIBLE'))
      tb.text(
        ' Flagged: this is outside the usual sanity bounds (growth above 500% or below −90%); check the operands before relying on it.',
      );
  },
};

/** A period compared: a target, or the window of a TTM. */
type Point = { target: Target; window: Window | null };

/** The fiscal years of a range ("FY2021–FY2024"), on the entity's calendar. */
function rangeTargets(ent: EntityContext, range: { from: number; to: number }): Target[] {
  const out: Target[] = [];
  for (let y = range.from; y <= range.to; y++) {
    const b = fiscalPeriodBounds(ent.calendars, y, 'FY');
    if (b) out.push(targetFor({ type: 'duration', start: b.start, end: b.end }, ent.calendars));
  }
  return out;
}

/** A point's figure: a TTM is its window's figure (a formula over the window, never a sum of ratios). */
async function figureAt(input: OperationInput, p: Point): Promise<FigureResult> {
  const { ctx, ent, intent, pins } = input;
  if (p.window) return computeWindowFigure(ctx, ent, intent.metric, p.window, intent.operandScopes);
  return computeFigure(ctx, ent, intent.metric, p.target, pins, intent.operandScopes);
}

/** The comparable prior of a point: year over year (a TTM: the TTM a year earlier) or the period just before. */
function priorOf(ent: EntityContext, intent: OperationInput['intent'], p: Point): Point | null {
  if (p.window) {
    const last = p.window.parts[p.window.parts.length - 1]!;
    const q = Number(/^Q([1-4])$/.exec(last.fiscalPeriod ?? '')?.[1]);
    if (last.fiscalYear === null || !q) return null;
    // a TTM a year earlier (sequential TTMs overlap, which a growth refuses)
    const prior =
      intent.comparison === 'sequential'
        ? ttmWindow(ent, q === 1 ? last.fiscalYear - 1 : last.fiscalYear, (q === 1 ? 4 : q - 1) as 1)
        : ttmWindow(ent, last.fiscalYear - 1, q as 1);
    if (!prior) return null;
    return { target: targetFor(prior.period, ent.calendars), window: prior };
  }
  const t = intent.comparison === 'sequential' ? priorSequential(ent, p.target) : priorComparable(ent, p.target);
  return t ? { target: t, window: null } : null;
}

/** One growth (or change): `laterP` against `earlierP`, or against its comparable prior when null. */
async function compare(input: OperationInput, laterP: Point, earlierGiven: Point | null): Promise<void> {
  const { ctx, ent, intent, outcomes, stop } = input;
  const earlierP = earlierGiven ?? priorOf(ent, intent, laterP);
  const laterT = laterP.target;
  if (!earlierP) {
    stop.push({
      status: 'needs_clarification',
      message: `Compared with which period? ${laterT.label} has no comparable prior period under ${ent.entity.name}’s calendar.`,
    });
    return;
  }
  const earlierT = earlierP.target;
  const later = await figureAt(input, laterP);
  const earlier = await figureAt(input, earlierP);
  if (!later.ok || !earlier.ok) {
    outcomes.push({
      failure: !later.ok ? later.failure : (earlier as { ok: false; failure: Failure }).failure,
      entity: ent,
      target: !later.ok ? laterT : earlierT,
    });
    return;
  }
  // (one named filing reports both periods on one basis: its own)
  if (intent.basis.kind !== 'latest' && intent.basis.kind !== 'filing' && (later.figure.otherVersions || earlier.figure.otherVersions)) {
    // as-originally-reported values of restated periods (splits, restatements) are on different bases
    const restated = [earlier.figure, later.figure].filter((f) => f.otherVersions).map((f) => answerPeriod(f.period, ent.calendars).label);
    outcomes.push({
      failure: {
        kind: 'rejected',
        message: `${restated.join(' and ')} ${restated.length > 1 ? 'were' : 'was'} later restated (e.g. a stock split or restatement), so comparing ${basisWords(intent.basis)} figures would mix bases; ask on the latest basis`,
        errors: [
          {
            code: 'RESTATEMENT_CONFLICT',
            message: `growth across restated versions on the ${intent.basis.kind} basis`,
            factIds: [...earlier.figure.factIds, ...later.figure.factIds],
          },
        ],
      },
      entity: ent,
      target: laterT,
    });
    return;
  }
  // per-share figures (or share counts) across a stock split one of them was never restated for
  const mixed = shareBasisFailure(
    [
      { ...earlier.figure, label: earlierT.label },
      { ...later.figure, label: laterT.label },
    ],
    intent.metric.label,
  );
  if (mixed) {
    outcomes.push({ failure: mixed, entity: ent, target: laterT });
    return;
  }
  const isRatio = later.figure.unit === 'ratio';
  const op = intent.operation === 'growth' && !isRatio ? growth : change;
  // outside the sanity bounds a result is returned flagged IMPLAUSIBLE and said so, never silently
  const relation = intent.comparison ?? (earlierGiven && !sameFiscalPosition(earlierT, laterT) ? 'sequential' : 'year_over_year');
  const res = op({
    later: later.figure.operand,
    earlier: earlier.figure.operand,
    metricId: `${intent.metric.id}_${op === growth ? 'growth' : 'change'}`,
    calendars: ent.calendars,
    allowImplausible: true,
    relation,
  });
  recordCalculation(ctx, res);
  const o = calcOutcome(res, intent.metric.label, [earlier.figure, later.figure], ent, laterT);
  o.extra = { earlier: earlier.figure, later: later.figure };
  // "fiscal 2025 revenue and its percentage change": the later figure is given too, as its own cited value
  if (intent.withValue && o.figure) outcomes.push({ entity: ent, target: laterT, figure: later.figure, via: valueOperation });
  outcomes.push(o);
}

/** A period as said in a growth: a trailing-twelve-month window (no fiscal position, a year long) is said as one. */
function windowText(p: AnswerValue['period']): string {
  const twelveMonths =
    p.type === 'duration' &&
    p.start !== null &&
    (!p.fiscalPeriod || p.fiscalPeriod === 'OTHER') &&
    lengthClass(daysBetween(p.start, p.end)) === 'annual';
  return twelveMonths ? `the trailing twelve months ${p.dateRange}` : periodText(p);
}
