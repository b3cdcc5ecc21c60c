import { describe, expect, it } from 'vitest';
import { FY2026, crore, dur, fact, inst } from './__fixtures__/facts';
import { difference, sum, sumPeriods } from './sum';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const seg = (member: string, value: string) => fact({ value: crore(value), period: FY2026, dimensions: { 'ind-as:SegmentsAxis': member } });

describe('sum of components', () => {
  it('adds segment members exactly and keeps shared dimensions', () => {
    const r = sum({ components: [seg('Pumps', '300'), seg('Valves', '900.5')] });
    expect(r).toMatchObject({ ok: true, exact: '12005000000', display: '₹1,200.50 crore', dimensions: {}, basis: 'reported' });
  });

  it('adds different concepts of the consolidated total', () => {
    const products = fact({
      value: '294866000000',
      period: FY2026,
      unit: 'USD',
      currency: 'USD',
      metricId: null,
      concept: 'us-gaap:ProductRevenue',
    });
    const services = fact({
      value: '99462000000',
      period: FY2026,
      unit: 'USD',
      currency: 'USD',
      metricId: null,
      concept: 'us-gaap:ServiceRevenue',
    });
    expect(sum({ components: [products, services] })).toMatchObject({
      ok: true,
      exact: '394328000000',
      formula: 'ProductRevenue + ServiceRevenue',
      display: '$394.3 billion',
    });
  });

  it('rejects a total added to its own member, and repeated members', () => {
    expect(codes(sum({ components: [fact({ value: crore('1200'), period: FY2026 }), seg('Pumps', '300')] }))).toEqual([
      'DIMENSION_MISMATCH',
    ]);
    expect(codes(sum({ components: [seg('Pumps', '300'), seg('Pumps', '301')] }))).toEqual(['DUPLICATE_OPERAND']);
  });

  it('rejects a six-month YTD plus its own second quarter (overlap), and other periods', () => {
    const h1 = fact({ value: crore('600'), period: dur('2025-04-01', '2025-09-30'), metricId: 'a', concept: 'a' });
    const q2 = fact({ value: crore('300'), period: dur('2025-07-01', '2025-09-30'), metricId: 'b', concept: 'b' });
    expect(codes(sum({ components: [h1, q2] }))).toEqual(['OVERLAPPING_INTERVALS']);
    const q1 = { ...q2, id: 'q1', period: dur('2025-04-01', '2025-06-30') };
    expect(codes(sum({ components: [q1, q2] }))).toEqual(['PERIOD_MISMATCH']);
  });

  it('needs two components and one unit', () => {
    expect(codes(sum({ components: [seg('Pumps', '1')] }))).toEqual(['MISSING_FACT']);
    expect(codes(sum({ components: [seg('Pumps', '1'), { ...seg('Valves', '1'), unit: 'USD', currency: 'USD' }] }))).toEqual([
      'CURRENCY_MISMATCH',
    ]);
    expect(codes(sum({ components: [seg('Pumps', '1'), { ...seg('Valves', '1'), unit: 'shares', currency: null }] }))).toEqual([
      'UNIT_MISMATCH',
    ]);
  });

  it('rejects a negative sum of a metric that cannot be negative', () => {
    expect(codes(sum({ components: [seg('Pumps', '-5'), seg('Valves', '1')] }))).toEqual(['IMPLAUSIBLE_RESULT']);
  });
});

describe('difference', () => {
  it('subtracts a member from its total', () => {
    const total = fact({ value: crore('1200'), period: FY2026 });
    expect(difference({ minuend: total, subtrahend: seg('Pumps', '300') })).toMatchObject({
      ok: true,
      exact: crore('900'),
      dimensions: {},
    });
    expect(
      codes(difference({ minuend: seg('Pumps', '300'), subtrahend: fact({ value: '1', period: FY2026, dimensions: { 'x:Other': 'y' } }) })),
    ).toEqual(['DIMENSION_MISMATCH']);
  });

  it('needs the same period and scope', () => {
    const a = fact({ value: '10', period: FY2026 });
    expect(codes(difference({ minuend: a, subtrahend: fact({ value: '1', period: inst('2026-03-31') }) }))).toEqual([
      'INSTANT_DURATION_MIX',
    ]);
    expect(codes(difference({ minuend: a, subtrahend: fact({ value: '1', period: FY2026, scope: 'standalone' }) }))).toEqual([
      'INCOMPARABLE_SCOPE',
    ]);
  });
});

describe('sumPeriods', () => {
  const q = (start: string, end: string, value: string) => fact({ value: crore(value), period: dur(start, end) });

  it('adds contiguous quarters into a derived half-year', () => {
    const r = sumPeriods({ parts: [q('2025-07-01', '2025-09-30', '310'), q('2025-04-01', '2025-06-30', '290')] });
    expect(r).toMatchObject({ ok: true, exact: crore('600'), period: dur('2025-04-01', '2025-09-30'), basis: 'derived' });
  });

  it('rejects the six-month YTD plus the second quarter as overlapping', () => {
    const r = sumPeriods({ parts: [q('2025-04-01', '2025-09-30', '600'), q('2025-07-01', '2025-09-30', '310')] });
    expect(codes(r)).toEqual(['OVERLAPPING_INTERVALS']);
  });

  it('rejects gaps, instants and mixed metrics', () => {
    expect(codes(sumPeriods({ parts: [q('2025-04-01', '2025-06-30', '1'), q('2025-07-02', '2025-09-30', '1')] }))).toEqual([
      'NON_CONTIGUOUS_PERIODS',
    ]);
    expect(
      codes(sumPeriods({ parts: [fact({ value: '1', period: inst('2025-06-30') }), fact({ value: '1', period: inst('2025-09-30') })] })),
    ).toEqual(['WRONG_PERIOD_TYPE']);
    expect(
      codes(sumPeriods({ parts: [q('2025-04-01', '2025-06-30', '1'), { ...q('2025-07-01', '2025-09-30', '1'), metricId: 'net_income' }] })),
    ).toEqual(['METRIC_MISMATCH']);
    expect(codes(sumPeriods({ parts: [q('2025-04-01', '2025-06-30', '1')] }))).toEqual(['MISSING_FACT']);
  });
});
