/**
 * The orchestrator of the answer room: plan → each entity's period targets (targets.ts) → figures
 * through the operation's module (operations/, over the figure engine in compute.ts and
 * expression.ts) → text (compose.ts) → evidence manifest (store-manifest.ts).
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { configuredLanguageModel } from '@/lib/ai/models';
import type { TypedError } from '@/lib/calc';
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { loadEntityIndex } from '@/lib/planner/catalog';
import type { EntityIndex } from '@/lib/planner/entity-index';
import { proposeIntent } from '@/lib/planner/llm-intent';
import { matchEntities } from '@/lib/planner/match-entities';
import { readInstructions } from '@/lib/planner/instructions';
import { planQuestion } from '@/lib/planner/plan';
import type { ContextSlot } from '@/lib/planner/read/context';
import type { Intent, PeriodRequest, PlanResult } from '@/lib/planner/types';
import { loadConceptCatalog } from '@/lib/retrieval/concepts';
import { loadMemberCatalog } from '@/lib/retrieval/members';
import { answerJudgement, planJudgement } from './analyses';
import { answerNarrative } from './answer-narrative';
import { answerCacheKey, cachedAnswer, rememberAnswer, serveCached } from './cache';
import { sayVerdict } from './verdict';
import { compose, type ComposedAnswer } from './compose';
import type { EntityContext, ExecContext, Target } from './compute';
import type { Trace } from './trace';
import { entityContext, latestPeriodEndAt } from './entity-context';
import { notHeldNotes, withNotes } from './filings-held';
import type { AnswerEvent } from './messages';
import { figureNote, readBack } from './read-back';
import { type StageReporter, stageReporter } from './stage-reporter';
import { operationFor, type Outcome } from './operations';
import { phraseAnswer } from './phrase';
import { storeManifest } from './store-manifest';
import { TARGET, resolveAllFor, resolveFor, type Resolution, type Stop } from './targets';
import { TextBuilder } from './text';
import type { Answer } from './types';

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
  /** slots of the previous intent the analyst removed from the thread: the follow-up does not inherit them */
  drop?: readonly ContextSlot[];
  /** a clarified intent (a typed clarification chip chosen): answered as it is, without planning the question again */
  intent?: Intent;
  /** store the evidence manifest (default true) */
  store?: boolean;
  /** optional language model for intent proposals and phrasing; undefined = the configured one (usually none) */
  languageModel?: LanguageModelV3 | null;
  /**
   * told as work happens: each stage as it starts (planning → looking_up → computing → composing; stages a
   * question skips are not told), the plan read back, each figure as it is computed (messages.ts AnswerEvent)
   */
  onEvent?: (event: AnswerEvent) => void;
  /** serve and keep the answer in the answer cache (default true; cache.ts says when an answer is served again) */
  cache?: boolean;
}

/**
 * Answer one question: plan → resolve each entity's periods on its own calendar → typed lookups and
 * validated calculations → deterministic text with every number cited → evidence manifest.
 */
