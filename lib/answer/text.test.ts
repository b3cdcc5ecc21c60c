import { describe, expect, it } from 'vitest';
import { lowerFirst } from './text';

describe('lowerFirst: a label inside a sentence', () => {
  it.each([
    ['Revenue', 'revenue'],
    ['Operating income', 'operating income'],
    ['Google Cloud operating income', 'Google Cloud operating income'],
    ['Greater China net sales', 'Greater China net sales'],
    ['EBITDA margin', 'EBITDA margin'],
    ["Sam's Club revenue", "Sam's Club revenue"],
  ])('%s', (label, said) => {
    expect(lowerFirst(label)).toBe(said);
  });
});
