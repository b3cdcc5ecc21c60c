import { describe, expect, it } from 'vitest';
import { FY2025, FY2026, crore, dur, fact, inst } from './__fixtures__/facts';
import { margin, ratio, share } from './ratio';
import type { CalcResult } from './types';

const rev = fact({ value: crore('1200'), period: FY2026 });
const op = fact({ value: crore('144'), period: FY2026, metricId: 'operating_income', concept: 'ind-as:OperatingProfit' });

function codes(r: CalcResult): string[] {
  return r.ok ? [] : r.errors.map((e) => e.code);
}

describe('margin', () => {
  it('rejects a half-year over a quarter ending on the same day', () => {
    const h1 = fact({ value: crore('50'), period: dur('2025-04-01', '2025-09-30'), metricId: 'operating_income' });
    const q2 = fact({ value: crore('300'), period: dur('2025-07-01', '2025-09-30') });
    expect(codes(margin({ numerator: h1, denominator: q2 }))).toEqual(['PERIOD_MISMATCH']);
  });

  it('rejects consolidated profit over standalone revenue as INCOMPARABLE_SCOPE', () => {
    const standalone = fact({ value: crore('900'), period: FY2026, scope: 'standalone' });
    const r = margin({ numerator: op, denominator: standalone });
    expect(codes(r)).toEqual(['INCOMPARABLE_SCOPE']);
    if (!r.ok) expect(r.errors[0]!.factIds).toEqual([op.id, standalone.id]);
  });

  it.each([
    ['ENTITY_MISMATCH', { entityId: 'other' }],
    ['DIMENSION_MISMATCH', { dimensions: { 'ind-as:SegmentsAxis': 'Pumps' } }],
    ['CURRENCY_MISMATCH', { unit: 'USD', currency: 'USD' }],
    ['MIXED_BASIS', { basisTag: 'original' }],
    ['INVALID_VALUE', { value: '1,200' }],
  ] as const)('rejects %s', (code, over) => {
    expect(codes(margin({ numerator: op, denominator: { ...rev, ...over } }))).toContain(code);
  });

  it('reports every problem at once', () => {
    const r = margin({ numerator: op, denominator: { ...rev, entityId: 'other', scope: 'standalone', period: FY2025 } });
    expect(codes(r)).toEqual(['ENTITY_MISMATCH', 'INCOMPARABLE_SCOPE', 'PERIOD_MISMATCH']);
  });

  it('rejects instants mixed with durations, and balance-sheet margins', () => {
    const assets = fact({ value: crore('5000'), period: inst('2026-03-31'), metricId: 'total_assets' });
    expect(codes(margin({ numerator: op, denominator: assets }))).toEqual(['INSTANT_DURATION_MIX']);
    const cash = fact({ value: crore('50'), period: inst('2026-03-31'), metricId: 'cash' });
    expect(codes(margin({ numerator: cash, denominator: assets }))).toEqual(['WRONG_PERIOD_TYPE']);
  });

  it('rejects zero revenue, margins beyond ±100% and negative revenue', () => {
    expect(codes(margin({ numerator: op, denominator: { ...rev, value: '0' } }))).toEqual(['DIVIDE_BY_ZERO']);
    expect(codes(margin({ numerator: { ...op, value: crore('1500') }, denominator: rev }))).toEqual(['IMPLAUSIBLE_RESULT']);
    expect(codes(margin({ numerator: { ...op, value: crore('-1500') }, denominator: rev }))).toEqual(['IMPLAUSIBLE_RESULT']);
    expect(codes(margin({ numerator: op, denominator: { ...rev, value: crore('-1200') } }))).toEqual(['IMPLAUSIBLE_RESULT']);
  });

  it('accepts an implausible margin only when allowed, and flags it', () => {
    const r = margin({ numerator: { ...op, value: crore('1500') }, denominator: rev, allowImplausible: true });
    expect(r).toMatchObject({ ok: true, value: 1.25, flags: ['IMPLAUSIBLE'] });
  });

  it('accepts negative margins (losses)', () => {
    expect(margin({ numerator: { ...op, value: crore('-60') }, denominator: rev })).toMatchObject({
      ok: true,
      value: -0.05,
      display: '−5.00%',
    });
  });

  it('needs monetary operands', () => {
    const shares = fact({ value: '1000', unit: 'shares', currency: null, period: FY2026, metricId: 'shares_diluted' });
    expect(codes(margin({ numerator: shares, denominator: { ...shares, id: 'x' } }))).toEqual(['UNIT_MISMATCH']);
  });

  it('rejects the same fact on both sides', () => {
    expect(codes(margin({ numerator: rev, denominator: rev }))).toEqual(['DUPLICATE_OPERAND']);
  });
});

