import { describe, expect, it } from 'vitest';
import { APPLE, HELIOS, NVIDIA, SNOWFLAKE, cal } from './__fixtures__/calendars';
import { fiscalPeriodBounds, positionLayouts, quarterBounds, quarterNumber } from './positions';
import { fiscalYearBounds } from './timeline';

describe('fixed calendars', () => {
  it('split the year into calendar-month thirds', () => {
    expect(quarterBounds(HELIOS, 2026)).toEqual([
      { start: '2025-04-01', end: '2025-06-30' },
      { start: '2025-07-01', end: '2025-09-30' },
      { start: '2025-10-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-03-31' },
    ]);
    expect(fiscalPeriodBounds(HELIOS, 2026, 'H1')).toEqual({ start: '2025-04-01', end: '2025-09-30' });
    expect(fiscalPeriodBounds(HELIOS, 2026, 'H2')).toEqual({ start: '2025-10-01', end: '2026-03-31' });
    expect(fiscalPeriodBounds(HELIOS, 2025, '9M')).toEqual({ start: '2024-04-01', end: '2024-12-31' });
  });

  it('keep month ends for January and February year ends', () => {
    expect(quarterBounds(SNOWFLAKE, 2024)!.map((q) => q.end)).toEqual(['2023-04-30', '2023-07-31', '2023-10-31', '2024-01-31']);
    const feb = cal({ kind: 'fixed', month: 2, day: 29 });
    expect(quarterBounds(feb, 2025)!.map((q) => q.end)).toEqual(['2024-05-31', '2024-08-31', '2024-11-30', '2025-02-28']);
  });

  it('returns null for unknown years', () => {
    expect(
      fiscalPeriodBounds(
        [
          { ...HELIOS, effectiveTo: '2000-01-01' },
          { ...HELIOS, effectiveFrom: '2000-01-02', yearEnd: { kind: 'fixed', month: 12, day: 31 } },
        ],
        2000,
        'Q1',
      ),
    ).toBeNull();
  });
});

describe('52/53-week calendars', () => {
  it('use 13-week quarters in a 52-week year', () => {
    expect(quarterBounds(APPLE, 2024)).toEqual([
      { start: '2023-10-01', end: '2023-12-30' },
      { start: '2023-12-31', end: '2024-03-30' },
      { start: '2024-03-31', end: '2024-06-29' },
      { start: '2024-06-30', end: '2024-09-28' },
    ]);
    expect(positionLayouts(fiscalYearBounds(APPLE, 2024)!)).toHaveLength(1);
  });

  it('put the 53rd week in Q4 by default, or in Q1 on request', () => {
    expect(fiscalPeriodBounds(APPLE, 2023, 'Q4')).toEqual({ start: '2023-06-25', end: '2023-09-30' });
    expect(fiscalPeriodBounds(APPLE, 2023, 'Q1', { week53Quarter: 'Q1' })).toEqual({ start: '2022-09-25', end: '2022-12-31' });
    expect(fiscalPeriodBounds(APPLE, 2023, 'Q3', { week53Quarter: 'Q1' })).toEqual({ start: '2023-04-02', end: '2023-07-01' });
    expect(fiscalPeriodBounds(APPLE, 2023, '9M', { week53Quarter: 'Q1' })).toEqual({ start: '2022-09-25', end: '2023-07-01' });
    expect(positionLayouts(fiscalYearBounds(APPLE, 2023)!)).toHaveLength(2);
    expect(fiscalPeriodBounds(NVIDIA, 2021, 'Q4')).toEqual({ start: '2020-10-26', end: '2021-01-31' });
  });

  it('numbers quarters', () => {
    expect(quarterNumber('Q3')).toBe(3);
  });
});
