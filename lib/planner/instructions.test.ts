import { describe, expect, it } from 'vitest';
import type { CatalogEntity } from './catalog';
import { readInstructions } from './instructions';
import { planQuestion } from './plan';
import { ent } from './__fixtures__/catalog';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
];

function plan(q: string) {
  return planQuestion(q, { catalog: CATALOG });
}

describe('instruction words', () => {
  it('reads rounding, scale and percent instructions in their usual wordings', () => {
    expect(readInstructions('Round your answer to two decimal places.').instructions.decimals).toBe(2);
    expect(readInstructions('Round answer to 1 decimal place').instructions.decimals).toBe(1);
    expect(readInstructions('rounded to the nearest three decimals').instructions.decimals).toBe(3);
    expect(readInstructions('Answer in USD millions.').instructions.scale).toBe('millions');
    expect(readInstructions('(in thousands of dollars)').instructions.scale).toBe('thousands');
    expect(readInstructions('Answer in units of percents').instructions.unit).toBe('percent');
    expect(readInstructions('basic earnings per share, shown in US cents').instructions.unit).toBe('cents');
    expect(plan('Zeta Foods basic earnings per share for FY2023 in cents').status).toBe('planned');
    // "as a percentage of revenue" is a calculation, not a unit instruction
    expect(readInstructions('net income as a percentage of revenue').instructions.unit).toBeUndefined();
  });

  it('reads words that only explain a scale as the filing uses it as part of the scale instruction', () => {
    for (const q of [
      'Give the figure in millions, as its annual report shows them: Zeta Foods net income for FY2023',
      'Zeta Foods net income for FY2023 in thousands of dollars as stated',
    ]) {
      const r = plan(q);
      expect(r.status === 'planned' && r.intent.metric.id).toBe('net_income');
      expect(r.status === 'planned' && r.intent.instructions?.scale).toBe(q.includes('millions') ? 'millions' : 'thousands');
    }
    // without a scale before them the words are no instruction
    expect(readInstructions('Zeta Foods net income for FY2023 as its annual report shows them').claims).toEqual([]);
  });

  it('reads abbreviated scales and the currency a scale or unit phrase names', () => {
    expect(readInstructions('revenue in $bn').instructions).toEqual({ scale: 'billions', currency: 'USD' });
    expect(readInstructions('revenue in bn').instructions).toEqual({ scale: 'billions' });
    expect(readInstructions('revenue in $m').instructions).toEqual({ scale: 'millions', currency: 'USD' });
    expect(readInstructions('revenue in USD bn').instructions).toEqual({ scale: 'billions', currency: 'USD' });
    expect(readInstructions('in millions of euros').instructions).toEqual({ scale: 'millions', currency: 'EUR' });
    expect(readInstructions('in US dollars').instructions).toEqual({ currency: 'USD' });
    expect(readInstructions('in rupees').instructions).toEqual({ currency: 'INR' });
    // an absolute change and a per-share amount are not currency instructions; "in percentage terms" is a growth, not a unit
    expect(readInstructions('the change in dollar terms').instructions.currency).toBeUndefined();
    expect(readInstructions('EPS in dollars per share').instructions.currency).toBeUndefined();
    expect(readInstructions('the change in percentage terms').instructions.unit).toBeUndefined();
  });

  it('reads scale and currency marks written without "in", and percent marks', () => {
    expect(readInstructions('revenue FY2024 (USD m)').instructions).toEqual({ scale: 'millions', currency: 'USD' });
    expect(readInstructions('revenue FY2024 (US$ bn)').instructions).toEqual({ scale: 'billions', currency: 'USD' });
    expect(readInstructions('revenue FY2024 USD thousands').instructions).toEqual({ scale: 'thousands', currency: 'USD' });
    expect(readInstructions('operating income change, in $').instructions).toEqual({ currency: 'USD' });
    expect(readInstructions('operating profit over revenue (%)').instructions).toEqual({ unit: 'percent' });
    expect(readInstructions('operating margin in %').instructions).toEqual({ unit: 'percent' });
    // "in $bn" stays a scale; a dollar amount is not an instruction
    expect(readInstructions('revenue in $bn').instructions).toEqual({ scale: 'billions', currency: 'USD' });
    expect(readInstructions('revenue above $5').claims).toEqual([]);
  });

  it('reads the statements a scope clause names, in order', () => {
    const r = readInstructions('Give a response by relying on the details shown in the statement of cash flows and the P&L statement.');
    expect(r.instructions.statements).toEqual(['cash_flow_statement', 'income_statement']);
    expect(readInstructions('When primarily referencing the consolidated statements of financial position').instructions.statement).toBe(
      'balance_sheet',
    );
  });

  const SCOPE_WORDINGS = [
    'Base your judgments on the information provided primarily in the balance sheet.',
    'Using only the information within the income statement,',
    'By drawing conclusions from the information stated only in the income statement,',
    'Provide a response to the question by primarily using the statement of operations.',
    'Respond to the question by assuming the perspective of an investment analyst who can only use the details shown within the balance sheet.',
    'Calculate what was asked by utilizing the line items clearly shown in the P&L statement and the cash flow statement.',
  ];
  for (const scope of SCOPE_WORDINGS) {
    it(`a statement-scope clause is placed: ${scope.slice(0, 50)}…`, () => {
      const q = scope.endsWith(',') ? `${scope} what is Acme Widgets' FY2023 revenue?` : `What is Acme Widgets' FY2023 revenue? ${scope}`;
      const r = plan(q);
      expect(r.status, JSON.stringify(r)).toBe('planned');
      if (r.status !== 'planned') return;
      expect(r.intent.metric.id).toBe('revenue');
      expect(r.intent.periods.map((p) => p.text)).toEqual(['FY2023']);
      expect(r.intent.instructions?.statement).toBeDefined();
    });
  }

  it('a preamble and format clauses are placed; the figure is the one asked', () => {
    const r = plan(
      "We want to calculate a financial metric. Here's the question: what is the FY2022 net income for Zeta Foods? Answer in USD millions and round to one decimal place.",
    );
    expect(r.status).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.metric.id).toBe('net_income');
    expect(r.intent.instructions).toMatchObject({ scale: 'millions', decimals: 1 });
  });

  it('a measure word in a statement name is not a measure of the question', () => {
    const r = plan("What is Acme Widgets' FY2023 revenue? Answer using only the cash flow statement.");
    expect(r.status).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric.id).toBe('revenue');
  });

  // one word outside the instruction vocabulary and the clause is not an instruction: it blocks
  const BLOCKING = [
    "What is Acme Widgets' FY2023 revenue? Base your judgments on the information in the balance sheet excluding acquisitions.",
    "What is Acme Widgets' FY2023 revenue? Use only the North America segment information in the income statement.",
    "Using only the information within the income statement for the fourth quarter, what is Acme Widgets' FY2023 revenue?",
    "What is Acme Widgets' FY2023 revenue? Round to the nearest flurb.",
    "We want to calculate a pro forma metric. What is Acme Widgets' FY2023 revenue?",
  ];
  for (const q of BLOCKING) {
    it(`blocks: ${q.slice(40, 110)}`, () => {
      const r = plan(q);
      expect(r.status, JSON.stringify(r)).not.toBe('planned');
    });
  }
});

