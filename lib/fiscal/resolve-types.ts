/** Types of period resolution: the context it needs and the three kinds of outcome. */
import type { FiscalPeriodCode, ISODate, Period } from '@/lib/domain/types';
import type { FiscalOptions } from './positions';
import type { CalendarInput } from './timeline';

/** What the resolver needs to know about the entity. */
export interface ResolveContext {
  calendars: CalendarInput;
  /** end date of the entity's latest reported period; anchors "latest quarter", "last fiscal year", … */
  latestPeriodEnd?: ISODate | null;
  /** an already resolved period that "prior year", "prior quarter", … are relative to */
  anchor?: ResolvedPeriod | null;
  options?: FiscalOptions;
}

/** What a resolved period is. */
export type ResolvedKind = 'fiscal_period' | 'transition' | 'instant' | 'ttm' | 'calendar_period' | 'window';

/** A period resolved to exact dates. */
export interface ResolvedPeriod {
  status: 'resolved';
  /** the phrase as written */
  text: string;
  kind: ResolvedKind;
  period: Period;
  /** components: the four quarters of a TTM; otherwise `[period]` */
  periods: Period[];
  /** fiscal year/period of the result; null for calendar periods that are not fiscal periods */
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  /** "Q2 FY2026", "CY2024", "TTM Q3 FY2025", "end of FY2019", "as of 30 Sep 2024" */
  label: string;
  /** "1 Apr 2025 – 31 Mar 2026" */
  dateRange: string;
  notes: string[];
}

/** The phrase has several plausible readings; ask the user to pick. */
export interface AmbiguousPeriod {
  status: 'ambiguous';
  text: string;
  reason: string;
  options: ResolvedPeriod[];
}

/** The phrase cannot be resolved (not a period, missing context, no such fiscal year). */
export interface UnresolvablePeriod {
  status: 'unresolvable';
  text: string;
  reason: string;
}

/** Outcome of resolving a period phrase. */
export type PeriodResolution = ResolvedPeriod | AmbiguousPeriod | UnresolvablePeriod;
