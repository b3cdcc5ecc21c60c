/**
 * The sign rules, one table of filers' examples: a printed sign becomes the sign of the measure only by
 * the statement's own conventions — an outflow, an expense in parentheses, a deduction — and a negative
 * figure of a measure that cannot be negative is not that measure here.
 */
import { describe, expect, it } from 'vitest';
import { bindingOf, type CellSpec, cellOf } from './__fixtures__/cell';
import { deductionSign, expenseSign, nonNegativeMeasure, outflowSign } from './sign';
import type { Rule } from './types';

/** The value after the rule, and the label it leaves (or "metric dropped"). */
function signed(rule: Rule, spec: CellSpec, value: string): string {
  const cell = cellOf(spec);
  const step = rule(cell, bindingOf(cell, { value, money: true, unit: 'USD', currency: 'USD' }));
  if (!step) return `${value} as printed`;
  const dropped = step.set && 'metric' in step.set && step.set.metric === null ? ' metric dropped' : '';
  return `${step.set?.value ?? value} ${Object.keys(step.labels ?? {}).join(',')}${dropped}`;
}

describe('sign rules', () => {
  it.each<[string, Rule, CellSpec, string, string]>([
    [
      'a cash flow statement’s capital expenditure printed "(95.00)" is a payment of 95',
      outflowSign,
      { label: 'Purchases of property and equipment', text: '(95.00)', metric: 'capex', rc: { kind: 'cash_flow' } },
      '-95000000',
      '95000000 printedAsOutflow',
    ],
    [
      '"Cost of sales (11,969)" where expenses are printed in parentheses: an expense of 11,969',
      expenseSign,
      { label: 'Cost of sales', text: '(11,969)', metric: 'cost_of_revenue', rc: { kind: 'profit_loss', expensesNegative: true } },
      '-11969000000',
      '11969000000 printedAsExpense',
    ],
    [
      'a line printed positive there is a credit: a negative expense',
      expenseSign,
      { label: 'Cost of sales', text: '120', metric: 'cost_of_revenue', rc: { kind: 'profit_loss', expensesNegative: true } },
      '120000000',
      '-120000000 printedAsExpense',
    ],
    [
      'Netflix: "Other income (expense): Interest expense (238,204)" is an expense of 238,204, deducted',
      deductionSign,
      { label: 'Interest expense', text: '(238,204)', metric: 'finance_costs', rc: { kind: 'profit_loss', deducted: true } },
      '-238204000',
      '238204000 printedAsDeduction',
    ],
    [
      'not deducted: the printed sign stands',
      deductionSign,
      { label: 'Interest expense', text: '(238,204)', metric: 'finance_costs', rc: { kind: 'profit_loss' } },
      '-238204000',
      '-238204000 as printed',
    ],
    [
      'a tax reconciliation’s "Stock-based compensation (850)" is not the measure that cannot be negative',
      nonNegativeMeasure,
      { label: 'Stock-based compensation', text: '(850)', metric: 'stock_compensation' },
      '-850000000',
      '-850000000 candidateMetric,negativeOfNonNegative metric dropped',
    ],
  ])('%s', (_name, rule, spec, value, want) => {
    expect(signed(rule, spec, value)).toBe(want);
  });
});
