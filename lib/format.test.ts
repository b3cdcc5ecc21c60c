import { describe, expect, it } from 'vitest';
import { formatInstructed, unitCaption } from './format';

describe('unitCaption', () => {
  it('names currency and scale together, never the currency twice', () => {
    expect(unitCaption({ unit: 'INR', currency: 'INR', display: '₹1,200 crore' })).toBe('₹ crore');
    expect(unitCaption({ unit: 'USD', currency: 'USD', display: '$394.3 billion' })).toBe('USD billions');
    expect(unitCaption({ unit: 'USD', currency: 'USD', display: '$12.5 million' })).toBe('USD millions');
    expect(unitCaption({ unit: 'INR', currency: 'INR', display: '₹12,345' })).toBe('₹ (INR)');
  });
  it('captions ratios, per-share amounts and counts', () => {
    expect(unitCaption({ unit: 'ratio', currency: null, display: '12.0%' })).toBe('percent');
    expect(unitCaption({ unit: 'pp', currency: null, display: '1.2 pp' })).toBe('percentage points');
    expect(unitCaption({ unit: 'USD/shares', currency: 'USD', display: '$6.11' })).toBe('USD per share');
    expect(unitCaption({ unit: 'shares', currency: null, display: '15.2 billion shares' })).toBe('shares, billions');
  });
});

describe('formatInstructed', () => {
  const usd = { exact: '1577000000', unit: 'USD', currency: 'USD' };
  it('shows a per-share amount asked in cents as its hundredths, the value and its unit unchanged; an amount is not a per-share figure', () => {
    expect(formatInstructed({ exact: '3.07', unit: 'USD/shares', currency: 'USD' }, { unit: 'cents' })).toEqual({
      display: '307 cents',
      unit: 'USD/shares',
    });
    expect(formatInstructed({ exact: '-0.455', unit: 'EUR/share', currency: 'EUR' }, { unit: 'cents', decimals: 1 }).display).toBe(
      '−45.5 cents',
    );
    expect(formatInstructed(usd, { unit: 'cents' })).toEqual({ display: '$1.58 billion', unit: 'USD' });
  });
  it('shows the number of decimals and the scale asked, never changing the value', () => {
    expect(formatInstructed(usd, undefined)).toEqual({ display: '$1.58 billion', unit: 'USD' });
    expect(formatInstructed(usd, { scale: 'millions' })).toEqual({ display: '$1,577.0 million', unit: 'USD' });
    expect(formatInstructed(usd, { scale: 'millions', decimals: 2 })).toEqual({ display: '$1,577.00 million', unit: 'USD' });
    expect(formatInstructed(usd, { scale: 'billions', decimals: 2 }).display).toBe('$1.58 billion');
    expect(formatInstructed(usd, { scale: 'thousands', decimals: 0 }).display).toBe('$1,577,000 thousand');
    expect(formatInstructed({ exact: '0.080216', unit: 'ratio', currency: null }, undefined).display).toBe('8.02%');
    expect(formatInstructed({ exact: '0.080216', unit: 'ratio', currency: null }, { decimals: 1 }).display).toBe('8.0%');
    expect(formatInstructed({ exact: '2.345', unit: 'pp', currency: null }, { decimals: 1 }).display).toBe('2.3 pp');
    expect(formatInstructed({ exact: '6.1349', unit: 'USD/shares', currency: 'USD' }, { decimals: 3 }).display).toBe('$6.135');
  });
  it('shows a multiple asked as a percentage as a percent; a percent asked of an amount cannot apply', () => {
    expect(formatInstructed({ exact: '1.5', unit: 'times', currency: null }, { unit: 'percent' })).toEqual({
      display: '150.00%',
      unit: 'ratio',
    });
    expect(formatInstructed({ exact: '1.5', unit: 'times', currency: null }, { unit: 'percent', decimals: 0 }).display).toBe('150%');
    expect(formatInstructed({ exact: '0.12', unit: 'ratio', currency: null }, { unit: 'percent' }).display).toBe('12.00%');
    expect(formatInstructed(usd, { unit: 'percent' })).toEqual({ display: '$1.58 billion', unit: 'USD' });
  });
  it('leaves a scale asked of a rate, a multiple or a per-share amount out', () => {
    expect(formatInstructed({ exact: '0.12', unit: 'ratio', currency: null }, { scale: 'millions' }).display).toBe('12.00%');
    expect(formatInstructed({ exact: '1.5', unit: 'times', currency: null }, { scale: 'millions', decimals: 1 }).display).toBe('1.5×');
    expect(formatInstructed({ exact: '6.13', unit: 'USD/shares', currency: 'USD' }, { scale: 'millions' }).display).toBe('$6.13');
    expect(formatInstructed({ exact: '15550061000', unit: 'shares', currency: null }, { scale: 'millions', decimals: 0 }).display).toBe(
      '15,550 million shares',
    );
  });
});
