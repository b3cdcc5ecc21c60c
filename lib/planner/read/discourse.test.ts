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

function plan(q: string) {
  return planQuestion(q, { catalog: CATALOG });
}

const planned = (q: string) => plannedResult(q, CATALOG);

describe('discourse: role-play, answer form, task verbs and sources never block', () => {
  const ANSWERED: [string, string, string][] = [
    ['Pretend you are a junior credit analyst. What was Zeta Foods revenue in FY2022?', 'revenue', 'FY2022'],
    ['Imagine you are a portfolio manager at a pension fund: Acme Widgets net income, FY2021?', 'net_income', 'FY2021'],
    [
      'From the perspective of a distressed-debt investor, what were Zeta Foods total liabilities at the end of FY2023?',
      'total_liabilities',
      'at the end of FY2023',
    ],
    ['Speaking as an auditor, what did Acme Widgets report as total assets at the end of FY2020?', 'total_assets', 'at the end of FY2020'],
    ['Assume you are building a valuation model. What was Acme Widgets operating income in FY2022?', 'operating_income', 'FY2022'],
    ['Suppose you are a buy-side analyst covering Zeta Foods. What was its gross profit in FY2021?', 'gross_profit', 'FY2021'],
    ["Let's say you're a lender: Acme Widgets total liabilities at the end of FY2022?", 'total_liabilities', 'at the end of FY2022'],
    ['Keep it brief. Zeta Foods gross profit for FY2021?', 'gross_profit', 'FY2021'],
    ['One line only, please: Acme Widgets revenue in FY2019.', 'revenue', 'FY2019'],
    ['Reply with the number only: Zeta Foods net income FY2020', 'net_income', 'FY2020'],
    ['Kindly determine Acme Widgets total assets at the end of FY2022.', 'total_assets', 'at the end of FY2022'],
    ['Going by FY2023 figures, what was Zeta Foods operating income?', 'operating_income', 'FY2023'],
    ['Looking at the quarter ended March 31, 2022, what was Acme Widgets revenue?', 'revenue', 'quarter ended March 31, 2022'],
    ['Judging by the statement of profit or loss, what was Zeta Foods revenue in FY2022?', 'revenue', 'FY2022'],
    ['What is a ballpark figure for Acme Widgets revenue in FY2021?', 'revenue', 'FY2021'],
    // what the asker is doing, before the question
    ["I'm screening semis on profitability: what was Acme Widgets net income in FY2024?", 'net_income', 'FY2024'],
    ['We are building a comps table — Zeta Foods revenue, FY2023?', 'revenue', 'FY2023'],
    // the whole company: the consolidated figure (an aside that only confirms what it includes goes with it)
    ['Across all of Zeta Foods (its Snacks unit included), what was operating income in FY2022?', 'operating_income', 'FY2022'],
    ['Company-wide, what was Acme Widgets revenue in FY2021?', 'revenue', 'FY2021'],
    // a statement of a period restricts the evidence; the period stays the period reader's
    ['From the FY2023 income statement, what was Acme Widgets gross profit?', 'gross_profit', 'FY2023'],
    ['Using the Q3 2022 balance sheet, what were Zeta Foods total assets?', 'total_assets', 'Q3 2022'],
    // presentation only: the value is the same
    ['What was Acme Widgets operating margin in FY2024, as a decimal fraction?', 'operating_margin', 'FY2024'],
    ['Zeta Foods net margin FY2022, percent, one decimal', 'net_margin', 'FY2022'],
    ['What was Acme Widgets gross margin in FY2023, expressed as a percentage to one decimal place?', 'gross_margin', 'FY2023'],
    // verbs that only say what the measure is
    ['What operating margin did Acme Widgets run at in FY2024?', 'operating_margin', 'FY2024'],
    ['How much did Zeta Foods plow into research and development in FY2023?', 'rnd', 'FY2023'],
    // a spending verb into property and equipment is capital expenditure, whichever verb ("plow", "pour", "sink")
    ['How much did Acme Widgets plow into new plants and equipment in FY2024?', 'capex', 'FY2024'],
    ['How much cash went to buybacks at Acme Widgets in FY2022?', 'share_repurchases', 'FY2022'],
    // the non-current caption of debt
    ['Zeta Foods long-term debt (excluding the current portion) at the end of FY2023', 'long_term_debt_noncurrent', 'at the end of FY2023'],
    ['What did Acme Widgets owe long-term at the end of FY2022?', 'long_term_debt_noncurrent', 'at the end of FY2022'],
  ];
  for (const [q, metric, period] of ANSWERED) {
    it(q, () => {
      const r = planned(q);
      expect(r.intent.metric.id).toBe(metric);
      expect(r.intent.periods.map((p) => p.text)).toEqual([period]);
    });
  }

  it('"up how much from the prior-year quarter" asks for the change against that quarter', () => {
    for (const q of [
      'Zeta Foods revenue for Q2 FY2024, up how much from the prior-year quarter?',
      "Acme Widgets' net income in Q3 FY2023 was down by how much from the year-ago quarter?",
    ]) {
      const r = planned(q);
      expect(['growth', 'change']).toContain(r.intent.operation);
    }
  });

  it('the span map names the discourse reader for its words', () => {
    const r = plan('Act as a bond investor. Using FY2022 data, what was Zeta Foods revenue? Answer briefly.');
    const discourse = (r.spans ?? []).filter((s) => s.reader === 'discourse').map((s) => s.text);
    expect(discourse).toEqual(['Act as a bond investor', 'Using', 'data', 'Answer briefly']);
  });

  // a content word inside an answer-form or role clause is no discourse: it blocks
  const BLOCKED = [
    'Give a short answer on the Europe segment: Acme Widgets revenue FY2022.',
    'As a 10% owner, what was Zeta Foods revenue in FY2022?',
    'Respond with the adjusted figure: Acme Widgets net income FY2021.',
    'Considering the organic trend, what was Zeta Foods revenue in FY2022?',
    // an aside that changes the figure, a preamble naming a figure, a verb that fits no measure of its class
    'Across all of Zeta Foods (Snacks excluded), what was revenue in FY2022?',
    "I'm screening semis on 2024 margins: what was Acme Widgets revenue in FY2024?",
    "I'm comparing the Snacks segment: what was Zeta Foods revenue in FY2022?",
    'What revenue did Acme Widgets run at in FY2024?',
  ];
  for (const q of BLOCKED) {
    it(`blocks: ${q}`, () => {
      expect(plan(q).status, JSON.stringify(plan(q))).not.toBe('planned');
    });
  }

  it('"as a share of" opening a question is a calculation, not a role', () => {
    const r = plan('As a share of revenue, what was Acme Widgets R&D in FY2022?');
    expect(r.status === 'planned' && r.intent.operation === 'value').toBe(false);
  });
});

