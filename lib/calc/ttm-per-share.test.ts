import { describe, expect, it } from 'vitest';
import { dur, fact } from './__fixtures__/facts';
import { ttmPerShareSum } from './ttm-per-share';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const eps = (start: string, end: string, value: string, over: Record<string, unknown> = {}) =>
  fact({
    entityId: 'apple',
    metricId: 'eps_diluted',
    concept: 'us-gaap:EarningsPerShareDiluted',
    unit: 'USD/shares',
    currency: 'USD',
    value,
    period: dur(start, end),
    ...over,
  });

// Apple: TTM to the December 2025 quarter = Q2 FY25 + Q3 FY25 + (FY25 − 9M FY25) + Q1 FY26
const q2 = eps('2024-12-29', '2025-03-29', '1.65');
const q3 = eps('2025-03-30', '2025-06-28', '1.57');
const fy = eps('2024-09-29', '2025-09-27', '7.46');
const nine = eps('2024-09-29', '2025-06-28', '5.62');
const q1 = eps('2025-09-28', '2025-12-27', '2.84');

describe('ttmPerShareSum', () => {
  it('adds four quarterly EPS, the fourth quarter as FY − 9M, labelled as that sum', () => {
    const r = ttmPerShareSum({ quarters: [{ reported: q2 }, { reported: q3 }, { fy, nineMonths: nine }, { reported: q1 }] });
    expect(r).toMatchObject({ ok: true, op: 'ttm_per_share_sum', exact: '7.9', period: dur('2024-12-29', '2025-12-27'), basis: 'derived' });
    if (!r.ok) return;
    expect(r.operandFactIds).toEqual([q2.id, q3.id, fy.id, nine.id, q1.id]);
    expect(r.formula).toMatch(/^sum of four quarterly eps_diluted: /);
    expect(r.formula).toContain('(eps_diluted[2024-09-29..2025-09-27] - eps_diluted[2024-09-29..2025-06-28])');
  });

  it('refuses gaps, overlaps and spans that are not a year', () => {
    const q3late = eps('2025-04-06', '2025-07-05', '1.57');
    expect(
      codes(ttmPerShareSum({ quarters: [{ reported: q2 }, { reported: q3late }, { fy, nineMonths: nine }, { reported: q1 }] })),
    ).toContain('NON_CONTIGUOUS_PERIODS');
    expect(codes(ttmPerShareSum({ quarters: [{ reported: q2 }, { reported: q3 }, { reported: q1 }] }))).toEqual(['MISSING_FACT']);
  });

  it('refuses a nine months that is not the start of the year, and figures other than EPS', () => {
    const lateNine = eps('2024-10-06', '2025-06-28', '5.62');
    expect(
      codes(ttmPerShareSum({ quarters: [{ reported: q2 }, { reported: q3 }, { fy, nineMonths: lateNine }, { reported: q1 }] })),
    ).toContain('PERIOD_MISMATCH');
    const rev = (s: string, e: string) => fact({ value: '1', period: dur(s, e), unit: 'USD', currency: 'USD', metricId: 'revenue' });
    const quarters = [
      rev('2024-12-29', '2025-03-29'),
      rev('2025-03-30', '2025-06-28'),
      rev('2025-06-29', '2025-09-27'),
      rev('2025-09-28', '2025-12-27'),
    ].map((reported) => ({ reported }));
    expect(codes(ttmPerShareSum({ quarters }))).toContain('INVALID_VALUE');
  });

  it('refuses basic and diluted EPS mixed in one sum', () => {
    const basic = eps('2025-09-28', '2025-12-27', '2.85', { metricId: 'eps_basic', concept: 'us-gaap:EarningsPerShareBasic' });
    expect(
      codes(ttmPerShareSum({ quarters: [{ reported: q2 }, { reported: q3 }, { fy, nineMonths: nine }, { reported: basic }] })),
    ).toContain('METRIC_MISMATCH');
  });
});
