import { describe, expect, it } from 'vitest';
import { FORMULAS } from '@/lib/ontology/formulas';
import { METRICS, type MetricDef } from '@/lib/ontology/metrics';
import { HELIOS_CALENDAR, dur, fact, inst } from './__fixtures__/facts';
import { additivityOf, isAdditiveFormula, windowRule } from './additivity';
import { deriveH2, deriveQ4 } from './derive-q4';
import { sumPeriods } from './sum';
import { ttmFromQuarters, ttmFromYtd } from './ttm';
import type { CalcResult, Operand } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));

/** The unit a stored fact of this kind carries. */
function unitFor(kind: MetricDef['unitKind'] | 'monetary' | 'per_share' | 'ratio' | 'times' | 'days'): {
  unit: string;
  currency: string | null;
} {
  if (kind === 'monetary') return { unit: 'INR', currency: 'INR' };
  if (kind === 'per_share') return { unit: 'INR/shares', currency: 'INR' };
  if (kind === 'shares') return { unit: 'shares', currency: null };
  if (kind === 'ratio') return { unit: 'ratio', currency: null };
  if (kind === 'times' || kind === 'days') return { unit: kind, currency: null };
  return { unit: 'pure', currency: null };
}

/** Helios' FY2025 (April–March) cut every way a sum over periods can cut it. */
const P = {
  q1: dur('2024-04-01', '2024-06-30'),
  q2: dur('2024-07-01', '2024-09-30'),
  q3: dur('2024-10-01', '2024-12-31'),
  q4: dur('2025-01-01', '2025-03-31'),
  h1: dur('2024-04-01', '2024-09-30'),
  m9: dur('2024-04-01', '2024-12-31'),
  fy: dur('2024-04-01', '2025-03-31'),
  h1Next: dur('2025-04-01', '2025-09-30'),
};

/** Every path of lib/calc that adds a measure over periods, for one measure. */
function sumPaths(metricId: string, concept: string, kind: Parameters<typeof unitFor>[0]): Record<string, CalcResult> {
  const u = unitFor(kind);
  const op = (period: (typeof P)[keyof typeof P], value: string): Operand => fact({ metricId, concept, ...u, value, period });
  const calendars = HELIOS_CALENDAR;
  return {
    sumPeriods: sumPeriods({ parts: [op(P.q1, '10'), op(P.q2, '11')], calendars }),
    ttmFromQuarters: ttmFromQuarters({ quarters: [op(P.q1, '10'), op(P.q2, '11'), op(P.q3, '12'), op(P.q4, '13')], calendars }),
    ttmFromYtd: ttmFromYtd({ fy: op(P.fy, '46'), currentYtd: op(P.h1Next, '25'), priorYtd: op(P.h1, '21'), calendars }),
    deriveQ4: deriveQ4({ fy: op(P.fy, '46'), nineMonths: op(P.m9, '33'), calendars }),
    deriveH2: deriveH2({ fy: op(P.fy, '46'), firstHalf: op(P.h1, '21'), calendars }),
  };
}

