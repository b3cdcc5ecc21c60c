/**
 * Where a company operates is read from its revenue broken down by region: a printed line whose columns add
 * up to a whole ("Consolidated"), or printed lines that add up to revenue, most of whose labels name places.
 */
import { describe, expect, it } from 'vitest';
import type { PeriodLine } from '@/lib/retrieval/lookup-facts';
import { findColumnBreakdowns, isRegional, placeCount } from './geographies';

function cell(row: string, column: string, value: string, tableRow = 1): PeriodLine {
  return {
    fact: {
      id: `${row}-${column}`,
      metricId: null,
      concept: `report:row/${row}/${column}`,
      value,
      unit: 'USD',
      scale: 6,
      citation: { row, column, columnPath: [column] },
    },
    row: tableRow,
    tableId: 't1',
    tableTitle: 'Operations by region',
  } as unknown as PeriodLine;
}

describe('a revenue breakdown by region', () => {
  const sales = [
    cell('Net sales', 'North America', '7000000000'),
    cell('Net sales', 'Europe', '2500000000'),
    cell('Net sales', 'Japan', '600000000'),
    cell('Net sales', 'Other', '-100000000'),
    cell('Net sales', 'Total', '10000000000'),
    cell('Operating income', 'North America', '900000000', 2),
    cell('Operating income', 'Total', '1200000000', 2),
  ];

  it('is a sales line whose columns add up to the column that holds the whole', () => {
    const [b, ...more] = findColumnBreakdowns(sales, null);
    expect(more).toHaveLength(0);
    expect(b?.whole?.fact.citation.column).toBe('Total');
    expect(b?.parts.map((p) => p.fact.citation.column)).toEqual(['North America', 'Europe', 'Japan', 'Other']);
  });

  it('is no breakdown when the columns do not add up, or with a known total they miss', () => {
    expect(
      findColumnBreakdowns(
        sales.map((c) => (c.fact.citation.column === 'Japan' ? cell('Net sales', 'Japan', '900000000') : c)),
        null,
      ),
    ).toEqual([]);
    expect(findColumnBreakdowns(sales, { value: 11000000000, unit: 'USD' })).toEqual([]);
    expect(findColumnBreakdowns(sales, { value: 10000000000, unit: 'USD' })).toHaveLength(1);
  });

  it('names places in most of its lines, a remainder line aside; a product breakdown does not', () => {
    expect(isRegional(placeCount(['North America', 'Europe', 'Japan', 'Other']))).toBe(true);
    expect(isRegional(placeCount(['Hardware', 'Software', 'Services', 'Europe']))).toBe(false);
    // abbreviations count by what the filing spells them out as
    const spelled = new Map([
      ['NAB', 'Northern Beverages North America'],
      ['LatAm', 'Latin America'],
    ]);
    expect(isRegional(placeCount(['NAB', 'LatAm', 'Snacks'], spelled))).toBe(true);
    expect(isRegional(placeCount(['NAB', 'LatAm', 'Snacks']))).toBe(false);
  });
});
