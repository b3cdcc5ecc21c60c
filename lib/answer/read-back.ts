/** The plan read back in words, streamed before any lookup so the asker sees how the question was read. */
import type { Intent, PlanResult } from '@/lib/planner/types';
import { answerPeriod, type Figure } from './compute';
import type { FigureNote, PlanReadBack } from './messages';
import type { Outcome } from './operations';

const OPERATION_WORDS: Record<Intent['operation'], string> = {
  value: 'value',
  growth: 'growth',
  change: 'change',
  ttm: 'trailing twelve months',
  series: 'a series',
  expression: 'a calculation as written',
  cagr: 'compound annual growth',
  average: 'an average',
  breakdown: 'a breakdown by member',
};

const unique = (xs: string[]) => [...new Set(xs.filter(Boolean))];

function measureWords(i: Intent): string {
  return i.metric.memberLabel ? `${i.metric.label} (${i.metric.memberLabel})` : i.metric.label;
}

function periodWords(i: Intent): string[] {
  const written = i.periods.map((p) => p.text.trim());
  if (i.range && written.every((w) => !w)) return [`FY${i.range.from}–FY${i.range.to}`];
  return written;
}

/** The read-back of a plan that can be answered; null when the question is asked back or cannot be placed. */
export function readBack(plan: PlanResult): PlanReadBack | null {
  if (plan.status === 'planned') {
    const intents = [plan.intent, ...(plan.also ?? [])];
    const periods = unique(intents.flatMap(periodWords));
    return {
      entities: unique(intents.flatMap((i) => i.entities.map((e) => e.name))),
      measure: unique(intents.map(measureWords)).join(' and '),
      periods: periods.length ? periods : ['the latest reported period'],
      operation: plan.intent.breakdown ? `a breakdown by ${plan.intent.breakdown.label}` : OPERATION_WORDS[plan.intent.operation],
    };
  }
  if (plan.status === 'planned_narrative') {
    const periods = unique(plan.narrative.periods.map((p) => p.text.trim()));
    const text: PlanReadBack = {
      entities: unique(plan.narrative.entities.map((e) => e.name)),
      measure: plan.narrative.topic,
      periods: periods.length ? periods : ['the latest filing'],
      operation: 'what the filings say',
    };
    // a mixed question reads back both parts: the figures it asks for, then the filings' text
    const figures = plan.parts && readBack(plan.parts.figures.plan);
    if (!figures) return text;
    return {
      entities: unique([...figures.entities, ...text.entities]),
      measure: `${figures.measure}; ${text.measure}`,
      periods: unique([...figures.periods, ...(periods.length ? periods : [])]),
      operation: `${figures.operation}, and ${text.operation}`,
    };
  }
  return null;
}

/** A computed figure as the stream shows it before the answer is composed: company, measure, period on its calendar, value. */
export function figureNote(figure: Figure, o: Outcome): Omit<FigureNote, 'seq'> {
  const p = answerPeriod(figure.period, o.entity.calendars);
  return {
    entity: o.entity.entity.name,
    label: figure.metricLabel,
    period: p.label === p.dateRange ? p.label : `${p.label} (${p.dateRange})`,
    display: figure.display,
    basis: figure.basis,
  };
}
