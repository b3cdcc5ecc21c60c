import { describe, expect, it } from 'vitest';
import { exceptedShareScale, findUnitLine, parseUnitLine, rowUnitKind } from './units';

describe('unit lines', () => {
  it.each([
    ['(₹ in crore)', 7, 'INR', false],
    ['(J in crore)', 7, 'INR', false],
    ['( H in crore)', 7, 'INR', false],
    ['Rs. in lakhs', 5, 'INR', false],
    ['All amounts in ₹ crore unless otherwise stated', 7, 'INR', false],
    ['(in millions, except per share data)', 6, null, true],
    ['(In millions of U.S. dollars, except per share amounts)', 6, 'USD', true],
    ['$ in thousands', 3, 'USD', false],
    ['(Amount in ₹)', 0, 'INR', false],
    ['Amount in INR million', 6, 'INR', false],
  ])('%s', (text, scale, currency, except) => {
    expect(parseUnitLine(text.replace(/^\(|\)$/g, '')) ?? findUnitLine(text)).toMatchObject({ scale, currency, exceptPerShare: except });
  });
  it('ignores sentences that only mention a scale', () => {
    expect(parseUnitLine('We shipped 5 million units to customers in the United States during the year, up from 4 million')).toBeNull();
    expect(parseUnitLine('Revenue from operations')).toBeNull();
  });
  it('finds a unit phrase inside a title line', () => {
    expect(findUnitLine('Statement of Profit and Loss for the year ended March 31, 2025 (₹ in crore)')).toMatchObject({
      scale: 7,
      currency: 'INR',
    });
  });
});

describe('row unit kinds', () => {
  it('recognizes per-share, percentage and share-count rows', () => {
    expect(rowUnitKind('Basic earnings per share (₹)')).toBe('per_share');
    expect(rowUnitKind('Face Value Per Equity Share (₹)')).toBe('per_share');
    expect(rowUnitKind('Operating margin (%)')).toBe('percent');
    expect(rowUnitKind('Weighted average number of equity shares')).toBe('shares');
    expect(rowUnitKind('Weighted average outstanding shares of common stock (B)')).toBe('shares');
    expect(rowUnitKind('Weighted-average common and common equivalent shares – diluted')).toBe('shares');
    expect(rowUnitKind('Effect of dilutive shares')).toBe('shares');
    expect(rowUnitKind('Dilutive potential common shares from stock plans and programs')).toBe('shares');
    expect(rowUnitKind('Potential shares which were anti-dilutive and excluded from weighted-average shares')).toBe('shares');
    expect(rowUnitKind('Shares of common stock')).toBe('shares');
    expect(rowUnitKind('Common shares authorized (billions)')).toBe('shares');
    // customers, stores and employees are counted; an amount that only names them is money
    expect(rowUnitKind('Number of customers')).toBe('count');
    expect(rowUnitKind('Stores')).toBe('count');
    expect(rowUnitKind('Revenue from contracts with customers')).toBeNull();
    expect(rowUnitKind('Receivables from customers')).toBeNull();
    expect(rowUnitKind('Sales to Wholesale Customers')).toBeNull();
    // the shares a per-share amount is computed on are shares
    expect(rowUnitKind('Weighted-average shares used in computation of earnings per share:')).toBe('shares');
    expect(rowUnitKind('Shares used to compute basic net income per share')).toBe('shares');
    expect(rowUnitKind('Shares used in calculation (000’s)')).toBe('shares');
    expect(rowUnitKind('Weighted-average ordinary shares outstanding')).toBe('shares');
    expect(rowUnitKind('Diluted earnings per share')).toBe('per_share');
    expect(rowUnitKind('Weighted-average grant-date fair value per share')).toBe('per_share');
    expect(rowUnitKind('Weighted-average grant date fair value of shares granted')).toBeNull();
    expect(rowUnitKind('Proceeds from shares issued under employee plans')).toBeNull();
    expect(rowUnitKind('Outstanding shares — 491 and 498')).toBeNull();
    expect(rowUnitKind('Average shares: Basic')).toBe('shares');
    // a rate quoted beside an amount is not the row's unit; debt named by its coupon is no percentage
    expect(rowUnitKind('Dividends declared ($5.88 per share, Note 8)')).toBeNull();
    expect(rowUnitKind('Common stock dividends, $2.20 per share')).toBeNull();
    expect(rowUnitKind('Face value of long-term debt')).toBeNull();
    expect(rowUnitKind('Face Value Per Equity Share (₹)')).toBe('per_share');
    expect(rowUnitKind('3.25% 2025 Notes January 2015 February 2025')).toBeNull();
    expect(rowUnitKind('Dividends declared per share')).toBe('per_share');
    expect(rowUnitKind('Revenue from operations')).toBeNull();
  });
});

describe('US unit lines', () => {
  it('takes the first scale named; later ones are exceptions', () => {
    expect(findUnitLine('(In millions, except number of shares which are reflected in thousands and par value)')).toMatchObject({
      scale: 6,
      exceptPerShare: true,
    });
    expect(findUnitLine('(Dollars in millions, except per share data)')).toMatchObject({ scale: 6, currency: 'USD', exceptPerShare: true });
    expect(findUnitLine('(in thousands, except per share amounts)')).toMatchObject({ scale: 3, exceptPerShare: true });
  });
});

describe('bare scale lines', () => {
  it('reads "(Millions)" and "$ millions" as scale lines', () => {
    expect(findUnitLine('(Millions)')).toMatchObject({ scale: 6 });
    expect(findUnitLine('$ millions')).toMatchObject({ scale: 6, currency: 'USD' });
    expect(parseUnitLine('Millions of people')).toBeNull();
  });
});

describe('share counts a unit line excepts', () => {
  it('reads the scale it gives them', () => {
    expect(exceptedShareScale('In millions, except number of shares which are reflected in thousands and per share amounts')).toBe(3);
    expect(exceptedShareScale('in millions, except per share data')).toBeNull();
  });
});
