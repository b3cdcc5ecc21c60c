import { describe, expect, it } from 'vitest';
import { alignTable } from './citation-table';

const cell = (id: string, row: number, col: number, text: string, path: string[] = [], label: string | null = null) => ({
  id,
  row_index: row,
  col_index: col,
  row_label: label,
  column_path: path,
  text,
});

describe('citation table layout', () => {
  it('keeps a row without a Note number under its own column headers', () => {
    const cy = ['Year ended 31 March 2026'];
    const py = ['Year ended 31 March 2025 (Restated)'];
    const { headerRows, rows } = alignTable(
      [
        cell('l1', 1, 0, 'Revenue from operations', [], 'Revenue from operations'),
        cell('n1', 1, 1, '23', ['Note']),
        cell('a1', 1, 2, '1,200.00', cy),
        cell('b1', 1, 3, '1,000.00', py),
        cell('l2', 2, 0, 'Operating profit', [], 'Operating profit'),
        cell('a2', 2, 2, '144.00', cy),
        cell('b2', 2, 3, '180.00', py),
      ],
      'a2',
      [],
    );
    expect(headerRows).toEqual([['', 'Note', 'Year ended 31 March 2026', 'Year ended 31 March 2025 (Restated)']]);
    const op = rows.find((r) => r.rowIndex === 2)!;
    expect(op.cells.map((c) => c.text)).toEqual(['Operating profit', '', '144.00', '180.00']);
    const cited = op.cells.findIndex((c) => c.cited);
    expect(headerRows[0]![cited]).toBe('Year ended 31 March 2026');
  });

  it('rebuilds multi-row headers per column, leaves on the last row', () => {
    const { headerRows } = alignTable(
      [
        cell('l', 3, 0, 'Net sales'),
        cell('a', 3, 1, '394,328', ['Years ended', 'September 24,', '2022']),
        cell('b', 3, 2, '365,817', ['Years ended', 'September 25,', '2021']),
      ],
      'a',
      [],
    );
    expect(headerRows).toEqual([
      ['', 'Years ended', 'Years ended'],
      ['', 'September 24,', 'September 25,'],
      ['', '2022', '2021'],
    ]);
  });

  it('shows a "$" printed in its own cell together with its figure, in the column the other rows use', () => {
    const fy24 = ['Years ended', 'September 28, 2024'];
    const fy23 = ['Years ended', 'September 30, 2023'];
    const { headerRows, rows } = alignTable(
      [
        cell('h1', 1, 2, 'Years ended', fy24),
        cell('h2', 1, 4, 'Years ended', fy23),
        cell('l2', 2, 0, 'Products', [], 'Products'),
        cell('s2', 2, 1, '$', fy24),
        cell('a2', 2, 2, '294,866', fy24),
        cell('t2', 2, 3, '$', fy23),
        cell('b2', 2, 4, '298,085', fy23),
        cell('l3', 3, 0, 'Total net sales', [], 'Total net sales'),
        cell('a3', 3, 1, '391,035', fy24),
        cell('b3', 3, 3, '383,285', fy23),
      ],
      'a3',
      [],
    );
    // the heading kept as a row of cells is not shown twice
    expect(rows.map((r) => r.rowIndex)).toEqual([2, 3]);
    expect(rows[0]!.cells.map((c) => c.text)).toEqual(['Products', '$ 294,866', '', '$ 298,085', '']);
    expect(rows[1]!.cells.map((c) => c.text)).toEqual(['Total net sales', '391,035', '', '383,285', '']);
    const cited = rows[1]!.cells.findIndex((c) => c.cited);
    expect(cited).toBe(1);
    expect(headerRows.map((h) => h[cited])).toEqual(['Years ended', 'September 28, 2024']);
  });
});
