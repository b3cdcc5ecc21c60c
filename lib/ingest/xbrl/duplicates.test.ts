import { describe, expect, it } from 'vitest';
import type { FactInput } from '@/lib/facts/write-facts';
import { parseDecimal } from '@/lib/calc/decimal';
import { consistentDuplicates, mergePrecisionDuplicates } from './duplicates';

const base: FactInput = {
  tenantId: 't',
  entityId: 'wmt',
  metricId: 'cash',
  concept: 'us-gaap:CashAndCashEquivalentsAtCarryingValue',
  value: '0',
  unit: 'USD',
  currency: 'USD',
  scale: 6,
  decimals: -6,
  period: { type: 'instant', date: '2025-01-31' },
  fiscalYear: 2025,
  fiscalPeriod: 'FY',
  scope: 'consolidated',
  dimensions: {},
  accountingStandard: 'us-gaap',
  provenance: {},
  sighting: { sourceId: 's', accession: null, form: '10-K', filedAt: '2025-03-14', labels: {} },
};
const f = (value: string, decimals: number | null, over: Partial<FactInput> = {}): FactInput => ({ ...base, value, decimals, ...over });
const d = (v: string, decimals: number) => ({ value: parseDecimal(v)!, decimals });

describe('duplicate facts of one filing at different precision', () => {
  it('are consistent when equal after rounding to the lower precision', () => {
    expect(consistentDuplicates(d('9037000000', -6), d('9000000000', -8))).toBe(true);
    expect(consistentDuplicates(d('4784000000', -6), d('4800000000', -8))).toBe(true);
    expect(consistentDuplicates(d('9037000000', -6), d('9100000000', -8))).toBe(false);
    expect(consistentDuplicates(d('0.17', 2), d('0.2', 1))).toBe(true);
    expect(consistentDuplicates(d('0.17', 2), d('0.18', 2))).toBe(false);
    expect(consistentDuplicates(d('5', Number.POSITIVE_INFINITY), d('5.0', Number.POSITIVE_INFINITY))).toBe(true);
  });

  it('keep the most precise value (Walmart cash: "$9.0 billion" in the narrative, 9,037m in the statement)', () => {
    const narrative = f('9000000000', -8, { scale: 9, provenance: { sourceLabel: 'narrative' } });
    const statement = f('9037000000', -6, { provenance: { sourceLabel: 'statement' } });
    const note = f('9037000000', -6, { provenance: { sourceLabel: 'note' } });
    const other = f('8000000000', -8, { period: { type: 'instant', date: '2024-01-31' } });
    const r = mergePrecisionDuplicates([narrative, statement, other, note]);
    expect(r.facts).toEqual([statement, other, note]);
    expect(r).toMatchObject({ merged: 1, inconsistent: 0 });
    // an exact (INF) value is the most precise
    const exact = f('9037123456', null);
    expect(mergePrecisionDuplicates([statement, exact, narrative]).facts).toEqual([exact]);
  });

  it('values that disagree even at the lower precision stay as filed (a conflict), as do other facts', () => {
    const a = f('9037000000', -6);
    const b = f('9100000000', -8);
    expect(mergePrecisionDuplicates([a, b])).toMatchObject({ facts: [a, b], merged: 0, inconsistent: 1 });
    // same precision, different values: a conflict too
    const c = f('9038000000', -6);
    expect(mergePrecisionDuplicates([a, c, f('9000000000', -8)])).toMatchObject({ merged: 0, inconsistent: 1 });
    // different dimensions, units or periods are different facts
    const seg = f('9000000000', -8, { dimensions: { 'us-gaap:StatementBusinessSegmentsAxis': 'wmt:WalmartUSSegmentMember' } });
    const eur = f('9000000000', -8, { unit: 'EUR', currency: 'EUR' });
    expect(mergePrecisionDuplicates([a, seg, eur]).facts).toEqual([a, seg, eur]);
  });
});