describe('only additive flows add up over periods (the ontology walked)', () => {
  it('every metric: each sum-over-periods path accepts it exactly when the ontology says it is an additive flow', () => {
    const wrong: string[] = [];
    for (const m of METRICS.filter((x) => x.periodType === 'duration')) {
      const additive = m.unitKind === 'monetary';
      expect(windowRule(m.id).kind, m.id).toBe(additive ? 'sum' : 'refuse');
      for (const [path, r] of Object.entries(sumPaths(m.id, m.concepts[0]!, m.unitKind))) {
        if (r.ok !== additive) wrong.push(`${path}(${m.id}): ${r.ok ? 'added' : codes(r).join(',')}`);
        if (!additive && !r.ok) expect(codes(r), `${path}(${m.id})`).toContain('NON_ADDITIVE');
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every formula result: added over periods only when it is a sum or difference of additive flows', () => {
    const added: string[] = [];
    for (const f of FORMULAS.filter((x) => x.periodType === 'duration')) {
      const kind = f.unit === 'monetary' ? 'monetary' : f.unit === 'per_share' ? 'per_share' : f.unit;
      for (const [path, r] of Object.entries(sumPaths(f.id, f.id, kind))) if (r.ok) added.push(`${path}(${f.id})`);
    }
    const linear = FORMULAS.filter(isAdditiveFormula).map((f) => f.id);
    // free cash flow and EBITDA (and EBITDA less capex) are sums and differences of flows; margins, returns, NOPAT are not
    expect(linear).toEqual(expect.arrayContaining(['free_cash_flow', 'ebitda', 'ebitda_less_capex']));
    expect(linear).not.toEqual(expect.arrayContaining(['nopat']));
    expect(linear.some((id) => /margin|per_share|^ro[aei]/.test(id))).toBe(false);
    expect(added.every((a) => linear.some((id) => a.endsWith(`(${id})`)))).toBe(true);
  });

  it('the formula window rule: a margin is computed over the window, never summed', () => {
    expect(windowRule('gross_margin')).toMatchObject({ kind: 'formula' });
    expect(windowRule('free_cash_flow')).toMatchObject({ kind: 'formula' });
    expect(windowRule('current_ratio')).toMatchObject({ kind: 'refuse', reason: 'balance' });
    expect(windowRule('eps_diluted')).toMatchObject({ kind: 'refuse', reason: 'earnings_per_share' });
    expect(windowRule('dividends_per_share')).toMatchObject({ kind: 'refuse', reason: 'per_share' });
    expect(windowRule('shares_diluted')).toMatchObject({ kind: 'refuse', reason: 'weighted_shares' });
    expect(windowRule('total_assets')).toMatchObject({ kind: 'refuse', reason: 'balance' });
  });

  it('says why: per-share figures divide by weighted share counts that differ by period', () => {
    const r = sumPaths('eps_diluted', 'us-gaap:EarningsPerShareDiluted', 'per_share').sumPeriods!;
    if (r.ok) throw new Error('EPS was added over periods');
    expect(r.errors[0]!.message).toMatch(/weighted share counts differ by period/);
    expect(r.errors[0]!.message).toMatch(/what the filing reports for that period/);
  });

  it('a filer concept outside the ontology is judged by its unit', () => {
    const base = { metricId: null, value: '1', period: P.q1 };
    expect(additivityOf(fact({ ...base, concept: 'ifrs-full:RentalIncome', unit: 'USD', currency: 'USD' })).additive).toBe(true);
    expect(additivityOf(fact({ ...base, concept: 'x:SomethingPerShare', unit: 'USD/shares', currency: 'USD' }))).toMatchObject({
      additive: false,
      reason: 'per_share',
    });
    expect(
      additivityOf(fact({ ...base, concept: 'us-gaap:WeightedAverageLimitedPartnershipUnitsOutstanding', unit: 'shares', currency: null })),
    ).toMatchObject({ additive: false, reason: 'weighted_shares' });
    expect(additivityOf(fact({ ...base, concept: 'x:Rate', unit: 'pure', currency: null }))).toMatchObject({
      additive: false,
      reason: 'ratio',
    });
    expect(additivityOf(fact({ ...base, concept: 'x:Cash', unit: 'USD', currency: 'USD', period: inst('2024-06-30') }))).toMatchObject({
      additive: false,
      reason: 'balance',
    });
  });
});

describe('deriveH2', () => {
  const f = (period: (typeof P)[keyof typeof P], value: string) => fact({ value, period });
  it('H2 = FY − H1, labelled derived, over the second half’s own dates', () => {
    expect(deriveH2({ fy: f(P.fy, '1000'), firstHalf: f(P.h1, '480'), calendars: HELIOS_CALENDAR })).toMatchObject({
      ok: true,
      op: 'derive_h2',
      exact: '520',
      period: dur('2024-10-01', '2025-03-31'),
      basis: 'derived',
    });
  });

  it('needs the first half of the same fiscal year', () => {
    expect(codes(deriveH2({ fy: f(P.fy, '1000'), firstHalf: f(P.m9, '700'), calendars: HELIOS_CALENDAR }))).toEqual([
      'PERIOD_LENGTH_MISMATCH',
    ]);
    expect(codes(deriveH2({ fy: f(P.fy, '1000'), firstHalf: f(P.h1Next, '500'), calendars: HELIOS_CALENDAR }))).toEqual(
      expect.arrayContaining(['PERIOD_MISMATCH', 'OVERLAPPING_INTERVALS']),
    );
  });
});
