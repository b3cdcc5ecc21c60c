/**
 * Trailing twelve months: four contiguous quarters summed, or — when a quarter was not reported —
 * one basis only: the last full year + this year's YTD − last year's YTD.
 */
import { ttmFromQuarters, ttmFromYtd, type CalcResult } from '@/lib/calc';
import { fiscalPeriodBounds } from '@/lib/fiscal';
import type { Intent } from '@/lib/planner/types';
import { computeFigure, fetchBase, recordCalculation, targetFor, type EntityContext, type ExecContext, type Failure, type Figure, type Target } from '../compute';
import { calcOutcome } from './outcome';
import type { AnswerValue } from '../types';
import type { Operation } from './types';

type Input = AnswerValue['inputs'][number];

export const ttmOperation: Operation = {
  handles: ['ttm'],
  resolvesPeriods: true,
  async run({ ctx, ent, intent, pins, resolved, outcomes, stop }) {
    const r = resolved.find((x) => x.resolved?.kind === 'ttm');
    if (!r?.resolved || r.resolved.kind !== 'ttm') {
      stop.push({ status: 'needs_clarification', message: `Which trailing twelve months? Name the quarter the TTM ends with (e.g. “TTM as of Q3 FY2025”) for ${ent.entity.name}.` });
      return;
    }
    const quarters = r.resolved.periods.map((p) => targetFor(p, ent.calendars));
    const figs: Figure[] = [];
    let fail: Failure | null = null;
    for (const q of quarters) {
      const f = await computeFigure(ctx, ent, intent.metric, q, pins, intent.operandScopes);
      if (f.ok) figs.push(f.figure);
      else fail = fail ?? f.failure;
    }
    if (fail) {
      const viaYtd = await ttmViaYtd(ctx, ent, intent, quarters[quarters.length - 1]!);
      outcomes.push(viaYtd ? calcOutcome(viaYtd.res, intent.metric.label, viaYtd.parts, ent, r.target) : { failure: fail, entity: ent, target: r.target });
      return;
    }
    const res = ttmFromQuarters({ quarters: figs.map((f) => f.operand), metricId: intent.metric.id, calendars: ent.calendars });
    recordCalculation(ctx, res);
    outcomes.push(calcOutcome(res, intent.metric.label, figs, ent, r.target));
  },
  label: (intent) => `${intent.metric.label} (TTM)`,
  say({ tb, v, name, metricWords }) {
    tb.text(`${name} trailing-twelve-month ${metricWords} to ${v.period.dateRange.split(' – ')[1]} was `).value(v.id, v.display);
    if (v.inputs.length === 3) {
      const [fyIn, cur, prior] = v.inputs as [Input, Input, Input];
      tb.text(`, computed as ${fyIn.period.label} `).value(fyIn.id, fyIn.display).text(` + ${cur.period.label} `).value(cur.id, cur.display);
      tb.text(` − ${prior.period.label} `).value(prior.id, prior.display).text(' (quarterly figures were not all reported).');
    } else {
      tb.text(`, the sum of four contiguous quarters: `);
      v.inputs.forEach((inp, i) => tb.text(`${i ? ', ' : ''}${inp.period.label} `).value(inp.id, inp.display));
      tb.text('.');
    }
  },
};

async function ttmViaYtd(ctx: ExecContext, ent: EntityContext, intent: Intent, lastQuarter: Target): Promise<{ res: CalcResult; parts: Figure[] } | null> {
  if (intent.metric.kind !== 'base' || lastQuarter.fiscalYear === null) return null;
  const ytdPos = ({ Q1: 'Q1', Q2: 'H1', Q3: '9M' } as const)[lastQuarter.fiscalPeriod as 'Q1'];
  if (!ytdPos) return null;
  const fy = lastQuarter.fiscalYear;
  const bounds = [fiscalPeriodBounds(ent.calendars, fy - 1, 'FY'), fiscalPeriodBounds(ent.calendars, fy, ytdPos), fiscalPeriodBounds(ent.calendars, fy - 1, ytdPos)];
  if (bounds.some((b) => !b)) return null;
  const figs: Figure[] = [];
  for (const b of bounds) {
    const f = await fetchBase(ctx, ent, intent.metric.id, targetFor({ type: 'duration', start: b!.start, end: b!.end }, ent.calendars));
    if (!f.ok) return null;
    figs.push(f.figure);
  }
  const res = ttmFromYtd({ fy: figs[0]!.operand, currentYtd: figs[1]!.operand, priorYtd: figs[2]!.operand, metricId: intent.metric.id, calendars: ent.calendars });
  recordCalculation(ctx, res);
  return res.ok ? { res, parts: figs } : null;
}
