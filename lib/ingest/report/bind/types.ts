/**
 * The shapes of binding: what a table, a row and a cell are bound with (BindContext, RowContext), what
 * binding produces (BoundTable, BoundCell, BoundFact), and the fold the cell rules form (Binding, Rule):
 * each rule reads the cell and what the rules before it decided, and answers with the values it decides,
 * labels for the review queue, and quarantine reasons.
 */
import type { ObservedFact, QuarantineReason, Scope } from '@/lib/domain/types';
import type { CalendarInput } from '@/lib/fiscal';
import type { MetricDef } from '@/lib/ontology/metrics';
import type { MetricMatch } from '../labels';
import type { CellValue } from '../numbers';
import type { ColumnPeriod, DateOrder } from '../periods';
import type { StructuredRow, ValueCell } from '../structure';
import type { RowUnitKind, UnitLine } from '../units';

export type TableKind = 'balance_sheet' | 'profit_loss' | 'cash_flow' | 'results' | 'equity' | 'other';

export interface BindContext {
  calendars: CalendarInput | null;
  /** accounting standard of the entity (concept choice) */
  standard: string;
  /** reporting currency when a unit line names none */
  currency: string | null;
  order: DateOrder;
  /** the document is an annual report: a bare date over a duration row means the year ended then */
  annual: boolean;
  /** the document is a quarterly report or release (10-Q): a bare year names none of its periods */
  quarterly?: boolean;
  scope: Scope | null;
  /** document-wide unit line ("All amounts in ₹ crore unless otherwise stated") */
  unit: UnitLine | null;
  /** placeholder date for quarantined cells without a period (period of report or filing date) */
  fallbackDate: string;
  /** the end of the period the document reports (its cover's), when known: no figure of it is of a later period */
  periodEnd?: string | null;
  /** SEC filings print statements in thousands or millions: a "$" alone does not say the scale */
  glyphIsNotScale?: boolean;
  /** the registrant as row labels name it ("Net income attributable to PepsiCo"), labels.registrantPattern */
  registrant?: RegExp | null;
}

export interface BoundCell {
  rowIndex: number;
  colIndex: number;
  rowLabel: string;
  sectionPath: string[];
  columnPath: string[];
  text: string;
  page: number | null;
  spanStart: number | null;
  spanEnd: number | null;
  /** normalized decimal as printed (sign applied) */
  printed: string;
  fact: BoundFact | null;
  /** why no fact: nil (dash), note or derived column */
  skipped: 'nil' | 'note' | 'derived' | null;
}

/** A cell's fact as binding decides it: the observed number, active or quarantined with its reason. */
export type BoundFact = ObservedFact & {
  status: 'active' | 'quarantined';
  reason: QuarantineReason | null;
  /** why, in words (kept in source labels for the review queue) */
  detail: string | null;
  labels: Record<string, unknown>;
};

export interface BoundTable {
  ordinal: number;
  title: string | null;
  kind: TableKind;
  /**
   * A primary statement (income statement and comprehensive income, balance sheet, cash flows, changes
   * in equity) by its own printed title, not a note or an MD&A table that merely mentions one
   * (`isPrimaryStatement`): the extraction statistics report these cells apart.
   */
  statement: boolean;
  section: string | null;
  page: number | null;
  unitLine: string | null;
  scale: number | null;
  currency: string | null;
  headerRows: string[][];
  rowCount: number;
  columnCount: number;
  labelCells: { rowIndex: number; label: string; page: number | null; span: [number, number] | null }[];
  cells: BoundCell[];
}

/** What binding a cell of a row needs to know about its table and row. */
export interface RowContext {
  match: MetricMatch | null;
  unitKind: RowUnitKind;
  unit: UnitLine | null;
  /** "(shares in 000's)": the scale of share counts only */
  shareUnit: UnitLine | null;
  glyphCurrency: string | null;
  tableScope: Scope | null;
  titlePeriod: ColumnPeriod | null;
  annualTable: boolean;
  kind: TableKind;
  single: boolean;
  /** notes tables: the title, so that rows of different notes are different concepts */
  tableSlug: string | null;
  /** the statement prints its expenses in parentheses */
  expensesNegative: boolean;
  /** the line is an expense the statement deducts in parentheses (deductedRows) */
  deducted?: boolean;
  /** the one period a short heading line above the table names, when no column heading names one */
  contextPeriod: ColumnPeriod | null;
  /** the period printed for the row's block (stub or date line), to check a column's own period against */
  rowPeriod: ColumnPeriod | null;
  /** scales the table's footnotes give some of its figures */
  footnoteScales: number[];
  /** the table prints a unit line of its own (not the document's or the notes' default) */
  ownUnitLine: boolean;
  /** the table's unit line is the heading of some value columns only, not of all */
  unitOfSomeColumns?: boolean;
  /** the one length phrase above the table ("three months ended June 30"), for its bare-year columns */
  lengthHint: string | null;
  /** the table's title or headings date balances ("as of", "at the end of"): its year columns are year ends */
  instantHint: boolean;
  /** the figure is printed bare between two percentages of its column (percentsBetween) */
  percentBetween?: boolean;
  /** the fiscal year a block heading ("Fiscal Year 2016") gives the rows below it */
  blockYear: ColumnPeriod | null;
  /** the header's stub or the title says the columns are quarters ("Quarter Ended" left of "September 30 | …") */
  quarterTable: boolean;
  /** the sentence or title over the table says it counts things ("unit counts … are summarized by format") */
  countTable: boolean;
  /** the column's heading is only the upper part of another column's: its own heading was lost */
  truncatedHeading?: boolean;
}

/** A number printed in a value cell. */
export type PrintedNumber = Extract<CellValue, { kind: 'number' }>;

/** One numeric cell being bound, with what every rule reads. */
export interface CellInput {
  row: StructuredRow;
  v: ValueCell;
  num: PrintedNumber;
  rc: RowContext;
  ctx: BindContext;
  /** the column's heading path as one line */
  colText: string;
}

/** Why a cell cannot be an active fact. */
export interface Quarantine {
  reason: QuarantineReason;
  detail: string;
}

/** What the rules have decided about a cell so far. */
export interface Binding {
  metric: MetricDef | null;
  /** the row is bound to its own row concept (no metric) */
  rowConcept: boolean;
  cp: ColumnPeriod | null;
  /** the column is a dimension of the row (a segment, a level, a vintage): its own row concept per column */
  dimension: string | null;
  /** the date a balance row prints ("Outstanding at December 25, 2021") */
  rowDate: string | null;
  /** the edge of the column's period a balance row stands at ("Balance, beginning of period") */
  edge: 'start' | 'end' | null;
  scope: Scope;
  unit: string;
  currency: string | null;
  scale: number;
  /** in base units */
  value: string;
  decimals: number | null;
  /** the figure is an amount of money: the sign conventions of money apply */
  money: boolean;
  labels: Record<string, unknown>;
  reasons: Quarantine[];
}

/** A rule's answer: the values it decides, labels it adds, reasons the cell cannot be bound. */
export interface Step {
  set?: Partial<Omit<Binding, 'labels' | 'reasons'>>;
  labels?: Record<string, unknown>;
  quarantine?: Quarantine[];
}

/** A rule of cell binding; null: it has nothing to say about this cell. */
export type Rule = (cell: CellInput, b: Readonly<Binding>) => Step | null;

/** A rule's answer that quarantines the cell for one reason (and may decide values too). */
export function quarantined(reason: QuarantineReason, detail: string, set?: Step['set']): Step {
  return { ...(set ? { set } : {}), quarantine: [{ reason, detail }] };
}
