/**
 * The metric rules, one table of filers' examples: a row's label names a measure in its table, or the row
 * is its own concept; a dimension column, a share beside an amount or a unit the measure cannot have keep
 * the cell from being the measure.
 */
import { describe, expect, it } from 'vitest';
import { registrantPattern } from '../labels';
import type { StructuredRow } from '../structure';
import { bindingOf, type CellSpec, CONTEXT, cellOf } from './__fixtures__/cell';
import { dimensionColumn, metricOfRow, metricUnitAgrees, rowMatches, shareBesideAmount } from './metric';
import type { Binding, Rule, TableKind } from './types';

/** The metric after the rule (or "row concept"), and the quarantine reason it gives. */
function decided(rule: Rule, spec: CellSpec, set: Partial<Binding> = {}): string {
  const cell = cellOf(spec);
  const before = bindingOf(cell, set);
  const step = rule(cell, before);
  const after = { ...before, ...step?.set };
  const what = after.metric ? after.metric.id : after.rowConcept ? 'row concept' : 'nothing';
  const reason = step?.quarantine?.[0]?.reason;
  return reason ? `${what} ${reason}` : what;
}

describe('cell metric rules', () => {
  it.each<[string, Rule, CellSpec, Partial<Binding>, string]>([
    ['a row the ontology names', metricOfRow, { label: 'Total revenues', text: '1' }, {}, 'revenue'],
    [
      'a labelled row no measure names is its own row concept',
      metricOfRow,
      { label: 'Casino', text: '1', metric: null },
      {},
      'row concept',
    ],
    [
      'a row schedule’s year label ("2028 - 2032") is a row concept',
      metricOfRow,
      { label: '2028 - 2032', text: '1', metric: null },
      {},
      'row concept',
    ],
    ['an unlabelled row no measure names', metricOfRow, { label: '', text: '1', metric: null }, {}, 'nothing METRIC_UNMAPPED'],
    [
      'Amcor: "Net sales" under the "Flexibles" column is the segment’s row, not the entity’s revenue',
      dimensionColumn,
      { label: 'Net sales', text: '1', metric: 'revenue' },
      { dimension: 'Flexibles' },
      'row concept',
    ],
    [
      'an earnings release’s "Gross profit $ 1,234 37.6 %": the percentage is the line’s share, not gross profit',
      shareBesideAmount,
      { label: 'Gross profit', text: '37.6 %', metric: 'gross_profit' },
      { unit: 'pure' },
      'row concept',
    ],
    [
      'a monetary measure in shares is not that measure here',
      metricUnitAgrees,
      { label: 'Revenue', text: '1', metric: 'revenue' },
      { unit: 'shares' },
      'revenue METRIC_UNMAPPED',
    ],
    [
      'a per-share measure not per share',
      metricUnitAgrees,
      { label: 'Diluted', text: '1', metric: 'eps_diluted' },
      { unit: 'USD', currency: 'USD' },
      'eps_diluted METRIC_UNMAPPED',
    ],
    [
      'a monetary measure in its currency',
      metricUnitAgrees,
      { label: 'Revenue', text: '1', metric: 'revenue' },
      { unit: 'USD', currency: 'USD' },
      'revenue',
    ],
  ])('%s', (_name, rule, spec, set, want) => {
    expect(decided(rule, spec, set)).toBe(want);
  });
});

const rows = (...labels: string[]): StructuredRow[] =>
  labels.map((label, index) => ({ index, label, sectionPath: [], kind: 'data', values: [], page: null, labelSpan: null }));

describe('rowMatches: corrections that need the whole table', () => {
  it.each<[string, TableKind, string[], (string | null)[]]>([
    [
      'PepsiCo: "Net income" above "… attributable to noncontrolling interests" includes them',
      'profit_loss',
      ['Net income', 'Less: Net income attributable to noncontrolling interests', 'Net Income Attributable to PepsiCo'],
      ['net_income_including_nci', null, 'net_income'],
    ],
    [
      'Costco: "Net sales", "Membership fees", "Total revenue": the total is the revenue',
      'profit_loss',
      ['Net sales', 'Membership fees', 'Total revenue'],
      [null, null, 'revenue'],
    ],
    [
      'an Indian cash flow statement: "Net cash generated from operating activities" after taxes paid is the total',
      'cash_flow',
      ['Cash generated from operating activities', 'Direct taxes paid', 'Net cash generated from operating activities'],
      [null, null, 'operating_cash_flow'],
    ],
    ['a cash flow statement’s "Inventories" is a change in working capital, not the balance', 'cash_flow', ['Inventories'], [null]],
  ])('%s', (_name, kind, labels, want) => {
    const m = rowMatches(rows(...labels), kind, { ...CONTEXT, registrant: registrantPattern(['PepsiCo, Inc.']) }, true);
    expect(labels.map((_, i) => m.get(i)?.metric.id ?? null)).toEqual(want);
  });
});
