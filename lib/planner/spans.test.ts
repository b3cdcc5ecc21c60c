import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan';
import type { ExpressionNode } from './types';
import { ent } from './__fixtures__/catalog';

const CATALOG = [
  ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA'),
  ent('snow', 'Snowflake', 'Snowflake Inc.', 'SNOW'),
  ent('aapl', 'Apple', 'Apple Inc.', 'AAPL'),
];
const plan = (q: string) => planQuestion(q, { catalog: CATALOG });
const operands = (e: ExpressionNode | undefined): [string, string][] =>
  e?.kind === 'op'
    ? e.args.flatMap((a) => (a.kind === 'operand' ? [[a.operand.metric.id, a.operand.period.text] as [string, string]] : operands(a)))
    : [];

describe('span accounting: every word is placed or blocks the answer', () => {
  it('records which words became which role', () => {
    const r = plan('What was Tesla revenue in FY2021?');
    expect(r.status).toBe('planned');
    const roles = Object.fromEntries((r.spans ?? []).filter((s) => s.role !== 'filler').map((s) => [s.text, s.role]));
    expect(roles).toMatchObject({ Tesla: 'entity', revenue: 'measure', FY2021: 'period' });
  });
  it.each([
    'Tesla revenue in the blorp quarter of FY2021',
    'Tesla adjusted revenue FY2021',
    'Tesla revenue FY2021 excluding regulatory credits',
    'Tesla automotive revenue FY2021',
    'Tesla revenue FY2021 in constant currency',
  ])('an unknown word next to a period or measure blocks: %s', (q) => {
    const r = plan(q);
    expect(r.status).not.toBe('planned');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toMatch(/could not place|cannot apply/);
  });
  it('an unknown measure is said to be unknown, not replaced by a nearby one', () => {
    const r = plan('Tesla vehicle deliveries in 2021');
    expect(r.status).toBe('insufficient_evidence');
    if (r.status === 'insufficient_evidence') expect(r.missing).toMatch(/vehicle deliveries/);
  });
  it('a company that is not in the workspace, beside one that is, is named and asked about, with a chip for the known one alone', () => {
    for (const [q, rewrite] of [
      ['Compare Apple and Hooli revenue in fiscal 2023', 'Compare Apple revenue in fiscal 2023'],
      ['Hooli vs Apple: net income for fiscal 2024?', 'Apple: net income for fiscal 2024?'],
      ['Revenue of Apple, Initech and Tesla in 2021', 'Revenue of Apple and Tesla in 2021'],
    ] as const) {
      const r = plan(q);
      expect(r.status, q).toBe('needs_clarification');
      if (r.status !== 'needs_clarification') continue;
      expect(r.clarification.question).toMatch(/No company named “(?:Hooli|Initech)” is in this workspace/);
      expect(r.clarification.rewrites).toEqual([rewrite]);
      // the chip's question is answerable as it stands
      expect(plan(rewrite).status, rewrite).toBe('planned');
    }
  });
});

describe('operations', () => {
  it.each([
    ['Tesla quarter-over-quarter revenue growth in Q1 2022', 'growth', 'sequential'],
    ['Tesla Q3 2022 revenue growth vs the prior quarter', 'growth', 'sequential'],
    ['Snowflake Q3 FY25 revenue growth sequentially', 'growth', 'sequential'],
    ['Tesla 2021 revenue growth rate', 'growth', undefined],
    ['Tesla revenue growth FY2021 year-over-year', 'growth', 'year_over_year'],
  ])('%s → %s (%s)', (q, op, cmp) => {
    const r = plan(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.operation).toBe(op);
    expect(r.intent.comparison).toBe(cmp);
  });
  it('the prior-quarter words are the comparison base, not a second period', () => {
    const r = plan('Tesla Q3 2022 revenue growth vs the prior quarter');
    if (r.status !== 'planned') throw new Error(JSON.stringify(r));
    expect(r.intent.periods.map((p) => p.text)).toEqual(['Q3 2022']);
  });
});

describe('explicit arithmetic becomes an expression over typed operands', () => {
  it.each([
    [
      "Add Tesla's Q1 and Q2 2022 revenue",
      'sum',
      [
        ['revenue', 'Q1'],
        ['revenue', 'Q2 2022'],
      ],
    ],
    [
      'Tesla Q3 2022 revenue minus Q3 2021 revenue',
      'difference',
      [
        ['revenue', 'Q3 2022'],
        ['revenue', 'Q3 2021'],
      ],
    ],
    [
      'Tesla 2021 net income divided by 2021 revenue',
      'ratio',
      [
        ['net_income', '2021'],
        ['revenue', '2021'],
      ],
    ],
    [
      'Tesla operating margin computed as 2021 operating income over 2020 revenue',
      'ratio',
      [
        ['operating_income', '2021'],
        ['revenue', '2020'],
      ],
    ],
    [
      "Divide Tesla's Q3 2022 net income by its Q2 2022 revenue to get a net margin.",
      'ratio',
      [
        ['net_income', 'Q3 2022'],
        ['revenue', 'Q2 2022'],
      ],
    ],
    [
      'Tesla total assets at Dec 31, 2021 plus its 2021 revenue',
      'sum',
      [
        ['total_assets', 'at Dec 31, 2021'],
        ['revenue', '2021'],
      ],
    ],
  ] as const)('%s', (q, op, ops) => {
    const r = plan(q);
    if (r.status !== 'planned') throw new Error(`${q}: ${JSON.stringify(r)}`);
    expect(r.intent.operation).toBe('expression');
    expect(r.intent.expression?.kind === 'op' && r.intent.expression.op).toBe(op);
    expect(operands(r.intent.expression)).toEqual(ops);
  });
  it('a year written once applies to a position without one (Q1 and Q2 2022)', () => {
    const r = plan("Add Tesla's Q1 and Q2 2022 revenue");
    if (r.status !== 'planned' || r.intent.expression?.kind !== 'op') throw new Error(JSON.stringify(r));
    const first = r.intent.expression.args[0]!;
    expect(first.kind === 'operand' && first.operand.period.spec).toMatchObject({ type: 'fiscal', position: 'Q1', year: { year: 2022 } });
  });
  it('a calculation across two companies is not combined', () => {
    expect(plan('Tesla 2021 revenue plus Snowflake fiscal 2021 revenue').status).toBe('needs_clarification');
  });
});
