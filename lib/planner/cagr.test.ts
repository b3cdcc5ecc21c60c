import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan';
import { ent } from './__fixtures__/catalog';

const catalog = [ent('aapl', 'Apple', 'Apple Inc.', 'AAPL'), ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA')];
const plan = (q: string) => planQuestion(q, { catalog });

describe('CAGR as an explicit operation over an explicit span', () => {
  it.each([
    ['Apple revenue CAGR from FY2021 to FY2024', 2021, 2024],
    ["What was Apple's compound annual growth rate of revenue between fiscal 2021 and 2024?", 2021, 2024],
    ['Apple 3-year revenue CAGR through FY2024', 2021, 2024],
    ['Tesla revenue CAGR 2019-2022', 2019, 2022],
    ['Tesla revenue CAGR FY2019 and FY2022', 2019, 2022],
    ['Tesla five-year revenue compounded annual growth rate ending FY2022', 2017, 2022],
    ['Tesla revenue grew at what compound annual growth rate from 2019 to 2022?', 2019, 2022],
  ])('%s → cagr FY%i–FY%i', (q, from, to) => {
    const p = plan(q);
    if (p.status !== 'planned') throw new Error(`${p.status}: ${JSON.stringify(p)}`);
    expect(p.intent.operation).toBe('cagr');
    expect(p.intent.range).toEqual({ from, to });
    expect(p.intent.metric.id).toMatch(/revenue/);
    // every word placed: the CAGR words are one operation, not a yearly growth
    expect(p.spans?.filter((s) => s.role === 'operation').map((s) => s.detail)).toEqual(expect.arrayContaining(['cagr']));
    expect(p.spans?.some((s) => s.detail === 'growth rate')).toBe(false);
  });

  it.each([
    ['Tesla revenue CAGR', /Over which fiscal years/],
    ['Tesla revenue CAGR 2022', /first and a last fiscal year/],
    ['Tesla revenue CAGR over the last three years', /Over which fiscal years/],
    ['Tesla 5-year revenue CAGR from 2019 to 2022', /does not match FY2019 to FY2022/],
    ['Tesla revenue CAGR Q1 2021 to Q1 2023', /whole fiscal years/],
    ['Tesla revenue CAGR 2022 to 2022', /two different fiscal years|first and a last/],
  ])('asks instead of choosing a span: %s', (q, re) => {
    const p = plan(q);
    expect(p.status).toBe('needs_clarification');
    if (p.status === 'needs_clarification') expect(p.clarification.question).toMatch(re);
  });

  it('plain growth between two years stays growth', () => {
    const p = plan('Apple revenue growth FY2023 to FY2024');
    expect(p.status === 'planned' && p.intent.operation).toBe('growth');
  });
});
