/** Calendar-independent meanings of period phrases (what the grammar produces). */
import type { ISODate } from '@/lib/domain/types';
import type { FiscalPosition } from './positions';

/** A year reference: `FY2026`/`fiscal 2026` (fiscal), `2026` (bare), `FY2025-26` (span). */
export interface YearRef {
  year: number;
  style: 'fiscal' | 'bare' | 'span';
  /** second year of a span ("FY2025-26" → 2026) */
  spanEnd?: number;
}

/** "(ended September)", "which ended in late January 2026": the month (and year, part of month) a period is said to end in. */
export interface YearEndCheck {
  month: number;
  year?: number;
  /** a full date: the period ends exactly then */
  day?: number;
  part?: 'early' | 'mid' | 'late';
}

/** What a relative phrase refers to. */
export type RelativeWhich =
  | 'last_fiscal_year'
  | 'latest_quarter'
  | 'prior_year'
  | 'prior_quarter'
  | 'year_ago_quarter'
  | 'ytd'
  /** "the latest YTD", "current year to date": the latest reported year to date */
  | 'latest_ytd'
  /** "the one before it": the period of the anchor's length just before it (a quarter's quarter, a year's year) */
  | 'prior_same';

/** How a period is placed against another one: the quarter or year before or after it, the same quarter a year before. */
export type RelativeToWhich = 'prior_quarter' | 'next_quarter' | 'prior_year' | 'next_year' | 'year_ago_quarter';

/** Length named by an "… ended <date>" phrase. */
export type EndedLength = 'year' | 'quarter' | 'half' | 'nine_months';

/** A calendar month of a calendar year. */
export interface MonthRef {
  year: number;
  /** 1–12 */
  month: number;
}

