/** A calculation said as steps ("take A, subtract B, then add C"): each step applies to the result so far. */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { expressionShape, plannedResult } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('orbit', 'Orbit Retail', 'Orbit Retail Holdings', 'ORBT'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
];
const planned = (q: string) => plannedResult(q, CATALOG).intent;

describe('a calculation said as steps', () => {
  it.each([
    [
      'Take Orbit Retail operating cash flow for FY2023, subtract capital expenditures, and add depreciation.',
      '((operating_cash_flow - capex) + depreciation_only)',
    ],
    ['Start with Zeta Foods revenue in FY2022, then deduct cost of revenue.', '(revenue - cost_of_revenue)'],
    ['Begin with Orbit Retail gross profit for FY2022, take away R&D, then subtract SG&A.', '((gross_profit - rnd) - sga)'],
    // a step after an operator of its own
    ['Zeta Foods FY2023 gross profit less R&D, then subtract SG&A', '((gross_profit - rnd) - sga)'],
    // a step that divides takes everything before it
    [
      'Take Zeta Foods revenue for FY2022, subtract cost of revenue, then divide the result by revenue.',
      '((revenue - cost_of_revenue) / revenue)',
    ],
    [
      'Starting with Orbit Retail net income in FY2024, add interest expense, and then multiply by 2.',
      '((net_income + finance_costs) * 2)',
    ],
  ])('%s', (q, shape) => {
    const i = planned(q);
    expect(i.operation).toBe('expression');
    expect(expressionShape(i.expression)).toBe(shape);
    expect(i.periods).toHaveLength(1);
  });

  it('the result said again after the operators ("combined", "what is left") is placed with them', () => {
    expect(expressionShape(planned('Zeta Foods FY2021: SG&A plus R&D, combined').expression)).toBe('(sga + rnd)');
    expect(expressionShape(planned('For Orbit Retail in FY2022, gross profit minus SG&A: what was left over?').expression)).toBe(
      '(gross_profit - sga)',
    );
  });

  it('a verb before its operand is no step: "subtract B from A" stays A − B', () => {
    expect(expressionShape(planned('Subtract capital expenditures from operating cash flow for Orbit Retail in FY2023.').expression)).toBe(
      '(operating_cash_flow - capex)',
    );
  });

  it('a step on a word that names no figure still blocks, naming it', () => {
    const r = planQuestion('Take Zeta Foods revenue for FY2022, subtract frobnication costs, then add net income.', { catalog: CATALOG });
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toContain('frobnication');
  });
});
