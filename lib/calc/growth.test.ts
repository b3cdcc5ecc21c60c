import { describe, expect, it } from 'vitest';
import { APPLE_CALENDAR, FY2025, FY2026, HELIOS_CALENDAR, crore, dur, fact, inst } from './__fixtures__/facts';
import { change, growth } from './growth';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const usd = { unit: 'USD', currency: 'USD', entityId: 'apple', metricId: 'revenue', concept: 'us-gaap:Revenues' };

describe('growth', () => {
  it('flags 53-week vs 52-week years but allows the comparison', () => {
    const fy2023 = fact({ ...usd, value: '383285000000', period: dur('2022-09-25', '2023-09-30') });
    const fy2022 = fact({ ...usd, value: '394328000000', period: dur('2021-09-26', '2022-09-24') });
    const r = growth({ later: fy2023, earlier: fy2022, calendars: APPLE_CALENDAR });
    expect(r).toMatchObject({ ok: true, flags: ['WEEKS_53_VS_52'], formula: 'revenue[FY2023] / revenue[FY2022] - 1', display: '−2.80%' });
    if (r.ok) expect(r.exact).toBe('-0.02800460530319936702');
  });

  it('compares quarters year over year, flagging a 14-week quarter', () => {
    const q1fy23 = fact({ ...usd, value: '117154000000', period: dur('2022-09-25', '2022-12-31') });
    const q1fy22 = fact({ ...usd, value: '123945000000', period: dur('2020-12-27', '2021-12-25') });
    // the earlier operand above is a year, not a quarter
    expect(codes(growth({ later: q1fy23, earlier: q1fy22 }))).toEqual(['PERIOD_LENGTH_MISMATCH']);
    const realQ1fy22 = { ...q1fy22, period: dur('2021-09-26', '2021-12-25') };
    expect(growth({ later: q1fy23, earlier: realQ1fy22, calendars: APPLE_CALENDAR })).toMatchObject({
      ok: true,
      flags: ['WEEKS_53_VS_52'],
    });
  });

  it('needs the same fiscal position year over year', () => {
    const q2 = fact({ value: crore('310'), period: dur('2025-07-01', '2025-09-30') });
    const q1 = fact({ value: crore('290'), period: dur('2025-04-01', '2025-06-30') });
    expect(codes(growth({ later: q2, earlier: q1, calendars: HELIOS_CALENDAR }))).toEqual(['FISCAL_POSITION_MISMATCH']);
    // without calendars, the end dates must be whole years apart
    expect(codes(growth({ later: q2, earlier: q1 }))).toEqual(['FISCAL_POSITION_MISMATCH']);
    // and with the sequential plan the same pair is fine
    expect(growth({ later: q2, earlier: q1, relation: 'sequential' })).toMatchObject({ ok: true });
  });

  it('uses fiscal fields on facts when no calendars are given', () => {
    const a = fact({ value: '110', period: dur('2025-07-01', '2025-09-30'), fiscalYear: 2026, fiscalPeriod: 'Q2' });
    const b = fact({ value: '100', period: dur('2024-07-01', '2024-09-30'), fiscalYear: 2025, fiscalPeriod: 'Q2' });
    expect(growth({ later: a, earlier: b })).toMatchObject({ ok: true, formula: 'revenue[Q2 FY2026] / revenue[Q2 FY2025] - 1' });
    expect(codes(growth({ later: a, earlier: { ...b, fiscalPeriod: 'Q3' } }))).toEqual(['FISCAL_POSITION_MISMATCH']);
  });

  it('rejects overlapping, reversed and non-adjacent sequential periods', () => {
    const fy = fact({ value: crore('1200'), period: FY2026 });
    const h1 = fact({ value: crore('600'), period: dur('2025-04-01', '2025-09-30') });
    expect(codes(growth({ later: fy, earlier: h1 }))).toEqual(['OVERLAPPING_INTERVALS']);
    expect(codes(growth({ later: fact({ value: '1', period: FY2025 }), earlier: fy }))).toEqual(['PERIOD_MISMATCH']);
    const q3 = fact({ value: '1', period: dur('2025-10-01', '2025-12-31') });
    const q1 = fact({ value: '1', period: dur('2025-04-01', '2025-06-30') });
    expect(codes(growth({ later: q3, earlier: q1, relation: 'sequential' }))).toEqual(['NON_CONTIGUOUS_PERIODS']);
    // "Q3 minus Q1", named by the question: a change between two periods of one length, the later first
    expect(change({ later: q3, earlier: q1, relation: 'between' })).toMatchObject({ ok: true });
    expect(codes(change({ later: q1, earlier: q3, relation: 'between' }))).toEqual(['PERIOD_MISMATCH']);
    expect(codes(change({ later: fy, earlier: h1, relation: 'between' }))).toEqual(['OVERLAPPING_INTERVALS']);
    expect(
      codes(change({ later: q3, earlier: fact({ value: '1', period: dur('2024-04-01', '2024-09-30') }), relation: 'between' })),
    ).toEqual(['PERIOD_LENGTH_MISMATCH']);
  });

  it('rejects zero and negative bases, and implausible growth', () => {
    const later = fact({ value: crore('1200'), period: FY2026 });
    expect(codes(growth({ later, earlier: fact({ value: '0', period: FY2025 }) }))).toEqual(['DIVIDE_BY_ZERO']);
    const loss = { metricId: 'net_income', concept: 'ind-as:ProfitLoss' };
    expect(
      codes(growth({ later: fact({ ...loss, value: '50', period: FY2026 }), earlier: fact({ ...loss, value: '-100', period: FY2025 }) })),
    ).toEqual(['NEGATIVE_BASE']);
    expect(codes(growth({ later, earlier: fact({ value: crore('199'), period: FY2025 }) }))).toEqual(['IMPLAUSIBLE_RESULT']);
    expect(
      codes(growth({ later: fact({ value: crore('99'), period: FY2026 }), earlier: fact({ value: crore('1000'), period: FY2025 }) })),
    ).toEqual(['IMPLAUSIBLE_RESULT']);
    // exactly +500% and −90% are still plausible
    expect(growth({ later, earlier: fact({ value: crore('200'), period: FY2025 }) })).toMatchObject({ ok: true, value: 5 });
    expect(
      growth({ later: fact({ value: crore('100'), period: FY2026 }), earlier: fact({ value: crore('1000'), period: FY2025 }) }),
    ).toMatchObject({
      ok: true,
      value: -0.9,
    });
  });

  it('compares balances (instants) a year apart', () => {
    const a = fact({ value: '120', period: inst('2026-03-31'), metricId: 'total_assets' });
    const b = fact({ value: '100', period: inst('2025-03-31'), metricId: 'total_assets' });
    expect(growth({ later: a, earlier: b, calendars: HELIOS_CALENDAR })).toMatchObject({
      ok: true,
      value: 0.2,
      period: inst('2026-03-31'),
    });
    expect(codes(growth({ later: a, earlier: { ...b, period: inst('2025-09-30') }, calendars: HELIOS_CALENDAR }))).toEqual([
      'FISCAL_POSITION_MISMATCH',
    ]);
    expect(codes(growth({ later: a, earlier: fact({ value: '1', period: FY2025, metricId: 'total_assets' }) }))).toEqual([
      'INSTANT_DURATION_MIX',
    ]);
  });

  it('rejects different metrics, entities and dimensions', () => {
    const a = fact({ value: '120', period: FY2026 });
    expect(codes(growth({ later: a, earlier: fact({ value: '100', period: FY2025, metricId: 'net_income' }) }))).toEqual([
      'METRIC_MISMATCH',
    ]);
    expect(codes(growth({ later: a, earlier: fact({ value: '100', period: FY2025, entityId: 'x' }) }))).toEqual(['ENTITY_MISMATCH']);
    expect(codes(growth({ later: a, earlier: fact({ value: '100', period: FY2025, dimensions: { a: 'b' } }) }))).toEqual([
      'DIMENSION_MISMATCH',
    ]);
  });
});

describe('change', () => {
  it('subtracts in the operands unit', () => {
    const a = fact({ value: crore('1200'), period: FY2026 });
    const b = fact({ value: crore('1000'), period: FY2025 });
    expect(change({ later: a, earlier: b })).toMatchObject({
      ok: true,
      exact: crore('200'),
      unit: 'INR',
      currency: 'INR',
      display: '₹200 crore',
    });
  });

  it('turns ratio changes into percentage points', () => {
    const a = fact({ value: '0.1234', unit: 'ratio', currency: null, period: FY2026, metricId: 'gross_margin' });
    const b = fact({ value: '0.1', unit: 'ratio', currency: null, period: FY2025, metricId: 'gross_margin' });
    expect(change({ later: a, earlier: b })).toMatchObject({ ok: true, exact: '2.34', unit: 'pp', display: '2.34 pp' });
  });
});
