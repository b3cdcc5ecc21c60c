import { describe, expect, it } from 'vitest';
import { APPLE, CALENDAR_YEAR, DEC_TO_MAR, HELIOS, MAR_TO_DEC, MARVELL, NVIDIA } from './__fixtures__/calendars';
import {
  calendarList,
  fiscalSpanContaining,
  fiscalYearBounds,
  fiscalYearContaining,
  isCalendarYearAligned,
  nextFiscalYear,
  previousFiscalYear,
  transitionPeriod,
  transitionPeriods,
} from './timeline';

describe('fiscalYearBounds', () => {
  it('gives fixed-calendar years', () => {
    expect(fiscalYearBounds(HELIOS, 2026)).toMatchObject({ start: '2025-04-01', end: '2026-03-31', weeks: null, days: 364 });
    expect(fiscalYearBounds(CALENDAR_YEAR, 2024)).toMatchObject({ start: '2024-01-01', end: '2024-12-31', days: 365 });
  });

  it('gives 52/53-week years', () => {
    expect(fiscalYearBounds(APPLE, 2023)).toMatchObject({ start: '2022-09-25', end: '2023-09-30', weeks: 53, days: 370 });
    expect(fiscalYearBounds(APPLE, 2022)).toMatchObject({ start: '2021-09-26', end: '2022-09-24', weeks: 52, days: 363 });
    expect(fiscalYearBounds(NVIDIA, 2025)).toMatchObject({ start: '2024-01-29', end: '2025-01-26', weeks: 52 });
    expect(fiscalYearBounds(MARVELL, 2024)).toMatchObject({ start: '2023-01-29', end: '2024-02-03', weeks: 53 });
  });

  it('follows a change of year end, skipping the label the transition period takes', () => {
    expect(fiscalYearBounds(DEC_TO_MAR, 2020)).toMatchObject({ start: '2020-01-01', end: '2020-12-31' });
    expect(fiscalYearBounds(DEC_TO_MAR, 2021)).toBeNull();
    expect(fiscalYearBounds(DEC_TO_MAR, 2022)).toMatchObject({ start: '2021-04-01', end: '2022-03-31' });
    expect(fiscalYearBounds(MAR_TO_DEC, 2020)).toMatchObject({ start: '2019-04-01', end: '2020-03-31' });
    expect(fiscalYearBounds(MAR_TO_DEC, 2021)).toMatchObject({ start: '2021-01-01', end: '2021-12-31' });
  });

  it('accepts calendars in any order', () => {
    const reversed = [...DEC_TO_MAR].reverse();
    expect(calendarList(reversed)[0]!.effectiveFrom).toBe('1990-01-01');
    expect(fiscalYearBounds(reversed, 2022)).toMatchObject({ start: '2021-04-01' });
    expect(() => calendarList([])).toThrow(RangeError);
  });
});

describe('transition periods', () => {
  it('lies between the last old year and the first new year', () => {
    expect(transitionPeriods(DEC_TO_MAR)).toEqual([
      expect.objectContaining({ kind: 'transition', start: '2021-01-01', end: '2021-03-31', fiscalYear: 2021 }),
    ]);
    expect(transitionPeriod(MAR_TO_DEC, 2020)).toMatchObject({ start: '2020-04-01', end: '2020-12-31' });
    expect(transitionPeriod(MAR_TO_DEC, 2019)).toBeNull();
    expect(transitionPeriods(HELIOS)).toEqual([]);
  });

  it('contains its dates', () => {
    expect(fiscalSpanContaining(DEC_TO_MAR, '2021-02-15').kind).toBe('transition');
    expect(fiscalYearContaining(DEC_TO_MAR, '2021-02-15')).toBeNull();
    expect(fiscalYearContaining(DEC_TO_MAR, '2021-04-01')?.fiscalYear).toBe(2022);
    expect(fiscalYearContaining(DEC_TO_MAR, '2020-12-31')?.fiscalYear).toBe(2020);
  });
});

describe('neighbours', () => {
  it('steps across years, stopping at transitions', () => {
    const fy2023 = fiscalYearBounds(APPLE, 2023)!;
    expect(previousFiscalYear(APPLE, fy2023)?.end).toBe('2022-09-24');
    expect(nextFiscalYear(APPLE, fy2023)?.start).toBe('2023-10-01');
    expect(previousFiscalYear(DEC_TO_MAR, fiscalYearBounds(DEC_TO_MAR, 2022)!)).toBeNull();
    expect(nextFiscalYear(DEC_TO_MAR, fiscalYearBounds(DEC_TO_MAR, 2020)!)).toBeNull();
  });

  it('knows calendar-year alignment', () => {
    expect(isCalendarYearAligned(CALENDAR_YEAR)).toBe(true);
    expect(isCalendarYearAligned(HELIOS)).toBe(false);
    expect(isCalendarYearAligned(MAR_TO_DEC)).toBe(true);
    expect(isCalendarYearAligned(MAR_TO_DEC, '2019-06-30')).toBe(false);
  });
});
