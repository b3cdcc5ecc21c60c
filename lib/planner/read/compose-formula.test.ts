import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { expressionShape } from '../__fixtures__/plan-helpers';
import { planQuestion } from '../plan';
import { composeFormulas } from './compose-formula';

const CATALOG = [ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'), ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA')];

const shape = expressionShape;

describe('formulas composed of named intermediates', () => {
  it.each([
    [
      'Zeta Foods FY2023 interest coverage, where EBIT is income before income taxes plus interest expense, and coverage is EBIT divided by interest expense',
      '((profit_before_tax + interest_expense) / interest_expense)',
    ],
    [
      'Acme Widgets FY2022 free cash flow margin = FCF / revenue, where FCF is operating cash flow minus capital expenditures',
      '((operating_cash_flow - capex) / revenue)',
    ],
    [
      'Acme Widgets FY2021: core earnings over interest expense, with core earnings being operating income plus research and development expense',
      '((operating_income + rnd) / interest_expense)',
    ],
    // the intermediate defined after the one that uses it
    [
      'Zeta Foods FY2022 cash yield, where yield is FCF divided by total assets; FCF is operating cash flow less capital expenditures',
      '((operating_cash_flow - capex) / total_assets)',
    ],
  ])('%s', (q, expr) => {
    const r = planQuestion(q, { catalog: CATALOG });
    expect(r.status, JSON.stringify(r.status === 'needs_clarification' ? r.clarification : r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(shape(r.intent.expression).replace(/finance_costs/g, 'interest_expense')).toBe(expr);
    expect(r.notes.some((n) => /read as/.test(n))).toBe(true);
  });

  it('leaves a question alone when no part uses the name a clause defines', () => {
    expect(composeFormulas('Acme Widgets revenue in FY2022, where it is the total net sales')).toBeNull();
    expect(composeFormulas('Zeta Foods FY2022 net debt, where net debt is long-term debt minus cash')).toBeNull();
  });

  it('refuses a name defined through itself', () => {
    expect(composeFormulas('Acme Widgets FY2022 X / revenue, where X is X plus capex')).toBeNull();
  });
});
