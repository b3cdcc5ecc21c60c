import { describe, expect, it } from 'vitest';
import { aliasForKind } from './entities';

describe('aliasForKind', () => {
  it('stores tickers in capitals and listings as EXCHANGE:TICKER', () => {
    expect(aliasForKind(' brk.b ', 'ticker')).toBe('BRK.B');
    expect(aliasForKind('NYSE : snow', 'listing')).toBe('NYSE:SNOW');
    expect(aliasForKind('Nasdaq:TSLA', 'listing')).toBe('Nasdaq:TSLA');
    expect(aliasForKind('Google', 'brand')).toBe('Google');
  });
  it('refuses malformed tickers and listings with a typed error', () => {
    expect(() => aliasForKind('not a ticker', 'ticker')).toThrow(expect.objectContaining({ code: 'bad_request:alias' }));
    expect(() => aliasForKind('SNOW', 'listing')).toThrow(expect.objectContaining({ code: 'bad_request:alias' }));
  });
});
