import { describe, expect, it } from 'vitest';
import { levenshtein } from './match-entities';
import { correctMeasureSpelling } from './spelling';

describe('misspelt measure words', () => {
  it('counts a transposition as one edit', () => {
    expect(levenshtein('reveune', 'revenue')).toBe(1);
    expect(levenshtein('captial', 'capital')).toBe(1);
    expect(levenshtein('proft', 'profit')).toBe(1);
  });
  it.each([
    ['Apple reveune FY2025', 'Apple revenue FY2025'],
    ['NVDA opertaing income FY2026', 'NVDA operating income FY2026'],
    ['Apple total liabilites at Sep 27, 2025', 'Apple total liabilities at Sep 27, 2025'],
    ['Apple dilluted EPS FY2025', 'Apple diluted EPS FY2025'],
  ])('%s reads as %s', (q, want) => {
    expect(correctMeasureSpelling(q)?.question).toBe(want);
  });
  it('never corrects a company name, an ordinary word or a word with two readings', () => {
    expect(correctMeasureSpelling('Aple revenue FY2025')).toBeNull();
    expect(correctMeasureSpelling('What was the revenue in FY2025?')).toBeNull();
    expect(correctMeasureSpelling('apple blorf FY2025')).toBeNull();
    expect(correctMeasureSpelling('acme reveune FY2025', [{ start: 0, end: 4 }])?.corrections).toEqual([
      { from: 'reveune', to: 'revenue' },
    ]);
  });
});
