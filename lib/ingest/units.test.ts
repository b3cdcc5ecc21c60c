import { describe, expect, it } from 'vitest';
import { isIsoCurrency, parseUnit } from './units';

describe('parseUnit', () => {
  it.each([
    ['USD', { unit: 'USD', currency: 'USD', kind: 'monetary' }],
    ['COP', { unit: 'COP', currency: 'COP', kind: 'monetary' }],
    ['USD/shares', { unit: 'USD/shares', currency: 'USD', kind: 'per_share' }],
    ['shares', { unit: 'shares', currency: null, kind: 'shares' }],
    ['pure', { unit: 'pure', currency: null, kind: 'pure' }],
    ['USD/PartnershipUnit', { unit: 'USD/PartnershipUnit', currency: 'USD', kind: 'per_share' }],
    ['Store', { unit: 'Store', currency: null, kind: 'unknown' }],
    ['sqft', { unit: 'sqft', currency: null, kind: 'unknown' }],
    ['ABC', { unit: 'ABC', currency: null, kind: 'unknown' }],
  ])('companyfacts unit %s', (raw, expected) => {
    expect(parseUnit(raw)).toEqual(expected);
  });

  it('reads XBRL measures with prefixes and divide units', () => {
    expect(parseUnit('iso4217:USD')).toMatchObject({ unit: 'USD', currency: 'USD' });
    expect(parseUnit('iso4217:EUR', 'xbrli:shares')).toMatchObject({ unit: 'EUR/shares', currency: 'EUR', kind: 'per_share' });
    expect(parseUnit('xbrli:shares')).toMatchObject({ unit: 'shares', kind: 'shares' });
    expect(parseUnit('xbrli:pure')).toMatchObject({ unit: 'pure', kind: 'pure' });
    expect(parseUnit('iso4217:USD', 'utr:sqft')).toMatchObject({ kind: 'unknown' });
  });

  it('knows ISO 4217 codes', () => {
    expect(isIsoCurrency('INR')).toBe(true);
    expect(isIsoCurrency('PEN')).toBe(true);
    expect(isIsoCurrency('XYZ')).toBe(false);
    expect(isIsoCurrency('usd')).toBe(false);
  });
});
