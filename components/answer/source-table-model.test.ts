import { describe, expect, it } from 'vitest';
import { bodyRows, columnCount, mergeHeaderRows } from './source-table-model';

describe('mergeHeaderRows', () => {
  it('keeps multi-row headers and spans repeated parents', () => {
    const rows = mergeHeaderRows([
      ['', 'Three Months Ended', 'Three Months Ended', 'Nine Months Ended', 'Nine Months Ended'],
      ['', 'June 28, 2025', 'June 29, 2024', 'June 28, 2025', 'June 29, 2024'],
    ]);
    expect(rows[0]).toEqual([
      { text: '', colSpan: 1 },
      { text: 'Three Months Ended', colSpan: 2 },
      { text: 'Nine Months Ended', colSpan: 2 },
    ]);
    expect(rows[1]!.map((c) => c.colSpan)).toEqual([1, 1, 1, 1, 1]);
  });
  it('never merges a lower row across two parents', () => {
    const rows = mergeHeaderRows([
      ['A', 'A', 'B', 'B'],
      ['(Unaudited)', '(Unaudited)', '(Unaudited)', '(Unaudited)'],
    ]);
    expect(rows[1]).toEqual([
      { text: '(Unaudited)', colSpan: 2 },
      { text: '(Unaudited)', colSpan: 2 },
    ]);
  });
  it('pads ragged rows and does not merge blanks', () => {
    expect(mergeHeaderRows([['x', '', ''], ['a']])).toEqual([
      [
        { text: 'x', colSpan: 1 },
        { text: '', colSpan: 1 },
        { text: '', colSpan: 1 },
      ],
      [
        { text: 'a', colSpan: 1 },
        { text: '', colSpan: 1 },
        { text: '', colSpan: 1 },
      ],
    ]);
  });
});

describe('bodyRows', () => {
  const cell = (colIndex: number, text: string) => ({ colIndex, text, cited: false, columnPath: [] });
  const data = {
    factId: 'f',
    table: { id: 't', title: null, unitLine: null, page: null, headerRows: [['Particulars', '2026']] },
    rows: [
      { rowIndex: 0, label: null, cells: [cell(0, 'Particulars'), cell(1, '2026')] },
      { rowIndex: 1, label: 'Revenue', cells: [cell(0, 'Revenue'), cell(1, '1,200'), cell(2, 'x')] },
    ],
    cited: null,
    source: { id: 's', title: 's', form: null, accession: null, filedAt: null },
    sightings: [],
  };
  it('drops header repetitions and counts columns', () => {
    expect(bodyRows(data).map((r) => r.rowIndex)).toEqual([1]);
    expect(columnCount(data)).toBe(3);
  });
});
