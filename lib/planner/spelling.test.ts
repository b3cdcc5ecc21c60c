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

describe('abbreviations written for one word', () => {
  it('reads "incl." and "excl." as the words they stand for, the full stop with them', () => {
    const r = correctMeasureSpelling('Tesla cash incl. restricted cash, excl short-term investments, 2021');
    expect(r?.question).toBe('Tesla cash including restricted cash, excluding short-term investments, 2021');
    expect(r?.corrections).toEqual([
      { from: 'incl.', to: 'including' },
      { from: 'excl', to: 'excluding' },
    ]);
  });
});