describe('definitions', () => {
  it('a definition that agrees with the ontology formula is placed and adds nothing', () => {
    const r = plan(
      'What is the FY2022 EBITDA margin for Zeta Foods? Define EBITDA as operating income + depreciation and amortization from the cash flow statement.',
    );
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.metric.id).toBe('ebitda_margin');
    expect(r.intent.operation).toBe('value');
    expect(r.intent.periods.map((p) => p.text)).toEqual(['FY2022']);
  });

  it('a bracketed operand list that matches the formula is placed', () => {
    const r = plan('What is the FY2022 retention ratio (using total cash dividends paid and net income) for Zeta Foods?');
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric.id).toBe('retention_ratio');
  });

  it('a definition with the average balance over the question year and the year before is placed', () => {
    const r = plan(
      'What is the FY2021 inventory turnover ratio for Acme Widgets? Inventory turnover ratio is defined as: (FY2021 COGS) / (average inventory between FY2020 and FY2021).',
    );
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.metric.id).toBe('inventory_turnover');
    expect(r.intent.periods.map((p) => p.text)).toEqual(['FY2021']);
    expect(r.intent.range).toBeNull();
  });

  // a definition that differs from the ontology's formula is never answered by the ontology's formula
  const DIFFERENT = [
    'What is the FY2022 EBITDA for Zeta Foods? Define EBITDA as net income + depreciation and amortization.',
    'What is the FY2022 EBITDA for Zeta Foods? Define EBITDA as operating income / depreciation and amortization.',
    'What is the FY2022 retention ratio (using total cash dividends paid and revenue) for Zeta Foods?',
    'What is the FY2021 inventory turnover ratio for Acme Widgets? Inventory turnover ratio is defined as: (FY2021 COGS) / (inventory at the end of FY2019).',
    'What is the FY2021 inventory turnover ratio for Acme Widgets? Inventory turnover ratio is defined as: (FY2021 COGS) / (adjusted average inventory between FY2020 and FY2021).',
  ];
  for (const q of DIFFERENT) {
    it(`does not answer another definition: ${q.slice(0, 120)}`, () => {
      const r = plan(q);
      const sameAsOntology =
        r.status === 'planned' &&
        r.intent.operation === 'value' &&
        ['ebitda', 'retention_ratio', 'inventory_turnover'].includes(r.intent.metric.id);
      expect(sameAsOntology, JSON.stringify(r)).toBe(false);
    });
  }
});

describe('average over fiscal years', () => {
  it('an N-year average over a range of N fiscal years (inclusive)', () => {
    const r = plan('What is the FY2018 - FY2020 3 year average EBITDA margin for Zeta Foods?');
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent).toMatchObject({ operation: 'average', range: { from: 2018, to: 2020 } });
    expect(r.intent.metric.id).toBe('ebitda_margin');
  });

  it('a count ending at a named year', () => {
    const r = plan('What is the three-year average revenue through FY2024 for Acme Widgets?');
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status === 'planned') expect(r.intent).toMatchObject({ operation: 'average', range: { from: 2022, to: 2024 } });
  });

  it('a count that disagrees with the range, quarters or no span are asked back', () => {
    expect(plan('What is the FY2018 - FY2020 5 year average revenue for Zeta Foods?').status).toBe('needs_clarification');
    expect(plan('What is the 3 year average revenue for Zeta Foods?').status).not.toBe('planned');
    expect(plan('What is the 3 year average revenue for Zeta Foods through Q3 FY2024?').status).not.toBe('planned');
  });

  it('"average" before a balance with one year is not this operation', () => {
    const r = plan('What was the average inventory of Acme Widgets in FY2021?');
    expect(r.status === 'planned' && r.intent.operation === 'average').toBe(false);
  });
});

describe('trillions', () => {
  it('"in trillions", "in $tn" are a display scale', () => {
    expect(readInstructions('Apple FY2025 revenue in trillions').instructions.scale).toBe('trillions');
    expect(readInstructions('Apple FY2025 revenue in $tn').instructions).toMatchObject({ scale: 'trillions', currency: 'USD' });
  });
});
