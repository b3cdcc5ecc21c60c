import { describe, expect, it } from 'vitest';
import { suggestCompanies, wordAt } from './company-suggest';

const cos = [
  { id: '1', name: 'Apple Inc.', ticker: 'AAPL', aliases: ['Apple'] },
  { id: '2', name: 'Helios Components', ticker: 'HELIOS', aliases: [] },
  { id: '3', name: 'NVIDIA Corporation', ticker: 'NVDA', aliases: [] },
  { id: '4', name: 'Northwind Outfitters', ticker: 'NWO', aliases: [] },
];

describe('company autocomplete', () => {
  it('matches tickers first, then names and inner words', () => {
    expect(suggestCompanies(cos, 'nv').map((c) => c.id)).toEqual(['3']);
    expect(suggestCompanies(cos, 'aapl').map((c) => c.id)).toEqual(['1']);
    expect(suggestCompanies(cos, 'comp').map((c) => c.id)).toEqual(['2']);
    expect(suggestCompanies(cos, 'n').map((c) => c.id)).toEqual([]);
    expect(suggestCompanies(cos, 'no').map((c) => c.id)).toEqual(['4']);
  });
  it('finds the word at the caret', () => {
    expect(wordAt('Compare Hel', 11)).toEqual({ word: 'Hel', start: 8 });
    expect(wordAt('What was AAPL', 13)).toEqual({ word: 'AAPL', start: 9 });
    expect(wordAt('revenue ', 8)).toEqual({ word: '', start: 8 });
  });
});
