/**
 * Judgement questions as computed analyses with stated rules. The judgement reader (read.ts) says which
 * analysis a question asks for; the company comes from the planner's entity reader, the periods from
 * lib/fiscal's grammar, a compared measure from the planner's measure reader. Each analysis is a typed
 * plan over measures and ratios on the company's own fiscal years (balance.ts, profitability.ts,
 * cash.ts, drivers.ts): the answer opens with the verdict in one sentence, states the rule it used (and
 * whether the rule is a convention) and cites every figure. Arithmetic is lib/calc's.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { extractPeriodPhrases } from '@/lib/fiscal';
import type { EntityIndex } from '@/lib/planner/entity-index';
import { matchEntities } from '@/lib/planner/match-entities';
import { type MatchContext, matchMetrics } from '@/lib/planner/match-metric';
import type { EntityRef, PeriodRequest } from '@/lib/planner/types';
import type { ComposedAnswer } from '../compose';
import type { ExecContext, Target } from '../compute';
import type { Trace } from '../trace';
import { entityContext } from '../entity-context';
import { notHeldNote } from '../filings-held';
import type { StageReporter } from '../stage-reporter';
import { resolveFor } from '../targets';
import { TextBuilder } from '../text';
import { capitalIntensity, leverage, liquidity, workingCapital } from './balance';
import { cashFlowMix, direction, dividendCapacity } from './cash';
import { marginDrivers } from './drivers';
import { largestLine } from './largest';
import { composition } from './composition';
import { geographies } from './geographies';
import { registeredSecurities } from './registered';
import { litigation } from './litigation';
import { cyclicality } from './cyclicality';
import { type AnalysisEnv, latestFullYear, makeEnv } from './env';
import { marginStability, taxRateChange, trend } from './profitability';
import { readJudgement } from './read';
import { MissingFigure } from './support';
import type { AnalysisId, JudgementPlan } from './types';

export { readJudgement };
export type { JudgementPlan };

const RUN: Record<AnalysisId, (env: AnalysisEnv) => Promise<void>> = {
  capital_intensity: capitalIntensity,
  liquidity,
  working_capital: workingCapital,
  trend,
  margin_stability: marginStability,
  margin_drivers: marginDrivers,
  tax_rate_change: taxRateChange,
  direction,
  cash_flow_mix: cashFlowMix,
  dividend_capacity: dividendCapacity,
  leverage,
  largest_line: largestLine,
  composition,
  geographies,
  registered_securities: registeredSecurities,
  litigation,
  cyclicality,
};

/**
 * The judgement plan of a question, or null when it is not a judgement question or its company is
 * not one company of the workspace (the planner then answers it as usual).
 */
export function planJudgement(question: string, index: EntityIndex, measures: MatchContext = {}): JudgementPlan | null {
  const read = readJudgement(question);
  if (!read) return null;
  const mentions = matchEntities(question, index).mentions;
  if (mentions.length === 0 || mentions.some((m) => m.entityIds.length !== 1)) return null;
  const entities: EntityRef[] = [...new Set(mentions.flatMap((m) => m.entityIds))].flatMap((id) => {
    const e = index.byId(id);
    return e ? [{ id: e.id, name: e.name, ticker: e.ticker }] : [];
  });
  if (entities.length !== 1) return null;
  const periods: PeriodRequest[] = extractPeriodPhrases(question).map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
  const plan: JudgementPlan = { ...read, entities, periods };
  if (read.analysis === 'direction' || read.analysis === 'composition') {
    // a composition question's total is named after "of" / "among" (the words before it name its parts)
    const m = matchMetrics(read.analysis === 'composition' ? (read.totalText ?? question) : question, measures).mentions[0];
    if (!m || m.qualifiers.length > 0) return null;
    plan.subject = { id: m.ref.formulaId ?? m.ref.id, label: m.ref.label, periodType: m.ref.periodType, kind: m.ref.kind };
  }
  return plan;
}

export interface AnswerJudgementOptions {
  db: Db;
  tenantId: string;
  role: Role | null;
  index: EntityIndex;
  trace: Trace;
  report: StageReporter;
  /** the plan's notes (the manifest's): the analysis run is noted */
  notes: string[];
}

/** Runs the analysis for the plan's company and says it; a figure it needs that is not reported is said to be missing. */
export async function answerJudgement(plan: JudgementPlan, o: AnswerJudgementOptions): Promise<ComposedAnswer> {
  o.report.stage('looking_up');
  o.notes.push(`judgement: ${plan.analysis}`);
  const ctx: ExecContext = {
    report: o.report,
    db: o.db,
    tenantId: o.tenantId,
    role: o.role,
    scope: 'consolidated',
    basis: { kind: 'latest' },
    trace: o.trace,
  };
  const [company = plan.entities[0]] = plan.entities;
  if (!company) throw new MissingFigure('the question names no company');
  const ent = await entityContext(o.db, o.tenantId, company, o.role, o.index);
  const base = (status: ComposedAnswer['status'], tb: TextBuilder, values: ComposedAnswer['values'], errors: ComposedAnswer['errors']) => ({
    status,
    pathway: 'detail' as const,
    text: tb.toString().replace(/\s+/g, ' ').trim(),
    segments: tb.segments,
    values,
    passages: [],
    clarification: null,
    errors,
    intent: null,
    table: null,
  });
  const named: Target[] = [];
  for (const req of plan.periods) {
    const r = resolveFor(ent, req, 'duration');
    const ok = r.ok ? r : resolveFor(ent, req, 'instant');
    if (!ok.ok) {
      const tb = new TextBuilder().text(ok.message);
      return base(ok.status, tb, [], [{ code: 'MISSING_FACT', message: ok.message, factIds: [] }]);
    }
    named.push(ok.target);
  }
  named.sort((a, b) => endOf(b).localeCompare(endOf(a)));
  const year = named[0] ?? latestFullYear(ent);
  if (!year) {
    const tb = new TextBuilder().text(`No fiscal year of ${ent.entity.name} is reported in this workspace.`);
    return base('insufficient_evidence', tb, [], []);
  }
  const env = makeEnv(ctx, ent, plan, year, named);
  try {
    await RUN[plan.analysis](env);
  } catch (e) {
    if (!(e instanceof MissingFigure)) throw e;
    const tb = new TextBuilder().text(
      `Not available for ${ent.entity.name}: ${e.message}. Ledgerline answers only from reported facts and does not substitute another period or measure.`,
    );
    // a period asked that no held filing covers: the filings held are named
    for (const t of named) {
      const note = await notHeldNote(o.db, { tenantId: o.tenantId, role: o.role }, ent, t.period, t.label);
      if (note) tb.text(` ${note}`);
    }
    return base('insufficient_evidence', tb, [], [{ code: e.code, message: e.message, factIds: [] }]);
  }
  return { ...base('answered', env.say.tb, env.say.citer.values, []), passages: env.say.passages };
}

function endOf(t: Target): string {
  return t.period.type === 'instant' ? t.period.date : t.period.end;
}
