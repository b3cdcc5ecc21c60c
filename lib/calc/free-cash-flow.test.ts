import { describe, expect, it } from 'vitest';
import { dur, fact, inst } from './__fixtures__/facts';
import { freeCashFlow } from './free-cash-flow';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const usd = { unit: 'USD', currency: 'USD', entityId: 'apple' };
const year = dur('2022-09-25', '2023-09-30');
const ocf = fact({ ...usd, value: '110543000000', period: year, metricId: 'operating_cash_flow' });
const capex = fact({ ...usd, value: '10959000000', period: year, metricId: 'capex' });

describe('freeCashFlow', () => {
  it('subtracts capex from operating cash flow over the same period', () => {
    expect(freeCashFlow({ operatingCashFlow: ocf, capex })).toMatchObject({
      ok: true,
      exact: '99584000000',
      display: '$99.6 billion',
      formula: 'operating_cash_flow - capex',
      metricId: 'free_cash_flow',
    });
  });

  it('rejects a negative capex, different periods, currencies and scopes', () => {
    expect(codes(freeCashFlow({ operatingCashFlow: ocf, capex: { ...capex, value: '-10959000000' } }))).toEqual(['SIGN_CONVENTION']);
    expect(codes(freeCashFlow({ operatingCashFlow: ocf, capex: { ...capex, period: dur('2022-09-25', '2023-07-01') } }))).toEqual([
      'PERIOD_MISMATCH',
    ]);
    expect(codes(freeCashFlow({ operatingCashFlow: ocf, capex: { ...capex, unit: 'EUR', currency: 'EUR' } }))).toEqual([
      'CURRENCY_MISMATCH',
    ]);
    expect(codes(freeCashFlow({ operatingCashFlow: ocf, capex: { ...capex, scope: 'standalone' } }))).toEqual(['INCOMPARABLE_SCOPE']);
    expect(
      codes(freeCashFlow({ operatingCashFlow: { ...ocf, period: inst('2023-09-30') }, capex: { ...capex, period: inst('2023-09-30') } })),
    ).toEqual(['WRONG_PERIOD_TYPE']);
  });
});
