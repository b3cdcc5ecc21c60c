/**
 * Core domain types shared by every layer (ingest, store, fiscal, calc, planner, answer).
 * Period identity always comes from dates; fiscal labels are derived, never read from a source.
 */

/** Calendar date as `YYYY-MM-DD` (no time, no zone). */
export type ISODate = string;

export type PeriodType = 'instant' | 'duration';

/** A reporting period. Duration bounds are inclusive: start is the first day, end the last day. */
export type Period = { type: 'instant'; date: ISODate } | { type: 'duration'; start: ISODate; end: ISODate };

/** Fiscal position derived from dates and the entity's calendar. */
export type FiscalPeriodCode = 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'H2' | '9M' | 'TRANSITION' | 'OTHER';

export type Scope = 'consolidated' | 'standalone';

export type AccountingStandard = 'us-gaap' | 'ifrs' | 'ind-as' | 'other';

export type FactStatus = 'active' | 'quarantined' | 'rejected';

export type QuarantineReason = 'MISSING_FACT_PERIOD' | 'COLUMN_HEADER_LOST' | 'UNIT_UNKNOWN' | 'METRIC_UNMAPPED' | 'UNVERIFIED_RESTATEMENT';

/** Forms a question names a filing by ("the 2021 10-K", "the 2023 20-F", "its annual report"). */
export type FilingForm = '10-K' | '10-K/A' | '10-Q' | '10-Q/A' | '20-F' | '20-F/A' | '40-F' | 'annual';

/** A filing named by form and fiscal period ("the Q2 FY2025 10-Q", "the latest 10-K"), before it is found among an entity's filings. */
export interface FilingName {
  form: FilingForm;
  /** the fiscal year of the filing's own reporting period on the entity's calendar, or its latest filing of the form */
  fiscalYear: number | 'latest';
  /** the filing's own reporting period: the fiscal year (annual forms) or a quarter (10-Q) */
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3';
  /** as written ("the 2021 10-K") */
  text: string;
}

/** One filing of an entity, found by its form and its own reporting period. */
export interface FilingRef {
  /** one accession, or several when the same form was filed more than once for the same period */
  accessions: string[];
  form: string;
  filedAt: ISODate;
  /** "the 10-K for FY2021" */
  label: string;
}

/**
 * Restatement basis: which version of a fact a calculation uses.
 * - latest / original / as_of(date): by first filing date (`require`: the chain must show a restatement
 *   or a stock-split adjustment, or the answer says none exists)
 * - pre_split: the version in force just before the chain's split adjustment
 * - filing: the value a named filing reported (`filing` is that filing once found among the entity's filings)
 */
export type Basis =
  | { kind: 'latest'; require?: 'restatement' | 'split' }
  | { kind: 'original'; require?: 'split' }
  | { kind: 'as_of'; date: ISODate }
  | { kind: 'pre_split' }
  /** `require: 'restatement'`: "as restated in the FY2025 10-K" — that filing's value must restate the first one */
  | { kind: 'filing'; name: FilingName; filing?: FilingRef; require?: 'restatement' };

/** A primary financial statement, as a question names its source ("using the cash flow statement"). */
export type StatementKind = 'income_statement' | 'balance_sheet' | 'cash_flow_statement';

/** Where a number came from in its source document. */
export interface Provenance {
  tableId?: string | null;
  cellId?: string | null;
  page?: number | null;
  /** character offsets [start, end) in the source's text, when the number came from text */
  span?: [number, number] | null;
  /** the label the source itself gave (fy/fp/frame, column header), kept for audit only */
  sourceLabel?: string | null;
  /** the primary statement the number is printed in, by the statement's own title; null: a note, the MD&A or another table */
  statement?: StatementKind | null;
}

export interface Fact {
  /** sha256 of (tenant, entity, concept, unit, period, scope, dimensions, value) — idempotent */
  id: string;
  tenantId: string;
  entityId: string;
  /** ontology metric id (e.g. `revenue`), null when the concept maps to none */
  metricId: string | null;
  /** source concept, e.g. `us-gaap:Revenues` */
  concept: string;
  /** exact decimal string in base units (USD, INR; shares; USD/share) */
  value: string;
  /** unit as stored: `USD`, `INR`, `shares`, `USD/shares`, `pure` */
  unit: string;
  /** ISO currency for monetary facts, null otherwise */
  currency: string | null;
  /** power of ten the source presented the number in (0, 3, 5 = lakh, 6, 7 = crore, 9) */
  scale: number;
  /** XBRL decimals (precision), null when unknown / INF */
  decimals: number | null;
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  scope: Scope;
  /** axis → member; empty for consolidated totals */
  dimensions: Record<string, string>;
  accountingStandard: AccountingStandard;
  sourceId: string;
  accession: string | null;
  form: string | null;
  /** first filing date this value was seen in */
  filedAt: ISODate;
  /** version chain key: sha256 of (tenant, entity, concept, unit, period, scope, dimensions) */
  chainKey: string;
  /** 1-based position in the chain ordered by first filing */
  version: number;
  supersedes: string | null;
  isLatest: boolean;
  isOriginal: boolean;
  provenance: Provenance;
  status: FactStatus;
  quarantineReason: QuarantineReason | null;
}

/**
 * A number as an extractor reads it from a source: what it measures, its value, unit and scale, its
 * period and scope. Identity, version chain and first filing are derived when it is written.
 */
export type ObservedFact = Pick<
  Fact,
  'metricId' | 'concept' | 'value' | 'unit' | 'currency' | 'scale' | 'decimals' | 'period' | 'fiscalYear' | 'fiscalPeriod' | 'scope'
>;

/** Year-end rule of a fiscal calendar. */
export type YearEndRule =
  | { kind: 'fixed'; month: number; day: number }
  /** 52/53-week: last (or nearest) `weekday` (0 = Sunday … 6 = Saturday) of/to the end of `month` */
  | { kind: 'week'; weekday: number; month: number; rule: 'last' | 'nearest' };

export interface FiscalCalendar {
  entityId: string;
  effectiveFrom: ISODate;
  effectiveTo: ISODate | null;
  yearEnd: YearEndRule;
  /** fiscal year named by the calendar year in which it ends (default) or starts */
  labelBy: 'end-year' | 'start-year';
}
