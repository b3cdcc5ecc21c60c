import { describe, expect, it } from 'vitest';
import { FY2026, crore, dur, fact, inst } from './__fixtures__/facts';
import { convertCurrency } from './convert-currency';
import { margin } from './ratio';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const revenue = fact({ value: crore('1200'), period: FY2026 });
const avgRate = fact({
  entityId: 'fx',
  value: '0.0118',
  unit: 'USD/INR',
  currency: null,
  period: FY2026,
  metricId: 'fx_rate',
  concept: 'fx:USDINR',
});

describe('convertCurrency', () => {
  it('converts with an explicit period-average rate for a flow', () => {
    expect(convertCurrency({ amount: revenue, rate: avgRate })).toMatchObject({
      ok: true,
      exact: '141600000',
      unit: 'USD',
      currency: 'USD',
      basis: 'derived',
      flags: ['FX_CONVERTED'],
      display: '$141.6 million',
      operandFactIds: [revenue.id, avgRate.id],
    });
  });

  it('needs a rate dated like the amount, from the amount currency', () => {
    expect(codes(convertCurrency({ amount: revenue, rate: { ...avgRate, period: inst('2026-03-31') } }))).toEqual(['INSTANT_DURATION_MIX']);
    expect(codes(convertCurrency({ amount: revenue, rate: { ...avgRate, period: dur('2024-04-01', '2025-03-31') } }))).toEqual([
      'PERIOD_MISMATCH',
    ]);
    expect(codes(convertCurrency({ amount: revenue, rate: { ...avgRate, unit: 'USD/EUR' } }))).toEqual(['CURRENCY_MISMATCH']);
    expect(codes(convertCurrency({ amount: revenue, rate: { ...avgRate, unit: 'pure' } }))).toEqual(['UNIT_MISMATCH']);
    expect(codes(convertCurrency({ amount: revenue, rate: { ...avgRate, value: '0' } }))).toEqual(['INVALID_VALUE']);
  });

  it('is the only way across currencies: a margin over mixed currencies is refused', () => {
    const usdProfit = fact({ value: '17000000', unit: 'USD', currency: 'USD', period: FY2026, metricId: 'operating_income' });
    expect(codes(margin({ numerator: usdProfit, denominator: revenue }))).toEqual(['CURRENCY_MISMATCH']);
  });
});
