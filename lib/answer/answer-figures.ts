/**
 * The figure pathway of the answer room: a figure plan (planned, asked back, or missing evidence) → each
 * entity's period targets (targets.ts) → figures through the operation's module (operations/) → text
 * (compose.ts). A whole question's plan, or the figure part of a mixed one (answer-parts.ts).
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import type { EntityIndex } from '@/lib/planner/entity-index';
import { readInstructions } from '@/lib/planner/instructions';
import type { Intent, PeriodRequest, PlanResult } from '@/lib/planner/types';
import { compose, type ComposedAnswer } from './compose';
import type { EntityContext, ExecContext, Target } from './compute';
import { entityContext } from './entity-context';
import { notHeldNotes, withNotes } from './filings-held';
import { operationFor, type Outcome } from './operations';
import { figureNote } from './read-back';
import type { StageReporter } from './stage-reporter';
import { TARGET, resolveAllFor, resolveFor, type Resolution, type Stop } from './targets';
import { TextBuilder } from './text';
import type { Trace } from './trace';
import { sayVerdict } from './verdict';

/** A plan the figure pathway answers: every plan but one about the filings' text. */
export type FigurePlan = Exclude<PlanResult, { status: 'planned_narrative' }>;

/** What the figure pathway reads from: the store, the asker, the question (its words name the source statements) and the answer's trace. */
export interface FigureEnv {
  db: Db;
  tenantId: string;
  role: Role | null;
  question: string;
  index: EntityIndex;
  trace: Trace;
  report: StageReporter;
}

/**
 * The answer to a figure plan: its clarification or what is missing when it is not planned; else each measure
 * it names answered in turn (one answer), a misspelt measure word read as another said first.
 */
export async function answerFigures(plan: FigurePlan, env: FigureEnv): Promise<ComposedAnswer> {
  if (plan.status !== 'planned') return notPlanned(plan);
  const parts: ComposedAnswer[] = [];
  for (const intent of [plan.intent, ...(plan.also ?? [])]) parts.push(await answerIntent(intent, env));
  const [one, ...more] = parts;
  const composed = one && more.length === 0 ? one : joinParts(parts);
  const corrections = plan.corrections ?? [];
  if (corrections.length === 0) return composed;
  const said = `Read ${corrections.map((c) => `“${c.from}” as “${c.to}”`).join(' and ')}. `;
  return { ...composed, text: said + composed.text, segments: [{ type: 'text', text: said }, ...composed.segments] };
}

/** A plan asked back (its question and chips) or refused for missing evidence, as an answer. */
function notPlanned(plan: Extract<PlanResult, { status: 'needs_clarification' | 'insufficient_evidence' }>): ComposedAnswer {
  const tb = new TextBuilder();
  const partial = plan.partial;
  if (plan.status === 'needs_clarification') tb.text(plan.clarification.question);
  else tb.text(`${plan.missing} Ledgerline answers only from reported facts and does not guess.`);
  return {
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
  };
}

/** One intent: each company's periods resolved on its own calendar, its figures computed by the operation's module, composed. */
async function answerIntent(intent: Intent, env: FigureEnv): Promise<ComposedAnswer> {
  const { db, tenantId, report } = env;
  report.stage('looking_up');
  const ctx: ExecContext = { db, tenantId, role: env.role, ...scopeOf(intent, env.question), trace: env.trace, report };
  const contexts = await Promise.all(intent.entities.map((e) => entityContext(db, tenantId, e, ctx.role, env.index)));
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
        const target = pins.get(intent.metric.denominator ?? '') ?? [...pins.values()][0];
        if (target) resolved.push({ ok: true, target, resolved: null });
      }
    }
    const before = outcomes.length;
    await operation.run({ ctx, ent, intent, free, pins, resolved, outcomes, stop });
    reportFigures(report, outcomes.slice(before), wanted);
  }
  if (wanted) refuseOtherCurrencies(intent, outcomes, wanted);
  report.stage('computing');
  const notes = await notHeldNotes(db, { tenantId, role: ctx.role }, outcomes);
  return withNotes(sayVerdict(intent, compose(intent, outcomes, stop)), notes);
}

/** "in US dollars", "in euros": a figure measured in another currency is refused, never converted or relabelled. */
function refuseOtherCurrencies(intent: Intent, outcomes: Outcome[], wanted: string): void {
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

/** An intent's scope and basis, and the statements its question names as the source of its figures (statement-scope.ts). */
function scopeOf(intent: Intent, question: string): Pick<ExecContext, 'scope' | 'basis' | 'statements'> {
  return { scope: intent.scope, basis: intent.basis, statements: readInstructions(question).instructions.statements ?? [] };
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
  const first = parts[0];
  if (!first) throw new Error('an answer has at least one part');
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
    const next = out[i + 1];
    if (!next || prev?.type !== 'text' || !prev.text.trimEnd().endsWith('.')) return clean(segments);
    out[i - 1] = { ...prev, text: prev.text.trimEnd().slice(0, -1) };
    out[i] = { type: 'text', text: '; ' };
    out[i + 1] = { ...next, text: `its ${next.text.slice(lead.length)}` };
  }
  return clean(out);
}
