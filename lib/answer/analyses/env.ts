/**
 * What an analysis works with: one company's figures for its own fiscal years (stored measures and
 * ontology formulas through the figure engine, so every number is a looked-up fact or a lib/calc
 * result), the years around the one asked, and a sayer that cites each figure it writes.
 */
import { type CalcResult, change, growth, margin, ratio } from '@/lib/calc';
import type { Period } from '@/lib/domain/types';
import { deriveFiscal, fiscalPeriodBounds } from '@/lib/fiscal';
import { FORMULAS } from '@/lib/ontology/formulas';
import { METRICS } from '@/lib/ontology/metrics';
import type { MetricRef } from '@/lib/planner/types';
import {
  answerPeriod,
  computeFigure,
  type EntityContext,
  type ExecContext,
  type Figure,
  type FigureResult,
  fromCalc,
  recordCalculation,
  type Target,
  targetFor,
} from '../compute';
import { priorComparable } from '../targets';
import { TextBuilder } from '../text';
import type { AnswerPassage, AnswerValue } from '../types';
import type { JudgementPlan } from './types';

/** A measure of the ontology as a figure reference: a formula (ratios, margins, EBITDA, …) or a stored metric. */
export function measureRef(id: string): MetricRef | null {
  const f = FORMULAS.find((x) => x.id === id);
  if (f)
    return {
      id: f.id,
      label: f.label,
      kind: 'derived',
      op: f.op,
      numerator: null,
      denominator: null,
      periodType: f.periodType,
      formulaId: f.id,
    };
  const m = METRICS.find((x) => x.id === id);
  if (m) return { id: m.id, label: m.label, kind: 'base', op: null, numerator: null, denominator: null, periodType: m.periodType };
  return null;
}

export function measureLabel(id: string): string {
  return measureRef(id)?.label ?? id.replace(/_/g, ' ');
}

/** The figures an analysis wrote, each cited once, as the answer's values (v1, v2, …). */
export class Citer {
  readonly values: AnswerValue[] = [];
  private readonly byFigure = new Map<Figure, AnswerValue>();

  constructor(
    private readonly ent: EntityContext,
    private readonly ctx: ExecContext,
  ) {}

  cite(f: Figure, label: string = f.metricLabel): AnswerValue {
    const had = this.byFigure.get(f);
    if (had) return had;
    const id = `v${this.values.length + 1}`;
    const v: AnswerValue = {
      id,
      label,
      entity: this.ent.entity,
      metric: f.operand.metricId ?? f.operand.concept,
      value: f.unit === 'pp' ? f.value / 100 : f.value,
      display: f.display,
      unit: f.unit === 'pp' ? 'ratio' : f.unit,
      currency: f.currency,
      period: answerPeriod(f.period, this.ent.calendars),
      basis: f.basis,
      formula: f.formula,
      factIds: f.factIds,
      citations: f.citations,
      scope: this.ctx.scope,
      versionBasis: f.versionBasis,
      otherVersions: f.otherVersions,
      ...(f.version ? { version: f.version } : {}),
      flags: f.flags,
      inputs: f.inputs.map((inp) => ({ ...inp, id: `${id}.${inp.id}` })),
    };
    this.values.push(v);
    this.byFigure.set(f, v);
    return v;
  }
}

/** Text with its figures cited: `say.text("…").fig(f).text("…")`; quotes cited to their passages. */
export class Sayer {
  readonly tb = new TextBuilder();
  readonly passages: AnswerPassage[] = [];
  constructor(
    readonly citer: Citer,
    private readonly ent: EntityContext,
  ) {}

  text(s: string): this {
    this.tb.text(s);
    return this;
  }

  fig(f: Figure, label?: string): this {
    const v = this.citer.cite(f, label);
    this.tb.value(v.id, v.display);
    return this;
  }

  quote(p: AnswerPassage): this {
    if (!this.passages.includes(p)) this.passages.push(p);
    this.tb.passage(p.id, p.quote);
    return this;
  }

  /** "capital expenditure $1.75 billion (FY2022)" */
  labelled(f: Figure, label: string, withPeriod = true): this {
    this.text(`${label} `).fig(f, label);
    if (withPeriod) this.text(` (${periodLabel(f, this.ent)})`);
    return this;
  }

