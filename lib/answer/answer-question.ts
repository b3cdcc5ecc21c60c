import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import type { Period } from '@/lib/domain/types';
import { change, growth, ttmFromQuarters, ttmFromYtd, type CalcResult, type TypedError } from '@/lib/calc';
import { fiscalPeriodBounds, resolveSpec, type ResolvedPeriod } from '@/lib/fiscal';
import { evaluateExpression, type ResolveOperandPeriod } from './expression';
import { loadEntityIndex } from '@/lib/planner/catalog';
import { matchEntities } from '@/lib/planner/match-entities';
import { loadMemberCatalog } from '@/lib/retrieval/members';
import { loadConceptCatalog } from '@/lib/retrieval/concepts';
import { planQuestion } from '@/lib/planner/plan';
import type { Intent, PeriodRequest, PlanResult } from '@/lib/planner/types';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { configuredLanguageModel } from '@/lib/ai/models';
import { storeManifest } from './store-manifest';
import { entityContext } from './entity-context';
import { proposeIntent } from '@/lib/planner/llm-intent';
import { phraseAnswer } from './phrase';
import { answerNarrative } from './answer-narrative';
import {
  answerPeriod,
  computeFigure,
  fetchBase,
  fromCalc,
  recordCalculation,
  targetFor,
  type EntityContext,
  type ExecContext,
  type Failure,
  type Figure,
  type Target,
  type Trace,
} from './compute';
import { TextBuilder, lowerFirst, possessive } from './text';
import type { Answer, AnswerError, AnswerStatus, AnswerValue } from './types';

export const PLANNER_VERSION = 'planner/1';
export const MAX_QUESTION_LENGTH = 2000;

export interface AnswerQuestionOptions {
  db: Db;
  tenantId: string;
  userId: string | null;
  /** the asker's role: sources restricted to other roles stay invisible */
  role?: Role | null;
  question: string;
  threadId?: string | null;
  /** the previous intent of the thread (follow-ups inherit what they leave unsaid) */
  previous?: Intent | null;
  /** store the evidence manifest (default true) */
  store?: boolean;
  /** optional language model for intent proposals and phrasing; undefined = the configured one (usually none) */
  languageModel?: LanguageModelV3 | null;
}

interface Outcome {
  figure?: Figure;
  failure?: Failure;
  entity: EntityContext;
  target?: Target;
  extra?: { earlier: Figure; later: Figure } | { quarters: Figure[] };
}


type Resolution = { ok: true; target: Target; resolved: ResolvedPeriod | null } | { ok: false; status: AnswerStatus; message: string; options?: string[] };

function resolveFor(ent: EntityContext, req: PeriodRequest, metricPeriodType: 'instant' | 'duration'): Resolution {
  if (ent.calendars.length === 0) {
    return { ok: false, status: 'insufficient_evidence', message: `No fiscal calendar is registered for ${ent.entity.name}, so “${req.text}” cannot be pinned to dates.` };
  }
  const r = resolveSpec(req.spec, { calendars: ent.calendars, latestPeriodEnd: ent.latestPeriodEnd }, req.text);
  if (r.status === 'ambiguous') {
    return { ok: false, status: 'needs_clarification', message: `${r.reason} Which period do you mean for ${ent.entity.name}?`, options: r.options.map((o) => `${o.label} (${o.dateRange})`) };
  }
  if (r.status === 'unresolvable') return { ok: false, status: 'insufficient_evidence', message: `“${req.text}” cannot be resolved for ${ent.entity.name}: ${r.reason}` };
  let period: Period = r.period;
  if (metricPeriodType === 'instant' && period.type === 'duration') period = { type: 'instant', date: period.end };
  if (metricPeriodType === 'duration' && period.type === 'instant') {
    return { ok: false, status: 'rejected', message: `INSTANT_DURATION_MIX: the measure is a flow over a period, but “${req.text}” names a single date (${r.dateRange}). Ask for a period such as a fiscal year or quarter.` };
  }
  const derived = targetFor(period, ent.calendars);
  // a calendar period is matched by its exact dates only, never snapped to a nearby fiscal period
  const target = r.kind === 'calendar_period' ? { ...derived, fiscalYear: null, fiscalPeriod: null } : derived;
  return { ok: true, target, resolved: r };
}