export async function answerQuestion(opts: AnswerQuestionOptions): Promise<Answer> {
  const t0 = performance.now();
  const question = opts.question.trim();
  if (!question) throw new AppError('bad_request:question', 'The question is empty.');
  if (question.length > MAX_QUESTION_LENGTH)
    throw new AppError('bad_request:question', `Questions are limited to ${MAX_QUESTION_LENGTH} characters.`);
  const { db, tenantId } = opts;
  const model = opts.languageModel === undefined ? configuredLanguageModel() : opts.languageModel;
  // only a deterministic answer is cached: with a language model the same question may be worded (or planned) anew
  const cacheKey =
    opts.cache === false || model || opts.intent
      ? null
      : await answerCacheKey({
          db,
          tenantId,
          role: opts.role ?? null,
          question,
          previous: opts.previous ?? null,
          drop: opts.drop,
          plannerVersion: PLANNER_VERSION,
        });
  const hit = cacheKey && cachedAnswer(cacheKey);
  if (hit)
    return serveCached(db, {
      hit,
      tenantId,
      userId: opts.userId,
      threadId: opts.threadId ?? null,
      question,
      store: opts.store !== false,
      startedAt: t0,
      onEvent: opts.onEvent,
    });
  const report = stageReporter(opts.onEvent);
  const stage = report.stage;
  stage('planning');
  const trace: Trace = { lookups: [], calculations: [] };
  // the cache key read the data version in this transaction: the index is checked against the same one (one read, not two)
  const index = await loadEntityIndex(db, tenantId, cacheKey ? cacheKey.version : undefined);
  const catalog = index.entities;
  const measures = await measureCatalogs(opts, question, index);
  const context = { catalog, index, previous: opts.previous ?? null, drop: opts.drop, measures };
  let plan: PlanResult = opts.intent
    ? { status: 'planned', intent: opts.intent, notes: ['the intent of a clarified question, with the chosen period'] }
    : planQuestion(question, context);
  if ((plan.status === 'needs_clarification' || plan.status === 'insufficient_evidence') && model)
    plan = await proposeIntent(question, catalog, model, plan);
  const read = readBack(plan);
  if (read) report.plan(read);

  const finish = async (composed: ComposedAnswer): Promise<Answer> => {
    stage('composing');
    const phrased = await phraseAnswer({ ...composed, timingMs: 0, manifestId: null }, model);
    const { timingMs: _t, manifestId: _m, ...answer } = phrased.answer;
    if (phrased.problems.length) plan.notes.push(`LLM wording rejected: ${phrased.problems.join('; ')}`);
    const timingMs = Math.round(performance.now() - t0);
    const versions = {
      planner: PLANNER_VERSION,
      phrasing: phrased.used,
      ...(model ? { languageModel: `${model.provider}/${model.modelId}` } : {}),
    };
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
        versions,
      });
    }
    if (cacheKey) rememberAnswer(cacheKey, { answer, plan, trace, versions, events: [...report.events], manifestId });
    return { ...answer, manifestId, timingMs: Math.round(performance.now() - t0) };
  };

  // a judgement question ("Is it capital-intensive?", "Has its quick ratio improved?"): a computed analysis with its rule
  const judged = opts.intent ? null : planJudgement(question, index, measures);
  if (judged) {
    const analysed = await answerJudgement(judged, { db, tenantId, role: opts.role ?? null, index, trace, report, notes: plan.notes });
    // an analysis with no figure to stand on leaves a question the filings' text answers ("what drove
    // its gross margin, and why was it lower?"): the narrative path answers it when the planner read one
    if (analysed.status === 'answered' || plan.status !== 'planned_narrative') return finish(analysed);
    plan.notes.push(`judgement ${judged.analysis}: ${analysed.status}; answered from the filings' text instead`);
  }

  if (plan.status === 'planned_narrative') {
    stage('looking_up');
    const narrative = await answerNarrative({ db, tenantId, role: opts.role ?? null, narrative: plan.narrative, trace, question, report });
    if (!plan.numericQuestion || plan.numericQuestion.trim() === question) return finish(narrative);
    // a mixed question: the figures through the numeric path, the text through the narrative one, one answer
    stage('computing');
    // its figures are this answer's figures; its stages are already told
    const onEvent = (e: AnswerEvent) => e.type === 'figure' && report.figure(e.figure);
    const numeric = await answerQuestion({ ...opts, question: plan.numericQuestion, store: false, previous: null, onEvent });
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

  const run = async (intent: Intent): Promise<ComposedAnswer> => {
    stage('looking_up');
    const ctx: ExecContext = { db, tenantId, role: opts.role ?? null, ...scopeOf(intent, question), trace, report };
    const contexts = await Promise.all(intent.entities.map((e) => entityContext(db, tenantId, e, ctx.role, index)));
    const operation = operationFor(intent);
    const outcomes: Outcome[] = [];
    const wanted = intent.instructions?.currency;
    const stop: Stop[] = [];

    for (const ent of contexts) {
      const mine = intent.periods.filter((p) => !p.forEntity || p.forEntity === ent.entity.id);
      const free = mine.filter((p) => p.forMetric === null);
      const pins = resolvePins(ent, intent, mine, stop);
      if (!pins) continue;
      let resolved: Extract<Resolution, { ok: true }>[] = [];
      if (operation.resolvesPeriods) {
        const resolutions = resolveAllFor(ent, free, intent.metric.periodType);
        const failed = resolutions.find((r): r is Extract<Resolution, { ok: false }> => !r.ok);
        if (failed) {
          stop.push(failed);
          continue;
        }
        resolved = resolutions as Extract<Resolution, { ok: true }>[];
        if (resolved.length === 0 && pins.size > 0) {
          // only pinned periods: the question period is the denominator's (the base of the measure)
          resolved.push({ ok: true, target: pins.get(intent.metric.denominator ?? '') ?? [...pins.values()][0]!, resolved: null });
        }
      }
      const before = outcomes.length;
      await operation.run({ ctx, ent, intent, free, pins, resolved, outcomes, stop });
      reportFigures(report, outcomes.slice(before), wanted);
    }

    // "in US dollars", "in euros": a figure measured in another currency is refused, never converted or relabelled
    if (wanted) {
      for (const [i, o] of outcomes.entries()) {
        const have = o.figure?.currency;
        if (!o.figure || !have || have === wanted) continue;
        const message = `${intent.metric.label} is reported in ${have}, and the question asks for ${wanted}; Ledgerline does not convert currencies`;
        outcomes[i] = {
          entity: o.entity,
          ...(o.target ? { target: o.target } : {}),
          failure: { kind: 'rejected', message, errors: [{ code: 'CURRENCY_MISMATCH', message, factIds: o.figure.factIds }] },
        };
      }
    }
    stage('computing');
    const notes = await notHeldNotes(db, { tenantId, role: ctx.role }, outcomes);
    return withNotes(sayVerdict(intent, compose(intent, outcomes, stop)), notes);
  };

  // several measures named ("revenue and net income"): each answered in turn, one answer
  const parts: ComposedAnswer[] = [];
  for (const intent of [plan.intent, ...(plan.also ?? [])]) parts.push(await run(intent));
  const composed = parts.length === 1 ? parts[0]! : joinParts(parts);
  // a misspelt measure word read as another is said first, so the reader sees what was answered
  const corrections = plan.corrections ?? [];
  if (corrections.length === 0) return finish(composed);
  const said = `Read ${corrections.map((c) => `“${c.from}” as “${c.to}”`).join(' and ')}. `;
  return finish({ ...composed, text: said + composed.text, segments: [{ type: 'text', text: said }, ...composed.segments] });
}

