/**
 * A total no statement line was bound to is read from the one value its printed caption (the measure's own
 * name) holds at the period; two different values, or no such caption, give no total.
 */
import { describe, expect, it } from 'vitest';
import type { PeriodLine } from '@/lib/retrieval/lookup-facts';
import { printedTotal } from './composition';

function line(row: string, value: string, metricId: string | null = null, table = 't1'): PeriodLine {
  return {
    fact: {
      id: `${table}-${row}`,
      metricId,
      concept: `report:row/${row}`,
      value,
      unit: 'USD',
      currency: 'USD',
      scale: 3,
      period: { type: 'instant', date: '2023-06-30' },
      citation: { row },
      basisTag: 'latest',
    },
    row: 0,
    tableId: table,
    tableTitle: null,
  } as unknown as PeriodLine;
}

const SUBJECT = { id: 'marketable_securities_current', label: 'Current marketable securities' };

describe('a total printed only by its caption', () => {
  it("is the value of a row captioned with the measure's name (MGM's fair-value note: 'Short-term investments')", () => {
    const lines = [line('Corporate bonds', '416420000'), line('Short-term investments', '507726000'), line('Cash', '2195000')];
    expect(printedTotal(lines, SUBJECT)?.value).toBe(507726000);
    // printed twice alike (a note and the MD&A) is one total
    expect(printedTotal([...lines, line('Short-term investments:', '507726000', null, 't2')], SUBJECT)?.value).toBe(507726000);
  });
  it('is none when two captions print different values, when none is printed, or when the row is some measure', () => {
    expect(
      printedTotal([line('Short-term investments', '507726000'), line('Short-term investments', '284706000', null, 't2')], SUBJECT),
    ).toBeNull();
    expect(printedTotal([line('Corporate bonds', '416420000')], SUBJECT)).toBeNull();
    expect(printedTotal([line('Short-term investments', '507726000', 'cash')], SUBJECT)).toBeNull();
  });
});
