import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  formatHumanDate,
  fromDayNumber,
  isISODate,
  isMonthEnd,
  makeDate,
  toDayNumber,
  weekdayOf,
} from './dates';

describe('dates', () => {
  it('validates ISO dates', () => {
    expect(isISODate('2024-02-29')).toBe(true);
    expect(isISODate('2023-02-29')).toBe(false);
    expect(isISODate('2024-13-01')).toBe(false);
    expect(isISODate('2024-1-01')).toBe(false);
    expect(() => makeDate(2023, 2, 29)).toThrow(RangeError);
  });

  it('counts days end − start', () => {
    expect(daysBetween('2023-04-02', '2023-07-01')).toBe(90);
    expect(daysBetween('2022-09-25', '2023-07-01')).toBe(279);
    expect(daysBetween('2022-09-25', '2023-09-30')).toBe(370);
    expect(toDayNumber('1970-01-01')).toBe(0);
    expect(fromDayNumber(toDayNumber('1969-12-31'))).toBe('1969-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('knows weekdays (0 = Sunday)', () => {
    expect(weekdayOf('2023-09-30')).toBe(6);
    expect(weekdayOf('2025-01-26')).toBe(0);
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(weekdayOf('1969-12-28')).toBe(0);
  });

  it('moves by months, clamping or sticking to month ends', () => {
    expect(addMonths('2026-03-31', -9)).toBe('2025-06-30');
    expect(addMonths('2025-02-28', 3)).toBe('2025-05-28');
    expect(addMonths('2025-02-28', 3, true)).toBe('2025-05-31');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(isMonthEnd('2024-02-29')).toBe(true);
    expect(isMonthEnd('2024-02-28')).toBe(false);
  });

  it('formats human dates', () => {
    expect(formatHumanDate('2025-04-01')).toBe('1 Apr 2025');
  });

  it('agrees with the JS Date calendar for years 1–9999 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: toDayNumber('0001-01-01'), max: toDayNumber('9999-12-31') }), (n) => {
        const viaDate = new Date(n * 86_400_000);
        const iso = fromDayNumber(n);
        expect(iso).toBe(viaDate.toISOString().slice(0, 10));
        expect(toDayNumber(iso)).toBe(n);
        expect(weekdayOf(iso)).toBe(viaDate.getUTCDay());
        expect(addDays(iso, 1)).toBe(fromDayNumber(n + 1));
      }),
      { numRuns: 2000 },
    );
  });
});
