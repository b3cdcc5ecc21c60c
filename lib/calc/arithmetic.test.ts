import { describe, expect, it } from 'vitest';
import { FY2025, FY2026, crore, dur, fact, inst } from './__fixtures__/facts';
import { arithmetic } from './arithmetic';
import type { CalcResult } from './types';

const rev = fact({ value: crore('1200'), period: FY2026 });
const rnd = fact({ value: crore('100'), period: FY2026, metricId: 'rnd', concept: 'ind-as:ResearchAndDevelopmentExpense' });
const equityEnd = fact({ value: crore('4000'), period: inst('2026-03-31'), metricId: 'total_equity', concept: 'ind-as:Equity' });
const shares = fact({ value: '80000000', period: inst('2026-03-31'), metricId: 'shares_outstanding', unit: 'shares', currency: null });

function codes(r: CalcResult): string[] {
  return r.ok ? [] : r.errors.map((e) => e.code);
}

describe('arithmetic', () => {
  it('adds, subtracts and divides figures of one period exactly', () => {
    expect(arithmetic({ op: 'add', left: rev, right: rnd, relation: 'same_period' })).toMatchObject({
      ok: true,
      exact: crore('1300'),
      unit: 'INR',
      basis: 'reported',
    });
    expect(arithmetic({ op: 'sub', left: rev, right: rnd, relation: 'same_period' })).toMatchObject({ ok: true, exact: crore('1100') });
    expect(arithmetic({ op: 'div', left: rnd, right: rev, relation: 'same_period' })).toMatchObject({ ok: true, unit: 'ratio' });
  });

  it('scales a figure by a constant of the formula, keeping its unit and period', () => {
    const r = arithmetic({ op: 'mul', left: rev, right: { constant: '4' }, relation: 'same_period' });
    expect(r).toMatchObject({ ok: true, exact: crore('4800'), unit: 'INR', period: FY2026 });
    const days = arithmetic({
      op: 'div',
      left: { constant: '365' },
      right: { ...rev, unit: 'ratio', currency: null },
      relation: 'same_period',
      pureUnit: 'days',
    });
    expect(days).toMatchObject({ ok: true, unit: 'days' });
  });

  it('refuses two figures of different periods unless the node declares how they relate', () => {
    const prior = { ...rev, id: 'prior', period: FY2025 };
    expect(codes(arithmetic({ op: 'add', left: rev, right: prior, relation: 'same_period' }))).toEqual(['PERIOD_MISMATCH']);
    // one measure over two comparable years: the later period is the result's
    const r = arithmetic({ op: 'div', left: rev, right: prior, relation: 'comparable_periods' });
    expect(r).toMatchObject({ ok: true, period: FY2026, basis: 'derived' });
    // two different measures are never "comparable periods"
    expect(codes(arithmetic({ op: 'div', left: rnd, right: prior, relation: 'comparable_periods' }))).toEqual(['PERIOD_MISMATCH']);
    // a year and a quarter are not comparable
    const q4 = { ...rev, id: 'q4', period: dur('2026-01-01', '2026-03-31') };
    expect(codes(arithmetic({ op: 'div', left: rev, right: q4, relation: 'comparable_periods' }))).toEqual(['PERIOD_LENGTH_MISMATCH']);
  });

  it('relates a flow to a balance only at the flow’s end, and only by division', () => {
    expect(arithmetic({ op: 'div', left: rev, right: equityEnd, relation: 'balance_at_end' })).toMatchObject({ ok: true, period: FY2026 });
    const early = { ...equityEnd, id: 'early', period: inst('2025-03-31') };
    expect(codes(arithmetic({ op: 'div', left: rev, right: early, relation: 'balance_at_end' }))).toEqual(['PERIOD_MISMATCH']);
    expect(codes(arithmetic({ op: 'sub', left: rev, right: equityEnd, relation: 'balance_at_end' }))).toContain('INSTANT_DURATION_MIX');
    expect(codes(arithmetic({ op: 'div', left: rev, right: equityEnd, relation: 'same_period' }))).toContain('INSTANT_DURATION_MIX');
  });

  it('gives an amount per share from an amount over a share count, and refuses units that do not combine', () => {
    const cash = fact({ value: crore('500'), period: inst('2026-03-31'), metricId: 'cash' });
    expect(arithmetic({ op: 'div', left: cash, right: shares, relation: 'same_period' })).toMatchObject({ ok: true, unit: 'INR/shares' });
    expect(codes(arithmetic({ op: 'add', left: cash, right: shares, relation: 'same_period' }))).toEqual(['UNIT_MISMATCH']);
    expect(codes(arithmetic({ op: 'mul', left: rev, right: rnd, relation: 'same_period' }))).toEqual(['UNIT_MISMATCH']);
    const usd = { ...rnd, unit: 'USD', currency: 'USD' };
    expect(codes(arithmetic({ op: 'sub', left: rev, right: usd, relation: 'same_period' }))).toContain('CURRENCY_MISMATCH');
  });

  it('refuses a node of constants alone and a division by zero', () => {
    expect(codes(arithmetic({ op: 'add', left: { constant: '1' }, right: { constant: '2' }, relation: 'same_period' }))).toEqual([
      'INVALID_VALUE',
    ]);
    expect(codes(arithmetic({ op: 'div', left: rev, right: { ...rnd, value: '0' }, relation: 'same_period' }))).toEqual(['DIVIDE_BY_ZERO']);
  });
});