  /** the period label of a figure on the company's calendar ("FY2022", "end of FY2022") */
  when(f: Figure): string {
    return periodLabel(f, this.ent);
  }

  /** the period as a sentence says it: "in FY2022" for a flow, "at the end of FY2022" for a balance */
  at(f: Figure): string {
    const label = periodLabel(f, this.ent);
    return f.period.type === 'instant' ? `at the ${label}` : `in ${label}`;
  }
}

export function periodLabel(f: Figure, ent: EntityContext): string {
  return answerPeriod(f.period, ent.calendars).label;
}

export interface AnalysisEnv {
  ctx: ExecContext;
  ent: EntityContext;
  plan: JudgementPlan;
  /** the fiscal year asked (a duration), or the latest complete one */
  year: Target;
  /** the later period of two named ("between FY2022 and FY2023"), and the earlier one */
  named: Target[];
  say: Sayer;
  /** a stored measure or a formula for a target; a balance measure for a duration target is read at its end */
  figure(id: string, target: Target): Promise<FigureResult>;
  /** the same fiscal position a year earlier */
  prior(t: Target): Target | null;
  /** the balance-sheet date that closes a period */
  endOf(t: Target): Target;
  /** a calculation through lib/calc, recorded in the trace, as a figure citing its parts */
  calc(r: CalcResult, label: string, parts: Figure[]): Figure | null;
  ratio(num: Figure, den: Figure, label: string, asMargin?: boolean): Figure | null;
  change(later: Figure, earlier: Figure, label: string): Figure | null;
  growth(later: Figure, earlier: Figure, label: string): Figure | null;
}

export function makeEnv(ctx: ExecContext, ent: EntityContext, plan: JudgementPlan, year: Target, named: Target[]): AnalysisEnv {
  const say = new Sayer(new Citer(ent, ctx), ent);
  const endOf = (t: Target): Target =>
    t.period.type === 'instant' ? t : targetFor({ type: 'instant', date: t.period.end }, ent.calendars);
  const env: AnalysisEnv = {
    ctx,
    ent,
    plan,
    year,
    named,
    say,
    figure: async (id, target) => {
      const ref = measureRef(id);
      if (!ref) return { ok: false, failure: { kind: 'missing', message: `${id} is not a known measure`, errors: [] } };
      return computeFigure(ctx, ent, ref, ref.periodType === 'instant' ? endOf(target) : target);
    },
    prior: (t) => priorComparable(ent, t),
    endOf,
    calc: (r, label, parts) => {
      recordCalculation(ctx, r);
      return r.ok ? fromCalc(r, label, parts, ent) : null;
    },
    ratio: (num, den, label, asMargin = false) =>
      env.calc((asMargin ? margin : ratio)({ numerator: num.operand, denominator: den.operand, calendars: ent.calendars }), label, [
        num,
        den,
      ]),
    change: (later, earlier, label) =>
      env.calc(change({ later: later.operand, earlier: earlier.operand, relation: 'between', calendars: ent.calendars }), label, [
        later,
        earlier,
      ]),
    growth: (later, earlier, label) =>
      env.calc(growth({ later: later.operand, earlier: earlier.operand, relation: 'between', calendars: ent.calendars }), label, [
        later,
        earlier,
      ]),
  };
  return env;
}

/** The latest fiscal year the company has reported in full (its latest period end, on its own calendar). */
export function latestFullYear(ent: EntityContext): Target | null {
  if (!ent.latestPeriodEnd || ent.calendars.length === 0) return null;
  const at: Period = { type: 'instant', date: ent.latestPeriodEnd };
  const fiscal = deriveFiscal(at, ent.calendars);
  for (const fy of [fiscal.fiscalYear, fiscal.fiscalYear - 1]) {
    const b = fiscalPeriodBounds(ent.calendars, fy, 'FY');
    if (b && b.end <= ent.latestPeriodEnd) return targetFor({ type: 'duration', start: b.start, end: b.end }, ent.calendars);
  }
  return null;
}

/** The fiscal year containing a target (a quarter's or a balance date's year), as a duration target. */
export function fiscalYearOf(ent: EntityContext, t: Target): Target | null {
  if (t.fiscalYear === null) return null;
  const b = fiscalPeriodBounds(ent.calendars, t.fiscalYear, 'FY');
  return b ? targetFor({ type: 'duration', start: b.start, end: b.end }, ent.calendars) : null;
}
