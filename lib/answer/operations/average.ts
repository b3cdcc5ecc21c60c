/**
 * The average of a measure over a span of consecutive fiscal years ("FY2018 - FY2020 3 year average
 * EBITDA margin"): every fiscal year of the span resolved on the entity's own calendar, computed and
 * cited, then averaged by lib/calc (averagePeriods). A year that cannot be computed is named with its
 * dates and the average is not given (no shorter span stands in for the one asked). "Average quarterly X" over
 * one fiscal year averages its four fiscal quarters the same way, each quarter cited (Q4 as its own figure).
 */
import { averagePeriods, type TypedError } from '@/lib/calc';
import type { Period } from '@/lib/domain/types';
import { type FiscalPosition, fiscalPeriodBounds, QUARTERS } from '@/lib/fiscal';
import { answerPeriod, computeFigure, recordCalculation, targetFor, type Failure, type Figure, type Target } from '../compute';
import { calcOutcome } from './outcome';
import type { Operation, Outcome } from './types';
import { periodText } from '../text';
import { shareBasisFailure } from '../version-note';

export const averageOperation: Operation = {
  handles: ['average'],
  resolvesPeriods: false,
  async run({ ctx, ent, intent, pins, outcomes }) {
    const refuse = (kind: Failure['kind'], code: TypedError['code'], message: string): Outcome => ({
      failure: { kind, message, errors: [{ code, message, factIds: [] }] },
      entity: ent,
    });
    const quarters = intent.averagePer === 'quarter';
    if (!intent.range || (quarters ? intent.range.to !== intent.range.from : intent.range.to <= intent.range.from)) {
      outcomes.push(refuse('rejected', 'PERIOD_MISMATCH', 'an average over fiscal years needs a first and a last fiscal year'));
      return;
    }
    if (intent.metric.periodType === 'instant') {
      outcomes.push(
        refuse(
          'rejected',
          'INSTANT_DURATION_MIX',
          `${intent.metric.label} is a balance at a date; an average over fiscal ${quarters ? 'quarters' : 'years'} is only given for figures over whole ${quarters ? 'quarters' : 'years'}`,
        ),
      );
      return;
    }
    const targets: Target[] = [];
    // the fiscal years of the span, or the four fiscal quarters of its one year
    const { from } = intent.range;
    const spans: [number, FiscalPosition][] = quarters
      ? QUARTERS.map((q) => [from, q])
      : Array.from({ length: intent.range.to - from + 1 }, (_, i) => [from + i, 'FY']);
    for (const [y, position] of spans) {
      const b = fiscalPeriodBounds(ent.calendars, y, position);
      if (!b) {
        outcomes.push(
          refuse(
            'missing',
            'MISSING_FACT',
            `${position === 'FY' ? '' : `${position} `}FY${y} is not covered by ${ent.entity.name}’s fiscal calendar, so the average cannot be pinned to dates`,
          ),
        );
        return;
      }
      const p: Period = { type: 'duration', start: b.start, end: b.end };
      targets.push(targetFor(p, ent.calendars));
    }
    const figures: Figure[] = [];
    const missing: { t: Target; f: Failure }[] = [];
    for (const t of targets) {
      const r = await computeFigure(ctx, ent, intent.metric, t, pins, intent.operandScopes);
      if (r.ok) figures.push(r.figure);
      else missing.push({ t, f: r.failure });
    }
    const last = targets[targets.length - 1]!;
    if (missing.length > 0) {
      const message = missing.map((m) => `${m.t.label} (${answerPeriod(m.t.period, ent.calendars).dateRange}): ${m.f.message}`).join('; ');
      const errors = missing.flatMap((m): TypedError[] =>
        m.f.errors.length ? m.f.errors : [{ code: 'MISSING_FACT', message: `${m.t.label}: ${m.f.message}`, factIds: [] }],
      );
      const kind: Failure['kind'] = missing.some((m) => m.f.kind === 'rejected')
        ? 'rejected'
        : missing.some((m) => m.f.kind === 'conflict')
          ? 'conflict'
          : 'missing';
      outcomes.push({
        failure: {
          kind,
          message: `the average needs every fiscal ${quarters ? 'quarter of the year' : 'year of the span'}; ${message}`,
          errors,
        },
        entity: ent,
        target: missing[0]!.t,
      });
      return;
    }
    const mixed = shareBasisFailure(
      figures.map((f, i) => ({ ...f, label: targets[i]!.label })),
      intent.metric.label,
    );
    if (mixed) {
      outcomes.push({ failure: mixed, entity: ent, target: last });
      return;
    }
    const res = averagePeriods({ parts: figures.map((f) => f.operand), metricId: `${intent.metric.id}_average`, calendars: ent.calendars });
    recordCalculation(ctx, res);
    outcomes.push(
      calcOutcome(res, `${intent.metric.label}, ${targets.length}-${quarters ? 'quarter' : 'year'} average`, figures, ent, last),
    );
  },
  label: (intent) => `${intent.metric.label}, average`,
  say({ tb, v, name, metricWords }) {
    const years = v.inputs;
    tb.text(`${name} ${metricWords} averaged `).value(v.id, v.display);
    const unit = years.some((y) => /^Q[1-4]/.test(y.period.label)) ? 'fiscal quarters' : 'fiscal years';
    if (years.length > 0) tb.text(` over ${years.length} ${unit}, ${years[0]!.period.label} to ${years[years.length - 1]!.period.label}: `);
    years.forEach((y, i) => tb.text(`${i ? '; ' : ''}${periodText(y.period)} `).value(y.id, y.display));
    tb.text('.');
  },
};