/** Calendar-independent meaning of a period phrase. */
export type PeriodSpec =
  /** `weeks`: written as "the 14-week first quarter of fiscal 2023" — the period found must be that many weeks long */
  | {
      type: 'fiscal';
      position: FiscalPosition;
      year: YearRef;
      weeks?: number /** a year end the question states for it ('fiscal 2025 (ended September 2025)'): checked, never a second period */;
      endsIn?: YearEndCheck;
    }
  | { type: 'calendar'; position: FiscalPosition; year: number }
  | { type: 'bare_year'; year: number }
  | { type: 'transition'; year: number }
  /** `months12`: written as "twelve months" — when no fiscal year ends there, the TTM ending there */
  /** `weeks`: written as "52 weeks ended …" — the period found must be that many weeks long */
  | { type: 'ended'; length: EndedLength; date: ISODate; months12?: true; weeks?: number }
  | { type: 'instant'; date: ISODate }
  | { type: 'boundary'; edge: 'start' | 'end'; ref: PeriodSpec }
  | { type: 'ttm'; ref: PeriodSpec | null }
  | { type: 'relative'; which: RelativeWhich }
  /** a position without a year ("Q3", "first half"): the latest one reported */
  | { type: 'latest_position'; position: FiscalPosition }
  /**
   * A quarter named only by the month it ends in ("the January quarter", "the April quarter"): the entity's fiscal
   * quarter ending in that month, in the year the question names beside it (then a `named_by_month`); alone, asked back
   */
  | { type: 'month_quarter'; month: number }
  /**
   * A period named by the month it ends in: "the March quarter of 2025", "the three months to
   * September 2021", "the year ended September 2024", "FYE Jan-24" (yearKind 'calendar': `year` is
   * the calendar year of that month); "September quarter of fiscal 2023" (yearKind 'fiscal': the
   * period of fiscal year `year` that ends in that month). Resolves only when the entity's calendar
   * has a period of that length ending in that month.
   */
  | {
      type: 'named_by_month';
      length: EndedLength;
      month: number;
      year: number;
      yearKind: 'calendar' | 'fiscal';
      months12?: true /** "ended in early August 2025" */;
      part?: 'early' | 'mid' | 'late';
      /** "the end of May 2025": the period must end on the month's last day (a 52/53-week one within days of it) */
      monthEnd?: true;
      /** the fiscal position the question says the period is ("the first-half total" of two month-named quarters): checked */
      position?: FiscalPosition;
    }
  /** "the fiscal year ended in 2024", "fiscal years ended in early 2025": the fiscal year whose end falls then */
  | { type: 'fiscal_year_ending_in'; year: number; part?: 'early' | 'mid' | 'late' }
  /** "January–June 2021", "Oct–Dec 2021": the fiscal period running from the first month to the last */
  /** `length`: said of a quarter ("the April–June 2025 quarter"): only a fiscal quarter covering exactly those months */
  | { type: 'month_range'; from: MonthRef; to: MonthRef; length?: 'quarter' }
  /** "from July 1 to September 30, 2024": exactly these dates, first and last day included */
  | { type: 'date_range'; start: ISODate; end: ISODate }
  /** a calendar month on its own ("September 2021"): never a reported period by itself */
  | { type: 'month'; month: number; year: number }
  /**
   * "year-to-date through September 30, 2022": the fiscal YTD (Q1, H1, 9M or FY) ending there; with
   * a fiscal year ("YTD FY2025"), the YTD of that year through its latest reported quarter
   */
  | { type: 'ytd_through'; ref: PeriodSpec }
  /**
   * "the last three fiscal years", "past 5 years": the `count` latest fiscal years reported (the
   * planner asks one `fiscal_year_back` per year)
   */
  | { type: 'latest_years'; count: number }
  /** "the last 8 quarters": the `count` latest fiscal quarters reported (the planner asks one `quarter_back` per quarter) */
  | { type: 'latest_quarters'; count: number }
  /** the fiscal quarter `back` quarters before the latest quarter reported (0 = the latest quarter) */
  | { type: 'quarter_back'; back: number }
  /** the fiscal year `back` years before the last fiscal year reported (0 = the last fiscal year) */
  | { type: 'fiscal_year_back'; back: number }
  /** "Q4 of last year", "the first half of the last fiscal year": a position of a relative year */
  | { type: 'relative_position'; position: FiscalPosition; which: 'last_fiscal_year' | 'prior_year' }
  /**
   * "the quarter before Q3 FY2024", "the prior-year quarter of Q1 FY2025", "the year after FY2022",
   * "a year earlier than Q2 2025": a period placed by its relation to the period named in the same
   * phrase — only that period is asked for, never the one it is placed against
   */
  | { type: 'relative_to'; which: RelativeToWhich; ref: PeriodSpec; steps?: number }
  /** "the same period of 2021": the asked period's position, in that year (needs an anchor) */
  | { type: 'same_period'; year: YearRef }
  /** "latest 10-K", "most recent 10-Q", "the 2024 annual report": the period a filing covers */
  | { type: 'filing'; form: '10-K' | '10-Q' | 'annual'; which: 'latest' | number }
  /**
   * One period said twice, the second time in parentheses ("the December quarter of fiscal 2025 (fiscal Q1)", "the
   * quarter ended March 29, 2025 (Q2 FY25)", "TTM as of the end of fiscal Q1 2026 (April 30, 2025)"): `spec` is the
   * period; `as` (written `asText`) is checked against it on the entity's calendar — the same dates (a yearless
   * position: the same position; a date: its end) answer `spec`, any other is asked back naming both.
   */
  | { type: 'restated'; spec: PeriodSpec; as: PeriodSpec; asText: string }
  /**
   * A phrase that names no period. `readings`: a numeric date both of whose parts could be the month ("2/3/24"),
   * each reading's period; the entity's own period ends decide between them (exactly one ending on its date).
   */
  | { type: 'invalid'; reason: string; readings?: { date: ISODate; spec: PeriodSpec }[] };

/** A period phrase found in text. */
export interface PeriodPhrase {
  /** `source.slice(start, end)`; for a phrase made of `parts`, the parts' texts joined by a space */
  text: string;
  /** UTF-16 offsets into the original text, end exclusive (first..last part when `parts` is set) */
  start: number;
  end: number;
  rule: string;
  spec: PeriodSpec;
  /**
   * Pieces of a phrase written apart ("Q3 revenue FY2025" → [[0, 2], [11, 17]]): only these ranges
   * belong to the phrase; the words between them do not.
   */
  parts?: [number, number][];
}
