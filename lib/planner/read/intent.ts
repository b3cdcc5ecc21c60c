/**
 * The intent the readers' reading stands for: the measure (or each of several, planned one at a time),
 * the operation, the period requests in the order asked, the scope. Whatever the reading leaves open —
 * no measure, no period, a window that can mean several calculations — is asked back, never assumed.
 */
import type { PeriodPhrase } from '@/lib/fiscal';
import { ambiguousSharedWord } from '../spelling';
import type { Intent, MetricRef, Operation, PeriodRequest, PlanResult } from '../types';
import { versionsOnlyForValues } from '../version-basis';
import { lowerFirst } from './member';
import { valueAskedToo } from './operation';
import { quarterRuns, quartersOf } from './period-runs';
import { questionScope, scopePins } from './scope';
import type { PlanContext, Reading } from './types';

type Planned = Extract<PlanResult, { status: 'planned' }>;

/**
 * Several measures and no calculation joining them ("revenue and net income, FY2025", "diluted and basic
 * EPS"): each is answered the same way, one after the other — planned one at a time (`planFor`), so each
 * gets every check a question of its own gets; any that does not plan is said instead (never the first
 * alone). Null when the question names one measure.
 */
function severalMeasures(r: Reading, planFor: (ctx: PlanContext) => PlanResult): PlanResult | null {
  const { question, ctx, entities, notes } = r;
  const named = [...new Map(r.candidates.map((c) => [c.ref.id, c.ref])).values()];
  if (named.length < 2) return null;
  const shared = !ctx.onlyMetric ? ambiguousSharedWord(question) : null;
  if (shared) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `In “${shared.phrase}”, does the first word carry over to the second measure?`,
        options: shared.readings,
        rewrites: shared.readings,
      },
      partial: { entities },
      notes: [...notes, `shared word unclear: ${shared.phrase}`],
    };
  }
  // a measure named with its own operands ("margin from consolidated operating profit and standalone revenue") is one calculation, not several measures
  const operandIds = new Set(named.flatMap((m) => [m.numerator, m.denominator].filter((x): x is string => !!x)));
  if (named.length <= 4 && !ctx.onlyMetric && !named.some((m) => operandIds.has(m.id)) && Object.keys(scopePins(question)).length === 0) {
    const own = ownPeriods(r, named);
    const each = named.map((m) => {
      const p = planFor({ ...ctx, onlyMetric: m.id });
      return own && p.status === 'planned' ? withOwnPeriods(p, own.get(m.id) ?? []) : p;
    });
    const blocked = each.find((x) => x.status !== 'planned');
    if (!blocked) {
      const [first, ...rest] = each as Planned[];
      return {
        ...first!,
        notes: [...first!.notes, `several measures, each answered: ${named.map((m) => m.id).join(', ')}`],
        also: rest.map((x) => x.intent),
      };
    }
    if (blocked.status !== 'planned_narrative') return blocked;
  }
  // each chip answers the question for its measure alone, planned now on the same words (null: it does not plan
  // alone, so the chip opens the question for editing)
  const alone = named.map((m) => {
    const p = planFor({ ...ctx, onlyMetric: m.id });
    return p.status === 'planned' ? p.intent : null;
  });
  return {
    status: 'needs_clarification',
    clarification: {
      question: `This names ${named.length} measures (${named.map((m) => lowerFirst(m.label)).join(', ')}) without a calculation joining them. Ask for one at a time, or say how to combine them (e.g. “${lowerFirst(named[0]!.label)} divided by ${lowerFirst(named[1]!.label)}”).`,
      options: named.map((m) => m.label),
      rewrites: named.map(() => null),
      intents: alone,
    },
    partial: { entities },
    notes: [...notes, `several measures: ${named.map((m) => m.id).join(', ')}`],
  };
}

/**
 * "revenue in fiscal 2024, and net income in fiscal 2023": each measure followed by its own period, the texts
 * of the periods each measure's own clause names (from the measure up to the next one), by measure id; null
 * when not every measure has periods of its own (a period named once for all, before or after them all, is
 * every measure's).
 */
