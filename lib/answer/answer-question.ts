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
import { planQuestion } from '@/lib/planner/plan';
import type { ContextSlot } from '@/lib/planner/read/context';
import type { Intent, PlanResult } from '@/lib/planner/types';
import { filingNameText, namesBareForm, namesFiledForm } from '@/lib/planner/version-basis';
import { loadConceptCatalog, loadMappedConceptLabels } from '@/lib/retrieval/concepts';
import { heldFilingDays, heldFilingNames } from '@/lib/retrieval/filings';
import { memberOwners } from '@/lib/retrieval/member-owners';
import { loadMemberCatalog } from '@/lib/retrieval/members';
import { answerJudgement, planJudgement } from './analyses';
import { answerFigures, type FigureEnv } from './answer-figures';
import { answerNarrative } from './answer-narrative';
import { answerMixed } from './answer-parts';
import { answerCacheKey, cachedAnswer, rememberAnswer, serveCached } from './cache';
import type { ComposedAnswer } from './compose';
import type { Trace } from './trace';
import { latestPeriodEndAt } from './entity-context';
import type { AnswerEvent } from './messages';
import { readBack } from './read-back';
import { stageReporter } from './stage-reporter';
import { phraseAnswer } from './phrase';
import { storeManifest } from './store-manifest';
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
  const filings = await filingsNamed(opts, question, index);
  const filedFilings = await filingsFiled(opts, question, index);
  const context = {
    catalog,
    index,
    previous: opts.previous ?? null,
    drop: opts.drop,
    measures,
    ...(filings ? { filings } : {}),
    ...(filedFilings ? { filedFilings } : {}),
  };
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

  const env: FigureEnv = { db, tenantId, role: opts.role ?? null, question, index, trace, report };
  if (plan.status !== 'planned_narrative') return finish(await answerFigures(plan, env));
  stage('looking_up');
  const narrative = await answerNarrative({ db, tenantId, role: opts.role ?? null, narrative: plan.narrative, trace, question, report });
  // a mixed question: each part by its own pathway, one answer
  return finish(plan.parts ? await answerMixed(plan.parts, narrative, env) : narrative);
}

/** The members (segments, products, regions) and labelled concepts of the companies a question names. */
async function measureCatalogs(opts: AnswerQuestionOptions, question: string, index: EntityIndex) {
  const { db, tenantId } = opts;
  let named = namedEntityIds(question, index, opts.previous ?? null);
  // no company named: the companies filing a member the question names by a proper name ("Sam's Club")
  const unknown = named.length ? [] : matchEntities(question, index).unknownNames;
  const owners = unknown.length ? await memberOwners(db, tenantId, question, unknown, opts.role ?? null, index.version) : [];
  if (owners.length === 1) named = owners.map((o) => o.entityId);
  // their latest period ends (the anchor of "last fiscal year") are read alongside the catalogues;
  // entityContext takes them from the cache instead of one more round trip after planning
  const version = index.version;
  if (version !== null) for (const id of named) void latestPeriodEndAt(db, tenantId, id, opts.role ?? null, version).catch(() => undefined);
  const [members, concepts, labels] = named.length
    ? await Promise.all([
        loadMemberCatalog(db, tenantId, named, opts.role ?? null, index.version),
        loadConceptCatalog(db, tenantId, named, opts.role ?? null, index.version),
        loadMappedConceptLabels(db, tenantId, named, opts.role ?? null, index.version),
      ])
    : [[], [], []];
  return { members, concepts, labels, ...(owners.length ? { owners } : {}) };
}

/** For a question naming a filing by its form alone ("per its 20-F"): the filings each company it names holds, by form. */
async function filingsNamed(opts: AnswerQuestionOptions, question: string, index: EntityIndex) {
  if (!namesBareForm(question)) return null;
  const named = namedEntityIds(question, index, opts.previous ?? null);
  if (named.length === 0) return null;
  const scope = { tenantId: opts.tenantId, role: opts.role ?? null };
  return Object.fromEntries(
    await Promise.all(named.map(async (id) => [id, await heldFilingNames(opts.db, scope, id, filingNameText)] as const)),
  );
}

/** For a question naming a filing by when it was filed ("the 10-K filed in February 2025"): each company's filings with their days. */
async function filingsFiled(opts: AnswerQuestionOptions, question: string, index: EntityIndex) {
  if (!namesFiledForm(question)) return null;
  const named = namedEntityIds(question, index, opts.previous ?? null);
  if (named.length === 0) return null;
  const scope = { tenantId: opts.tenantId, role: opts.role ?? null };
  return Object.fromEntries(await Promise.all(named.map(async (id) => [id, await heldFilingDays(opts.db, scope, id)] as const)));
}

/** The companies a question names, and those of the thread's previous question (a follow-up inherits them). */
function namedEntityIds(question: string, index: EntityIndex, previous: Intent | null): string[] {
  return [
    ...new Set([...matchEntities(question, index).mentions.flatMap((m) => m.entityIds), ...(previous?.entities.map((e) => e.id) ?? [])]),
  ];
}

export type { TypedError };
