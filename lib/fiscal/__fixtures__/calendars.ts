/** Calendars used across the fiscal tests. */
import type { FiscalCalendar, YearEndRule } from '@/lib/domain/types';

/** A single calendar in effect for all time. */
export function cal(yearEnd: YearEndRule, labelBy: FiscalCalendar['labelBy'] = 'end-year', entityId = 'e1'): FiscalCalendar {
  return { entityId, effectiveFrom: '1900-01-01', effectiveTo: null, yearEnd, labelBy };
}

export const HELIOS = cal({ kind: 'fixed', month: 3, day: 31 }, 'end-year', 'helios');
export const CALENDAR_YEAR = cal({ kind: 'fixed', month: 12, day: 31 }, 'end-year', 'alphabet');
export const SNOWFLAKE = cal({ kind: 'fixed', month: 1, day: 31 }, 'end-year', 'snowflake');
export const APPLE = cal({ kind: 'week', weekday: 6, month: 9, rule: 'last' }, 'end-year', 'apple');
export const NVIDIA = cal({ kind: 'week', weekday: 0, month: 1, rule: 'last' }, 'end-year', 'nvidia');
export const MARVELL = cal({ kind: 'week', weekday: 6, month: 1, rule: 'nearest' }, 'end-year', 'marvell');

/** December year ends until 2020, then March year ends (transition 1 Jan – 31 Mar 2021). */
export const DEC_TO_MAR: FiscalCalendar[] = [
  {
    entityId: 'x',
    effectiveFrom: '1990-01-01',
    effectiveTo: '2020-12-31',
    yearEnd: { kind: 'fixed', month: 12, day: 31 },
    labelBy: 'end-year',
  },
  { entityId: 'x', effectiveFrom: '2021-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 3, day: 31 }, labelBy: 'end-year' },
];

/** March year ends until FY2020, then calendar years (transition 1 Apr – 31 Dec 2020). */
export const MAR_TO_DEC: FiscalCalendar[] = [
  {
    entityId: 'y',
    effectiveFrom: '1990-01-01',
    effectiveTo: '2020-03-31',
    yearEnd: { kind: 'fixed', month: 3, day: 31 },
    labelBy: 'end-year',
  },
  { entityId: 'y', effectiveFrom: '2020-04-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
];