function ownPeriods(r: Reading, named: readonly MetricRef[]): Map<string, string[]> | null {
  const order: { id: string; start: number; end: number }[] = [];
  for (const m of named) {
    const at = r.measureAt.filter((x) => x.ref.id === m.id);
    const [only] = at;
    if (!only || at.length > 1) return null;
    order.push({ id: m.id, start: only.start, end: only.end });
  }
  order.sort((a, b) => a.start - b.start);
  const own = new Map<string, string[]>();
  for (const [i, m] of order.entries()) {
    const next = order[i + 1]?.start ?? Number.POSITIVE_INFINITY;
    const texts = r.phrases.filter((p) => p.start >= m.end && p.start < next).map((p) => p.text);
    if (texts.length === 0) return null;
    own.set(m.id, texts);
  }
  // every period is some measure's: none before the first
  return r.phrases.every((p) => p.start >= (order[0]?.end ?? 0)) ? own : null;
}

/** A measure's values asked only for its own periods (a value of one measure for another's period is never given). */
function withOwnPeriods(p: Planned, texts: readonly string[]): PlanResult {
  if (p.intent.operation !== 'value') return p;
  const periods = p.intent.periods.filter((q) => texts.includes(q.text));
  if (periods.length === 0 || periods.length === p.intent.periods.length) return p;
  return {
    ...p,
    intent: { ...p.intent, periods },
    notes: [...p.notes, `${p.intent.metric.id}: only its own periods (${texts.join(', ')})`],
  };
}

/** The operation the reading names ("the last three fiscal years" alone is a series of its years). */
function chooseOperation(r: Reading, metric: MetricRef): Operation {
  const { phrases, ow, growthW, changeW } = r;
  const latestYears = phrases.find((p) => p.spec.type === 'latest_years');
  // a change asked "in %" / "as a percentage" is its rate: the answer's unit is the question's to say
  const percentAsked = r.instructions.unit === 'percent' && changeW.length > 0;
  const rateAsked =
    growthW.some((w) => /%|percent|pct|growth|grew|grow|rate|how\s+fast/i.test(w.text)) ||
    ow.comparison.some((c) => /%/.test(c.text)) ||
    percentAsked;
  if (r.breakdown) return 'breakdown';
  if (r.cagr?.ok) return 'cagr';
  if (r.average?.ok) return 'average';
  // a growth or change word is never dropped: "TTM revenue growth" is the growth of the TTM, "revenue growth by year" yearly rates
  if (phrases.some((p) => p.spec.type === 'ttm') && !r.comparing) return 'ttm';
  if ((r.seriesW.length > 0 || r.quarterlyW.length > 0) && !r.comparing) return 'series';
  // a balance's rise or fall is said as an amount unless the question asks for a rate ("% change",
  // "growth rate", "grew by what percent" of shareholders' equity is a rate, like a flow's)
  if (
    (growthW.length > 0 || ow.comparison.length > 0 || percentAsked) &&
    ow.absolute.length === 0 &&
    (metric.periodType !== 'instant' || rateAsked) &&
    !/\bmargin\b/i.test(metric.label) &&
    metric.op !== 'margin'
  )
    return 'growth';
  if (changeW.length > 0 || growthW.length > 0 || ow.comparison.length > 0) return 'change';
  if (r.range || latestYears) return 'series';
  return 'value';
}

