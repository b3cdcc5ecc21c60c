/**
 * Formulas written out by the user, read by their grammar: a definition before the question that asks for it,
 * several kinds of operation in one same-period expression, a balance's turnover and its average, and the
 * output words beside them. Negative cases: an operand no reader places still blocks with its words named.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { expressionShape, plannedResult } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';
import type { ExpressionNode } from '../types';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
  ent('orbit', 'Orbit Rail', 'Orbit Rail Holdings plc', 'ORBR'),
];

const plan = (q: string) => planQuestion(q, { catalog: CATALOG });

const shape = expressionShape;

const planned = (q: string) => plannedResult(q, CATALOG).intent;

describe('a definition, then the question that asks for it', () => {
  it.each([
    [
      'Solvency gap = total liabilities - total assets. What was the solvency gap for Orbit Rail at the end of FY2023?',
      'formula:solvency_gap',
      '(total_liabilities - total_assets)',
      'at the end of FY2023',
    ],
    [
      'Funding ratio taken as long-term debt divided by total assets. What was the funding ratio of Zeta Foods at the end of FY2020?',
      'formula:funding_ratio',
      '(long_term_debt / total_assets)',
      'at the end of FY2020',
    ],
    [
      'Let Q = operating income + depreciation. What was Q for Acme Widgets in fiscal 2021?',
      'formula:q',
      '(operating_income + depreciation_only)',
      'fiscal 2021',
    ],
    [
      'Define cash yield as operating cash flow divided by total assets; work it out for Orbit Rail in FY2022.',
      'formula:cash_yield',
      '(operating_cash_flow / total_assets)',
      'FY2022',
    ],
  ])('%s', (q, id, expr, period) => {
    const intent = planned(q);
    expect([intent.metric.id, shape(intent.expression)]).toEqual([id, expr]);
    expect([...new Set(intent.periods.map((p) => p.text))]).toEqual([period]);
  });

  it('an operand no reader places still blocks, its words named, wherever the definition stands', () => {
    for (const q of [
      'Solvency gap = total liabilities - quibbled assets. What was it for Orbit Rail at the end of FY2023?',
      'Define cash yield as operating cash flow divided by sprocket totals. What was it for Acme Widgets in FY2022?',
      'Orbit Rail FY2022 revenue plus interest income minus zorbled costs',
    ]) {
      const r = plan(q);
      expect(r.status, q).toBe('needs_clarification');
      if (r.status === 'needs_clarification')
        expect(r.clarification.question, q).toMatch(/could not place .*“(?:quibbled|sprocket|zorbled)/);
    }
  });

  it('the defined name said again with a word nobody placed still blocks on that word', () => {
    const r = plan(
      'Solvency gap = total liabilities - total assets. What was the solvency gap and the glimmer for Orbit Rail at the end of FY2023?',
    );
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toMatch(/glimmer/);
  });
});

describe('several kinds of operation in one expression, computed as written', () => {
  it.each([
    // what remains of an amount after another, as a share of the first
    ['Orbit Rail FY2023 revenue remaining after cost of revenue, as a percentage of revenue', '((revenue - cost_of_revenue) % revenue)'],
    ['What share of its revenue was left after cost of revenue for Acme Widgets in FY2021?', '((revenue - cost_of_revenue) % revenue)'],
    // sums and differences mixed, left to right
    [
      'Zeta Foods FY2023 operating income plus interest income minus interest expense minus income tax expense',
      '(((operating_income + interest_income) - interest_expense) - tax_expense)',
    ],
    [
      'Acme Widgets FY2020 operating cash flow less capital expenditures less dividends paid',
      '((operating_cash_flow - capex) - dividends_paid)',
    ],
  ])('%s', (q, expr) => {
    const intent = planned(q);
    expect(shape(intent.expression).replace(/finance_costs/g, 'interest_expense')).toBe(expr);
    expect([...new Set(intent.periods.map((p) => p.text))]).toHaveLength(1);
  });

  it('a ratio named by its own name alone is still the library’s measure', () => {
    const intent = planned('Orbit Rail FY2022 cost of sales as a share of revenue');
    expect([intent.operation, intent.metric.id]).toEqual(['value', 'cogs_to_revenue']);
  });

  it('operands of different periods keep their own periods (the calculation refuses the mix)', () => {
    const intent = planned('Acme Widgets FY2023 operating income minus FY2022 interest expense, as a share of FY2023 revenue');
    const periods = (n: ExpressionNode | undefined): string[] =>
      !n || n.kind === 'const' ? [] : n.kind === 'operand' ? [n.operand.period.text] : n.args.flatMap(periods);
    expect(periods(intent.expression)).toEqual(['FY2023', 'FY2022', 'FY2023']);
  });
});

describe('turnover and average balances', () => {
  it.each([
    ['How many times did Orbit Rail turn its inventory over in FY2022?', 'inventory_turnover', 'FY2022'],
    ['How many times did Zeta Foods turn over its receivables during fiscal 2021?', 'receivables_turnover', 'fiscal 2021'],
  ])('%s', (q, id, period) => {
    const intent = planned(q);
    expect([intent.operation, intent.metric.id]).toEqual(['value', id]);
    expect(intent.periods.map((p) => p.text)).toEqual([period]);
  });

  it('a flow has no turnover: "turn its revenue" still blocks', () => {
    expect(plan('How many times did Acme Widgets turn its revenue in FY2023?').status).toBe('needs_clarification');
  });

  it.each([
    ['Orbit Rail return on equity on average equity for FY2022', 'roe'],
    ['Acme Widgets return on assets using average total assets in fiscal 2023', 'roa'],
  ])('the library’s average basis said before the period: %s', (q, id) => {
    const intent = planned(q);
    expect([intent.operation, intent.metric.id]).toEqual(['value', id]);
  });

  it('a basis clause naming a balance the measure does not average still blocks', () => {
    expect(plan('Orbit Rail return on equity on average inventory for FY2022').status).toBe('needs_clarification');
  });
});

describe('output words beside a formula', () => {
  it('"give me a percentage", "(times)", ", in times" say how to answer', () => {
    const pct = planned('Zeta Foods FY2022 gross profit divided by revenue, give me a percentage');
    expect(pct.instructions?.unit).toBe('percent');
    expect(shape(pct.expression)).toBe('(gross_profit / revenue)');
    for (const q of [
      'Orbit Rail FY2023 cost of sales over average inventory (times)',
      'Orbit Rail FY2023 cost of sales over average inventory, in times',
    ]) {
      const intent = planned(q);
      expect(shape(intent.expression), q).toBe('(cost_of_revenue / avg(inventories))');
      expect(intent.expression?.kind === 'op' && intent.expression.unit, q).toBe('times');
    }
  });

  it('"give me the percentage of revenue" is no output word (a share without its part blocks)', () => {
    expect(plan('Acme Widgets FY2022 gross profit, give me the percentage of revenue').status).toBe('needs_clarification');
  });
});

describe('a margin written over its own denominator', () => {
  it('is the amount the filer captions so; over anything else, or beside another margin, it stays the margin', () => {
    expect(shape(planned('Orbit Rail fiscal 2022 gross margin divided by net sales').expression)).toBe('(gross_profit / revenue)');
    expect(shape(planned('Orbit Rail fiscal 2022 gross margin divided by total assets').expression)).toBe('(gross_margin / total_assets)');
    expect(shape(planned('Zeta Foods fiscal 2021 operating margin minus gross margin').expression)).toBe(
      '(operating_margin - gross_margin)',
    );
  });
});

describe('words beside the operands', () => {
  it('a bracket that qualifies an operand ("(incl. current portion)") is read with it, the sentence going on after it', () => {
    const intent = planned(
      'Funded debt gap = long-term debt (incl. current portion) - cash and cash equivalents. What was it for Orbit Rail at the end of FY2022?',
    );
    expect(shape(intent.expression)).toBe('(long_term_debt_with_current - cash)');
    expect([...new Set(intent.periods.map((p) => p.text))]).toEqual(['at the end of FY2022']);
  });

  it('a clause saying how to read the sign is an instruction; one with words beyond a short reading still blocks', () => {
    const intent = planned('Orbit Rail FY2021 operating income minus interest expense; a negative figure means a shortfall.');
    expect(shape(intent.expression).replace('finance_costs', 'interest_expense')).toBe('(operating_income - interest_expense)');
    expect(plan('Zeta Foods FY2022 net income; a negative number means quorbles were flibbed by wimbles').status).toBe(
      'needs_clarification',
    );
  });
});

describe('a statement that defines a name with "is"', () => {
  it('"Asset cover is total assets divided by total liabilities. What was it …?" computes the statement', () => {
    const intent = planned('Asset cover is total assets divided by total liabilities. What was it for Zeta Foods at the end of FY2021?');
    expect([intent.metric.id, shape(intent.expression)]).toEqual(['formula:asset_cover', '(total_assets / total_liabilities)']);
  });
  it('a question with "is" defines nothing, and an unplaced operand still blocks', () => {
    expect(plan('What is revenue minus cost of revenue for Zeta Foods in FY2022?').status).toBe('planned');
    const r = plan('Asset cover is total assets divided by blorbic holdings. What was it for Zeta Foods at the end of FY2021?');
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toMatch(/blorbic/);
  });
  it('a basis clause may say the average is of the beginning and ending balances', () => {
    const intent = planned("What was Orbit Rail's FY2022 ROE using average equity (beginning and ending)?");
    expect([intent.operation, intent.metric.id]).toEqual(['value', 'roe']);
  });
});
