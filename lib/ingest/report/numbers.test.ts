import { describe, expect, it } from 'vitest';
import { parseCellValue, shiftDecimal } from './numbers';

const num = (t: string) => {
  const v = parseCellValue(t);
  return v.kind === 'number' ? v.value : v.kind;
};

describe('parseCellValue', () => {
  it('reads Western and Indian digit grouping', () => {
    expect(num('845,512.61')).toBe('845512.61');
    expect(num('8,45,512.61')).toBe('845512.61');
    expect(num('1,23,45,678')).toBe('12345678');
    expect(num('394,328')).toBe('394328');
    expect(num('12')).toBe('12');
  });
  it('rejects malformed grouping as text', () => {
    expect(num('8,4,5')).toBe('text');
    expect(num('12,34.5,6')).toBe('text');
    expect(num('Note 23')).toBe('text');
  });
  it('reads parentheses and every minus sign as negative', () => {
    expect(num('(919.37)')).toBe('-919.37');
    expect(num('-1,234')).toBe('-1234');
    expect(num('−1,234')).toBe('-1234');
    expect(num('–5.5')).toBe('-5.5');
    expect(num('($1,234)')).toBe('-1234');
    expect(num('$(1,234)')).toBe('-1234');
    expect(num('(0.00)')).toBe('0.00');
  });
  it('treats dashes and nil as nil', () => {
    for (const t of ['-', '–', '—', '−', 'Nil', 'nil', '--', 'N/A']) expect(parseCellValue(t).kind).toBe('nil');
  });
  it('strips footnote markers', () => {
    expect(num('1,234*')).toBe('1234');
    expect(num('1,234 (1)')).toBe('1234');
    expect(num('56.7†')).toBe('56.7');
    expect(num('1,200.00²')).toBe('1200.00');
  });
  it('reads currency glyphs, including the rupee sign mangled to J or H', () => {
    for (const t of ['₹ 8,45,512.61', 'Rs. 8,45,512.61', 'J 8,45,512.61', 'H8,45,512.61', '` 8,45,512.61']) {
      const v = parseCellValue(t);
      expect(v).toMatchObject({ kind: 'number', value: '845512.61', currency: 'INR' });
    }
    expect(parseCellValue('$ 394,328')).toMatchObject({ kind: 'number', value: '394328', currency: 'USD' });
  });
  it('reads percentages', () => {
    expect(parseCellValue('12.5%')).toMatchObject({ kind: 'number', value: '12.5', percent: true });
    expect(parseCellValue('(3.2)%')).toMatchObject({ kind: 'number', value: '-3.2', percent: true });
  });
  it('keeps decimals as printed', () => {
    expect(parseCellValue('1,200.00')).toMatchObject({ value: '1200.00', fractionDigits: 2 });
  });
});

describe('shiftDecimal', () => {
  it('scales exactly', () => {
    expect(shiftDecimal('845512.61', 7)).toBe('8455126100000');
    expect(shiftDecimal('1200.00', 7)).toBe('12000000000');
    expect(shiftDecimal('-919.37', 7)).toBe('-9193700000');
    expect(shiftDecimal('12.5', -2)).toBe('0.125');
    expect(shiftDecimal('0.5', -3)).toBe('0.0005');
    expect(shiftDecimal('0', 7)).toBe('0');
    expect(shiftDecimal('-0.00', 3)).toBe('0');
  });
});