/** The period requests in the order asked: runs of quarters spread, "the last three fiscal years" one per year, a TTM with its end. */
function periodRequests(r: Reading, operation: Operation): PeriodRequest[] {
  const { question, phrases, pins, ttmFold } = r;
  // "Q1-Q3 2025", "Q1 through Q3", "Q3 2024-Q2 2025": a run of quarters is every quarter in it, never its two ends
  const runs = operation === 'value' || operation === 'series' ? quarterRuns(question, phrases) : new Map<PeriodPhrase, PeriodRequest[]>();
  return phrases.flatMap((p): PeriodRequest[] => {
    const { spec } = p;
    const forMetric = pins.get(p) ?? null;
    const run = runs.get(p);
    if (run) return run;
    if (ttmFold && p === ttmFold.ttm)
      return [{ text: `${p.text} … ${ttmFold.anchor.text}`, spec: { type: 'ttm', ref: ttmFold.anchor.spec }, forMetric }];
    if (ttmFold && p === ttmFold.anchor) return [];
    // "quarterly revenue for fiscal 2025": the year's four fiscal quarters, in order
    if (r.quarterlyW.length > 0) return quartersOf(p);
    // "the last 8 quarters": one request per quarter, oldest first, counted back from the latest one reported
    if (spec.type === 'latest_quarters')
      return Array.from({ length: spec.count }, (_, k) => ({
        text: p.text,
        spec: { type: 'quarter_back' as const, back: spec.count - 1 - k },
        forMetric,
      }));
    if (spec.type !== 'latest_years') return [{ text: p.text, spec, forMetric }];
    // "the last three fiscal years": one request per year, oldest first, each counted back from the entity's last fiscal year
    return Array.from({ length: spec.count }, (_, k) => ({
      text: p.text,
      spec: { type: 'fiscal_year_back' as const, back: spec.count - 1 - k },
      forMetric,
    }));
  });
}

/** Each chip completes the question with its words ("… (the latest fiscal year)"); an example ("e.g.") is no choice. */
function withRewrites(question: string, c: { question: string; options: string[] }) {
  return { ...c, rewrites: c.options.map((o) => (/\be\.g\./.test(o) ? null : `${question} (${o})`)) };
}

