import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA'),
  ent('aapl', 'Apple', 'Apple Inc.', 'AAPL'),
  ent('wmt', 'Walmart', 'Walmart Inc.', 'WMT'),
];

const run = (q: string) => planQuestion(q, { catalog: CATALOG });

describe('words that say a quarter is meant by itself', () => {
  it.each([
    ['Walmart net income for Q3 fiscal 2024 by itself', 'Q3'],
    ['Apple capex in the first quarter of fiscal 2023, three-month period only', 'Q1'],
    ['Tesla operating cash flow in Q4 2021 in isolation', 'Q4'],
    ['Walmart revenue, Q2 FY2025 (3 months)', 'Q2'],
    ['Apple free cash flow for the quarter only, Q2 FY2024', 'Q2'],
    ['Tesla R&D in Q3 2023 on its own', 'Q3'],
  ])('%s: the quarter, its words placed with the period', (q, position) => {
    const r = run(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.periods.map((p) => p.spec.type === 'fiscal' && p.spec.position)).toEqual([position]);
  });

  it.each([
    'Tesla revenue in fiscal 2022 alone',
    'Apple net income for the first half of fiscal 2024 by itself',
    'Walmart operating income, nine months of fiscal 2025 on its own',
  ])('%s: beside a year, a half or nine months the words are not placed', (q) => {
    const r = run(q);
    expect(r.status).toBe('needs_clarification');
  });
});

describe('a fourth quarter’s derivation stated in the question', () => {
  it.each([
    'Walmart Q4 fiscal 2024 operating income, computed as the fiscal year less the first three quarters',
    "What was Tesla's fourth-quarter 2022 revenue, i.e. the full-year figure minus the 9-month YTD?",
  ])('%s: the quarter, the derivation placed with it', (q) => {
    const r = run(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.periods.map((p) => p.spec.type === 'fiscal' && p.spec.position)).toEqual(['Q4']);
  });

  it('beside another quarter the derivation is no agreement: asked back', () => {
    expect(run('Walmart Q2 fiscal 2024 revenue, computed as the fiscal year less the first nine months').status).not.toBe('planned');
  });
});

describe('a second half’s derivation stated in the question', () => {
  it.each([
    ['Tesla net income for the second half of 2023 (H2 = full year less first half)', 'H2'],
    ['Walmart 2H fiscal 2025 operating income, calculated as the full fiscal year minus the first six months', 'H2'],
    ['Apple Q4 fiscal 2024 revenue (Q4 = FY − 9M)', 'Q4'],
  ])('%s: the derived position, the derivation placed with it', (q, position) => {
    const r = run(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.operation).toBe('value');
    expect(r.intent.periods.map((p) => p.spec.type === 'fiscal' && p.spec.position)).toEqual([position]);
  });

  it.each([
    // the derivation of another position than the one asked
    'Tesla net income for the second half of 2023 (H2 = full year less nine months)',
    // a full year is no derived position
    'Walmart fiscal 2025 operating income, i.e. the full year minus the first half',
    // the part subtracted in another year than the one asked
    'Apple second-half fiscal 2024 revenue, computed as the full year minus the first half of fiscal 2023',
  ])('%s: the words are no agreement and block', (q) => {
    expect(run(q).status).not.toBe('planned');
  });
});
