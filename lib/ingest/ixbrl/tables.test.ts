import { describe, expect, it } from 'vitest';
import type { CellDraft, TableDraft } from './parse';
import { buildTable } from './tables';

const cell = (text: string, colspan = 1, facts: number[] = []): CellDraft => ({
  text,
  colspan,
  rowspan: 1,
  header: false,
  start: 0,
  end: 0,
  facts,
});
const draft = (rows: CellDraft[][]): TableDraft => ({ rows, start: 0, end: 0, blockIndex: 0 });

describe('table headers', () => {
  // Walmart's statements print the unit caption in the stub column of the year row:
  //   |                                   | Fiscal Years Ended January 31,   |
  //   | (Amounts in millions, except …)   | 2025 | 2024 | 2023              |
  //   | Net sales                         | 674,538 | 642,637 | 605,881     |
  it('a unit caption beside the years heads the columns: the years stay in the column paths', () => {
    const t = buildTable(
      draft([
        [cell(''), cell('Fiscal Years Ended January 31,', 3)],
        [cell('(Amounts in millions, except per share data)'), cell('2025'), cell('2024'), cell('2023')],
        [cell('Net sales'), cell('674,538', 1, [0]), cell('642,637', 1, [1]), cell('605,881', 1, [2])],
      ]),
      [],
    );
    expect(t.headerRows).toEqual([
      ['', 'Fiscal Years Ended January 31,'],
      ['(Amounts in millions, except per share data)', '2025', '2024', '2023'],
    ]);
    expect(t.cells.filter((c) => c.facts.length).map((c) => [c.rowLabel, c.columnPath])).toEqual([
      ['Net sales', ['Fiscal Years Ended January 31,', '2025']],
      ['Net sales', ['Fiscal Years Ended January 31,', '2024']],
      ['Net sales', ['Fiscal Years Ended January 31,', '2023']],
    ]);
    expect(t.unitLine).toBe('Amounts in millions');
  });

  it('a labelled row without facts after the headers is still the first body row', () => {
    const t = buildTable(
      draft([[cell(''), cell('2025'), cell('2024')], [cell('Revenues:')], [cell('Net sales'), cell('10', 1, [0]), cell('9', 1, [1])]]),
      [],
    );
    expect(t.headerRows).toEqual([['', '2025', '2024']]);
    expect(t.cells.find((c) => c.text === '10')).toMatchObject({ rowLabel: 'Net sales', columnPath: ['2025'] });
  });
});
