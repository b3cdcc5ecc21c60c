import { describe, expect, it } from 'vitest';
import { unitCaption } from './format';

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