function priorComparable(ent: EntityContext, t: Target): Target | null {
  if (t.fiscalYear === null || !t.fiscalPeriod || t.fiscalPeriod === 'OTHER' || t.fiscalPeriod === 'TRANSITION') return null;
  const b = fiscalPeriodBounds(ent.calendars, t.fiscalYear - 1, t.fiscalPeriod === 'FY' ? 'FY' : t.fiscalPeriod);
  if (!b) return null;
  const p: Period = t.period.type === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end };
  return targetFor(p, ent.calendars);
}

function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

function startOfPeriod(p: Period): string {
  return p.type === 'instant' ? p.date : p.start;
}

/** The marker of the period a calculation's result must have (the one the question names). */
const TARGET = '__target__';

function sameFiscalPosition(a: Target, b: Target): boolean {
  return a.fiscalPeriod !== null && a.fiscalPeriod === b.fiscalPeriod;
}

/** The period just before (sequential): the previous quarter; for a Q1, the fourth quarter of the year before. */
function priorSequential(ent: EntityContext, t: Target): Target | null {
  if (t.fiscalYear === null || !t.fiscalPeriod) return null;
  const prev: Record<string, [number, 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1']> = { Q2: [0, 'Q1'], Q3: [0, 'Q2'], Q4: [0, 'Q3'], Q1: [-1, 'Q4'], H2: [0, 'H1'] };
  const step = prev[t.fiscalPeriod];
  if (!step) return null;
  const b = fiscalPeriodBounds(ent.calendars, t.fiscalYear + step[0], step[1]);
  if (!b) return null;
  return targetFor({ type: 'duration', start: b.start, end: b.end }, ent.calendars);
}

/**
 * Answer one question: plan → resolve each entity's periods on its own calendar → typed lookups and
 * validated calculations → deterministic text with every number cited → evidence manifest.
 */
export async function answerQuestion(opts: AnswerQuestionOptions): Promise<Answer> {
  const t0 = performance.now();
  const question = opts.question.trim();
  if (!question) throw new AppError('bad_request:question', 'The question is empty.');
  if (question.length > MAX_QUESTION_LENGTH) throw new AppError('bad_request:question', `Questions are limited to ${MAX_QUESTION_LENGTH} characters.`);
  const { db, tenantId } = opts;
  const trace: Trace = { lookups: [], calculations: [] };
  const index = await loadEntityIndex(db, tenantId);
  const catalog = index.entities;
  const model = opts.languageModel === undefined ? configuredLanguageModel() : opts.languageModel;
  // the members (segments, products, regions) and labelled concepts of the companies the question names
  const named = [...new Set([...matchEntities(question, index).mentions.flatMap((m) => m.entityIds), ...(opts.previous?.entities.map((e) => e.id) ?? [])])];
  const [members, concepts] = named.length ? await Promise.all([loadMemberCatalog(db, tenantId, named, opts.role ?? null), loadConceptCatalog(db, tenantId, named, opts.role ?? null)]) : [[], []];
  let plan: PlanResult = planQuestion(question, { catalog, index, previous: opts.previous ?? null, measures: { members, concepts } });
  if ((plan.status === 'needs_clarification' || plan.status === 'insufficient_evidence') && model) plan = await proposeIntent(question, catalog, model, plan);

  const finish = async (composed: Omit<Answer, 'timingMs' | 'manifestId'>): Promise<Answer> => {
    const phrased = await phraseAnswer({ ...composed, timingMs: 0, manifestId: null }, model);
    const { timingMs: _t, manifestId: _m, ...answer } = phrased.answer;
    if (phrased.problems.length) plan.notes.push(`LLM wording rejected: ${phrased.problems.join('; ')}`);
    const timingMs = Math.round(performance.now() - t0);
    let manifestId: string | null = null;
    if (opts.store !== false) {
      manifestId = await storeManifest({
        db,
        tenantId,
        userId: opts.userId,
        threadId: opts.threadId ?? null,
        question,
        answer: { ...answer, timingMs, manifestId: null },
        plan,
        trace,
        latencyMs: timingMs,
        versions: { planner: PLANNER_VERSION, phrasing: phrased.used, ...(model ? { languageModel: `${model.provider}/${model.modelId}` } : {}) },
      });
    }
    return { ...answer, manifestId, timingMs: Math.round(performance.now() - t0) };
  };

  if (plan.status === 'planned_narrative') {
    const narrative = await answerNarrative({ db, tenantId, role: opts.role ?? null, narrative: plan.narrative, trace, question });
    if (!plan.numericQuestion || plan.numericQuestion.trim() === question) return finish(narrative);
    // a mixed question: the figures through the numeric path, the text through the narrative one, one answer
    const numeric = await answerQuestion({ ...opts, question: plan.numericQuestion, store: false, previous: null });
    const seg = numeric.segments.concat([{ type: 'text', text: ' ' }], narrative.segments);
    return finish({
      ...narrative,
      status: numeric.status === 'answered' || narrative.status === 'answered' ? 'answered' : narrative.status,
      text: `${numeric.text} ${narrative.text}`.trim(),
      segments: seg,
      values: numeric.values,
      errors: [...numeric.errors, ...narrative.errors],
      intent: numeric.intent,
    });
  }

  if (plan.status !== 'planned') {
    const tb = new TextBuilder();
    const partial = plan.partial;
    if (plan.status === 'needs_clarification') tb.text(plan.clarification.question);
    else tb.text(`${plan.missing} Ledgerline answers only from reported facts and does not guess.`);
    return finish({
      status: plan.status,
      pathway: partial.entities && partial.entities.length > 1 ? 'comparison' : 'detail',
      text: tb.toString(),
      segments: tb.segments,
      values: [],
      passages: [],
      clarification: plan.status === 'needs_clarification' ? plan.clarification : null,
      errors: plan.status === 'insufficient_evidence' ? [{ code: 'MISSING_FACT', message: plan.missing, factIds: [] }] : [],
      intent: null,
      table: null,
    });
  }

  const intent = plan.intent;
  const ctx: ExecContext = { db, tenantId, role: opts.role ?? null, scope: intent.scope, basis: intent.basis, trace };
  const contexts = await Promise.all(intent.entities.map((e) => entityContext(db, tenantId, e, ctx.role)));
  const outcomes: Outcome[] = [];
  const stop: { status: AnswerStatus; message: string; options?: string[] }[] = [];

  for (const ent of contexts) {
    const mine = intent.periods.filter((p) => !p.forEntity || p.forEntity === ent.entity.id);
    const free = mine.filter((p) => p.forMetric === null);
    const pinned = mine.filter((p) => p.forMetric !== null && p.forMetric !== TARGET);
    const pins = new Map<string, Target>();
    let blocked = false;
    for (const p of pinned) {
      const base = intent.metric.numerator === p.forMetric || intent.metric.denominator === p.forMetric ? 'duration' : intent.metric.periodType;
      const r = resolveFor(ent, p, base);
      if (!r.ok) {
        stop.push(r);
        blocked = true;
        continue;
      }
      pins.set(p.forMetric!, r.target);
    }
    if (blocked) continue;

    if (intent.operation === 'expression' && intent.expression) {
      const targetReq = intent.periods.find((p) => p.forMetric === TARGET);
      const target = targetReq ? resolveFor(ent, targetReq, intent.metric.periodType) : null;
      const resolvePeriod: ResolveOperandPeriod = (req, periodType) => {
        const r = resolveFor(ent, req, periodType);
        if (r.ok) return { ok: true, target: r.target };
        const code = r.status === 'rejected' ? 'INSTANT_DURATION_MIX' : 'MISSING_FACT';
        const failure: Failure = r.status === 'rejected' ? { kind: 'rejected', message: r.message, errors: [{ code, message: r.message, factIds: [] }] } : { kind: 'missing', message: r.message, errors: [{ code, message: r.message, factIds: [] }] };
        return { ok: false, failure };
      };
      const named = intent.metric.kind === 'derived' || targetReq ? intent.metric : null;
      const r = await evaluateExpression(ctx, ent, intent.expression, resolvePeriod, named);
      if (r.ok && target?.ok && (endOf(target.target.period) !== endOf(r.figure.period) || startOfPeriod(target.target.period) !== startOfPeriod(r.figure.period))) {
        const got = answerPeriod(r.figure.period, ent.calendars);
        outcomes.push({
          failure: {
            kind: 'rejected',
            message: `the calculation described gives ${got.label} (${got.dateRange}), not ${target.target.label} as asked`,
            errors: [{ code: 'PERIOD_MISMATCH', message: `calculated period ${got.dateRange} differs from the period asked`, factIds: r.figure.factIds }],
          },
          entity: ent,
          target: target.target,
        });
        continue;
      }
      outcomes.push(r.ok ? { figure: r.figure, entity: ent, target: target?.ok ? target.target : undefined } : { failure: r.failure, entity: ent });
      continue;
    }

    if (intent.operation === 'series') {
      const targets: Target[] = [];
      if (intent.range) {
        for (let y = intent.range.from; y <= intent.range.to; y++) {
          const b = fiscalPeriodBounds(ent.calendars, y, 'FY');
          if (!b) continue;
          const p: Period = intent.metric.periodType === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end };
          targets.push(targetFor(p, ent.calendars));
        }
      } else {
        for (const p of free) {
          const r = resolveFor(ent, p, intent.metric.periodType);
          if (r.ok) targets.push(r.target);
          else stop.push(r);
        }
      }
      for (const target of targets) {
        const r = await computeFigure(ctx, ent, intent.metric, target, pins, intent.operandScopes);
        outcomes.push(r.ok ? { figure: r.figure, entity: ent, target } : { failure: r.failure, entity: ent, target });
      }
      continue;
    }

    const resolutions = free.map((p) => resolveFor(ent, p, intent.metric.periodType));
    const failed = resolutions.find((r): r is Extract<Resolution, { ok: false }> => !r.ok);
    if (failed) {
      stop.push(failed);
      continue;
    }
    const resolved = resolutions as Extract<Resolution, { ok: true }>[];
    if (resolved.length === 0 && pins.size > 0) {
      // only pinned periods: the question period is the denominator's (the base of the measure)
      resolved.push({ ok: true, target: pins.get(intent.metric.denominator ?? '') ?? [...pins.values()][0]!, resolved: null });
    }

    if (intent.operation === 'ttm') {
      const r = resolved.find((x) => x.resolved?.kind === 'ttm');
      if (!r?.resolved) {
        stop.push({ status: 'needs_clarification', message: `Which trailing twelve months? Name the quarter the TTM ends with (e.g. “TTM as of Q3 FY2025”) for ${ent.entity.name}.` });
        continue;
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
        // second route, one basis: last full year + this year's YTD − last year's YTD (Q1, H1 or 9M)
        const viaYtd = await ttmViaYtd(ctx, ent, intent, quarters[quarters.length - 1]!);
        if (viaYtd) {
          outcomes.push(calcOutcome(viaYtd.res, intent.metric.label, viaYtd.parts, ent, r.target));
          continue;
        }
        outcomes.push({ failure: fail, entity: ent, target: r.target });
        continue;
      }
      const res = ttmFromQuarters({ quarters: figs.map((f) => f.operand), metricId: intent.metric.id, calendars: ent.calendars });
      recordCalculation(ctx, res);
      outcomes.push(calcOutcome(res, intent.metric.label, figs, ent, r.target));
      continue;
    }

    if (intent.operation === 'growth' || intent.operation === 'change') {
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
        continue;
      }
      const later = await computeFigure(ctx, ent, intent.metric, laterT, pins, intent.operandScopes);
      const earlier = await computeFigure(ctx, ent, intent.metric, earlierT, pins, intent.operandScopes);
      if (!later.ok || !earlier.ok) {
        outcomes.push({ failure: (!later.ok ? later.failure : (earlier as { ok: false; failure: Failure }).failure), entity: ent, target: !later.ok ? laterT : earlierT });
        continue;
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
        continue;
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
      continue;
    }

    // value: one figure per requested period
    for (const r of resolved) {
      const f = await computeFigure(ctx, ent, intent.metric, r.target, pins, intent.operandScopes);
      outcomes.push(f.ok ? { figure: f.figure, entity: ent, target: r.target } : { failure: f.failure, entity: ent, target: r.target });
    }
  }

  return finish(compose(intent, outcomes, stop));
}

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

