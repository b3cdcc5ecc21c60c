/**
 * A calculation written once for several companies named together is each company's own (each on its own fiscal
 * calendar, each intermediate cited by the answer); one whose companies stand apart, among its operands or on either
 * side of them, joins figures across companies and is asked back. The words of a subtraction's result ("what's left")
 * are read only after a minus.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { expressionShape } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
  ent('orbit', 'Orbit Retail', 'Orbit Retail Group', 'ORBT'),
];
const plan = (q: string) => planQuestion(q, { catalog: CATALOG });

describe('one formula for several companies', () => {
  it.each([
    ['Zeta Foods and Orbit Retail: (SG&A + research and development) / revenue, FY2022', '((sga + rnd) / revenue)', ['zeta', 'orbit']],
    [
      'For Acme Widgets, Zeta Foods and Orbit Retail, gross profit less SG&A in fiscal 2021',
      '(gross_profit - sga)',
      ['acme', 'zeta', 'orbit'],
    ],
    [
      "What was Orbit Retail's and Acme Widgets' operating income divided by revenue in FY2023?",
      '(operating_income / revenue)',
      ['orbit', 'acme'],
    ],
    [
      'Net income plus depreciation as a percentage of revenue for Acme Widgets and Orbit Retail in FY2020',
      '((net_income + depreciation_only) % revenue)',
      ['acme', 'orbit'],
    ],
  ])('%s', (q, shape, ids) => {
    const r = plan(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.operation).toBe('expression');
    expect(expressionShape(r.intent.expression)).toBe(shape);
    expect(r.intent.entities.map((e) => e.id)).toEqual(ids);
    // one period for every company, resolved later on each company's own calendar
    expect(new Set(r.intent.periods.map((p) => JSON.stringify(p.spec))).size).toBe(1);
    expect(r.intent.periods.every((p) => !p.forEntity)).toBe(true);
  });

  it('each company said with the one period of the question, the name a parenthesis defines before them', () => {
    const r = plan('Operating margin Orbit Retail FY22 versus Zeta Foods FY22 (operating income / revenue, each on its own fiscal year)');
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.entities.map((e) => e.id)).toEqual(['orbit', 'zeta']);
    expect(expressionShape(r.intent.expression)).toBe('(operating_income / revenue)');
    const two = plan('Orbit Retail FY2021 and Zeta Foods FY2021 gross profit minus SG&A');
    expect(two.status === 'planned' && expressionShape(two.intent.expression)).toBe('(gross_profit - sga)');
  });

  it.each([
    // each company with a period of its own: not one calculation for all
    'Orbit Retail FY2021 versus Zeta Foods FY2022: operating income divided by revenue',
    'Orbit Retail SG&A divided by Zeta Foods revenue, FY2022',
    'Acme Widgets gross profit minus the SG&A of Orbit Retail for fiscal 2021',
    '(Zeta Foods R&D + Acme Widgets R&D) / revenue in FY2023',
    'Acme Widgets FY2021 and Zeta Foods FY2022 revenue less cost of revenue',
  ])('companies standing apart join figures across companies: %s', (q) => {
    const r = plan(q);
    expect(r.status).toBe('needs_clarification');
  });

  it('a sum word alone beside several companies may add the companies up: asked back', () => {
    expect(plan('Acme Widgets and Zeta Foods revenue for FY2022 and FY2023 combined').status).toBe('needs_clarification');
  });
});

describe('"what is left" is read by the calculation, only after a minus', () => {
  it('after a subtraction it asks for the result', () => {
    for (const q of [
      'Orbit Retail fiscal 2022 operating cash flow less capital expenditures; what remains?',
      'Zeta Foods FY2020 gross profit minus R&D - what is left over?',
    ]) {
      const r = plan(q);
      expect(r.status, q).toBe('planned');
      if (r.status === 'planned') expect(expressionShape(r.intent.expression)).toMatch(/^\(\w+ - \w+\)$/);
    }
  });
  it('without a subtraction the words name nothing and block, named', () => {
    const r = plan("Orbit Retail revenue in FY2022 — what's left?");
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toContain('left');
  });
});
