/**
 * The period rules, one table of filers' examples each: what a column's headings, the row's own words and
 * the document's period say a cell's period is — and when they leave it unsaid (quarantined).
 */
import { describe, expect, it } from 'vitest';
import { bindingOf, type CellSpec, cellOf, periodOf } from './__fixtures__/cell';
import { balanceEdgeRow, datedBalanceRow, futureBucket, instantOrDuration, ownPeriodRow, periodOfColumn } from './period';
import type { Binding, Rule, Step } from './types';

/** A period as text: I:date for an instant, D:start..end for a duration; a quarantine by its reason. */
function said(step: Step | null, before: Binding): string {
  const reason = step?.quarantine?.[0]?.reason;
  if (reason) return reason;
  const cp = step?.set && 'cp' in step.set ? step.set.cp : before.cp;
  if (!cp) return 'none';
  const p = cp.period.type === 'instant' ? `I:${cp.period.date}` : `D:${cp.period.start}..${cp.period.end}`;
  const dim = step?.set?.dimension ? ' (dimension)' : '';
  return `${p}${dim}`;
}

function run(rule: Rule, spec: CellSpec, cp: string[] | null = null, set: Partial<Binding> = {}): string {
  const cell = cellOf(spec);
  const before = bindingOf(cell, { cp: cp ? periodOf(cp) : null, ...set });
  return said(rule(cell, before), before);
}

describe('periodOfColumn: the period the column headings name', () => {
  it.each<[string, CellSpec, string]>([
    ['a 10-K year column', { label: 'Net sales', path: ['Year Ended December 31, 2022'], text: '1,234' }, 'D:2022-01-01..2022-12-31'],
    ['a balance sheet date column', { label: 'Total assets', path: ['December 31, 2022'], text: '1,234' }, 'I:2022-12-31'],
    ['a column without a heading', { label: 'Net sales', path: [], text: '1,234' }, 'COLUMN_HEADER_LOST'],
    [
      'JPMorgan: a year under "Term loans by origination year" is the loans’ vintage, a dimension',
      { label: 'Total retained loans', path: ['June 30, 2023', 'Term loans by origination year', '2021'], text: '1,234' },
      'I:2023-06-30 (dimension)',
    ],
    [
      'JPMorgan 10-Q: a year alone in a quarterly report names none of its periods',
      { label: 'Net revenue', path: ['2023'], text: '1,234', ctx: { quarterly: true, annual: false } },
      'MISSING_FACT_PERIOD',
    ],
    [
      'Amcor: segment columns under one period above the table are dimensions of it',
      { label: 'Net sales', path: ['Flexibles'], text: '1,234', rc: { contextPeriod: periodOf(['Year Ended June 30, 2023']) } },
      'D:2022-07-01..2023-06-30 (dimension)',
    ],
    [
      'a roll-forward’s lone date row under a table dated June 30, 2023 is the balance of its own date',
      { label: 'December 31, 2022', path: ['Level 3'], text: '1,234', rc: { contextPeriod: periodOf(['June 30, 2023']) } },
      'MISSING_FACT_PERIOD',
    ],
    [
      'a heading that is only the upper part of another column’s names no dimension',
      {
        label: 'Granted',
        path: ['Weighted-Average Fair'],
        text: '12.5',
        rc: { contextPeriod: periodOf(['June 30, 2023']), truncatedHeading: true },
      },
      'COLUMN_HEADER_LOST',
    ],
    [
      'rows headed by another date than their column',
      { label: 'Loans', path: ['June 30, 2023'], text: '1,234', rc: { rowPeriod: periodOf(['December 31, 2022']) } },
      'MISSING_FACT_PERIOD',
    ],
  ])('%s', (_name, spec, want) => {
    expect(run(periodOfColumn, spec)).toBe(want);
  });
});