/** An intent's scope and basis, and the statements its question names as the source of its figures (statement-scope.ts). */
function scopeOf(intent: Intent, question: string): Pick<ExecContext, 'scope' | 'basis' | 'statements'> {
  return { scope: intent.scope, basis: intent.basis, statements: readInstructions(question).instructions.statements ?? [] };
}

/** The members (segments, products, regions) and labelled concepts of the companies a question names. */
async function measureCatalogs(opts: AnswerQuestionOptions, question: string, index: EntityIndex) {
  const { db, tenantId } = opts;
  const named = namedEntityIds(question, index, opts.previous ?? null);
  // their latest period ends (the anchor of "last fiscal year") are read alongside the catalogues;
  // entityContext takes them from the cache instead of one more round trip after planning
  const version = index.version;
  if (version !== null) for (const id of named) void latestPeriodEndAt(db, tenantId, id, opts.role ?? null, version).catch(() => undefined);
  const [members, concepts] = named.length
    ? await Promise.all([
        loadMemberCatalog(db, tenantId, named, opts.role ?? null, index.version),
        loadConceptCatalog(db, tenantId, named, opts.role ?? null, index.version),
      ])
    : [[], []];
  return { members, concepts };
}

/** The companies a question names, and those of the thread's previous question (a follow-up inherits them). */
function namedEntityIds(question: string, index: EntityIndex, previous: Intent | null): string[] {
  return [
    ...new Set([...matchEntities(question, index).mentions.flatMap((m) => m.entityIds), ...(previous?.entities.map((e) => e.id) ?? [])]),
  ];
}

/**
 * The answers to each measure of one question, as one answer: values renumbered in order, texts one after
 * the other. Answered when any part is; a part that is not says so in its place.
 */
