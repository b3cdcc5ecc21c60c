/**
 * Period words analysts write around a period the grammar reads: the end of a calendar month, each company's own
 * calendar, a stated length or quarter code as a check, months listed before one "quarters".
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

const endOfMonth = (month: number, year: number) => ({
  type: 'boundary',
  edge: 'end',
  ref: { type: 'named_by_month', length: 'quarter', month, year, yearKind: 'calendar', monthEnd: true },
});

describe('the end of a calendar month is the balance date of the period ending then', () => {
  it.each([
    ['What were Orbit Retail inventories at the end of January 2025?', 'inventories', endOfMonth(1, 2025)],
    ['Acme Widgets cash and cash equivalents as of the end of April 2026', 'cash', endOfMonth(4, 2026)],
    ['Zeta Foods total liabilities, end of May 2025', 'total_liabilities', endOfMonth(5, 2025)],
  ])('%s', (q, metric, spec) => {
    const i = planned(q);
    expect(i.metric.id).toBe(metric);
    expect(i.periods.map((p) => p.spec)).toEqual([spec]);
  });

  it('a balance between two dates is its change from the first to the second', () => {
    const i = planned('How did Zeta Foods total liabilities change between December 31, 2023 and December 31, 2024?');
    expect(i.operation).toBe('change');
    expect(i.periods.map((p) => p.spec)).toEqual([
      { type: 'instant', date: '2023-12-31' },
      { type: 'instant', date: '2024-12-31' },
    ]);
    // a flow over the range stays the range
    expect(planned('Acme Widgets revenue between January 1, 2024 and June 30, 2024').periods.map((p) => p.spec.type)).toEqual([
      'date_range',
    ]);
  });
});

describe("each company's own calendar", () => {
  it.each([
    [
      "Acme Widgets and Zeta Foods revenue for each company's fiscal 2025",
      { type: 'fiscal', position: 'FY', year: { year: 2025, style: 'fiscal' } },
    ],
    [
      "Compare Orbit Retail and Acme Widgets total assets at the end of each company's fiscal 2024",
      { type: 'boundary', edge: 'end', ref: { type: 'fiscal', position: 'FY', year: { year: 2024, style: 'fiscal' } } },
    ],
    [
      'Net income at Zeta Foods and Orbit Retail in their respective fiscal 2023',
      { type: 'fiscal', position: 'FY', year: { year: 2023, style: 'fiscal' } },
    ],
    [
      'Operating income: Orbit Retail vs Zeta Foods, each for its own fiscal 2023',
      { type: 'fiscal', position: 'FY', year: { year: 2023, style: 'fiscal' } },
    ],
    [
      'Zeta Foods vs Acme Widgets net income, fiscal 2021 for each',
      { type: 'fiscal', position: 'FY', year: { year: 2021, style: 'fiscal' } },
    ],
    // the period's noun in the plural: each company's own year
    [
      'Orbit Retail and Zeta Foods gross profit for their fiscal 2022 years',
      { type: 'fiscal', position: 'FY', year: { year: 2022, style: 'fiscal' } },
    ],
    [
      'Acme Widgets vs Orbit Retail operating income, FY2024, each on its own fiscal calendar',
      { type: 'fiscal', position: 'FY', year: { year: 2024, style: 'fiscal' } },
    ],
  ])('%s: one period, each company on its own calendar', (q, spec) => {
    const i = planned(q);
    expect(i.entities).toHaveLength(2);
    expect(i.periods.map((p) => p.spec)).toEqual([spec]);
    expect(i.periods[0]?.text).not.toMatch(/\s{2}|each/);
  });

  it('with one company, a plural year is not placed: it blocks, named', () => {
    const r = plan('Orbit Retail gross profit for its fiscal 2022 years');
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toContain('years');
  });

  it('with one company, "each company\'s" is not placed: it blocks, named', () => {
    const r = plan("What was Acme Widgets revenue in each company's fiscal 2025?");
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toContain('each');
  });
});

describe('an aside that confirms the period is a check on it, never a second period', () => {
  it('a stated length in weeks', () => {
    expect(planned('Orbit Retail net sales for fiscal 2024 (the 53-week year)?').periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'FY', year: { year: 2024, style: 'fiscal' }, weeks: 53 },
    ]);
    // a quarter's length said of a year is no check of it
    expect(plan('Orbit Retail net sales for fiscal 2024 (a 14-week quarter)?').status).toBe('needs_clarification');
  });

  it('a quarter code beside a month-named quarter: that quarter, which must end in that month', () => {
    expect(planned('Zeta Foods revenue in the September quarter of fiscal 2025 (Q4)').periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'Q4', year: { year: 2025, style: 'fiscal' }, endsIn: { month: 9 } },
    ]);
    expect(planned('Acme Widgets gross profit, the March quarter of fiscal 2024 (Q1)').periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'Q1', year: { year: 2024, style: 'fiscal' }, endsIn: { month: 3 } },
    ]);
  });

  it('the months of a quarter without their year: that quarter, which must end in the last month', () => {
    expect(planned('Orbit Retail net sales in fiscal Q2 2024 (the May to July quarter)').periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'Q2', year: { year: 2024, style: 'fiscal' }, endsIn: { month: 7 } },
    ]);
    expect(planned('Zeta Foods operating income, Q4 FY2023 (the October quarter)').periods.map((p) => p.spec)).toEqual([
      { type: 'fiscal', position: 'Q4', year: { year: 2023, style: 'fiscal' }, endsIn: { month: 10 } },
    ]);
    // months that make no quarter are no check: the first month stays unplaced and blocks
    const r = plan('Orbit Retail net sales in fiscal Q2 2024 (the February to July quarter)');
    expect(r.status).toBe('needs_clarification');
  });

  it('a code naming another fiscal year is refused, never answered', () => {
    const i = planned('Zeta Foods revenue in the June quarter of fiscal 2025 (Q3 FY2024)');
    expect(i.periods.map((p) => p.spec.type)).toEqual(['invalid']);
  });
});

describe('months listed before one "quarters"', () => {
  it('added up, they are the half they make, checked as the position the question names', () => {
    const i = planned("Add up Orbit Retail's revenue for the October 2024 and January 2025 quarters: what is the second-half total?");
    expect(i.operation).toBe('expression');
    expect(i.periods.map((p) => [p.spec, p.forMetric])).toEqual([
      [{ type: 'named_by_month', length: 'quarter', month: 10, year: 2024, yearKind: 'calendar' }, null],
      [{ type: 'named_by_month', length: 'quarter', month: 1, year: 2025, yearKind: 'calendar' }, null],
      [{ type: 'named_by_month', length: 'half', month: 1, year: 2025, yearKind: 'calendar', position: 'H2' }, '__target__'],
    ]);
    expect(planned('Sum Acme Widgets net income for the June 2025 and September 2025 quarters — what is the total?').periods).toHaveLength(
      2,
    );
  });
});
