import { describe, expect, it } from 'vitest';
import { APPLE_CALENDAR, HELIOS_CALENDAR, crore, dur, fact } from './__fixtures__/facts';
import { deriveQuarter, derivedQuarterOf } from './derive-quarter';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const f = (start: string, end: string, value: string, over: Parameters<typeof fact>[0] extends infer T ? Partial<T> : never = {}) =>
  fact({ value: crore(value), period: dur(start, end), ...over });
const usd = {
  unit: 'USD',
  currency: 'USD',
  entityId: 'apple',
  metricId: 'operating_cash_flow',
  concept: 'us-gaap:NetCashProvidedByUsedInOperatingActivities',
};

describe('deriveQuarter', () => {
  it('derives Q2 = H1 − Q1 and Q3 = 9M − H1 with basis derived', () => {
    const q1 = f('2024-04-01', '2024-06-30', '240');
    const h1 = f('2024-04-01', '2024-09-30', '500');
    const nine = f('2024-04-01', '2024-12-31', '740');
    expect(deriveQuarter({ throughQuarter: h1, throughPrior: q1, calendars: HELIOS_CALENDAR })).toMatchObject({
      ok: true,
      op: 'derive_quarter',
      exact: crore('260'),
      period: dur('2024-07-01', '2024-09-30'),
      basis: 'derived',
      operandFactIds: [h1.id, q1.id],
    });
    expect(deriveQuarter({ throughQuarter: nine, throughPrior: h1, calendars: HELIOS_CALENDAR })).toMatchObject({
      ok: true,
      exact: crore('240'),
      period: dur('2024-10-01', '2024-12-31'),
    });
  });

  it('derives Apple Q2 FY2025 operating cash flow on its 52/53-week calendar', () => {
    const h1 = fact({ ...usd, value: '53887000000', period: dur('2024-09-29', '2025-03-29') });
    const q1 = fact({ ...usd, value: '29935000000', period: dur('2024-09-29', '2024-12-28') });
    expect(deriveQuarter({ throughQuarter: h1, throughPrior: q1, calendars: APPLE_CALENDAR })).toMatchObject({
      ok: true,
      exact: '23952000000',
      period: dur('2024-12-29', '2025-03-29'),
    });
  });

  it('names the quarter the lengths leave, and refuses other pairs', () => {
    expect(derivedQuarterOf(dur('2024-04-01', '2024-09-30'), dur('2024-04-01', '2024-06-30'))).toBe('Q2');
    expect(derivedQuarterOf(dur('2024-04-01', '2024-12-31'), dur('2024-04-01', '2024-09-30'))).toBe('Q3');
    expect(derivedQuarterOf(dur('2024-04-01', '2025-03-31'), dur('2024-04-01', '2024-12-31'))).toBeNull();
    expect(
      codes(deriveQuarter({ throughQuarter: f('2024-04-01', '2025-03-31', '1000'), throughPrior: f('2024-04-01', '2024-06-30', '1') })),
    ).toEqual(['PERIOD_LENGTH_MISMATCH']);
  });

  it('needs both year-to-date figures to start on one day and sit at their fiscal positions', () => {
    const h1 = f('2024-04-01', '2024-09-30', '500');
    expect(codes(deriveQuarter({ throughQuarter: h1, throughPrior: f('2024-05-01', '2024-07-31', '240') }))).toEqual(['PERIOD_MISMATCH']);
    const early = f('2024-04-01', '2024-06-29', '240');
    expect(codes(deriveQuarter({ throughQuarter: h1, throughPrior: early, calendars: HELIOS_CALENDAR }))).toEqual([
      'FISCAL_POSITION_MISMATCH',
    ]);
  });

  it('refuses per-share figures, mixed measures and mixed members', () => {
    const eps = { metricId: 'eps_diluted', concept: 'us-gaap:EarningsPerShareDiluted', unit: 'INR/shares', currency: 'INR' };
    expect(
      codes(
        deriveQuarter({
          throughQuarter: fact({ ...eps, value: '5', period: dur('2024-04-01', '2024-09-30') }),
          throughPrior: fact({ ...eps, value: '2', period: dur('2024-04-01', '2024-06-30') }),
        }),
      ),
    ).toEqual(['NON_ADDITIVE']);
    const h1 = f('2024-04-01', '2024-09-30', '500');
    expect(
      codes(deriveQuarter({ throughQuarter: h1, throughPrior: f('2024-04-01', '2024-06-30', '240', { metricId: 'capex' }) })),
    ).toContain('METRIC_MISMATCH');
    const member = f('2024-04-01', '2024-06-30', '240', { dimensions: { 'srt:ProductOrServiceAxis': 'x:WidgetMember' } });
    expect(codes(deriveQuarter({ throughQuarter: h1, throughPrior: member }))).toContain('DIMENSION_MISMATCH');
  });

  it('refuses a negative derived quarter of a measure that cannot be negative', () => {
    expect(
      codes(deriveQuarter({ throughQuarter: f('2024-04-01', '2024-09-30', '200'), throughPrior: f('2024-04-01', '2024-06-30', '240') })),
    ).toEqual(['IMPLAUSIBLE_RESULT']);
  });
});
