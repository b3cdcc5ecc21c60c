/**
 * What analysts write in a hurry around a figure the planner reads: "1 dp", a change asked in percent, "end-2024",
 * a statement's short name in brackets, "each" / "its own" beside two companies, "what's left" after a subtraction.
 * Each is placed for what it says; none of them widens what is answered (a bare "each" on one company still asks).
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { plannedResult } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import { readInstructions } from '../instructions';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
];
const planned = (q: string) => plannedResult(q, CATALOG);

describe('decimal places in the analyst shorthand', () => {
  it.each([
    ['Zeta Foods operating margin FY2023, round to 2 dp', 2],
    ['Acme Widgets revenue growth FY2022 vs FY2021 (1dp)', 1],
    ['Acme Widgets gross margin for FY2021, to 3 d.p.', 3],
    ['Zeta Foods net margin FY2020, rounded to zero dp', 0],
  ])('%s', (q, decimals) => {
    expect(readInstructions(q).instructions.decimals).toBe(decimals);
    expect(planned(q).intent.instructions?.decimals).toBe(decimals);
  });
  it('"dp" inside a word or a name is no rounding', () => {
    expect(readInstructions('Acme Widgets GDP exposure').instructions.decimals).toBeUndefined();
    expect(readInstructions('round to 1 dpi').instructions.decimals).toBeUndefined();
  });
});

describe('a change asked in percent is the rate of change', () => {
  it.each([
    'Zeta Foods revenue change FY2023 vs FY2022 in %',
    'Acme Widgets operating income change from FY2021 to FY2022, as a percentage',
    'Zeta Foods net income change FY2022 vs FY2021 (%)',
  ])('%s', (q) => {
    expect(planned(q).intent.operation).toBe('growth');
  });
  it('without the percent it stays an amount, and "in absolute terms" wins over it', () => {
    expect(planned('Zeta Foods revenue change FY2023 vs FY2022').intent.operation).toBe('change');
    expect(planned('Zeta Foods revenue change FY2023 vs FY2022 in absolute terms').intent.operation).toBe('change');
  });
});

describe('end-<period>: the balance date at the period end', () => {
  it.each([
    ['Zeta Foods total liabilities at end-FY2023', 'total_liabilities'],
    ['Acme Widgets cash, end-FY2022', 'cash'],
  ])('%s', (q, metric) => {
    const r = planned(q);
    expect(r.intent.metric.id).toBe(metric);
    expect(r.intent.periods).toHaveLength(1);
    expect(r.intent.periods[0]?.spec).toMatchObject({ type: 'boundary', edge: 'end' });
  });
});

describe("a statement's short name in brackets says where the figure is read", () => {
  it('"(cash flow)", "(per the balance sheet)" scope the evidence', () => {
    expect(planned('Acme Widgets depreciation in FY2023 (cash flow)').intent.instructions?.statement).toBe('cash_flow_statement');
    expect(planned('Zeta Foods inventories at the end of FY2022 (per the balance sheet)').intent.instructions?.statement).toBe(
      'balance_sheet',
    );
  });
  it('outside brackets "cash flow" is still a measure word, never a statement', () => {
    const r = planQuestion('Acme Widgets cash flow in FY2023', { catalog: CATALOG });
    expect(r.status === 'planned' && r.intent.instructions?.statement).toBeFalsy();
  });
});

describe('"each" and "its own" beside two companies', () => {
  it.each([
    'Operating income: Acme Widgets vs Zeta Foods, each for its own FY2023',
    'Acme Widgets and Zeta Foods total assets at the end of FY2022 for each',
    'Acme Widgets and Zeta Foods net income for FY2021, respectively',
  ])('%s', (q) => {
    expect(planned(q).intent.entities).toHaveLength(2);
  });
  it('"each" before a period noun stays the operation\'s; on one company a bare "each" still asks', () => {
    expect(planned('Acme Widgets and Zeta Foods revenue for each quarter of FY2023').intent.operation).toBe('series');
    const one = planQuestion('Acme Widgets revenue FY2023 for each', { catalog: CATALOG });
    expect(one.status).toBe('needs_clarification');
    expect(JSON.stringify(one)).toContain('each');
  });
});

describe('"what\'s left" after a subtraction is the question word of its result', () => {
  it('reads the subtraction, and the word alone still needs one', () => {
    const r = planned("For Acme Widgets FY2022, take revenue minus cost of revenue — what's left?");
    expect(r.intent.operation).toBe('expression');
    expect(planQuestion("Acme Widgets FY2022: what's left?", { catalog: CATALOG }).status).not.toBe('planned');
  });
});

describe('"attributable to the company" is the parent\'s share, as "attributable to <its name>" is', () => {
  it.each([
    'Acme Widgets net income attributable to the company, FY2023',
    "Zeta Foods net income attributable to the company's shareholders in FY2022",
    'Net income attributable to the group: Acme Widgets vs Zeta Foods, FY2021',
  ])('%s', (q) => {
    const r = planned(q);
    expect(r.intent.metric.id).toBe('net_income');
    expect(r.notes.some((n) => /is the parent's share/.test(n))).toBe(true);
  });
  it.each([
    'How much net income was attributable to Zeta Foods for FY2022?',
    "FY2021 net earnings attributable to Acme Widgets' shareholders",
  ])('the only company of the question, named only after "attributable to": %s', (q) => {
    const r = planned(q);
    expect(r.intent.metric.id).toBe('net_income');
    expect(r.intent.entities.map((e) => e.id)).toEqual([q.includes('Zeta') ? 'zeta' : 'acme']);
    expect(r.notes.some((n) => /is the parent's share/.test(n))).toBe(true);
  });
  it("beside another company, the named one is that company's customer, not the parent", () => {
    const r = planQuestion('How much of Acme Widgets revenue in FY2023 was attributable to Zeta Foods?', { catalog: CATALOG });
    expect(r.status === 'planned' && r.intent.metric.id === 'revenue' && r.intent.entities.length === 1).toBe(false);
  });
  it("a figure with no parent's share named for its company still blocks", () => {
    const r = planQuestion('What revenue was attributable to Zeta Foods in FY2023?', { catalog: CATALOG });
    expect(r.status).not.toBe('planned');
  });
  it('a minority owner is no generic name of the company', () => {
    const r = planQuestion('Acme Widgets net income attributable to noncontrolling interests, FY2023', { catalog: CATALOG });
    expect(r.status === 'planned' && r.intent.metric.id).not.toBe('net_income');
  });
});

describe('"as a %" and "the same stretch a year earlier"', () => {
  it('"as a %" is the percent unit; "as a % of" stays a share', () => {
    expect(readInstructions('Zeta Foods operating income ÷ revenue for FY2023, as a %').instructions.unit).toBe('percent');
    expect(readInstructions('Acme Widgets R&D as a % of revenue, FY2022').instructions.unit).toBeUndefined();
  });
  it.each(['stretch', 'span', 'window'])('the same %s a year earlier is the prior year', (noun) => {
    const r = planned(`Acme Widgets revenue, first nine months of FY2023 vs the same ${noun} a year earlier`);
    expect(r.intent.periods).toHaveLength(2);
    expect(r.intent.periods[1]?.spec).toMatchObject({ type: 'relative', which: 'prior_year' });
  });
});
