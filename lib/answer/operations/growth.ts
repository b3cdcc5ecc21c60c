/**
 * Growth and change between two periods: the two named, or the one named against its comparable
 * prior — year over year (same fiscal position a year earlier) or sequential (the period just
 * before; for a Q1 the fourth quarter of the year before). Restated periods on an as-reported basis
 * are refused (RESTATEMENT_CONFLICT), never compared across bases.
 */
import { change, growth } from '@/lib/calc';
import { answerPeriod, computeFigure, recordCalculation, type Failure, type Target } from '../compute';
import { endOf, priorComparable, priorSequential, sameFiscalPosition } from '../targets';
import { lowerFirst, periodText } from '../text';
import type { AnswerValue } from '../types';
import { calcOutcome } from './outcome';
import type { Operation } from './types';

type Input = AnswerValue['inputs'][number];

export const growthOperation: Operation = {
  handles: ['growth', 'change'],
  resolvesPeriods: true,
  async run({ ctx, ent, intent, pins, resolved, outcomes, stop }) {
    const targets = resolved.map((r) => r.target).sort((a, b) => endOf(a.period).localeCompare(endOf(b.period)));
    let earlierT: Target | null;
    let laterT: Target;
    if (targets.length >= 2) {
      earlierT = targets[0]!;
      laterT = targets[targets.length - 1]!;
    } else {
      laterT = targets[0]!;
      earlierT = intent.comparison === 'sequential' ? priorSequential(ent, laterT) : priorComparable(ent, laterT);
    }
    if (!earlierT) {
      stop.push({ status: 'needs_clarification', message: `Compared with which period? ${laterT.label} has no comparable prior period under ${ent.entity.name}’s calendar.` });
      return;
    }
    const later = await computeFigure(ctx, ent, intent.metric, laterT, pins, intent.operandScopes);
    const earlier = await computeFigure(ctx, ent, intent.metric, earlierT, pins, intent.operandScopes);
    if (!later.ok || !earlier.ok) {
      outcomes.push({ failure: (!later.ok ? later.failure : (earlier as { ok: false; failure: Failure }).failure), entity: ent, target: !later.ok ? laterT : earlierT });
      return;
    }
    if (intent.basis.kind !== 'latest' && (later.figure.otherVersions || earlier.figure.otherVersions)) {
      // as-originally-reported values of restated periods (splits, restatements) are on different bases
      const restated = [earlier.figure, later.figure].filter((f) => f.otherVersions).map((f) => answerPeriod(f.period, ent.calendars).label);
      outcomes.push({
        failure: {
          kind: 'rejected',
          message: `${restated.join(' and ')} ${restated.length > 1 ? 'were' : 'was'} later restated (e.g. a stock split or restatement), so comparing ${intent.basis.kind === 'original' ? 'originally reported' : 'as-of'} figures would mix bases; ask on the latest basis`,
          errors: [{ code: 'RESTATEMENT_CONFLICT', message: `growth across restated versions on the ${intent.basis.kind} basis`, factIds: [...earlier.figure.factIds, ...later.figure.factIds] }],
        },
        entity: ent,
        target: laterT,
      });
      return;
    }
    const isRatio = later.figure.unit === 'ratio';
    const op = intent.operation === 'growth' && !isRatio ? growth : change;
    // outside the sanity bounds a result is returned flagged IMPLAUSIBLE and said so, never silently
    const relation = intent.comparison ?? (targets.length >= 2 && !sameFiscalPosition(earlierT, laterT) ? 'sequential' : 'year_over_year');
    const res = op({ later: later.figure.operand, earlier: earlier.figure.operand, metricId: `${intent.metric.id}_${op === growth ? 'growth' : 'change'}`, calendars: ent.calendars, allowImplausible: true, relation });
    recordCalculation(ctx, res);
    const o = calcOutcome(res, intent.metric.label, [earlier.figure, later.figure], ent, laterT);
    o.extra = { earlier: earlier.figure, later: later.figure };
    outcomes.push(o);
  },
  label: (intent) => (intent.operation === 'growth' ? `${intent.metric.label} growth` : `Change in ${lowerFirst(intent.metric.label)}`),
  say({ tb, v, intent, name, metricWords }) {
    const [earlier, later] = v.inputs as [Input, Input];
    const verb = intent.operation === 'growth' ? (v.value >= 0 ? 'grew' : 'fell') : 'changed by';
    tb.text(`${name} ${metricWords} ${verb} `).value(v.id, intent.operation === 'growth' ? v.display.replace(/^−/, '') : v.display);
    tb.text(` from ${periodText(earlier.period)}, `).value(earlier.id, earlier.display);
    tb.text(`, to ${periodText(later.period)}, `).value(later.id, later.display).text('.');
    if (v.flags.includes('WEEKS_53_VS_52')) tb.text(' Note: one of the two fiscal years had 53 weeks, the other 52.');
    if (v.flags.includes('IMPLAUSIBLE')) tb.text(' Flagged: this is outside the usual sanity bounds (growth above 500% or below −90%); check the operands before relying on it.');
  },
};