describe('rounding requests are honoured in the display', () => {
  it('reads nearest units, decimals without "round", and the cent', () => {
    expect(readInstructions('Round to the nearest thousand.').instructions).toEqual({ scale: 'thousands', decimals: 0 });
    expect(readInstructions('rounded to the nearest hundred thousand dollars').instructions).toEqual({ scale: 'millions', decimals: 1 });
    expect(readInstructions('to the nearest billion').instructions).toEqual({ scale: 'billions', decimals: 0 });
    expect(readInstructions('in USD millions with one decimal').instructions).toEqual({ scale: 'millions', currency: 'USD', decimals: 1 });
    expect(readInstructions('diluted EPS, to the cent').instructions).toEqual({ decimals: 2 });
    expect(readInstructions('Round to the nearest flurb.').instructions).toEqual({});
  });

  it('a planned question carries them', () => {
    const r = planned('To the nearest million, what was Zeta Foods net income in FY2022?');
    expect(r.intent.instructions).toMatchObject({ scale: 'millions', decimals: 0 });
  });
});

describe('glosses: the measure named after "meaning", "i.e.", "shown as" is the figure', () => {
  it.each([
    ['What was Zeta Foods war chest, meaning cash and cash equivalents, at the end of FY2022?', 'cash'],
    ['How much did Acme Widgets hold in the bank, i.e. cash and cash equivalents, at the end of FY2021?', 'cash'],
    ['What were Acme Widgets sales, reported as revenue, in FY2020?', 'revenue'],
  ])('%s', (q, metric) => {
    expect(planned(q).intent.metric.id).toBe(metric);
  });

  it('a gloss between two different measures, or before no measure, blocks', () => {
    for (const q of [
      'What was Zeta Foods revenue, meaning net income, in FY2022?',
      'What was Acme Widgets cash at the end of FY2021, meaning in the vault?',
    ]) {
      const r = plan(q);
      expect(r.status, q).toBe('needs_clarification');
      if (r.status === 'needs_clarification') expect(r.clarification.question).toMatch(/meaning/);
    }
  });
});

describe('the form of the figure asked for', () => {
  it('"Give it as a ratio", "State it as a multiple" pass; "the ratio" alone is no form', () => {
    expect(planned('What was Zeta Foods current ratio at the end of FY2022? Give it as a ratio.').intent.metric.id).toBe('current_ratio');
    expect(planned('Acme Widgets FY2021 operating income divided by interest expense. State it as a multiple.').intent.operation).toBe(
      'expression',
    );
    expect(plan('Give the ratio: Acme Widgets FY2021 revenue').status).toBe('needs_clarification');
  });
});