describe('ratio', () => {
  it('divides instants on the same date (current ratio)', () => {
    const ca = fact({ value: crore('300'), period: inst('2026-03-31'), metricId: 'current_assets' });
    const cl = fact({ value: crore('200'), period: inst('2026-03-31'), metricId: 'current_liabilities' });
    expect(ratio({ numerator: ca, denominator: cl })).toMatchObject({
      ok: true,
      value: 1.5,
      formula: 'current_assets / current_liabilities',
      display: '150.00%',
    });
    expect(codes(ratio({ numerator: ca, denominator: { ...cl, period: inst('2025-03-31') } }))).toEqual(['PERIOD_MISMATCH']);
  });

  it('has no plausibility bound but still needs the same unit', () => {
    expect(ratio({ numerator: { ...op, value: crore('5000') }, denominator: rev })).toMatchObject({ ok: true });
    const shares = fact({ value: '1000', unit: 'shares', currency: null, period: FY2026 });
    expect(codes(ratio({ numerator: op, denominator: shares }))).toEqual(['UNIT_MISMATCH']);
  });
});

describe('share', () => {
  it('takes a segment share of the consolidated total', () => {
    const segment = fact({ value: crore('300'), period: FY2026, dimensions: { 'ind-as:SegmentsAxis': 'Pumps' } });
    expect(share({ part: segment, whole: rev })).toMatchObject({ ok: true, value: 0.25, dimensions: { 'ind-as:SegmentsAxis': 'Pumps' } });
    expect(codes(share({ part: rev, whole: segment }))).toEqual(['DIMENSION_MISMATCH']);
    expect(codes(share({ part: { ...segment, value: crore('1300') }, whole: rev }))).toEqual(['IMPLAUSIBLE_RESULT']);
  });
});

describe('a segment tagged with and without "consolidation items: operating segments"', () => {
  const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
  const CONS = 'srt:ConsolidationItemsAxis';
  const segRev = { ...rev, dimensions: { [SEG]: 'acme:PumpsMember' } };
  const segOp = { ...op, dimensions: { [SEG]: 'acme:PumpsMember', [CONS]: 'us-gaap:OperatingSegmentsMember' } };
  it('is one part of the company: its margin is computed', () => {
    const r = margin({ numerator: segOp, denominator: segRev });
    expect(r.ok && Number(r.value)).toBeCloseTo(0.12, 10);
  });
  it('another segment, a reconciling item, or the consolidation member alone still differ', () => {
    expect(codes(margin({ numerator: segOp, denominator: { ...rev, dimensions: { [SEG]: 'acme:ValvesMember' } } }))).toContain(
      'DIMENSION_MISMATCH',
    );
    const reconciling = { ...op, dimensions: { [SEG]: 'acme:PumpsMember', [CONS]: 'us-gaap:SegmentReconcilingItemsMember' } };
    expect(codes(margin({ numerator: reconciling, denominator: segRev }))).toContain('DIMENSION_MISMATCH');
    const segmentsOnly = { ...op, dimensions: { [CONS]: 'us-gaap:OperatingSegmentsMember' } };
    expect(codes(margin({ numerator: segmentsOnly, denominator: rev }))).toContain('DIMENSION_MISMATCH');
  });
});