function calcOutcome(res: CalcResult, label: string, parts: Figure[], ent: EntityContext, target: Target): Outcome {
  if (!res.ok) return { failure: { kind: 'rejected', message: res.errors.map((e) => e.message).join('; '), errors: res.errors }, entity: ent, target };
  return { entity: ent, target, figure: fromCalc(res, label, parts, ent) };
}

function valueLabel(intent: Intent): string {
  if (intent.operation === 'growth') return `${intent.metric.label} growth`;
  if (intent.operation === 'change') return `Change in ${lowerFirst(intent.metric.label)}`;
  if (intent.operation === 'ttm') return `${intent.metric.label} (TTM)`;
  return intent.metric.label;
}

function compose(intent: Intent, outcomes: Outcome[], stop: { status: AnswerStatus; message: string; options?: string[] }[]): Omit<Answer, 'timingMs' | 'manifestId'> {
  const tb = new TextBuilder();
  const values: AnswerValue[] = [];
  const errors: AnswerError[] = [];
  const label = valueLabel(intent);
  const metricWords = lowerFirst(intent.metric.label);

  const clar = stop.find((s) => s.status === 'needs_clarification');
  if (clar && outcomes.every((o) => !o.figure)) {
    tb.text(clar.message);
    return base('needs_clarification', { question: clar.message, options: clar.options ?? [] });
  }

  let n = 0;
  for (const o of outcomes) {
    if (!o.figure) continue;
    const f = o.figure;
    const id = `v${++n}`;
    const ent = o.entity;
    values.push({
      id,
      label,
      entity: ent.entity,
      metric: intent.operation === 'value' || intent.operation === 'series' ? intent.metric.id : `${intent.metric.id}_${intent.operation}`,
      value: f.unit === 'pp' ? f.value / 100 : f.value,
      display: f.display,
      unit: f.unit === 'pp' ? 'ratio' : f.unit,
      currency: f.currency,
      period: answerPeriod(f.period, ent.calendars),
      basis: f.basis,
      formula: f.formula,
      factIds: f.factIds,
      citations: f.citations,
      scope: intent.scope,
      versionBasis: f.versionBasis,
      otherVersions: f.otherVersions,
      flags: f.flags,
      inputs: f.inputs.map((inp) => ({ ...inp, id: `${id}.${inp.id}` })),
    });
  }

  for (const o of outcomes) {
    if (o.failure) for (const e of o.failure.errors) errors.push({ code: e.code, message: `${o.entity.entity.name}: ${e.message}`, factIds: e.factIds });
  }
  for (const s of stop) errors.push({ code: s.status === 'rejected' ? 'INSTANT_DURATION_MIX' : s.status === 'needs_clarification' ? 'AMBIGUOUS_PERIOD' : 'MISSING_FACT', message: s.message, factIds: [] });

  // text
  if (intent.pathway === 'comparison' && values.length > 0) {
    tb.text(`${intent.metric.label}${intent.operation === 'value' ? '' : ` (${intent.operation})`}, each company on its own fiscal calendar: `);
    values.forEach((v, i) => {
      tb.text(`${i ? '; ' : ''}${v.entity.name} `).value(v.id, v.display).text(` for ${v.period.label} (${v.period.dateRange})`);
    });
    tb.text('.');
  } else if (intent.operation === 'series' && values.length > 0) {
    const first = values[0]!;
    tb.text(`${possessive(first.entity.name)} ${metricWords} by fiscal year: `);
    values.forEach((v, i) => tb.text(`${i ? '; ' : ''}${v.period.label} (${v.period.dateRange}) `).value(v.id, v.display));
    tb.text('. ');
    tb.text(trendSentence(values));
  } else {
    for (const v of values) {
      const name = possessive(v.entity.name);
      if (intent.operation === 'expression') {
        const symbol = ({ sum: ' + ', difference: ' − ', ratio: ' ÷ ', share: ' ÷ ' } as const)[intent.expression?.kind === 'op' ? intent.expression.op : 'sum'];
        tb.text(`${name} ${lowerFirst(v.label)} for ${v.period.label} (${v.period.dateRange}) is `).value(v.id, v.display).text(', computed as ');
        v.inputs.forEach((inp, i) => tb.text(`${i ? symbol : ''}${lowerFirst(inp.label)} for ${inp.period.label} `).value(inp.id, inp.display));
        tb.text('.');
      } else if (intent.operation === 'growth' || intent.operation === 'change') {
        const [earlier, later] = v.inputs as [AnswerValue['inputs'][0], AnswerValue['inputs'][0]];
        const verb = intent.operation === 'growth' ? (v.value >= 0 ? 'grew' : 'fell') : 'changed by';
        tb.text(`${name} ${metricWords} ${verb} `).value(v.id, intent.operation === 'growth' ? v.display.replace(/^−/, '') : v.display);
        tb.text(` from ${earlier.period.label} (${earlier.period.dateRange}), `).value(earlier.id, earlier.display);
        tb.text(`, to ${later.period.label} (${later.period.dateRange}), `).value(later.id, later.display).text('.');
        if (v.flags.includes('WEEKS_53_VS_52')) tb.text(' Note: one of the two fiscal years had 53 weeks, the other 52.');
        if (v.flags.includes('IMPLAUSIBLE')) tb.text(' Flagged: this is outside the usual sanity bounds (growth above 500% or below −90%); check the operands before relying on it.');
      } else if (intent.operation === 'ttm') {
        tb.text(`${name} trailing-twelve-month ${metricWords} to ${v.period.dateRange.split(' – ')[1]} was `).value(v.id, v.display);
        if (v.inputs.length === 3) {
          const [fyIn, cur, prior] = v.inputs as [AnswerValue['inputs'][0], AnswerValue['inputs'][0], AnswerValue['inputs'][0]];
          tb.text(`, computed as ${fyIn.period.label} `).value(fyIn.id, fyIn.display).text(` + ${cur.period.label} `).value(cur.id, cur.display);
          tb.text(` − ${prior.period.label} `).value(prior.id, prior.display).text(' (quarterly figures were not all reported).');
        } else {
          tb.text(`, the sum of four contiguous quarters: `);
          v.inputs.forEach((inp, i) => tb.text(`${i ? ', ' : ''}${inp.period.label} `).value(inp.id, inp.display));
          tb.text('.');
        }
      } else {
        tb.text(`For ${v.period.label} (${v.period.dateRange}), ${name} ${metricWords} was `).value(v.id, v.display);
        if (v.inputs.length && v.formula) {
          if (intent.metric.kind === 'base') {
            // a stored metric with inputs is a derived fourth quarter: FY − 9M YTD
            tb.text(`, derived as ${v.inputs[0]!.period.label} `).value(v.inputs[0]!.id, v.inputs[0]!.display).text(` minus ${v.inputs[1]!.period.label} `).value(v.inputs[1]!.id, v.inputs[1]!.display);
          } else {
            tb.text(', from ');
            v.inputs.forEach((inp, i) => tb.text(`${i ? ' and ' : ''}${lowerFirst(inp.label)} `).value(inp.id, inp.display));
          }
        }
        tb.text('.');
        if (v.otherVersions) tb.text(` Other reported versions of this figure exist; this uses the ${v.versionBasis.replace('_', ' ')} basis.`);
      }
      tb.text(' ');
    }
  }
  const missing = outcomes.filter((o) => o.failure);
  for (const o of missing) {
    const code = o.failure!.errors[0]?.code;
    if (o.failure!.kind === 'rejected') tb.text(` Refused for ${o.entity.entity.name} [${code}]: ${o.failure!.message}.`);
    else tb.text(` Not available for ${o.entity.entity.name}: ${o.failure!.message}. Ledgerline does not substitute another period.`);
  }
  for (const s of stop) tb.text(` ${s.message}`);
  if (intent.unknownEntities?.length) tb.text(` No company named ${intent.unknownEntities.map((n) => `“${n}”`).join(' or ')} is in this workspace.`);

  const rejectedAny = missing.some((o) => o.failure!.kind === 'rejected') || stop.some((s) => s.status === 'rejected');
  const status: AnswerStatus = values.length > 0 ? 'answered' : rejectedAny ? 'rejected' : stop.some((s) => s.status === 'needs_clarification') ? 'needs_clarification' : 'insufficient_evidence';
  const table =
    intent.pathway !== 'detail' && values.length > 0
      ? {
          columns: ['Company', 'Period', 'Dates', label],
          rows: values.map((v) => ({ valueId: v.id, cells: [v.entity.name, v.period.label, v.period.dateRange, v.display] })),
        }
      : null;
  // a refused calculation offers the valid questions it contains, as chips (no number is given)
  const alternatives = status === 'rejected' && intent.operation === 'expression' ? expressionAlternatives(intent) : null;
  return { ...base(status, alternatives), table };

  function base(status: AnswerStatus, clarification: Answer['clarification']) {
    const text = tb.toString().replace(/\s+/g, ' ').trim();
    return { status, pathway: intent.pathway, text, segments: tb.segments, values, passages: [], clarification, errors, intent, table: null } as Omit<Answer, 'timingMs' | 'manifestId'>;
  }
}

