import { describe, expect, it } from 'vitest';
import { APPLE_CALENDAR, HELIOS_CALENDAR, crore, dur, fact } from './__fixtures__/facts';
import { deriveQ4 } from './derive-q4';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const f = (start: string, end: string, value: string) => fact({ value: crore(value), period: dur(start, end) });

describe('deriveQ4', () => {
  it('derives Q4 = FY − 9M with basis derived', () => {
    const r = deriveQ4({
      fy: f('2024-04-01', '2025-03-31', '1000'),
      nineMonths: f('2024-04-01', '2024-12-31', '740'),
      calendars: HELIOS_CALENDAR,
    });
    expect(r).toMatchObject({ ok: true, exact: crore('260'), period: dur('2025-01-01', '2025-03-31'), basis: 'derived' });
  });

  it('derives Apple Q4 FY2023 from the 53-week year and 40-week 9M', () => {
    const usd = { unit: 'USD', currency: 'USD', entityId: 'apple' };
    const fy = fact({ ...usd, value: '383285000000', period: dur('2022-09-25', '2023-09-30') });
    const nine = fact({ ...usd, value: '293787000000', period: dur('2022-09-25', '2023-07-01') });
    expect(deriveQ4({ fy, nineMonths: nine, calendars: APPLE_CALENDAR })).toMatchObject({
      ok: true,
      exact: '89498000000',
      period: dur('2023-07-02', '2023-09-30'),
    });
  });

  it('needs a 9M that starts on the FY start and ends right before Q4', () => {
    const fy = f('2024-04-01', '2025-03-31', '1000');
    expect(codes(deriveQ4({ fy, nineMonths: f('2024-07-01', '2025-03-31', '740') }))).toEqual(['PERIOD_MISMATCH', 'OVERLAPPING_INTERVALS']);
    expect(codes(deriveQ4({ fy, nineMonths: f('2024-04-01', '2024-09-30', '480') }))).toEqual(['PERIOD_LENGTH_MISMATCH']);
    expect(codes(deriveQ4({ fy: f('2024-04-01', '2024-12-31', '1'), nineMonths: f('2024-04-01', '2024-12-31', '2') }))).toContain(
      'PERIOD_LENGTH_MISMATCH',
    );
  });

  it('rejects a 9M that does not end at Q3 under the calendar', () => {
    // nine months that end 2 days early: plausible lengths, but not the fiscal 9M
    const fy = f('2024-04-01', '2025-03-31', '1000');
    const early = f('2024-04-01', '2024-12-29', '700');
    expect(codes(deriveQ4({ fy, nineMonths: early, calendars: HELIOS_CALENDAR }))).toEqual(['FISCAL_POSITION_MISMATCH']);
    // without a calendar only the lengths can be checked
    expect(deriveQ4({ fy, nineMonths: early })).toMatchObject({ ok: true, period: dur('2024-12-30', '2025-03-31') });
  });

  it('rejects a negative derived revenue', () => {
    expect(codes(deriveQ4({ fy: f('2024-04-01', '2025-03-31', '700'), nineMonths: f('2024-04-01', '2024-12-31', '740') }))).toEqual([
      'IMPLAUSIBLE_RESULT',
    ]);
  });
});
