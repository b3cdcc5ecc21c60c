/**
 * One figure, one fact, with filers' examples: cells that would state the same metric, period, scope and
 * unit keep one metric fact — the first row of a table, the primary statement of a document — and the
 * others their own row concepts or a quarantine.
 */
import { describe, expect, it } from 'vitest';
import type { BoundCell, BoundFact, BoundTable, TableKind } from './types';
import { dimensionColumns, resolveDuplicates, resolveSourceDuplicates } from './duplicates';

const YEAR = { type: 'duration', start: '2022-01-01', end: '2022-12-31' } as const;

function cell(
  rowIndex: number,
  rowLabel: string,
  value: string,
  o: { metricId?: string | null; col?: number; section?: string[]; column?: string[] } = {},
): BoundCell {
  const fact: BoundFact = {
    metricId: o.metricId === undefined ? 'revenue' : o.metricId,
    concept: 'us-gaap:Revenues',
    value,
    unit: 'USD',
    currency: 'USD',
    scale: 6,
    decimals: -6,
    period: YEAR,
    fiscalYear: 2022,
    fiscalPeriod: 'FY',
    scope: 'consolidated',
    status: 'active',
    reason: null,
    detail: null,
    labels: {},
  };
  return {
    rowIndex,
    colIndex: o.col ?? 1,
    rowLabel,
    sectionPath: o.section ?? [],
    columnPath: o.column ?? ['2022'],
    text: value,
    page: null,
    spanStart: null,
    spanEnd: null,
    printed: value,
    fact,
    skipped: null,
  };
}

const state = (c: BoundCell) => `${c.fact!.status}:${c.fact!.metricId ?? 'row concept'}`;

describe('resolveDuplicates: one table', () => {
  it.each<[string, BoundCell[], string[]]>([
    [
      'a sub-total and a total both labelled "Borrowings": the first keeps the metric',
      [cell(0, 'Borrowings', '100', { metricId: 'total_debt' }), cell(1, 'Borrowings', '250', { metricId: 'total_debt' })],
      ['active:total_debt', 'quarantined:row concept'],
    ],
    [
      '"Deferred revenue" under current and again under long-term liabilities: another line, still active',
      [
        cell(0, 'Deferred revenue', '100', { metricId: 'deferred_revenue', section: ['Current liabilities'] }),
        cell(1, 'Deferred revenue', '250', { metricId: 'deferred_revenue', section: ['Long-term liabilities'] }),
      ],
      ['active:deferred_revenue', 'active:row concept'],
    ],
    [
      'the same value twice is one fact',
      [cell(0, 'Revenue', '100'), cell(1, 'Total revenue', '100')],
      ['active:revenue', 'active:revenue'],
    ],
  ])('%s', (_name, cells, want) => {
    resolveDuplicates(cells, 'profit_loss');
    expect(cells.map(state)).toEqual(want);
  });
});

describe('dimensionColumns', () => {
  it('Amcor: "Flexibles | Rigid Packaging | Total" of one year are dimensions, no cell is the entity’s revenue', () => {
    const cells = ['Flexibles', 'Rigid Packaging', 'Total'].map((h, i) =>
      cell(0, 'Net sales', String(100 + i), { col: i + 1, column: [h] }),
    );
    dimensionColumns(cells, []);
    expect(cells.map(state)).toEqual(['active:row concept', 'active:row concept', 'active:row concept']);
    expect(cells[0]!.fact!.labels).toMatchObject({ candidateMetric: 'revenue', dimension: 'Flexibles' });
  });
});

const table = (ordinal: number, kind: TableKind, statement: boolean, title: string, cells: BoundCell[]): BoundTable => ({
  ordinal,
  title,
  kind,
  statement,
  section: null,
  page: null,
  unitLine: null,
  scale: null,
  currency: null,
  headerRows: [],
  rowCount: cells.length,
  columnCount: 2,
  labelCells: [],
  cells,
});

describe('resolveSourceDuplicates: one document', () => {
  it('Microsoft: the balance sheet’s figure wins over a note’s other amount, which keeps its own row', () => {
    const statement = table(2, 'profit_loss', true, 'INCOME STATEMENTS', [cell(0, 'Total revenue', '198270')]);
    const note = table(1, 'other', false, 'Segment information', [cell(0, 'Revenue', '64773')]);
    expect(resolveSourceDuplicates([note, statement])).toBe(0);
    expect([state(statement.cells[0]!), state(note.cells[0]!)]).toEqual(['active:revenue', 'active:row concept']);
  });

  it('two statements that disagree: the later one is demoted', () => {
    const first = table(1, 'profit_loss', true, 'CONSOLIDATED STATEMENTS OF INCOME', [cell(0, 'Revenue', '100')]);
    const second = table(2, 'results', true, 'Quarterly results', [cell(0, 'Revenue', '90')]);
    expect(resolveSourceDuplicates([first, second])).toBe(1);
    expect(state(second.cells[0]!)).toBe('quarantined:row concept');
  });
});
