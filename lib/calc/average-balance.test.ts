import { describe, expect, it } from 'vitest';
import { FY2026, crore, dur, fact, inst } from './__fixtures__/facts';
import { averageBalance } from './average-balance';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const equity = (date: string, value: string) =>
  fact({ value: crore(value), period: inst(date), metricId: 'total_equity', concept: 'ind-as:Equity' });

describe('averageBalance', () => {
  it('averages the opening and closing balances over the fiscal year', () => {
    const r = averageBalance({
      opening: equity('2025-03-31', '900'),
      closing: equity('2026-03-31', '1000.5'),
      period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
    });
    expect(r).toMatchObject({
      ok: true,
      exact: '9502500000',
      period: FY2026,
      basis: 'derived',
      formula: '(total_equity[2025-03-31] + total_equity[2026-03-31]) / 2',
    });
    expect(averageBalance({ opening: equity('2025-03-31', '900'), closing: equity('2026-03-31', '1000') })).toMatchObject({
      ok: true,
      period: FY2026,
    });
  });

  it('needs instants at both ends of the duration', () => {
    expect(
      codes(averageBalance({ opening: equity('2025-04-01', '900'), closing: equity('2026-03-31', '1000'), period: FY2026 as never })),
    ).toEqual(['PERIOD_MISMATCH']);
    expect(codes(averageBalance({ opening: equity('2026-03-31', '900'), closing: equity('2025-03-31', '1000') }))).toEqual([
      'PERIOD_MISMATCH',
    ]);
    const flow = fact({ value: '1', period: dur('2024-04-01', '2025-03-31'), metricId: 'total_equity', concept: 'ind-as:Equity' });
    expect(codes(averageBalance({ opening: flow, closing: equity('2026-03-31', '1000') }))).toEqual(['WRONG_PERIOD_TYPE']);
  });

  it('rejects mixed metrics and negative balances that cannot be negative', () => {
    expect(
      codes(averageBalance({ opening: equity('2025-03-31', '900'), closing: { ...equity('2026-03-31', '1000'), metricId: 'cash' } })),
    ).toEqual(['METRIC_MISMATCH']);
    const assets = (date: string, value: string) => fact({ value, period: inst(date), metricId: 'total_assets' });
    expect(codes(averageBalance({ opening: assets('2025-03-31', '-1'), closing: assets('2026-03-31', '5') }))).toEqual([
      'IMPLAUSIBLE_RESULT',
    ]);
  });
});