/** The valid questions inside a refused calculation: each operand on its own. */
function expressionAlternatives(intent: Intent): Answer['clarification'] {
  const operands: { label: string; period: string }[] = [];
  const walk = (n: NonNullable<Intent['expression']>) => {
    if (n.kind === 'operand') operands.push({ label: n.operand.metric.label, period: n.operand.period.text });
    else n.args.forEach(walk);
  };
  if (intent.expression) walk(intent.expression);
  const who = intent.entities[0]?.name ?? '';
  const options = [...new Set(operands.map((o) => `${who} ${lowerFirst(o.label)} ${o.period}`.trim()))];
  if (intent.metric.kind === 'derived') {
    for (const p of [...new Set(operands.map((o) => o.period))]) options.push(`${who} ${lowerFirst(intent.metric.label)} ${p}`.trim());
  }
  return { question: 'Ask for a valid figure instead:', options, rewrites: options };
}

/** The direction of a series, stated only as far as the numbers show it. */
function trendSentence(values: AnswerValue[]): string {
  if (values.length < 2) return '';
  const ups: string[] = [];
  const downs: string[] = [];
  for (let i = 1; i < values.length; i++) {
    const d = values[i]!.value - values[i - 1]!.value;
    if (d > 0) ups.push(values[i]!.period.label);
    else if (d < 0) downs.push(values[i]!.period.label);
  }
  if (downs.length === 0 && ups.length === values.length - 1) return 'It rose in every year shown.';
  if (ups.length === 0 && downs.length === values.length - 1) return 'It fell in every year shown.';
  return `It did not move in one direction: it rose in ${ups.join(', ') || 'no year'} and fell in ${downs.join(', ') || 'no year'}.`;
}

export type { TypedError };
