import { describe, expect, it } from 'vitest';
import { dimensionKey, factChainKey, factId, factIdInChain, normalizeDecimal } from './identity';

const base = {
  tenantId: 't',
  entityId: 'e',
  concept: 'us-gaap:Revenues',
  unit: 'USD',
  period: { type: 'duration' as const, start: '2021-09-26', end: '2022-09-24' },
  scope: 'consolidated' as const,
  dimensions: {},
};

describe('fact ids', () => {
  it('are stable and value-sensitive', () => {
    expect(factId({ ...base, value: '394328000000' })).toBe(factId({ ...base, value: '394328000000.00' }));
    expect(factId({ ...base, value: '1' })).not.toBe(factId({ ...base, value: '2' }));
  });
  it('share a chain key across values but not across periods or dimensions', () => {
    expect(factChainKey(base)).toBe(factChainKey({ ...base }));
    expect(factChainKey(base)).not.toBe(factChainKey({ ...base, period: { type: 'instant', date: '2022-09-24' } }));
    expect(factChainKey(base)).not.toBe(factChainKey({ ...base, dimensions: { 'srt:ProductOrServiceAxis': 'aapl:IPhoneMember' } }));
    expect(factChainKey({ ...base, dimensions: { a: '1', b: '2' } })).toBe(factChainKey({ ...base, dimensions: { b: '2', a: '1' } }));
  });
  it('normalizes decimals', () => {
    expect(normalizeDecimal('0012.500')).toBe('12.5');
    expect(normalizeDecimal('-0.0')).toBe('0');
    expect(normalizeDecimal('+7')).toBe('7');
    expect(normalizeDecimal('-.98')).toBe('-0.98');
    expect(() => normalizeDecimal('1e5')).toThrow();
    expect(() => normalizeDecimal('')).toThrow();
  });
});

describe('stored identity is byte-stable', () => {
  // pinned: these strings are stored in existing databases and golden sets; a change here orphans them
  const dims = { 'srt:ProductOrServiceAxis': 'aapl:IPhoneMember', a: 'b' };
  it('chain key, fact id and dimension key keep their exact bytes', () => {
    expect(factChainKey({ ...base, dimensions: dims })).toBe('d40b10f43f96800495fa4e7c24585c4a190ead96cec005ac3c6c436ad92e13d4');
    expect(factId({ ...base, dimensions: dims, value: '12.50' })).toBe('08efebf2230719580ee3bc7c300d7bfed16f49c3c0321de855a1025469655f5c');
    expect(dimensionKey(dims)).toBe('[["a","b"],["srt:ProductOrServiceAxis","aapl:IPhoneMember"]]');
    expect(dimensionKey({})).toBe('');
  });
  it('the fact id from a known chain key equals the fact id', () => {
    expect(factIdInChain(factChainKey(base), '007')).toBe(factId({ ...base, value: '7' }));
  });
});
