/**
 * Compound annual growth rate between the first and last fiscal year of the span asked ("revenue
 * CAGR FY2021 to FY2024", "3-year CAGR through FY2024"): each end resolved on the entity's own
 * calendar, fetched and cited. A missing end is named with its dates (no other year stands in for
 * it); a non-positive end or a ratio is refused by lib/calc (NEGATIVE_BASE, INVALID_VALUE); ends
 * that are not whole fiscal years N apart are refused (FISCAL_POSITION_MISMATCH, PERIOD_MISMATCH).
 */
import { cagr, type TypedError } from '@/lib/calc';
import { fiscalPeriodBounds } from '@/lib/fiscal';
import { answerPeriod, computeFigure, recordCalculation, targetFor, type Failure, type Target } from '../compute';
import { endOf } from '../targets';
import type { AnswerValue } from '../types';
import { calcOutcome } from './outcome';
import type { Operation, Outcome } from './types';
import { periodText } from '../text';
import { basisWords } from '@/lib/planner/version-basis';
import { shareBasisFailure } from '../version-note';

type Input = AnswerValue['inputs'][number];

export const cagrOperation: Operation = {
  handles: ['cagr'],
  resolvesPeriods: true,
  async run({ ctx, ent, intent, pins, resolved, outcomes }) {
    const refuse = (kind: Failure['kind'], code: TypedError['code'], message: string): Outcome => ({
      failure: { kind, message, errors: [{ code, message, factIds: [] }] },
      entity: ent,
    });
    const fiscalYear = (y: number): Target | null => {
      const b = fiscalPeriodBounds(ent.calendars, y, 'FY');
      if (!b) return null;
      return targetFor(
        intent.metric.periodType === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end },
        ent.calendars,
      );
    };
    // the ends as the question's own period phrases resolved them; a span given by its length
    // ("3-year CAGR through FY2024") takes its first year from the entity's calendar
    let ends = resolved.map((r) => r.target).sort((a, b) => endOf(a.period).localeCompare(endOf(b.period)));
    if (ends.length < 2 && intent.range) {
      const span = intent.range.to - intent.range.from;
      const lastYear = ends[0]?.fiscalYear ?? intent.range.to;
      const first = fiscalYear(lastYear - span);
      const last = ends[0] ?? fiscalYear(lastYear);
      if (!first || !last) {
        outcomes.push(
          refuse(
            'missing',
            'MISSING_FACT',
            `FY${lastYear - span} to FY${lastYear} is not covered by ${ent.entity.name}’s fiscal calendar, so the CAGR cannot be pinned to dates`,
          ),
        );
        return;
      }
      ends = [first, last];
    }
    if (ends.length !== 2) {
      outcomes.push(
        refuse(
          'rejected',
          'PERIOD_MISMATCH',
          `a CAGR runs between two fiscal years (got ${ends.length} period${ends.length === 1 ? '' : 's'})`,
        ),
      );
      return;
    }
    const [earlierT, laterT] = ends as [Target, Target];
    if (earlierT.fiscalYear === null || laterT.fiscalYear === null || earlierT.fiscalPeriod !== 'FY' || laterT.fiscalPeriod !== 'FY') {
      outcomes.push(
        refuse(
          'rejected',
          'FISCAL_POSITION_MISMATCH',
          `a CAGR compounds over whole fiscal years; ${earlierT.label} and ${laterT.label} are not both fiscal years of ${ent.entity.name}`,
        ),
      );
      return;
    }
    const years = laterT.fiscalYear - earlierT.fiscalYear;
    if (intent.range && years !== intent.range.to - intent.range.from) {
      outcomes.push(
        refuse(
          'rejected',
          'PERIOD_MISMATCH',
          `${earlierT.label} to ${laterT.label} is ${years} fiscal years, not the ${intent.range.to - intent.range.from} asked`,
        ),
      );
      return;
    }
    const earlier = await computeFigure(ctx, ent, intent.metric, earlierT, pins, intent.operandScopes);
    const later = await computeFigure(ctx, ent, intent.metric, laterT, pins, intent.operandScopes);
    if (!earlier.ok || !later.ok) {
      // each missing end named with its dates
      const missing: { which: string; t: Target; f: Failure }[] = [];
      if (!earlier.ok) missing.push({ which: 'first', t: earlierT, f: earlier.failure });
      if (!later.ok) missing.push({ which: 'last', t: laterT, f: later.failure });
      const message = missing
        .map((m) => `the CAGR's ${m.which} year, ${m.t.label} (${answerPeriod(m.t.period, ent.calendars).dateRange}): ${m.f.message}`)
        .join('; ');
      const errors = missing.flatMap((m): TypedError[] =>
        m.f.errors.length ? m.f.errors : [{ code: 'MISSING_FACT', message: `${m.which} year ${m.t.label}: ${m.f.message}`, factIds: [] }],
      );
      const kind: Failure['kind'] = missing.some((m) => m.f.kind === 'rejected')
        ? 'rejected'
        : missing.some((m) => m.f.kind === 'conflict')
          ? 'conflict'
          : 'missing';
      outcomes.push({ failure: { kind, message, errors }, entity: ent, target: missing[0]!.t });
      return;
    }
    // (one named filing reports both years on one basis: its own)
    if (intent.basis.kind !== 'latest' && intent.basis.kind !== 'filing' && (later.figure.otherVersions || earlier.figure.otherVersions)) {
      const restated = [earlier.figure, later.figure]
        .filter((f) => f.otherVersions)
        .map((f) => answerPeriod(f.period, ent.calendars).label);
      const message = `${restated.join(' and ')} ${restated.length > 1 ? 'were' : 'was'} later restated, so compounding ${basisWords(intent.basis)} figures would mix bases; ask on the latest basis`;
      outcomes.push({
        failure: {
          kind: 'rejected',
          message,
          errors: [{ code: 'RESTATEMENT_CONFLICT', message, factIds: [...earlier.figure.factIds, ...later.figure.factIds] }],
        },
        entity: ent,
        target: laterT,
      });
      return;
    }
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
    const res = cagr({
      later: later.figure.operand,
      earlier: earlier.figure.operand,
      years,
      metricId: `${intent.metric.id}_cagr`,
      calendars: ent.calendars,
    });
    recordCalculation(ctx, res);
    const o = calcOutcome(res, intent.metric.label, [earlier.figure, later.figure], ent, laterT);
    o.extra = { earlier: earlier.figure, later: later.figure };
    outcomes.push(o);
  },
  label: (intent) => `${intent.metric.label} CAGR`,
  say({ tb, v, name, metricWords }) {
    const [earlier, later] = v.inputs as [Input, Input];
    const years = (later.period.fiscalYear ?? 0) - (earlier.period.fiscalYear ?? 0);
    tb.text(`${name} ${metricWords} ${v.value >= 0 ? 'grew' : 'declined'} at a compound annual rate of `).value(
      v.id,
      v.display.replace(/^−/, ''),
    );
    tb.text(` over ${years} fiscal year${years === 1 ? '' : 's'}, from ${periodText(earlier.period)}, `).value(earlier.id, earlier.display);
    tb.text(`, to ${periodText(later.period)}, `)
      .value(later.id, later.display)
      .text('.');
  },
};
