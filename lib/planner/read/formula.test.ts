import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { expressionShape } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
];

function plan(q: string) {
  return planQuestion(q, { catalog: CATALOG });
}

const shape = expressionShape;

describe('user-stated formulas', () => {
  const COMPUTED: [string, string, string][] = [
    // a definition marker after the name's period
    [
      'Zeta Foods net debt at the end of FY2022, calculated as long-term debt minus cash and cash equivalents',
      '(long_term_debt - cash)',
      'at the end of FY2022',
    ],
    ['Acme Widgets free cash flow for FY2021, defined as operating cash flow less capex', '(operating_cash_flow - capex)', 'FY2021'],
    // "divide X by Y" over an average balance
    ['For Zeta Foods in FY2023, divide net income by average total assets', '(net_income / avg(total_assets))', 'FY2023'],
    // "average equity (opening and closing)", the same average said twice
    ['Acme Widgets FY2022: net income over average equity (opening and closing balances)', '(net_income / avg(total_equity))', 'FY2022'],
    // "how many times did X cover Y"
    [
      'How many times did Zeta Foods operating income cover its interest expense in FY2021?',
      '(operating_income / interest_expense)',
      'FY2021',
    ],
    // words that only ever state a quotient
    ['How much operating income did Acme Widgets earn per dollar of revenue in FY2020?', '(operating_income / revenue)', 'FY2020'],
    // "what share of Y went to X"
    ['What share of Zeta Foods FY2022 revenue went to research and development?', '(rnd % revenue)', 'FY2022'],
    // "by how much did X exceed Y"
    [
      'By how much did Acme Widgets current assets exceed its current liabilities at the end of FY2023?',
      '(current_assets - current_liabilities)',
      'at the end of FY2023',
    ],
    // what remains of one amount after another (each operand on the question's one period)
    ['Acme Widgets FY2022 revenue left over after cost of revenue', '(revenue - cost_of_revenue)', 'FY2022'],
    [
      'How much did Zeta Foods have left from its operating cash flow after paying for capital expenditures in FY2021?',
      '(operating_cash_flow - capex)',
      'FY2021',
    ],
    ['What was Acme Widgets gross profit remaining after research and development expense in FY2023?', '(gross_profit - rnd)', 'FY2023'],
    ['Zeta Foods FY2020 revenue after deducting cost of revenue', '(revenue - cost_of_revenue)', 'FY2020'],
    // a verb of relation relates everything said on each side of it
    [
      'How many times could Zeta Foods current assets minus inventory cover its current liabilities at the end of FY2022?',
      '((current_assets - inventories) / current_liabilities)',
      'at the end of FY2022',
    ],
    [
      'Acme Widgets FY2022 operating income minus income tax expense as a share of revenue',
      '((operating_income - tax_expense) % revenue)',
      'FY2022',
    ],
    ['Zeta Foods FY2021 net income plus depreciation as a percentage of revenue', '((net_income + depreciation_only) % revenue)', 'FY2021'],
    // a compute verb, the name with its period, then "as" or a dash opens the formula
    ['Compute Acme Widgets operating margin for FY2024 as operating income divided by revenue', '(operating_income / revenue)', 'FY2024'],
    ['Calculate the gross margin for FY2023 for Zeta Foods — gross profit divided by revenue', '(gross_profit / revenue)', 'FY2023'],
    // an operator written apart from its operands is no part of a measure's name ("cost of sales) / revenue")
    [
      'Zeta Foods: markup spread defined as (revenue - cost of sales) / revenue, FY2022',
      '((revenue - cost_of_revenue) / revenue)',
      'FY2022',
    ],
    // a definition with several operators is one formula
    [
      'Liquid assets = cash and cash equivalents + short-term investments - current liabilities. Acme Widgets at the end of FY2021?',
      '((cash + marketable_securities_current) - current_liabilities)',
      'at the end of FY2021',
    ],
  ];
  for (const [q, expr, period] of COMPUTED) {
    it(q, () => {
      const r = plan(q);
      expect(r.status, JSON.stringify(r.status === 'needs_clarification' ? r.clarification : r)).toBe('planned');
      if (r.status !== 'planned') return;
      expect(r.intent.operation).toBe('expression');
      expect(shape(r.intent.expression).replace(/interest_expense|finance_costs/, 'interest_expense')).toBe(expr);
      expect([...new Set(r.intent.periods.map((p) => p.text))]).toEqual([period]);
    });
  }

  it('a formula stated once for several companies is each company’s own; one joining companies is not computed', () => {
    const r = plan('Compare Acme Widgets and Zeta Foods: gross margin defined as (revenue - cost of sales) / revenue, FY2024');
    expect(r.status).toBe('planned');
    if (r.status === 'planned') {
      expect(r.intent.entities.map((e) => e.id)).toEqual(['acme', 'zeta']);
      expect(shape(r.intent.expression)).toBe('((revenue - cost_of_revenue) / revenue)');
    }
    expect(
      plan('What was operating margin, computed as operating income over revenue, for Zeta Foods and Acme Widgets in FY2023?').status,
    ).toBe('planned');
    expect(plan('Acme Widgets revenue divided by Zeta Foods revenue in FY2024').status).toBe('needs_clarification');
  });

  it('the name a formula defines is the user’s own words before the marker, not a measure inside them', () => {
    for (const [q, id, expr] of [
      [
        'What was Zeta Foods net cash at the end of FY2022, worked out as cash and cash equivalents minus long-term debt?',
        'formula:net_cash',
        '(cash - long_term_debt)',
      ],
      [
        'Acme Widgets solvency multiple at year-end 2021 = total assets / total liabilities',
        'formula:solvency_multiple',
        '(total_assets / total_liabilities)',
      ],
      [
        'Zeta Foods cash-to-debt at the end of FY2023: cash and cash equivalents over long-term debt',
        'formula:cash_to_debt',
        '(cash / long_term_debt)',
      ],
    ] as const) {
      const r = plan(q);
      expect(r.status, q).toBe('planned');
      if (r.status === 'planned') expect([r.intent.metric.id, shape(r.intent.expression)]).toEqual([id, expr]);
    }
  });

  it('an amount per weighted-average diluted share is the amount over the diluted share count', () => {
    for (const q of [
      'Zeta Foods FY2022 stock-based compensation per weighted-average diluted share',
      'Give a short answer: Acme Widgets FY2021 stock-based compensation per diluted share.',
    ]) {
      const r = plan(q);
      expect(r.status, q).toBe('planned');
      if (r.status === 'planned') expect(shape(r.intent.expression)).toBe('(stock_compensation / shares_diluted)');
    }
  });

  it('net income per share of a basis is the reported EPS of that basis', () => {
    for (const [q, id] of [
      ['What did Acme Widgets earn per share, on a diluted basis, in FY2021?', 'eps_diluted'],
      ['What did Zeta Foods earn per share, basic, in FY2022?', 'eps_basic'],
    ] as const) {
      const r = plan(q);
      expect(r.status).toBe('planned');
      if (r.status === 'planned') expect([r.intent.operation, r.intent.metric.id]).toEqual(['value', id]);
    }
  });
});

