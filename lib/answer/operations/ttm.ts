/**
 * Trailing twelve months. An additive flow: four contiguous quarters summed, or — when a quarter was
 * not reported — one basis only: the last full year + this year's YTD − last year's YTD. A formula
 * (a margin, free cash flow): evaluated once over the window, each flow operand's own TTM, never a
 * sum of four quarterly ratios. A per-share figure or weighted share count: refused (NON_ADDITIVE).
 */
import type { Period } from '@/lib/domain/types';
import type { ResolvedPeriod } from '@/lib/fiscal';
import { computeWindowFigure, targetFor, type EntityContext, type Window } from '../compute';
import { lowerFirst } from '../text';
import { sayTtmPerShare } from '../ttm-per-share';
import { copulaFor } from '@/lib/ontology/inflect';
import type { AnswerValue } from '../types';
import type { Operation } from './types';

type Input = AnswerValue['inputs'][number];
type Duration = Extract<Period, { type: 'duration' }>;

/** The window of a resolved TTM phrase: its four quarters, on the entity's calendar. */
export function windowOfTtm(resolved: ResolvedPeriod, ent: EntityContext): Window | null {
  if (resolved.kind !== 'ttm' || resolved.period.type !== 'duration') return null;
  return { kind: 'ttm', period: resolved.period as Duration, parts: resolved.periods.map((p) => targetFor(p, ent.calendars)) };
}

export const ttmOperation: Operation = {
  handles: ['ttm'],
  resolvesPeriods: true,
  async run({ ctx, ent, intent, resolved, outcomes, stop }) {
    const r = resolved.find((x) => x.resolved?.kind === 'ttm');
    const window = r?.resolved ? windowOfTtm(r.resolved, ent) : null;
    if (!r || !window) {
      stop.push({
        status: 'needs_clarification',
        message: `Which trailing twelve months? Name the quarter the TTM ends with (e.g. “TTM as of Q3 FY2025”) for ${ent.entity.name}.`,
      });
      return;
    }
    const f = await computeWindowFigure(ctx, ent, intent.metric, window, intent.operandScopes);
    outcomes.push(f.ok ? { figure: f.figure, entity: ent, target: r.target } : { failure: f.failure, entity: ent, target: r.target });
  },
  label: (intent) => `${intent.metric.label} (TTM)`,
  say({ tb, v, name, metricWords, calculation }) {
    tb.text(`${name} trailing-twelve-month ${metricWords} to ${v.period.dateRange.split(' – ')[1]} ${copulaFor(metricWords)} `).value(
      v.id,
      v.display,
    );
    if (calculation === 'ttm_per_share_sum') {
      sayTtmPerShare(tb, v, metricWords);
      return;
    }
    if (calculation === 'formula') {
      // a ratio over the window: each operand's own TTM, divided once
      tb.text(`, computed over ${v.period.dateRange} from `);
      // flows over the window are its TTMs; balances (an average's opening and closing) are said at their dates
      v.inputs.forEach((inp, i) => {
        const overWindow = inp.period.start === v.period.start && inp.period.end === v.period.end;
        const words = overWindow
          ? `trailing-twelve-month ${lowerFirst(inp.label)} `
          : `${lowerFirst(inp.label)} at ${inp.period.dateRange} `;
        tb.text(`${i ? (i === v.inputs.length - 1 ? ' and ' : ', ') : ''}${words}`).value(inp.id, inp.display);
      });
      tb.text(
        v.inputs.every((inp) => inp.period.start === v.period.start && inp.period.end === v.period.end)
          ? ' (each over the same twelve months).'
          : '.',
      );
    } else if (v.inputs.length === 3) {
      const [fyIn, cur, prior] = v.inputs as [Input, Input, Input];
      tb.text(`, computed as ${fyIn.period.label} `)
        .value(fyIn.id, fyIn.display)
        .text(` + ${cur.period.label} `)
        .value(cur.id, cur.display);
      tb.text(` − ${prior.period.label} `).value(prior.id, prior.display).text(' (quarterly figures were not all reported).');
    } else {
      tb.text(`, the sum of four contiguous quarters: `);
      v.inputs.forEach((inp, i) => tb.text(`${i ? ', ' : ''}${inp.period.label} `).value(inp.id, inp.display));
      tb.text('.');
    }
  },
};
