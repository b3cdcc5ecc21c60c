/**
 * A period restated in parentheses is one period (checked on the company's calendar when answered), a month range said
 * of a quarter is a quarter, a month inside a date is never a company, and a value asked beside its growth is kept.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { plannedResult } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
  ent('orbit', 'Orbit Retail', 'Orbit Retail Holdings', 'ORBT'),
];

const plan = (q: string) => planQuestion(q, { catalog: CATALOG });

const planned = (q: string) => plannedResult(q, CATALOG).intent;

describe('a period restated in parentheses is one period', () => {
  it.each([
    [
      'Acme Widgets operating income for the quarter ending June 29, 2024 (fiscal Q3 2024)',
      { type: 'ended', length: 'quarter', date: '2024-06-29' },
      { type: 'fiscal', position: 'Q3', year: { year: 2024, style: 'fiscal' } },
    ],
    [
      'Zeta Foods net sales, the Oct–Dec 2024 quarter (Q4 FY24)',
      { type: 'month_range', from: { month: 10, year: 2024 }, to: { month: 12, year: 2024 }, length: 'quarter' },
      { type: 'fiscal', position: 'Q4', year: { year: 2024, style: 'fiscal' } },
    ],
    [
      'Orbit Retail gross profit in the January 2025 quarter (Q4)',
      { type: 'named_by_month', length: 'quarter', month: 1, year: 2025, yearKind: 'calendar' },
      { type: 'latest_position', position: 'Q4' },
    ],
  ])('%s', (q, spec, as) => {
    const i = planned(q);
    expect(i.periods).toHaveLength(1);
    expect(i.periods[0]!.spec).toMatchObject({ type: 'restated', spec, as });
  });

  it('"(fiscal Q2)" after a quarter named by its month in a fiscal year is that quarter, checked', () => {
    const i = planned('Orbit Retail revenue for the July quarter of fiscal 2025 (fiscal Q2)');
    expect(i.periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'Q2', year: { year: 2025, style: 'fiscal' }, endsIn: { month: 7 } },
    ]);
  });

  it.each([
    'Zeta Foods revenue for the quarter ending March 30, 2024, i.e. fiscal Q2 2024',
    'Zeta Foods revenue for the quarter ending March 30, 2024 — fiscal Q2 2024',
  ])('set beside it: %s', (q) => {
    expect(planned(q).periods.map((p) => p.spec)).toEqual([
      {
        type: 'restated',
        spec: { type: 'ended', length: 'quarter', date: '2024-03-30' },
        as: { type: 'fiscal', position: 'Q2', year: { year: 2024, style: 'fiscal' } },
        asText: 'fiscal Q2 2024',
      },
    ]);
  });

  it('a list of quarters set apart by commas is no restatement', () => {
    const i = planned('Acme Widgets revenue for fiscal Q1 2024, fiscal Q2 2024 and fiscal Q3 2024');
    expect(i.periods.map((p) => p.spec.type)).toEqual(['fiscal', 'fiscal', 'fiscal']);
  });

  it('periods of different lengths in parentheses are no restatement of each other', () => {
    const r = plan('Acme Widgets revenue for fiscal 2024 (Q2 FY2024)');
    expect(r.status === 'planned' && r.intent.periods.some((p) => p.spec.type === 'restated')).toBe(false);
  });
});

describe('a month inside a date is the period reader’s', () => {
  it.each(['What was Hooli revenue for the three months ended August 31, 2025?', 'Hooli net income, six months ended June 30, 2025'])(
    '%s names only the missing company',
    (q) => {
      const r = plan(q);
      expect(r.status).toBe('insufficient_evidence');
      if (r.status === 'insufficient_evidence') expect(r.missing).toBe('No company named “Hooli” is in this workspace.');
    },
  );
});

it('a name opening with one lower-case letter ("eWidget") is the name read, never the month beside it', () => {
  const r = plan('What were eWidget net sales in the three months ended August 31, 2025?');
  expect(r.status === 'insufficient_evidence' && r.missing).toBe('No company named “eWidget” is in this workspace.');
});

describe('a value asked beside its growth or change', () => {
  it.each([
    'Zeta Foods net income for fiscal 2025 and its growth versus fiscal 2024',
    'Orbit Retail fiscal 2024 revenue, along with the percent change from fiscal 2023',
  ])('%s keeps the value', (q) => {
    const i = planned(q);
    expect(['growth', 'change']).toContain(i.operation);
    expect(i.withValue).toBe(true);
  });

  it.each([
    'Zeta Foods net income growth from fiscal 2024 to fiscal 2025',
    'How much did Acme Widgets revenue change between fiscal 2023 and fiscal 2024?',
  ])('%s asks the rate only', (q) => {
    expect(planned(q).withValue).toBeUndefined();
  });
});