describe('futureBucket, ownPeriodRow: periods that are not the figure’s', () => {
  it.each<[string, Rule, CellSpec, string[], string]>([
    [
      'a payments-due column after the period reported is a bucket',
      futureBucket,
      { label: 'Operating leases', path: ['2025'], text: '120' },
      ['Year Ended December 31, 2025'],
      'MISSING_FACT_PERIOD',
    ],
    [
      'the period reported is the figure’s',
      futureBucket,
      { label: 'Net sales', path: ['2022'], text: '120' },
      ['Year Ended December 31, 2022'],
      'D:2022-01-01..2022-12-31',
    ],
    [
      'a repurchase table’s "April 1, 2023—April 30, 2023" row names its own period',
      ownPeriodRow,
      { label: 'April 1, 2023—April 30, 2023', path: ['Total number of shares purchased'], text: '120' },
      ['Year Ended December 31, 2022'],
      'MISSING_FACT_PERIOD',
    ],
    [
      'a "First Quarter" row under a fiscal year’s column',
      ownPeriodRow,
      { label: 'First Quarter', path: ['Fiscal 2022'], text: '120' },
      ['Year Ended December 31, 2022'],
      'MISSING_FACT_PERIOD',
    ],
  ])('%s', (_name, rule, spec, cp, want) => {
    expect(run(rule, spec, cp)).toBe(want);
  });
});

describe('datedBalanceRow, balanceEdgeRow: balance rows at the edges of a column’s period', () => {
  it.each<[string, Rule, CellSpec, string[], string]>([
    [
      'a stock option table’s "Outstanding at December 31, 2022" under the year is that day’s balance',
      datedBalanceRow,
      { label: 'Outstanding at December 31, 2022', path: ['2022'], text: '1,234', metric: null },
      ['Year Ended December 31, 2022'],
      'I:2022-12-31',
    ],
    [
      'a dated balance under a column of another period',
      datedBalanceRow,
      { label: 'Balance, May 31, 2020', path: ['2022'], text: '1,234', metric: null },
      ['Year Ended December 31, 2022'],
      'MISSING_FACT_PERIOD',
    ],
    [
      '"Balance, beginning of period" opens the column’s period: the day before it starts',
      balanceEdgeRow,
      { label: 'Balance, beginning of period', path: ['2022'], text: '1,234', metric: null },
      ['Year Ended December 31, 2022'],
      'I:2021-12-31',
    ],
    [
      '"Benefit obligation at end of year" closes it',
      balanceEdgeRow,
      { label: 'Benefit obligation at end of year', path: ['2022'], text: '1,234', metric: null },
      ['Year Ended December 31, 2022'],
      'I:2022-12-31',
    ],
    [
      'a statement of equity’s "Total stockholders’ equity" row is its closing balance',
      balanceEdgeRow,
      { label: 'Total stockholders’ equity', path: ['2022'], text: '1,234', metric: null, rc: { kind: 'equity' } },
      ['Year Ended December 31, 2022'],
      'I:2022-12-31',
    ],
  ])('%s', (_name, rule, spec, cp, want) => {
    expect(run(rule, spec, cp)).toBe(want);
  });
});

describe('instantOrDuration: a balance under a duration column, a flow under an instant one', () => {
  it.each<[string, CellSpec, string[], string]>([
    [
      'a balance sheet line under a year column is the balance at its end',
      { label: 'Total assets', path: ['2022'], text: '1', rc: { kind: 'balance_sheet' } },
      ['Year Ended December 31, 2022'],
      'I:2022-12-31',
    ],
    [
      'an annual report’s flow under a bare date is the year ended then',
      { label: 'Net sales', path: ['December 31, 2022'], text: '1', rc: { kind: 'profit_loss' } },
      ['December 31, 2022'],
      'D:2022-01-01..2022-12-31',
    ],
    [
      'a credit-quality table’s "Gross charge-offs" under "June 30, 2023" is a flow, not a balance that day',
      { label: 'Gross charge-offs', path: ['June 30, 2023'], text: '1', metric: null },
      ['June 30, 2023'],
      'MISSING_FACT_PERIOD',
    ],
    [
      '"as of" over a year column of a notes table: the year’s end (an instant hint)',
      { label: 'Land', path: ['2022'], text: '1', metric: null, rc: { instantHint: true } },
      ['2022'],
      'I:2022-12-31',
    ],
  ])('%s', (_name, spec, cp, want) => {
    expect(run(instantOrDuration, spec, cp)).toBe(want);
  });
});
