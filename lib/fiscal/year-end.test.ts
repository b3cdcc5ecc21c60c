import { describe, expect, it } from 'vitest';
import type { YearEndRule } from '@/lib/domain/types';
import {
  assertValidRule,
  describeRule,
  fiscalYearEnd,
  labelOfNominal,
  nominalOfLabel,
  nominalYearContaining,
  nominalYearEnd,
  nominalYearEndingOn,
  nominalYearStart,
  sameRule,
} from './year-end';

const apple: YearEndRule = { kind: 'week', weekday: 6, month: 9, rule: 'last' };
const nvidia: YearEndRule = { kind: 'week', weekday: 0, month: 1, rule: 'last' };
const marvell: YearEndRule = { kind: 'week', weekday: 6, month: 1, rule: 'nearest' };

describe('fiscalYearEnd', () => {
  it.each([
    [2012, '2012-09-29'],
    [2017, '2017-09-30'],
    [2020, '2020-09-26'],
    [2022, '2022-09-24'],
    [2023, '2023-09-30'],
    [2024, '2024-09-28'],
    [2025, '2025-09-27'],
  ])('Apple FY%i ends %s (last Saturday of September)', (fy, end) => {
    expect(fiscalYearEnd(apple, fy)).toBe(end);
  });

  it.each([
    [2010, '2010-01-31'],
    [2016, '2016-01-31'],
    [2021, '2021-01-31'],
    [2024, '2024-01-28'],
    [2025, '2025-01-26'],
    [2026, '2026-01-25'],
  ])('NVIDIA FY%i ends %s (last Sunday of January)', (fy, end) => {
    expect(fiscalYearEnd(nvidia, fy)).toBe(end);
  });

  it.each([
    [2020, '2020-02-01'],
    [2021, '2021-01-30'],
    [2023, '2023-01-28'],
    [2024, '2024-02-03'],
    [2025, '2025-02-01'],
    [2026, '2026-01-31'],
  ])('Marvell FY%i ends %s (Saturday nearest 31 January)', (fy, end) => {
    expect(fiscalYearEnd(marvell, fy)).toBe(end);
  });

  it('fixed ends clamp to the month length', () => {
    const feb: YearEndRule = { kind: 'fixed', month: 2, day: 29 };
    expect(fiscalYearEnd(feb, 2024)).toBe('2024-02-29');
    expect(fiscalYearEnd(feb, 2025)).toBe('2025-02-28');
    expect(fiscalYearEnd({ kind: 'fixed', month: 6, day: 31 }, 2025)).toBe('2025-06-30');
    expect(fiscalYearEnd({ kind: 'fixed', month: 3, day: 31 }, 2026)).toBe('2026-03-31');
  });

  it('start-year labels name the year by its first calendar year', () => {
    const mar: YearEndRule = { kind: 'fixed', month: 3, day: 31 };
    expect(fiscalYearEnd(mar, 2025, 'start-year')).toBe('2026-03-31');
    expect(fiscalYearEnd({ kind: 'fixed', month: 12, day: 31 }, 2025, 'start-year')).toBe('2025-12-31');
    expect(labelOfNominal(mar, 'start-year', 2026)).toBe(2025);
    expect(nominalOfLabel(mar, 'start-year', 2025)).toBe(2026);
    const decWeek: YearEndRule = { kind: 'week', weekday: 6, month: 12, rule: 'nearest' };
    expect(labelOfNominal(decWeek, 'start-year', 2026)).toBe(2026);
    expect(labelOfNominal({ kind: 'fixed', month: 12, day: 30 }, 'start-year', 2026)).toBe(2025);
  });

  it('nearest rules can end in the next month and still belong to the anchor year', () => {
    const decNearest: YearEndRule = { kind: 'week', weekday: 6, month: 12, rule: 'nearest' };
    expect(nominalYearEnd(decNearest, 2022)).toBe('2022-12-31');
    expect(nominalYearEnd(decNearest, 2021)).toBe('2022-01-01');
    expect(nominalYearEndingOn(decNearest, '2022-01-01')).toBe(2021);
    expect(nominalYearContaining(decNearest, '2022-01-01')).toBe(2021);
    expect(nominalYearContaining(decNearest, '2022-01-02')).toBe(2022);
  });

  it('inverts ends and containment', () => {
    expect(nominalYearStart(apple, 2023)).toBe('2022-09-25');
    expect(nominalYearEndingOn(apple, '2023-09-30')).toBe(2023);
    expect(nominalYearEndingOn(apple, '2023-09-29')).toBeNull();
    expect(nominalYearContaining(apple, '2022-09-25')).toBe(2023);
    expect(nominalYearContaining(apple, '2022-09-24')).toBe(2022);
    expect(nominalYearContaining({ kind: 'fixed', month: 3, day: 31 }, '2025-06-01')).toBe(2026);
  });

  it('rejects malformed rules', () => {
    expect(() => assertValidRule({ kind: 'fixed', month: 13, day: 1 })).toThrow(RangeError);
    expect(() => assertValidRule({ kind: 'fixed', month: 3, day: 0 })).toThrow(RangeError);
    expect(() => assertValidRule({ kind: 'week', weekday: 7, month: 1, rule: 'last' })).toThrow(RangeError);
  });

  it('describes and compares rules', () => {
    expect(describeRule(apple)).toBe('last Saturday of September');
    expect(describeRule(marvell)).toBe('Saturday nearest the end of January');
    expect(describeRule({ kind: 'fixed', month: 3, day: 31 })).toBe('31 March');
    expect(sameRule(apple, { ...apple })).toBe(true);
    expect(sameRule(apple, marvell)).toBe(false);
    expect(sameRule(apple, { kind: 'fixed', month: 9, day: 30 })).toBe(false);
  });
});
