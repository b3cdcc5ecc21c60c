import { describe, expect, it } from 'vitest';
import type { Operand } from '@/lib/calc';
import { isMemberOfTotal, shareOfTotal } from './share';

const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const op = (id: string, metricId: string, value: string, dimensions: Record<string, string> = {}): Operand => ({
  id,
  entityId: 'e',
  metricId,
  concept: 'us-gaap:Revenues',
  value,
  unit: 'USD',
  currency: 'USD',
  period: { type: 'duration', start: '2024-01-01', end: '2024-12-31' },
  scope: 'consolidated',
  dimensions,
});

describe('a member’s share of its own total', () => {
  const total = op('t', 'revenue', '1000');
  const cloud = op('c', 'revenue', '250', { [SEG]: 'x:CloudMember' });
  it('is a member of the same measure only', () => {
    expect(isMemberOfTotal(cloud, total)).toBe(true);
    expect(isMemberOfTotal(total, cloud)).toBe(false);
    expect(isMemberOfTotal({ ...cloud, metricId: 'operating_income' }, total)).toBe(false);
    expect(isMemberOfTotal(op('o', 'revenue', '5', { [SEG]: 'x:OtherMember' }), cloud)).toBe(false);
  });
  it('divides the member by its total; other dimensions still refuse', () => {
    const r = shareOfTotal(cloud, total, [], true);
    expect(r.ok && Number(r.value)).toBe(0.25);
    const other = shareOfTotal(cloud, op('o', 'operating_income', '400', { [SEG]: 'x:OtherMember' }), [], true);
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.errors.map((e) => e.code)).toContain('DIMENSION_MISMATCH');
  });
});
