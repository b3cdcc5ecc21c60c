import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { planQuestion } from '../plan';
import { withoutQualifier } from './member';

const CATALOG = [ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA'), ent('aapl', 'Apple', 'Apple Inc.', 'AAPL')];
const plan = (q: string) => planQuestion(q, { catalog: CATALOG });

describe('a qualifier Ledgerline cannot apply is asked back with a chip for the reported figure', () => {
  it.each([
    ['Tesla adjusted net income for FY2022', 'Tesla net income for FY2022'],
    ["What was Apple's normalized diluted EPS in fiscal 2023?", "What was Apple's diluted EPS in fiscal 2023?"],
  ])('%s → the chip asks “%s”, which is planned', (q, rewritten) => {
    const r = plan(q);
    expect(r.status).toBe('needs_clarification');
    if (r.status !== 'needs_clarification') return;
    expect(r.clarification.question).toMatch(/cannot apply/);
    expect(r.clarification.options).toHaveLength(1);
    expect(r.clarification.options[0]).toMatch(/^The reported /);
    expect(r.clarification.rewrites).toEqual([rewritten]);
    expect(plan(rewritten).status).toBe('planned');
  });
});

describe('withoutQualifier', () => {
  const cut = (q: string, word: string) => withoutQualifier(q, q.indexOf(word), q.indexOf(word) + word.length);
  it('drops the qualifier and the words that only carried it', () => {
    expect(cut('EPS (normalized) for 2024?', 'normalized')).toBe('EPS for 2024?');
    expect(cut('EPS on a normalized basis for 2024', 'normalized')).toBe('EPS for 2024');
    expect(cut('normalized EPS for 2024', 'normalized')).toBe('EPS for 2024');
  });
  it('keeps words that are not a pair around it', () => {
    expect(cut('EPS in the adjusted view (2024)', 'adjusted')).toBe('EPS in the view (2024)');
  });
});
