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
