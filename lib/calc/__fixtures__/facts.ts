/** Test fixtures: complete Fact records with sensible defaults (Helios Components Ltd, ₹). */
import type { Fact, FiscalCalendar, Period } from '@/lib/domain/types';

let counter = 0;

/** A Fact with defaults for everything not given; `id` defaults to a unique `f<n>`. */
export function fact(over: Partial<Fact> & { value: string; period: Period }): Fact {
  counter++;
  return {
    id: `f${counter}`,
    tenantId: 't1',
    entityId: 'helios',
    metricId: 'revenue',
    concept: 'ind-as:RevenueFromOperations',
    unit: 'INR',
    currency: 'INR',
    scale: 7,
    decimals: null,
    fiscalYear: null,
    fiscalPeriod: null,
    scope: 'consolidated',
    dimensions: {},
    accountingStandard: 'ind-as',
    sourceId: 'src1',
    accession: null,
    form: null,
    filedAt: '2026-05-15',
    chainKey: '',
    version: 1,
    supersedes: null,
    isLatest: true,
    isOriginal: true,
    provenance: {},
    status: 'active',
    quarantineReason: null,
    ...over,
  };
}

/** Duration period helper. */
export function dur(start: string, end: string): Period {
  return { type: 'duration', start, end };
}

/** Instant period helper. */
export function inst(date: string): Period {
  return { type: 'instant', date };
}

/** ₹ crore → base-unit decimal string (1 crore = 10^7). */
export function crore(n: string): string {
  const [int, frac = ''] = n.split('.');
  return `${int}${frac.padEnd(7, '0')}`.replace(/^(-?)0+(?=\d)/, '$1');
}

export const HELIOS_CALENDAR: FiscalCalendar = {
  entityId: 'helios',
  effectiveFrom: '1990-01-01',
  effectiveTo: null,
  yearEnd: { kind: 'fixed', month: 3, day: 31 },
  labelBy: 'end-year',
};

export const APPLE_CALENDAR: FiscalCalendar = {
  entityId: 'apple',
  effectiveFrom: '1990-01-01',
  effectiveTo: null,
  yearEnd: { kind: 'week', weekday: 6, month: 9, rule: 'last' },
  labelBy: 'end-year',
};

export const FY2026 = dur('2025-04-01', '2026-03-31');
export const FY2025 = dur('2024-04-01', '2025-03-31');