describe('ordinary words around a measure', () => {
  const PLANNED: [string, string, string][] = [
    ['How much interest did Zeta Foods pay in cash in FY2022?', 'interest_paid', 'FY2022'],
    ['How much tax did Acme Widgets pay in cash in FY2021?', 'income_taxes_paid', 'FY2021'],
    ['How much cash did Zeta Foods operations generate in FY2020?', 'operating_cash_flow', 'FY2020'],
    ['What was Acme Widgets cash position at the end of FY2022?', 'cash', 'at the end of FY2022'],
    ['On average, how many diluted shares did Zeta Foods have in FY2023?', 'shares_diluted', 'FY2023'],
    ['Based on data for FY2021, what was Acme Widgets revenue?', 'revenue', 'FY2021'],
    ['Give a short answer in USD: Zeta Foods net income for FY2022.', 'net_income', 'FY2022'],
    ["How much goodwill was sitting on Zeta Foods' books at the end of FY2022?", 'goodwill', 'at the end of FY2022'],
    ['Did Acme Widgets make money in FY2023?', 'net_income', 'FY2023'],
    ['Did Zeta Foods turn a profit in FY2021?', 'net_income', 'FY2021'],
    ["How much cash sat on Acme Widgets' books at the end of FY2021?", 'cash', 'at the end of FY2021'],
    // the verb's object names the flow: what the business generated in revenue is revenue, not operating cash flow
    ["What did Zeta Foods' business generate in revenue in FY2022?", 'revenue', 'FY2022'],
  ];
  for (const [q, metric, period] of PLANNED) {
    it(q, () => {
      const r = plan(q);
      expect(r.status, JSON.stringify(r.status === 'needs_clarification' ? r.clarification : r)).toBe('planned');
      if (r.status !== 'planned') return;
      expect(r.intent.metric.id).toBe(metric);
      expect(r.intent.periods.map((p) => p.text)).toEqual([period]);
    });
  }

  it('what the operations brought in as net income is never operating cash flow (asked back or read as net income)', () => {
    const r = plan('How much did Acme Widgets operations bring in as net income in FY2021?');
    expect(r.status === 'planned' && r.intent.metric.id === 'operating_cash_flow').toBe(false);
  });

  // the balance at a period's start is not its balance at the end: the start verb is read as the period's start edge
  it.each([
    ['How much cash did Acme Widgets start FY2022 with?', 'start'],
    ['How much cash did Zeta Foods hold when FY2023 began?', 'start'],
    ['What total assets did Acme Widgets end FY2021 with?', 'end'],
  ])('%s is the balance at the period’s %s', (q, edge) => {
    const r = plan(q);
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.periods.map((p) => p.spec)).toMatchObject([{ type: 'boundary', edge }]);
  });
});

it('"after" alone is no difference: "net income after tax" is not net income minus a tax figure', () => {
  const r = plan('Acme Widgets net income after tax in FY2022');
  expect(r.status === 'planned' && r.intent.operation === 'expression').toBe(false);
});

