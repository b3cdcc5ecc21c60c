import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abs, add, compare, dec, div, isZero, mul, neg, parseDecimal, round, sign, sub, sum, toDecimalString, toNumber } from './decimal';

describe('parseDecimal', () => {
  it.each([
    ['394328000000', '394328000000'],
    ['-0.98', '-0.98'],
    ['+12.50', '12.5'],
    ['1.2E+3', '1200'],
    ['1.5e-3', '0.0015'],
    ['.5', '0.5'],
    ['7.', '7'],
    ['0000.000', '0'],
    ['-0', '0'],
    [' 42 ', '42'],
  ])('%s → %s', (text, out) => {
    expect(toDecimalString(parseDecimal(text)!)).toBe(out);
  });

  it.each(['', '.', '-', '1,000', 'abc', '1e', 'NaN', 'Infinity', '1e99999'])('rejects %j', (text) => {
    expect(parseDecimal(text)).toBeNull();
  });
  it('throws from dec() on garbage', () => {
    expect(() => dec('x')).toThrow(RangeError);
  });
});

describe('arithmetic', () => {
  it('adds large values without losing precision', () => {
    // four Apple quarters summed exactly, beyond 2^53
    const total = sum(['90146000000', '117154000000', '94836000000', '81797000000'].map(dec));
    expect(toDecimalString(total)).toBe('383933000000');
    expect(toDecimalString(add(dec('9007199254740993'), dec('1')))).toBe('9007199254740994');
    expect(toDecimalString(sub(dec('0.3'), dec('0.1')))).toBe('0.2');
    expect(toDecimalString(mul(dec('-0.06'), dec('100')))).toBe('-6');
  });

  it('divides to fixed places rounding half away from zero', () => {
    expect(toDecimalString(div(dec('1440000000'), dec('12000000000')))).toBe('0.12');
    expect(toDecimalString(div(dec('1'), dec('3'), 5))).toBe('0.33333');
    expect(toDecimalString(div(dec('2'), dec('3'), 5))).toBe('0.66667');
    expect(toDecimalString(div(dec('-2'), dec('3'), 5))).toBe('-0.66667');
    expect(toDecimalString(div(dec('1'), dec('8'), 2))).toBe('0.13');
    expect(toDecimalString(div(dec('-1'), dec('8'), 2))).toBe('-0.13');
    expect(toDecimalString(div(dec('1e-10'), dec('1e10'), 30))).toBe('0.00000000000000000001');
    expect(() => div(dec('1'), dec('0'))).toThrow(RangeError);
  });

  it('rounds, compares and signs', () => {
    expect(toDecimalString(round(dec('2.345'), 2))).toBe('2.35');
    expect(toDecimalString(round(dec('-2.345'), 2))).toBe('-2.35');
    expect(toDecimalString(round(dec('2.3'), 5))).toBe('2.3');
    expect(compare(dec('1.10'), dec('1.1'))).toBe(0);
    expect(compare(dec('-1'), dec('0.5'))).toBe(-1);
    expect(sign(dec('-0.0001'))).toBe(-1);
    expect(isZero(dec('0.000'))).toBe(true);
    expect(toDecimalString(abs(dec('-3')))).toBe('3');
    expect(toDecimalString(neg(dec('3')))).toBe('-3');
    expect(toNumber(dec('0.12'))).toBe(0.12);
  });

  it('agrees with BigInt arithmetic on scaled integers (property)', () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 12 }))
      .map(([n, scale]) => ({ n, scale, text: toDecimalString({ coef: n, scale }) }));
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const s = Math.max(a.scale, b.scale);
        const an = a.n * 10n ** BigInt(s - a.scale);
        const bn = b.n * 10n ** BigInt(s - b.scale);
        expect(compare(add(dec(a.text), dec(b.text)), { coef: an + bn, scale: s })).toBe(0);
        expect(compare(sub(dec(a.text), dec(b.text)), { coef: an - bn, scale: s })).toBe(0);
        expect(compare(mul(dec(a.text), dec(b.text)), { coef: a.n * b.n, scale: a.scale + b.scale })).toBe(0);
        expect(toDecimalString(dec(a.text))).toBe(a.text);
        if (b.n !== 0n) {
          // |q·b − a| ≤ |b|/2 at the last place
          const q = div(dec(a.text), dec(b.text), 10);
          const back = mul(q, dec(b.text));
          const err = abs(sub(back, dec(a.text)));
          expect(compare(err, mul(abs(dec(b.text)), dec('0.00000000005')))).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
