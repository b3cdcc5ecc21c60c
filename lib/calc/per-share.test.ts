import { describe, expect, it } from 'vitest';
import { FY2025, FY2026, dur, fact, inst } from './__fixtures__/facts';
import { perShare } from './per-share';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const usd = { unit: 'USD', currency: 'USD', entityId: 'apple' };
const income = fact({ ...usd, value: '-98000000', period: dur('2024-01-01', '2024-12-31'), metricId: 'net_income' });
const shares = fact({
  entityId: 'apple',
  value: '100000000',
  unit: 'shares',
  currency: null,
  period: dur('2024-01-01', '2024-12-31'),
  metricId: 'shares_diluted',
});

describe('perShare', () => {
  it('divides an amount by weighted shares over the same period', () => {
    expect(perShare({ amount: income, shares })).toMatchObject({
      ok: true,
      exact: '-0.98',
      unit: 'USD/shares',
      currency: 'USD',
      display: '−$0.98',
    });
  });

  it('needs the same period, a share count and a monetary amount', () => {
    expect(codes(perShare({ amount: income, shares: { ...shares, period: dur('2023-01-01', '2023-12-31') } }))).toEqual([
      'PERIOD_MISMATCH',
    ]);
    expect(codes(perShare({ amount: income, shares: { ...shares, period: inst('2024-12-31') } }))).toEqual(['INSTANT_DURATION_MIX']);
    expect(codes(perShare({ amount: income, shares: { ...shares, unit: 'USD' } }))).toEqual(['UNIT_MISMATCH']);
    expect(codes(perShare({ amount: { ...income, unit: 'shares', currency: null }, shares }))).toEqual(['UNIT_MISMATCH']);
  });

  it('rejects zero and negative share counts', () => {
    expect(codes(perShare({ amount: income, shares: { ...shares, value: '0' } }))).toEqual(['DIVIDE_BY_ZERO']);
    expect(codes(perShare({ amount: income, shares: { ...shares, value: '-5' } }))).toEqual(['IMPLAUSIBLE_RESULT']);
  });

  it('works for INR facts too', () => {
    const pat = fact({ value: '5861000000', period: FY2026, metricId: 'net_income' });
    const sh = fact({ value: '100000000', unit: 'shares', currency: null, period: FY2026 });
    expect(perShare({ amount: pat, shares: sh })).toMatchObject({ ok: true, display: '₹58.61' });
    expect(codes(perShare({ amount: pat, shares: { ...sh, period: FY2025 } }))).toEqual(['PERIOD_MISMATCH']);
  });
});
