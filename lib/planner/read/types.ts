/**
 * The planner's readers: one per kind of meaning, each claiming spans of one span map (lib/planner/spans)
 * and writing what it understood into the shared reading. The pipeline (lib/planner/plan.ts) runs them in
 * order; the first one that must ask back (or that settles the plan on its own: a narrative question, an
 * explicit calculation) stops it, and its result names the reader. A new kind of meaning is a new reader:
 * a module exporting a `Reader`, added to the pipeline's list.
 */
import type { FilingForm } from '@/lib/domain/types';
import type { PeriodPhrase, YearRangeSpan } from '@/lib/fiscal';
import type { EntityMention } from '../match-entities';
import type { MetricMention } from '../match-metric';
import type { OperationWords } from '../operations';
import type { SpanMap } from '../spans';
import type { EntityRef, Intent, MetricRef, PlanResult } from '../types';
import type { HeldFiling, VersionBasisReading } from '../version-basis';
import type { ReadInstructions } from '../instructions';
import type { VerdictRead } from '../verdict';
import type { CatalogEntity } from '../catalog';
import type { EntityIndex } from '../entity-index';
import type { MatchContext } from '../match-metric';
import type { ContextSlot } from './context';

export const READER_NAMES = [
  'entity',
  'scope',
  'discourse',
  'comparison',
  'period',
  'measure',
  'breakdown',
  'member',
  'narrative',
  'operation',
  'expression',
] as const;
export type ReaderName = (typeof READER_NAMES)[number];

export interface PlanContext {
  catalog: CatalogEntity[];
  /** the tenant's cached entity index (lib/planner/catalog loadEntityIndex): lookups without a scan */
  index?: EntityIndex;
  /** members (segments, products, geographies) and labelled concepts of the question's companies */
  measures?: MatchContext;
  /** the previous intent of the thread: follow-ups inherit what they leave unsaid */
  previous?: Intent | null;
  /**
   * the filings held for the question's companies, by entity id and form named ("20-F", "annual": every annual form),
   * each named as a question names it ("the FY2024 20-F"), newest first; loaded only for a question naming a filing by
   * its form alone, which is then the one held or asked back by these names (lib/planner/version-basis)
   */
  filings?: Readonly<Record<string, Partial<Record<FilingForm, readonly string[]>>>>;
  /** the same filings with the day each was filed; loaded only for a question naming a filing by when it was filed */
  filedFilings?: Readonly<Record<string, Partial<Record<FilingForm, readonly HeldFiling[]>>>>;
  /** slots of the previous intent the analyst removed from the thread: never carried (read/context) */
  drop?: readonly ContextSlot[];
  /** internal: plan for this one of several measures the question names ("revenue and net income") */
  onlyMetric?: string;
}

/** A measure mention placed in the question (offsets into the question). */
export interface MeasureAt {
  ref: MetricRef;
  start: number;
  end: number;
}

/** A company mention placed in the question. */
export interface EntityAt {
  id: string;
  start: number;
  end: number;
}

type Words = OperationWords['growth'];

/** What the readers understood so far: each reader reads the fields of those before it and fills its own. */
export interface Reading {
  question: string;
  ctx: PlanContext;
  spans: SpanMap;
  notes: string[];
  prev: Intent | null;
  // entity
  mentions: EntityMention[];
  entities: EntityRef[];
  entityAt: EntityAt[];
  // scope
  version: VersionBasisReading;
  // discourse
  instructionsRead: ReadInstructions;
  instructions: NonNullable<Intent['instructions']>;
  // comparison
  verdictRead: VerdictRead;
  // period
  /** the question with the ranges that are no periods blanked (a basis date, a named filing) */
  periodText: string;
  /** the grammar's phrases before any reader dropped one (narrative topics leave them out) */
  rawPhrases: PeriodPhrase[];
  phrases: PeriodPhrase[];
  rangeSpan: YearRangeSpan | null;
  range: { from: number; to: number } | null;
  /** periods pinned to one operand ("using FY2025 operating profit") */
  pins: Map<PeriodPhrase, string>;
  ow: OperationWords;
  // measure
  metricMentions: MetricMention[];
  measureAt: MeasureAt[];
  ambiguous: { phrase: string | undefined; options: string[] } | null;
  candidates: MetricMention[];
  metric: MetricRef | null;
  /** a member the filer's vocabulary read when no measure was named yet, for the measure a verb makes later */
  pendingMember?: { dimensions: Record<string, string>; label: string };
  /** a filing named by its form alone beside a cover word and a period ("per the 10-K cover (as of …)"): asked back unless a cover figure is read */
  coverForm?: { question: string; options: string[] };
  // operation
  growthW: Words;
  changeW: Words;
  seriesW: Words;
  cagrW: Words;
  quarterlyW: Words;
  yearlyW: Words;
  prefixW: OperationWords['prefix'];
  arithW: OperationWords['infix'];
  methodW: OperationWords['method'];
  comparing: boolean;
  eachW: boolean;
  ttmFold: TtmFold | null;
  cagr: import('../cagr').CagrSpan | null;
  average: import('../average').AverageSpan | null;
  // breakdown
  /** "revenue by product": the axis whose members break the measure down (read/breakdown) */
  breakdown: import('./breakdown').BreakdownRead | null;
}

/** A TTM written apart from the period it ends with ("TTM revenue growth y/y as of FQ1'27"). */
export interface TtmFold {
  ttm: PeriodPhrase;
  anchor: PeriodPhrase;
  joiner: { start: number; end: number } | null;
}

/** A reader: claims its spans and fills its part of the reading; returns a result when the plan ends with it. */
export interface Reader {
  readonly name: ReaderName;
  read(r: Reading): PlanResult | null;
}

/** An ask-back result: the reader asks what it could not read (`partial`: what the plan knows so far). */
export function ask(
  question: string,
  options: string[],
  partial: Partial<Intent>,
  notes: string[],
  rewrites?: (string | null)[],
): PlanResult {
  return {
    status: 'needs_clarification',
    clarification: { question, options, ...(rewrites ? { rewrites } : {}) },
    partial,
    notes,
  };
}
