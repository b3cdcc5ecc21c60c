/** A series: the measure for each fiscal year of a range, or for each period named. */
import type { Period } from '@/lib/domain/types';
import { fiscalPeriodBounds } from '@/lib/fiscal';
import { computeFigure, targetFor, type Target } from '../compute';
import { resolveAllFor } from '../targets';
import { lowerFirst, periodText, possessive } from '../text';
import type { AnswerValue } from '../types';
import type { Operation } from './types';
import { valueOperation } from './value';
import { shareBasisConflict } from '../version-note';

export const seriesOperation: Operation = {
  handles: ['series'],
  resolvesPeriods: false,
  async run({ ctx, ent, intent, free, pins, outcomes, stop }) {
    const targets: Target[] = [];
    if (intent.range) {
      for (let y = intent.range.from; y <= intent.range.to; y++) {
        const b = fiscalPeriodBounds(ent.calendars, y, 'FY');
        if (!b) continue;
        const p: Period =
          intent.metric.periodType === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end };
        targets.push(targetFor(p, ent.calendars));
      }
    } else {
      for (const r of resolveAllFor(ent, free, intent.metric.periodType)) {
        if (r.ok) targets.push(r.target);
        else stop.push(r);
      }
    }
    for (const target of targets) {
      const r = await computeFigure(ctx, ent, intent.metric, target, pins, intent.operandScopes);
      outcomes.push(r.ok ? { figure: r.figure, entity: ent, target } : { failure: r.failure, entity: ent, target });
    }
  },
  label: (intent) => intent.metric.label,
  // one value of a series is said as a plain value (sayAll says them together whenever there are any)
  say: (s) => valueOperation.say(s),
  sayAll(tb, values, intent) {
    if (values.length === 0) return false;
    const first = values[0]!;
    const years = values.every((v) => v.period.fiscalPeriod === 'FY');
    const quarters = values.every((v) => /^Q[1-4]$/.test(v.period.fiscalPeriod ?? ''));
    tb.text(
      `${possessive(first.entity.name)} ${lowerFirst(intent.metric.label)} by ${years ? 'fiscal year' : quarters ? 'fiscal quarter' : 'period'}: `,
    );
    values.forEach((v, i) => tb.text(`${i ? '; ' : ''}${periodText(v.period)} `).value(v.id, v.display));
    tb.text('. ');
    // per-share figures on different share bases (one never restated for a later split) are not compared
    const mixed = shareBasisConflict(
      values.map((v) => ({ label: v.period.label, version: v.version })),
      intent.metric.label,
    );
    tb.text(mixed ? `${mixed}.` : trendSentence(values));
    return true;
  },
};

/** The direction of a series, stated only as far as the numbers show it. */
export function trendSentence(values: AnswerValue[]): string {
  if (values.length < 2) return '';
  const ups: string[] = [];
  const downs: string[] = [];
  for (let i = 1; i < values.length; i++) {
    const d = values[i]!.value - values[i - 1]!.value;
    if (d > 0) ups.push(values[i]!.period.label);
    else if (d < 0) downs.push(values[i]!.period.label);
  }
  const unit = values.every((v) => v.period.fiscalPeriod === 'FY')
    ? 'year'
    : values.every((v) => /^Q[1-4]$/.test(v.period.fiscalPeriod ?? ''))
      ? 'quarter'
      : 'period';
  if (downs.length === 0 && ups.length === values.length - 1) return `It rose in every ${unit} shown.`;
  if (ups.length === 0 && downs.length === values.length - 1) return `It fell in every ${unit} shown.`;
  // in the order of the years: "it fell in FY2022 and rose in FY2023", never the rises first
  const moves: string[] = [];
  for (let i = 1; i < values.length; i++) {
    const d = values[i]!.value - values[i - 1]!.value;
    const word = d > 0 ? 'rose' : d < 0 ? 'fell' : 'was unchanged';
    const last = moves.at(-1);
    if (last?.startsWith(`${word} in `)) moves[moves.length - 1] = `${last}, ${values[i]!.period.label}`;
    else moves.push(`${word} in ${values[i]!.period.label}`);
  }
  return `It did not move in one direction: it ${moves.length > 1 ? `${moves.slice(0, -1).join(', ')} and ${moves.at(-1)}` : moves[0]}.`;
}