describe('verb complements beside the verb’s own particle', () => {
  it('"hand back to shareholders through buybacks": the complement after the particle the verb took', () => {
    const r = plan('What did Zeta Foods hand back to shareholders through buybacks in FY2022?');
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric.id).toBe('share_repurchases');
  });
  it('"spend on plants, machinery and other property" is capital expenditure', () => {
    const r = plan('How much did Acme Widgets spend on plants, machinery and other property in FY2021?');
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric.id).toBe('capex');
  });
});

describe('a reference back to the question’s period', () => {
  it('"for the same year" and "at year-end" are the one period the question names', () => {
    const same = plan('Zeta Foods revenue for FY2022, and the net income for the same year?');
    expect(same.status).toBe('planned');
    if (same.status === 'planned') expect(same.intent.periods.map((p) => p.text)).toEqual(['FY2022']);
    const end = plan('In FY2021, what were Acme Widgets total assets at year-end?');
    expect(end.status).toBe('planned');
  });
  it('"at that date", "on the same day" are the one date the question names; after a year they block', () => {
    const date = plan('What was Zeta Foods cash and cash equivalents at the end of FY2022 plus its long-term debt at that date?');
    expect(date.status).toBe('planned');
    if (date.status === 'planned') expect([...new Set(date.intent.periods.map((p) => p.text))]).toEqual(['at the end of FY2022']);
    expect(plan('What were Acme Widgets total assets at the end of FY2021, and its total liabilities on the same day?').status).toBe(
      'planned',
    );
    const year = plan('What was Acme Widgets revenue in FY2021 and its total liabilities at that date?');
    expect(year.status).toBe('needs_clarification');
  });
  it('with two periods named, "the same year" blocks, naming its words', () => {
    const r = plan('Acme Widgets revenue FY2021 and net income for the same year FY2022');
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toMatch(/same year/);
  });
});

describe('a spaced dash before an instruction is punctuation, not a minus', () => {
  it('the clause after the dash says how to answer; the calculation before it is computed as written', () => {
    const r = plan(
      "Acme Widgets stock-based compensation as a percentage of revenue for FY2024 - use the cash flow statement's stock-based compensation line.",
    );
    expect(r.status, JSON.stringify(r.status === 'needs_clarification' ? r.clarification : null)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(JSON.stringify(r.intent)).not.toContain('"difference"');
    expect([...new Set(r.intent.periods.map((p) => p.text))]).toEqual(['FY2024']);
    const one = plan('Acme Widgets FY2023 net income – give it in millions');
    expect(one.status).toBe('planned');
    if (one.status === 'planned') expect([one.intent.operation, one.intent.metric.id]).toEqual(['value', 'net_income']);
  });

  it('a dash between two measures is still a minus, with or without an instruction after it', () => {
    for (const q of [
      'Acme Widgets revenue - cost of revenue, FY2024',
      'Zeta Foods operating income – interest expense for FY2023 – please round to one decimal',
    ]) {
      const r = plan(q);
      expect(r.status, q).toBe('planned');
      if (r.status === 'planned') expect(r.intent.expression?.kind === 'op' && r.intent.expression.op).toBe('difference');
    }
  });
});

describe('a share said per unit of money', () => {
  it('"how much of each sales dollar did it convert into operating cash flow" is operating cash flow over revenue', () => {
    const r = planQuestion('For FY2022, how much of each sales dollar did Acme Widgets convert into operating cash flow?', {
      catalog: [ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW')],
    });
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(JSON.stringify(r.intent)).toMatch(/operating_cash_flow/);
    expect(JSON.stringify(r.intent)).toMatch(/revenue/);
  });
  it('"how much of each segment" is no share of a unit of money', () => {
    const r = planQuestion('How much of each segment did Acme Widgets report in FY2022?', {
      catalog: [ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW')],
    });
    expect(r.status).not.toBe('planned');
  });
});

describe('the part of a profit that goes to its holders', () => {
  it('"what share of its net income went to minority interests" takes the profit attributable to them', () => {
    const r = planQuestion('For FY2022, what share of Acme Widgets net income went to minority interests?', {
      catalog: [ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW')],
    });
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(JSON.stringify(r.intent)).toMatch(/net_income_nci/);
  });
});

describe('the periods said within an average are the balances it averages', () => {
  const averaged = (q: string) => {
    const r = plan(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned' || r.intent.expression?.kind !== 'op') return null;
    const [a, b] = r.intent.expression.args;
    return [a?.kind === 'operand' && a.operand.period.text, b?.kind === 'operand' && [b.operand.role, b.operand.period.text]];
  };
  it.each([
    ['Zeta Foods asset turnover FY23 = revenue / average of the FY22 and FY23 year-end total assets', 'FY23', 'FY2023'],
    ['Acme Widgets FY2022 net income divided by the average of total equity at the end of FY2021 and FY2022', 'FY2022', 'FY2022'],
  ])('%s', (q, flow, year) => {
    expect(averaged(q)).toEqual([flow, ['average', year]]);
  });
  it('year ends not one year apart are asked back, never averaged over another year', () => {
    expect(plan('Acme Widgets FY2022 net income divided by the average of FY2019 and FY2022 year-end total equity').status).toBe(
      'needs_clarification',
    );
  });
});
