import { describe, expect, it } from 'vitest';
import { normalizeAlias } from '@/lib/domain/names';
import type { CatalogEntity } from './catalog';
import { planQuestion } from './plan';

const aliases = (...names: string[]) => names.map((alias) => ({ alias, kind: 'name', normalized: normalizeAlias(alias) }));
const CATALOG: CatalogEntity[] = [
  { id: 'tsla', name: 'Tesla', legalName: 'Tesla, Inc.', ticker: 'TSLA', cik: null, aliases: aliases('Tesla', 'Tesla, Inc.') },
  { id: 'mrvl', name: 'Marvell', legalName: 'Marvell Technology, Inc.', ticker: 'MRVL', cik: null, aliases: aliases('Marvell') },
];
const plan = (q: string) => planQuestion(q, { catalog: CATALOG });

describe('a basis clause after a ratio on average balances', () => {
  it.each([
    ['Tesla return on equity for 2023 on average equity', 'roe'],
    ['Tesla ROA in 2023, using average total assets', 'roa'],
    ['Marvell receivables turnover, fiscal 2025, average receivables', 'receivables_turnover'],
    ['Marvell inventory turnover for fiscal 2025 (average inventories)', 'inventory_turnover'],
    ['Tesla cash conversion cycle in 2023 based on average balances', 'cash_conversion_cycle'],
    ['Tesla asset turnover for 2023 (revenue over average total assets)', 'asset_turnover'],
    ['Tesla ROA for 2023 using average total assets: net income over the mean of opening and closing total assets', 'roa'],
    ['Tesla return on equity for 2023, with equity averaged over the opening and closing balances: net income / that average', 'roe'],
  ])('%s: agrees with the formula, placed, the ratio asked', (q, id) => {
    const r = plan(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.metric?.id).toBe(id);
    expect(r.intent.metric?.dayCount).toBeUndefined();
  });

  it.each([
    ['Marvell DSO for fiscal 2025 (average receivables, 365 days)', 'dso', 365],
    ['Tesla days inventory outstanding in 2023 on average inventory and a 360-day year', 'dio', 360],
    ['Tesla days payable outstanding for 2023 using average payables over 365 days', 'dpo', 365],
  ])('%s: the stated day count is carried with the measure', (q, id, days) => {
    const r = plan(q);
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.metric?.id).toBe(id);
    expect(r.intent.metric?.dayCount).toBe(days);
  });

  it.each([
    // the formula averages equity, not net income; assets are no operand of ROE
    'Tesla ROE for 2023 using average net income',
    'Tesla ROE for 2023, with net income averaged over the opening and closing balances',
    'Tesla return on equity for 2023 on average total assets',
    // a day count for a ratio that counts no days
    'Tesla ROA for 2023 (average total assets, 365 days)',
    // words the formula does not hold
    'Tesla ROA in 2023 on average adjusted assets',
  ])('%s: disagrees, its words stay unplaced', (q) => {
    expect(plan(q).status).not.toBe('planned');
  });
});

describe('a definition averaging balances named by their year ends', () => {
  it('agrees when the year ends are the opening and closing of the question’s year', () => {
    const r = plan(
      "What was Tesla's 2023 return on equity? Return on equity is defined as 2023 net income divided by the average of total equity at the end of 2022 and 2023.",
    );
    expect(r.status, JSON.stringify(r)).toBe('planned');
    if (r.status === 'planned') expect(r.intent.metric?.id).toBe('roe');
  });

  it('does not agree when a year end is not the opening or closing of the question’s year', () => {
    const r = plan(
      "What was Tesla's 2023 return on equity? Return on equity is defined as 2023 net income divided by the average of total equity at the end of 2021 and 2022.",
    );
    const notes = r.status === 'planned' ? r.notes.join(' ') : '';
    expect(notes).not.toMatch(/agrees with the ontology formula/);
  });
});
