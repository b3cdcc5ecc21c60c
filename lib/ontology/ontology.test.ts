import { describe, expect, it } from 'vitest';
import { impliedRelation } from '@/lib/calc/formula';
import { FORMULAS, getFormula, leafMeasures, type Expr } from './formulas';
import { METRICS, getMetric, isNonNegativeMetric } from './metrics';

describe('ontology data', () => {
  it('maps ~150 analyst measures (stored line items + formulas) with unique ids', () => {
    const ids = [...METRICS.map((m) => m.id), ...FORMULAS.map((f) => f.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(200);
    // stored line items alone: ~150 analyst line items with concept chains
    expect(METRICS.length).toBeGreaterThanOrEqual(150);
  });

  it('every stored metric has a concept chain across taxonomies, a period type and a sign convention where it matters', () => {
    for (const m of METRICS) {
      expect(m.concepts.length, m.id).toBeGreaterThan(0);
      for (const c of m.concepts) expect(c, m.id).toMatch(/^(us-gaap|ifrs-full|dei|ind-as|report):[A-Za-z_][\w]*$/);
      expect(['instant', 'duration']).toContain(m.periodType);
    }
    // most line items exist in both taxonomies; US-only disclosures (banks' noninterest lines, the US
    // tax note, cover-page and equity-note items) have no ifrs-full element and carry none
    const withIfrs = METRICS.filter((m) => m.concepts.some((c) => c.startsWith('ifrs-full:'))).length;
    expect(withIfrs / METRICS.length).toBeGreaterThan(0.7);
    // outflows reported as positive payments cannot be negative
    for (const m of METRICS.filter((x) => x.sign === 'outflow' && !['income_taxes_paid', 'interest_paid'].includes(x.id)))
      expect(isNonNegativeMetric(m.id), m.id).toBe(true);
  });

  it('every formula reads known measures and its roles imply exactly its declared temporal relation', () => {
    for (const f of FORMULAS) {
      for (const leaf of leafMeasures(f.formula)) expect(getMetric(leaf), `${f.id} → ${leaf}`).toBeDefined();
      for (const alt of f.alternatives ?? [])
        for (const leaf of leafMeasures(alt)) expect(getMetric(leaf), `${f.id} alt → ${leaf}`).toBeDefined();
      expect(impliedRelation(f), f.id).toBe(f.relation);
    }
  });

  it('a flow operand of a duration formula is read over the same duration; balances only at the end or averaged', () => {
    const walk = (e: Expr, periodType: 'instant' | 'duration', inAvg: boolean, id: string) => {
      if ('measure' in e) {
        const t = getFormula(e.measure)?.periodType ?? getMetric(e.measure)!.periodType;
        const role = e.role ?? 'same';
        if (periodType === 'instant' || inAvg) expect(t, `${id}: ${e.measure}`).toBe('instant');
        else if (role === 'same') expect(t, `${id}: ${e.measure}`).toBe('duration');
        else expect(t, `${id}: ${e.measure}@${role}`).toBe('instant');
      } else if ('average' in e) walk(e.average, periodType, true, id);
      else if ('op' in e) e.args.forEach((a) => walk(a, periodType, inAvg, id));
    };
    for (const f of FORMULAS) walk(f.formula, f.periodType, false, f.id);
  });

  it('declares the mixed instant ÷ flow relation only in the end-of-period form', () => {
    const mixed = FORMULAS.filter((f) => f.relation === 'instant_over_flow_at_end' || f.relation === 'flow_over_instant_at_end')
      .map((f) => f.id)
      .sort();
    expect(mixed).toEqual(['debt_to_ebitda', 'net_debt_to_ebitda', 'operating_cash_flow_ratio']);
  });
});

describe('debt measures: a total, a part and a classification are never read for one another', () => {
  it('the long-term part never falls back to the total of all borrowings, nor the non-current part to a total holding the current one', () => {
    expect(getMetric('long_term_debt')!.concepts).not.toContain('ifrs-full:Borrowings');
    expect(getMetric('long_term_debt_noncurrent')!.concepts).not.toContain('ifrs-full:LongtermBorrowings');
    expect(getMetric('long_term_debt_noncurrent')!.concepts).not.toContain('us-gaap:LongTermDebt');
    expect(getMetric('current_portion_long_term_debt')!.concepts).toContain('ifrs-full:CurrentPortionOfLongtermBorrowings');
  });

  it('total debt is the filer’s own reported total first, its parts summed only where none is reported', () => {
    const total = getFormula('total_debt')!;
    expect(leafMeasures(total.formula)).toEqual(['borrowings_reported']);
    expect(getMetric('borrowings_reported')!.concepts.filter((c) => !c.startsWith('report:'))).toEqual(['ifrs-full:Borrowings']);
    expect(total.alternatives?.map((a) => leafMeasures(a))).toEqual([
      ['long_term_debt_noncurrent', 'current_portion_long_term_debt', 'short_term_borrowings'],
      ['long_term_debt_noncurrent', 'current_portion_long_term_debt'],
    ]);
  });
});