/** The intent of a fully placed reading, or what must be asked first. */
export function buildIntent(r: Reading, planFor: (ctx: PlanContext) => PlanResult): PlanResult {
  const { entities, notes, prev, ow, version } = r;
  const several = severalMeasures(r, planFor);
  if (several) return several;
  let metric = r.metric;
  if (!metric && prev && !r.ctx.drop?.includes('metric')) {
    metric = prev.metric;
    notes.push('measure carried over from the previous question');
  }
  if (!metric) {
    return {
      status: 'needs_clarification',
      clarification: withRewrites(r.question, {
        question: 'Which figure do you want?',
        options: ['revenue', 'operating income', 'net income', 'operating margin', 'total assets'],
      }),
      partial: { entities },
      notes,
    };
  }
  if (metric.kind === 'base' && r.pins.size > 0) {
    notes.push('a period was pinned to a measure that is not part of a calculation; it is treated as the question period');
    r.pins.clear();
  }
  const operation = chooseOperation(r, metric);
  const latestYears = r.phrases.find((p) => p.spec.type === 'latest_years');
  // one rate per period named ("in each of FY2024, FY2025 and FY2026", "by year", "for each quarter of 2025", "yearly … rates")
  const each =
    (operation === 'growth' || operation === 'change') &&
    (r.eachW || r.seriesW.length > 0 || r.quarterlyW.length > 0 || r.yearlyW.length > 0);
  const comparison = ow.comparison.find((c) => !c.samePeriod)?.kind ?? (ow.comparison.length ? 'year_over_year' : undefined);
  const withValue = (operation === 'growth' || operation === 'change') && !each && valueAskedToo(r) !== null;
  // "growth over the last three years": yearly rates, the change across the window or a CAGR — asked, never picked
  if (latestYears && operation !== 'series' && !each) {
    // only a TTM, a growth rate or a change gets here (a CAGR over such a window is asked back by cagrSpan)
    const what = operation === 'change' ? 'a change' : operation === 'ttm' ? 'a TTM' : 'a growth rate';
    return {
      status: 'needs_clarification',
      clarification: {
        question: `“${latestYears.text}” with ${what} can mean several calculations. Name the first and last fiscal year (e.g. “from FY2022 to FY2025”), or ask for the yearly figures.`,
        options: [],
      },
      partial: { entities, metric },
      notes,
    };
  }
  let periods = periodRequests(r, operation);
  // "how did cash change between December 31, 2024 and June 30, 2025": a balance's change from the first date to the
  // second, never the balance at the second against its own prior year
  if ((operation === 'change' || operation === 'growth') && metric.periodType === 'instant')
    periods = periods.flatMap((p): PeriodRequest[] =>
      p.spec.type === 'date_range'
        ? [
            { ...p, text: p.spec.start, spec: { type: 'instant', date: p.spec.start } },
            { ...p, text: p.spec.end, spec: { type: 'instant', date: p.spec.end } },
          ]
        : [p],
    );
  // comparisons name their base in the operation words ("vs the prior quarter"): relative phrases are not periods
  if (comparison)
    periods = periods.filter(
      (p) => !(p.spec.type === 'relative' && ['prior_quarter', 'prior_year', 'year_ago_quarter'].includes(p.spec.which)),
    );
  if (periods.length === 0 && prev) {
    periods = prev.periods;
    notes.push('period carried over from the previous question');
  }
  if (periods.length === 0 && operation !== 'series') {
    return {
      status: 'needs_clarification',
      clarification: withRewrites(r.question, {
        question: 'Which period? Ledgerline never assumes one.',
        options: ['the latest fiscal year', 'the latest quarter', 'a specific fiscal year, e.g. FY2024'],
      }),
      partial: { entities, metric },
      notes,
    };
  }
  if (operation === 'series' && !r.range && periods.length === 0) {
    return {
      status: 'needs_clarification',
      clarification: withRewrites(r.question, {
        question: 'Over which fiscal years?',
        options: ['the last 3 fiscal years', 'the last 5 fiscal years'],
      }),
      partial: { entities, metric },
      notes,
    };
  }
  // several companies, each with its own period ("Tesla's Q3 2021 revenue next to Snowflake's Q3 FY2022")
  if (entities.length > 1 && periods.length === entities.length && operation === 'value') {
    const order = [...r.entityAt].sort((a, b) => a.start - b.start);
    const owner = r.phrases.map((p) => [...order].reverse().find((e) => e.start <= p.start)?.id ?? null);
    if (owner.every(Boolean) && new Set(owner).size === entities.length) periods = periods.map((p, i) => ({ ...p, forEntity: owner[i] }));
  }
  const scope = questionScope(r.question, !!prev && entities === prev.entities, prev?.scope ?? null);
  const operandScopes = metric.kind === 'derived' ? scopePins(r.question) : {};
  const pathway =
    operation === 'breakdown' ? 'detail' : entities.length > 1 ? 'comparison' : operation === 'series' || each ? 'longitudinal' : 'detail';
  // two versions side by side: of one company's figure, for the periods named (not a calculation across them)
  if (version.versions && (operation !== 'value' || entities.length > 1))
    return { status: 'needs_clarification', clarification: versionsOnlyForValues(version.versions), partial: { entities, metric }, notes };
  const intent: Intent = {
    entities,
    metric,
    operation,
    ...(comparison && (operation === 'growth' || operation === 'change') ? { comparison } : {}),
    ...(each && (periods.length >= 2 || r.range) ? { each: true as const } : {}),
    ...(withValue ? { withValue: true as const } : {}),
    ...(r.breakdown ? { breakdown: { label: r.breakdown.label, axes: r.breakdown.axes } } : {}),
    periods,
    range: r.cagr?.ok ? r.cagr.range : r.average?.ok ? r.average.range : r.range,
    ...(r.average?.ok && r.average.per ? { averagePer: r.average.per } : {}),
    scope,
    basis: version.basis,
    ...(version.versions ? { versions: version.versions } : {}),
    pathway,
    ...(Object.keys(r.instructions).length ? { instructions: r.instructions } : {}),
    ...(Object.keys(operandScopes).length ? { operandScopes } : {}),
  };
  return { status: 'planned', intent, notes };
}
