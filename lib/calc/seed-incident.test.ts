/**
 * The seed incident: Helios Components Ltd (fiscal year April–March, ₹ crore). FY2026 revenue was
 * divided by FY2025 operating profit. The margin must refuse mismatched years and compute each
 * year's margin and the change between them only as an explicit comparison.
 */
import { describe, expect, it } from 'vitest';
import { FY2025, FY2026, HELIOS_CALENDAR, crore, fact } from './__fixtures__/facts';
import { change, formatValue, growth, margin, resultAsOperand, type CalcOk, type CalcResult } from './index';

const revenue2026 = fact({ id: 'rev-fy26', value: crore('1200'), period: FY2026 });
const revenue2025 = fact({ id: 'rev-fy25', value: crore('1000'), period: FY2025 });
const opProfit = { metricId: 'operating_income', concept: 'ind-as:ProfitLossFromOperatingActivities' };
const profit2026 = fact({ id: 'op-fy26', value: crore('144'), period: FY2026, ...opProfit });
const profit2025 = fact({ id: 'op-fy25', value: crore('180'), period: FY2025, ...opProfit });

function accepted(r: CalcResult): CalcOk {
  if (!r.ok) throw new Error(`rejected: ${r.errors.map((e) => e.code).join(', ')}`);
  return r;
}

describe('Helios operating margin', () => {
  it('stores amounts in base units and shows them in crore', () => {
    expect(revenue2026.value).toBe('12000000000');
    expect(formatValue(revenue2026.value, { unit: 'INR' })).toBe('₹1,200 crore');
  });

  it('rejects FY2025 operating profit over FY2026 revenue as PERIOD_MISMATCH', () => {
    const r = margin({ numerator: profit2025, denominator: revenue2026 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ code: 'PERIOD_MISMATCH', factIds: ['op-fy25', 'rev-fy26'] });
    expect(r.errors[0]!.message).toContain('2024-04-01..2025-03-31');
  });

  it('computes FY2026 margin 144 / 1,200 = 12.0%', () => {
    const r = accepted(margin({ numerator: profit2026, denominator: revenue2026, metricId: 'operating_margin' }));
    expect(r).toMatchObject({
      value: 0.12,
      exact: '0.12',
      unit: 'ratio',
      currency: null,
      display: '12.00%',
      formula: 'operating_income / revenue',
      operandFactIds: ['op-fy26', 'rev-fy26'],
      basis: 'reported',
      period: FY2026,
      metricId: 'operating_margin',
      flags: [],
    });
  });

  it('computes FY2025 margin 180 / 1,000 = 18.0%', () => {
    const r = accepted(margin({ numerator: profit2025, denominator: revenue2025 }));
    expect(r).toMatchObject({ value: 0.18, display: '18.00%', period: FY2025 });
  });

  it('reports the change as −6.0 percentage points in an explicit comparison', () => {
    const m26 = accepted(margin({ numerator: profit2026, denominator: revenue2026, metricId: 'operating_margin' }));
    const m25 = accepted(margin({ numerator: profit2025, denominator: revenue2025, metricId: 'operating_margin' }));
    const r = accepted(change({ later: resultAsOperand(m26), earlier: resultAsOperand(m25), calendars: HELIOS_CALENDAR }));
    expect(r).toMatchObject({
      value: -6,
      exact: '-6',
      unit: 'pp',
      display: '−6.00 pp',
      period: FY2026,
      formula: 'operating_margin[FY2026] - operating_margin[FY2025]',
    });
    expect([...r.operandFactIds].sort()).toEqual(['op-fy25', 'op-fy26', 'rev-fy25', 'rev-fy26']);
  });

  it('refuses the comparison the wrong way round', () => {
    const m26 = accepted(margin({ numerator: profit2026, denominator: revenue2026, metricId: 'operating_margin' }));
    const m25 = accepted(margin({ numerator: profit2025, denominator: revenue2025, metricId: 'operating_margin' }));
    const r = change({ later: resultAsOperand(m25), earlier: resultAsOperand(m26) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toEqual(['PERIOD_MISMATCH']);
  });

  it('grows revenue 20.0% year over year', () => {
    const r = accepted(growth({ later: revenue2026, earlier: revenue2025, calendars: HELIOS_CALENDAR }));
    expect(r).toMatchObject({ value: 0.2, display: '20.00%', formula: 'revenue[FY2026] / revenue[FY2025] - 1' });
  });
});
