/**
 * One operation of the answer room (value, series, growth/change, TTM, explicit expressions, …):
 * how it turns resolved targets into figures through the figure engine (compute.ts, expression.ts),
 * and how its values are said. Adding an operation is one module here plus its tests, listed in
 * index.ts; the orchestrator (answer-question.ts) and the composer (compose.ts) do not change.
 */
import type { Intent, PeriodRequest } from '@/lib/planner/types';
import type { EntityContext, ExecContext, Failure, Figure, Target } from '../compute';
import type { Resolution, Stop } from '../targets';
import type { TextBuilder } from '../text';
import type { Answer, AnswerStatus, AnswerValue, BreakdownPart } from '../types';

/** What one entity's evaluation produced: a figure, or why not. */
export interface Outcome {
  figure?: Figure;
  failure?: Failure;
  entity: EntityContext;
  target?: Target;
  extra?: { earlier: Figure; later: Figure } | { quarters: Figure[] };
  /** the operation that produced this figure when it is not the intent's ("twelve months ended" that is a TTM) */
  via?: Operation;
  /** the value's own label when it is not the operation's (a breakdown's member: "iPhone net sales") */
  label?: string;
  /** the figure's place in a breakdown (lib/answer/operations/breakdown) */
  part?: BreakdownPart;
}

export interface OperationInput {
  ctx: ExecContext;
  ent: EntityContext;
  intent: Intent;
  /** the entity's period requests not pinned to one operand */
  free: PeriodRequest[];
  /** operand-pinned periods, resolved: measure id (or operand key) → target */
  pins: Map<string, Target>;
  /** the free periods resolved (when the operation asks for it), in question order */
  resolved: Extract<Resolution, { ok: true }>[];
  outcomes: Outcome[];
  stop: Stop[];
}

/** What the composer hands an operation to say one value. */
export interface SayValue {
  tb: TextBuilder;
  v: AnswerValue;
  intent: Intent;
  /** “Apple’s” */
  name: string;
  /** the measure in running text (“net income”) */
  metricWords: string;
  /** the calculation that produced the value (`change`, `derive_q4`, `sum`, …); null for a stored fact */
  calculation: Figure['calculation'];
}

export interface Operation {
  /** the intent operations this module evaluates */
  handles: readonly Intent['operation'][];
  /**
   * true: the orchestrator resolves every free period first and stops the entity on the first that
   * fails (asked back / not available / refused); false: the operation resolves its own periods
   */
  resolvesPeriods: boolean;
  run(input: OperationInput): Promise<void>;
  /** the label of its values (“Revenue growth”) */
  label(intent: Intent): string;
  /** the sentence for one value in a detail answer */
  say(s: SayValue): void;
  /** the whole answer's text when the operation says its values together (series); false = per value */
  sayAll?(tb: TextBuilder, values: AnswerValue[], intent: Intent): boolean;
  /** the answer's table when the operation lays its values out itself (a breakdown: one row per member) */
  table?(values: AnswerValue[], intent: Intent): Answer['table'];
  /** chips offered when the answer's status is this (e.g. a refused calculation's valid parts) */
  alternatives?(intent: Intent, status: AnswerStatus): Answer['clarification'];
}
