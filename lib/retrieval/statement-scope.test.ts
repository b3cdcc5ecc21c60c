import { describe, expect, it } from 'vitest';
import type { FactRecord } from './lookup-facts';
import { onStatements, type StatementKind, statementOfTable } from './statement-scope';

/** `statement`: as ingestion recorded it (null: not a primary statement); absent: stored before statements were recorded. */
function fact(id: string, table: string | null, statement?: StatementKind | null): FactRecord {
  return {
    ...(statement !== undefined ? { statement } : {}),
    id,
    entityId: 'e',
    metricId: 'revenue',
    concept: 'report:revenue',
    value: '100',
    unit: 'USD',
    currency: 'USD',
    scale: 0,
    period: { type: 'duration', start: '2022-01-01', end: '2022-12-31' },
    scope: 'consolidated',
    dimensions: {},
    fiscalYear: 2022,
    fiscalPeriod: 'FY',
    filedAt: '2023-02-01',
    chainKey: id,
    version: 1,
    revisionKind: null,
    isLatest: true,
    isOriginal: true,
    accession: null,
    form: '10-K',
    durationDays: 365,
    status: 'active',
    factIds: [id],
    citation: {
      factId: id,
      sourceId: 's',
      sourceTitle: 'Acme 10-K',
      accession: null,
      form: '10-K',
      filedAt: '2023-02-01',
      tableId: table === null ? null : `t-${id}`,
      table,
      cellId: null,
      row: null,
      column: null,
      columnPath: [],
      page: null,
      span: null,
    },
  };
}

describe('statement scope', () => {
  it('reads a primary statement from its printed title, and nothing else', () => {
    expect(statementOfTable('CONSOLIDATED STATEMENTS OF CASH FLOWS')).toBe('cash_flow_statement');
    expect(statementOfTable('Consolidated Statements of Operations')).toBe('income_statement');
    expect(statementOfTable('Consolidated Statements of Financial Position')).toBe('balance_sheet');
    expect(statementOfTable('CONSOLIDATED BALANCE SHEETS')).toBe('balance_sheet');
    expect(statementOfTable('PARENT COMPANY – CONDENSED BALANCE SHEET')).toBeNull();
    expect(statementOfTable('Revenue by segment')).toBeNull();
    expect(statementOfTable(null)).toBeNull();
  });

  it('takes the figure printed on a named statement, never a note’s in its place', () => {
    const onIs = fact('a', 'Consolidated Statements of Income', 'income_statement');
    const inNote = fact('b', 'Note 4 — Revenue by geography', null);
    const r = onStatements([inNote, onIs], ['income_statement']);
    expect(r.ok && r.kept).toEqual([onIs]);
    expect(r.rejected.map((x) => [x.factId, x.code])).toEqual([['b', 'OTHER_STATEMENT']]);
    const only = onStatements([inNote], ['income_statement']);
    expect(only.ok).toBe(false);
    expect(!only.ok && only.reason).toMatch(/not shown in the income statement \(the filing prints it in “Note 4/);
  });

  it('keeps a fact stored before statements were recorded whose table names none (its first sighting, not where it is printed)', () => {
    const old = fact('m', 'Management’s Discussion and Analysis of Financial Condition and Results of Operations');
    expect(onStatements([old], ['income_statement'])).toMatchObject({ ok: true, kept: [old] });
    const oldOnIs = fact('i', 'Consolidated Statements of Income');
    expect(onStatements([old, oldOnIs], ['income_statement'])).toMatchObject({ ok: true, kept: [oldOnIs] });
  });

  it('keeps facts that cannot be placed (no table), a measure printed on its own statement only, and everything without a scope', () => {
    const xbrl = fact('x', null);
    expect(onStatements([xbrl], ['cash_flow_statement'])).toMatchObject({ ok: true, kept: [xbrl] });
    const onIs = fact('a', 'Consolidated Statements of Income');
    expect(onStatements([onIs], ['cash_flow_statement'])).toMatchObject({ ok: true, kept: [onIs] });
    const inNote = fact('b', 'Note 4');
    expect(onStatements([inNote, onIs], undefined)).toMatchObject({ ok: true, kept: [inNote, onIs] });
  });
});
