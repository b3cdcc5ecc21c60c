import { describe, expect, it } from 'vitest';
import { dur, fact, inst } from './__fixtures__/facts';
import { averagePeriods } from './average-periods';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const year = (id: string, start: string, end: string, value: string) =>
  fact({ id, value, unit: 'ratio', currency: null, period: dur(start, end), metricId: 'ebitda_margin', concept: 'ebitda_margin' });

describe('average over fiscal years', () => {
  const y18 = year('a', '2017-02-01', '2018-01-31', '0.061');
  const y19 = year('b', '2018-02-01', '2019-01-31', '0.062');
  const y20 = year('c', '2019-02-01', '2020-01-31', '0.063');

  it('is the mean of the yearly values over the whole span, derived', () => {
    const r = averagePeriods({ parts: [y20, y18, y19] });
    expect(r).toMatchObject({
      ok: true,
      exact: '0.062',
      basis: 'derived',
      period: { type: 'duration', start: '2017-02-01', end: '2020-01-31' },
    });
    if (r.ok) expect(r.formula).toMatch(/\/ 3$/);
  });

  it('refuses a gap, an overlap, a repeated year, a balance and a lone year', () => {
    expect(codes(averagePeriods({ parts: [y18, y20] }))).toEqual(['NON_CONTIGUOUS_PERIODS']);
    expect(codes(averagePeriods({ parts: [y18, year('d', '2017-08-01', '2018-07-31', '0.05')] }))).toEqual(['OVERLAPPING_INTERVALS']);
    expect(codes(averagePeriods({ parts: [y18, { ...y18 }] }))).toContain('DUPLICATE_OPERAND');
    const b1 = fact({ id: 'e', value: '1', period: inst('2019-01-31') });
    const b2 = fact({ id: 'f', value: '2', period: inst('2020-01-31') });
    expect(codes(averagePeriods({ parts: [b1, b2] })).length).toBeGreaterThan(0);
    expect(codes(averagePeriods({ parts: [y18] }))).toEqual(['MISSING_FACT']);
  });

  it('refuses different measures', () => {
    const other = { ...y19, metricId: 'net_margin', concept: 'net_margin' };
    expect(codes(averagePeriods({ parts: [y18, other] }))).toEqual(['METRIC_MISMATCH']);
  });
});
