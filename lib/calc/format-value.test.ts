import { describe, expect, it } from 'vitest';
import { formatValue, groupDigits, MINUS } from './format-value';

describe('formatValue', () => {
  it.each([
    ['12000000000', { unit: 'INR' }, '₹1,200 crore'],
    ['8455126100000', { unit: 'INR' }, '₹8,45,512.61 crore'],
    ['1440000000', { unit: 'INR', currency: 'INR' }, '₹144 crore'],
    ['250000', { unit: 'INR' }, '₹2.50 lakh'],
    ['84551261', { unit: 'INR', scale: 'none' as const }, '₹8,45,51,261'],
    ['12000000000', { unit: 'INR', scale: 'crore' as const, decimals: 1 }, '₹1,200.0 crore'],
    ['394328000000', { unit: 'USD' }, '$394.3 billion'],
    ['81797000000', { unit: 'USD', decimals: 2 }, '$81.80 billion'],
    ['-2500000', { unit: 'USD' }, `${MINUS}$2.50 million`],
    // at least three significant digits under a scale word (MGM's casino revenue, $1,951,382 thousand)
    ['1951382000', { unit: 'USD' }, '$1.95 billion'],
    ['9960000000', { unit: 'USD' }, '$9.96 billion'],
    ['9996000000', { unit: 'USD' }, '$10.0 billion'],
    ['19513820000', { unit: 'USD' }, '$19.5 billion'],
    ['1234', { unit: 'USD' }, '$1,234'],
    ['1234567', { unit: 'USD', scale: 'thousands' as const }, '$1,234.6 thousand'],
    ['1500000000', { unit: 'EUR' }, '€1.50 billion'],
    ['1500000000', { unit: 'COP' }, 'COP 1.50 billion'],
    [0.12, { unit: 'ratio' }, '12.00%'],
    ['0.18', { unit: 'ratio' }, '18.00%'],
    [-0.0549, { unit: 'ratio', decimals: 2 }, `${MINUS}5.49%`],
    [-6, { unit: 'pp' }, `${MINUS}6.00 pp`],
    ['2.5', { unit: 'pp' }, '2.50 pp'],
    ['0.0802', { unit: 'ratio' }, '8.02%'],
    [0.12, { unit: 'ratio', decimals: 1 }, '12.0%'],
    ['-0.98', { unit: 'USD/shares' }, `${MINUS}$0.98`],
    ['6.13', { unit: 'USD/shares' }, '$6.13'],
    // a par value under a cent keeps its first significant digit
    ['0.00001', { unit: 'USD/shares' }, '$0.00001'],
    ['0.0025', { unit: 'USD/shares' }, '$0.003'],
    ['0', { unit: 'USD/shares' }, '$0.00'],
    ['58.61', { unit: 'INR/shares' }, '₹58.61'],
    ['15550061000', { unit: 'shares' }, '15.6 billion shares'],
    ['1200', { unit: 'shares' }, '1,200 shares'],
    ['-0.0001', { unit: 'ratio' }, `${MINUS}0.01%`],
    ['-0.00001', { unit: 'ratio' }, '0.00%'],
    ['7', { unit: 'pure' }, '7'],
  ])('%s %j → %s', (value, options, out) => {
    expect(formatValue(value, options)).toBe(out);
  });

  it('rejects non-numbers', () => {
    expect(() => formatValue('abc', { unit: 'USD' })).toThrow(RangeError);
    expect(() => formatValue(Number.NaN, { unit: 'USD' })).toThrow(RangeError);
  });

  it('groups digits the western and the Indian way', () => {
    expect(groupDigits('845512', true)).toBe('8,45,512');
    expect(groupDigits('1234567890', true)).toBe('1,23,45,67,890');
    expect(groupDigits('1234567890', false)).toBe('1,234,567,890');
    expect(groupDigits('999', true)).toBe('999');
  });
});