function joinParts(parts: ComposedAnswer[]): ComposedAnswer {
  const values: ComposedAnswer['values'] = [];
  const segments: ComposedAnswer['segments'] = [];
  const rows: NonNullable<ComposedAnswer['table']>['rows'] = [];
  for (const [k, part] of parts.entries()) {
    const ids = new Map<string, string>();
    for (const v of part.values) {
      const id = `v${values.length + 1}`;
      ids.set(v.id, id);
      values.push({ ...v, id });
    }
    if (k > 0) segments.push({ type: 'text', text: ' ', join: true } as ComposedAnswer['segments'][number]);
    for (const seg of part.segments) segments.push(seg.type === 'value' ? { ...seg, valueId: ids.get(seg.valueId) ?? seg.valueId } : seg);
    for (const r of part.table?.rows ?? []) rows.push({ ...r, valueId: ids.get(r.valueId) ?? r.valueId });
  }
  const first = parts[0]!;
  const answered = parts.some((p) => p.status === 'answered');
  const status = answered ? 'answered' : first.status;
  // one sentence per part (one value each): the same period and company are said once
  const joined = parts.every((p) => p.values.length === 1)
    ? sharedLead(segments)
    : segments.map((x) => ('join' in x ? { type: 'text' as const, text: x.text } : x));
  return {
    ...first,
    status,
    text: joined
      .map((x) => x.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
    segments: joined,
    values,
    clarification: answered ? null : first.clarification,
    errors: parts.flatMap((p) => p.errors),
    table: first.table ? { ...first.table, rows } : null,
  };
}

/** Tells each new figure as it is computed (one in another currency than the question asks for is refused, not shown). */
function reportFigures(report: StageReporter, outcomes: Outcome[], wanted: string | undefined): void {
  for (const o of outcomes) {
    const cur = o.figure?.currency;
    if (o.figure && (!wanted || !cur || cur === wanted)) report.figure(figureNote(o.figure, o));
  }
}

/** The periods pinned to one operand of a formula ("operating income from fiscal 2023"), resolved; null when one fails (it is in `stop`). */
function resolvePins(ent: EntityContext, intent: Intent, mine: PeriodRequest[], stop: Stop[]): Map<string, Target> | null {
  const pins = new Map<string, Target>();
  let blocked = false;
  for (const p of mine) {
    if (p.forMetric === null || p.forMetric === TARGET) continue;
    const base =
      intent.metric.numerator === p.forMetric || intent.metric.denominator === p.forMetric ? 'duration' : intent.metric.periodType;
    const r = resolveFor(ent, p, base);
    if (!r.ok) {
      stop.push(r);
      blocked = true;
      continue;
    }
    pins.set(p.forMetric, r.target);
  }
  return blocked ? null : pins;
}

export type { TypedError };

/**
 * "For FY2026 (…), Helios Components’ revenue was ₹1,200 crore. For FY2026 (…), Helios Components’ operating
 * income was ₹144 crore." → "…’ revenue was ₹1,200 crore; its operating income was ₹144 crore." when every part
 * opens with the same period and company.
 */
function sharedLead(segments: ComposedAnswer['segments']): ComposedAnswer['segments'] {
  const joins = segments.flatMap((x, i) => ('join' in x ? [i] : []));
  const clean = (xs: ComposedAnswer['segments']) => xs.map((x) => ('join' in x ? { type: 'text' as const, text: x.text } : x));
  const opener = segments[0];
  const lead = opener?.type === 'text' ? /^For [^,]+, .+?[’']s? /.exec(opener.text)?.[0] : undefined;
  if (!lead || joins.length === 0) return clean(segments);
  const starts = joins.map((i) => segments[i + 1]);
  if (!starts.every((x) => x?.type === 'text' && x.text.startsWith(lead))) return clean(segments);
  const out = [...segments];
  for (const i of joins) {
    const prev = out[i - 1];
    const next = out[i + 1]!;
    if (prev?.type !== 'text' || !prev.text.trimEnd().endsWith('.')) return clean(segments);
    out[i - 1] = { ...prev, text: prev.text.trimEnd().slice(0, -1) };
    out[i] = { type: 'text', text: '; ' };
    out[i + 1] = { ...next, text: `its ${next.text.slice(lead.length)}` };
  }
  return clean(out);
}
