import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import { planQuestion, type PlanContext } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('acme', 'Acme Widgets', 'Acme Widgets, Inc.', 'ACMW'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
];

function plan(q: string, measures?: PlanContext['measures']) {
  return planQuestion(q, { catalog: CATALOG, ...(measures ? { measures } : {}) });
}

function planned(q: string, measures?: PlanContext['measures']) {
  const r = plan(q, measures);
  expect(r.status, JSON.stringify(r.status === 'needs_clarification' ? r.clarification : r)).toBe('planned');
  if (r.status !== 'planned') throw new Error('not planned');
  return r;
}

describe('the ordinary words of analysts name a measure', () => {
  it.each([
    ['In FY2022, what remained after the cost of sales at Zeta Foods?', 'gross_profit'],
    ['What was left over after all operating expenses at Acme Widgets in FY2021?', 'operating_income'],
    // the company the remainder is for, named between the verb and "after"
    ['What remained for Zeta Foods after its cost of sales in FY2022?', 'gross_profit'],
    ['In FY2021 what was left for Acme Widgets after all operating costs?', 'operating_income'],
    ['Did Acme Widgets financing activities provide or consume cash in FY2022?', 'financing_cash_flow'],
    ['What did it cost Zeta Foods to produce the goods it sold in FY2021?', 'cost_of_revenue'],
    ['What was the cost of manufacturing what it sold for Acme Widgets in FY2020?', 'cost_of_revenue'],
    ['How much did Zeta Foods spend for general and administration in FY2022?', 'general_admin'],
    ['How much of their own shares did Acme Widgets repurchase in FY2023?', 'share_repurchases'],
    ['How much stock-based compensation did Zeta Foods add back in FY2022?', 'stock_compensation'],
    ['How large were Acme Widgets total assets at the end of FY2021?', 'total_assets'],
  ])('%s', (q, metric) => {
    expect(planned(q).intent.metric.id).toBe(metric);
  });

  it('a count of shares bought back is no amount of money: it is not read as share repurchases', () => {
    const r = plan('How many of its shares did Acme Widgets buy back in FY2023?');
    expect(r.status === 'planned' && r.intent.metric.id === 'share_repurchases').toBe(false);
  });

  it('"own" after a possessive is no verb of assets', () => {
    const r = plan("How much of Zeta Foods' own cash did it hold at the end of FY2022?");
    expect(r.status === 'planned' && r.intent.metric.id === 'total_assets').toBe(false);
  });

  it('"add back" is no sum', () => {
    const r = planned('How much depreciation did Acme Widgets add back in FY2021?');
    expect(r.intent.operation).toBe('value');
  });

  it('"how big" without a measure still asks which measure', () => {
    expect(plan('How big was Acme Widgets in FY2021?').status).not.toBe('planned');
  });

  it('a caption inside the words a verb turns gives way to the longer reading ("common stock" in "shares of common stock … outstanding")', () => {
    const concepts = [{ concept: 'x:CommonStockValue', label: 'Common stock', periodType: 'instant' as const }];
    const r = planned('How many shares of common stock did Zeta Foods have outstanding at the end of FY2022?', { members: [], concepts });
    expect(r.intent.metric.id).toBe('shares_outstanding');
  });
});

describe('the caption’s appositive ", net"', () => {
  it('passes after a measure whose reported figure is the net one', () => {
    expect(planned('What were Acme Widgets income taxes paid, net, in FY2022?').intent.metric.id).toBe('income_taxes_paid');
  });
  it('blocks after a measure whose figure is not a net one', () => {
    expect(plan('What was Zeta Foods goodwill, net, at the end of FY2022?').status).not.toBe('planned');
  });
});

describe('"excluding" and "including" written in other ways inside a measure name', () => {
  it.each([
    'What was Acme Widgets long-term debt, leaving out the current portion, at the end of FY2022?',
    'Zeta Foods long-term debt exclusive of the current portion at the end of FY2021',
  ])('%s', (q) => {
    expect(planned(q).intent.metric.id).toBe('long_term_debt_noncurrent');
  });
});

describe('"continuing operations" beside a measure', () => {
  it('passes when the measure is the continuing operations’ own', () => {
    expect(planned('Looking at continuing operations, what was Zeta Foods income before income taxes in FY2022?').intent.metric.id).toBe(
      'profit_before_tax',
    );
  });
  it('blocks beside a measure it would change', () => {
    expect(plan('Considering continuing operations, what was Zeta Foods net income in FY2022?').status).not.toBe('planned');
  });
});

describe('a bare word turned by its own verb beside another measure', () => {
  it('"the interest it paid" is interest paid even with operating income in the sentence', () => {
    const r = planned('For FY2023, how many times did Acme Widgets operating income cover the interest it paid?');
    expect(r.intent.operation).toBe('expression');
    expect(JSON.stringify(r.intent)).toContain('interest_paid');
  });
});

describe('a bottom line asked by its loss', () => {
  it('"net loss attributable to common stockholders" is net income', () => {
    expect(planned('What was Zeta Foods net loss attributable to common stockholders in FY2022?').intent.metric.id).toBe('net_income');
  });
});

describe('days of inventory', () => {
  it('"how many days of stock did it hold on average" is days inventory outstanding', () => {
    expect(planned('How many days of stock did Zeta Foods hold on average in FY2022?').intent.metric.id).toBe('dio');
  });
});
