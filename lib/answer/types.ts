import type { Citation } from '@/lib/retrieval/lookup-facts';
import type { VersionNote } from './version-note';
import type { FiscalPeriodCode } from '@/lib/domain/types';
import type { PeriodSpec } from '@/lib/fiscal';
import type { Intent, Pathway } from '@/lib/planner/types';

export type AnswerStatus = 'answered' | 'needs_clarification' | 'insufficient_evidence' | 'rejected';

export interface AnswerPeriod {
  type: 'instant' | 'duration';
  /** null for instants */
  start: string | null;
  end: string;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  /** "FY2026", "Q4 FY2021", "end of FY2019", "TTM Q3 FY2025" */
  label: string;
  /** "1 Apr 2025 – 31 Mar 2026" */
  dateRange: string;
}

/** A number the answer rests on (an operand of a calculation), cited on its own. */
export interface AnswerInput {
  id: string;
  label: string;
  metric: string;
  value: number;
  display: string;
  unit: string;
  currency: string | null;
  period: AnswerPeriod;
  basis: 'reported' | 'derived';
  formula: string | null;
  factIds: string[];
  citations: Citation[];
}

/**
 * A value's place in a breakdown: a member (under the member it is part of, if any), the total, the
 * members' sum (`sum`: equal to the total; `sum_short`: not), the part of the total no member holds
 * (`gap`), or a member's share of the total.
 */
export interface BreakdownPart {
  role: 'member' | 'total' | 'sum' | 'sum_short' | 'gap' | 'share';
  member?: string;
  parent?: string;
}

export interface AnswerValue extends AnswerInput {
  entity: { id: string; name: string; ticker: string | null };
  scope: 'consolidated' | 'standalone';
  /** restatement basis: latest / original / as_of:<date> */
  versionBasis: string;
  /** other versions of an operand exist (restated, split-adjusted, re-rounded) */
  otherVersions: boolean;
  /** a stored figure: the version used (its filing) and the other versions of its chain */
  version?: VersionNote;
  flags: string[];
  inputs: AnswerInput[];
  /** breakdown answers: which member (or the total, the sum, a share) this value is */
  part?: BreakdownPart;
}

export interface AnswerError {
  code: string;
  message: string;
  factIds: string[];
}

/** A quoted sentence from a filing, cited to its passage. */
export interface AnswerPassage {
  id: string;
  entity: { id: string; name: string; ticker: string | null };
  fiscalYear: number | null;
  section: string | null;
  heading: string | null;
  quote: string;
  chunkId: string;
  sourceId: string;
  sourceTitle: string;
  page: number | null;
  /** character offsets of the quote in the source text, when known */
  span: [number, number] | null;
  /** the filing the passage comes from (narrative answers) */
  form?: string | null;
  filedAt?: string | null;
  accession?: string | null;
}

/** One key sentence group of a narrative answer: a filing's heading (Item + heading) and its quotes. */
export interface NarrativeSection {
  entityId: string;
  fiscalYear: number | null;
  /** "10-K FY2024, filed 2024-11-01" */
  filing: string;
  item: string | null;
  heading: string | null;
  passageIds: string[];
}

/** Side-by-side comparison: one column per company, one row per aspect found in the evidence. */
export interface NarrativeTable {
  /** `filing`: the filing a column quotes ("10-K FY2024, filed 2024-11-01"; absent on answers stored before) */
  columns: { entityId: string; label: string; filing?: string }[];
  rows: { aspect: string; cells: { passageIds: string[]; notDisclosed: boolean }[] }[];
}

/** "What changed" between two filings of one company, aligned by heading and sentence similarity. */
export interface NarrativeRedline {
  entityId: string;
  entityName: string;
  from: string;
  to: string;
  /** the later filing is a 10-Q, which repeats only changed risk factors: "removed" reads "not repeated" */
  partialLater: boolean;
  /** what was aligned: every sentence of the earlier and the later filing, and the topic sentences of each (absent on answers stored before) */
  basis?: { beforeSentences: number; afterSentences: number; topicSentences: [number, number] };
  entries: {
    kind: 'added' | 'removed' | 'modified';
    heading: string | null;
    beforePassageId: string | null;
    afterPassageId: string | null;
    diff: { op: 'eq' | 'ins' | 'del'; text: string }[] | null;
    /** a reworded sentence's numbers compared as numbers ("$0.25" → "$0.26", up) */
    numbers?: { before: string; after: string; change: 'up' | 'down' | 'same' }[];
  }[];
  unchanged: number;
}

/** The structure of a narrative answer (optional: numeric answers have none). */
export interface NarrativeBlock {
  topic: string;
  topicTerms: string[];
  /** one entry per (entity, filing/year) searched, in the order shown */
  filings: {
    entityId: string;
    entityName: string;
    fiscalYear: number | null;
    form: string | null;
    filedAt: string | null;
    sourceId: string | null;
    label: string;
    found: boolean;
  }[];
  sections: NarrativeSection[];
  table: NarrativeTable | null;
  redlines: NarrativeRedline[];
  /** entity-attribute check: every quote against its passage's entity, year, item, heading and text */
  check: { checked: number; removed: { passageId: string; reason: string }[] };
  /** how the text was written: deterministic composition, or an audited LLM draft */
  composer: 'deterministic' | 'llm-audited';
  /**
   * the answer's lead, shown before the table, redline and quotes: its summary ("side by side on 5
   * aspects …", "what changed …: 3 added …") and notes (missing filings); part of `text` too (absent
   * on answers stored before it)
   */
  lead?: TextSegment[];
}

/** Text with the numbers (and quotes) marked, so each is a focusable, cited button in the UI. */
export type TextSegment =
  | { type: 'text'; text: string }
  | { type: 'value'; valueId: string; text: string }
  | { type: 'passage'; passageId: string; text: string };

/**
 * A clarification chip's typed choice: the period request it fills for one company (a follow-up's answer
 * re-runs the clarified intent with it; the chip's label is never read as a question).
 */
export interface PeriodChoice {
  entityId: string;
  entityName: string;
  /** the period request as the intent holds it (its text) */
  request: string;
  spec: PeriodSpec;
  /** the chosen period in words ("FY2024 (1 Oct 2023 – 28 Sep 2024)") */
  text: string;
}

/** One part of a mixed question's answer: what it asked (its own words) and how that part ended. */
export interface AnswerPart {
  kind: 'figures' | 'narrative';
  question: string;
  status: AnswerStatus;
}

export interface Answer {
  status: AnswerStatus;
  pathway: Pathway;
  text: string;
  segments: TextSegment[];
  values: AnswerValue[];
  passages: AnswerPassage[];
  /** rewrites[i]: the question option i stands for (the server re-asks it when the chip is chosen) */
  clarification: {
    question: string;
    options: string[];
    rewrites?: (string | null)[];
    choices?: (PeriodChoice | null)[];
    /** per option, the intent planned with that choice (lib/planner Clarification.intents) */
    intents?: (Intent | null)[];
  } | null;
  errors: AnswerError[];
  manifestId: string | null;
  timingMs: number;
  intent: Intent | null;
  /** comparison/longitudinal rendering hints */
  table: { columns: string[]; rows: { valueId: string; cells: string[] }[] } | null;
  /** a mixed question: its parts in the order answered, each with its status (absent on single-part answers) */
  parts?: AnswerPart[];
  /** narrative answers: sections, side-by-side table, redline, checks (absent on numeric answers) */
  narrative?: NarrativeBlock;
}
