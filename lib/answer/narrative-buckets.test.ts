import { describe, expect, it } from 'vitest';
import type { FilingRow } from '@/lib/retrieval/narrative-passages';
import { inBucket } from '@/lib/retrieval/narrative-passages';
import { aheadOf, LOOKS_AHEAD, monthsNamed, recentBucket } from './narrative-buckets';

const row = (sourceId: string, form: string, fiscalYear: number, filedAt: string): FilingRow => ({
  sourceId,
  form,
  fiscalYear,
  filedAt,
  periodOfReport: null,
  accession: null,
  title: sourceId,
});
const apple = { id: 'aapl', name: 'Apple Inc.', ticker: 'AAPL' };

describe('a company’s recent filings, read together when the question names none', () => {
  // newest first, as listFilings returns them
  const filings = [
    row('q3', '10-Q', 2025, '2025-08-01'),
    row('q2', '10-Q', 2025, '2025-05-02'),
    row('k24', '10-K', 2024, '2024-11-01'),
    row('q-old', '10-Q', 2024, '2024-08-02'),
    row('k23', '10-K', 2023, '2023-11-03'),
  ];

  it('is the latest annual report and the quarterly reports filed after it, newest first', () => {
    const b = recentBucket(apple, filings)!;
    expect(b.sourceIds).toEqual(['q3', 'q2', 'k24']);
    expect(b.label).toBe('10-Q FY2025 and 10-Q FY2025 and 10-K FY2024');
    expect(b.fiscalYear).toBe(2024);
  });

  it('holds the passages of those filings only, whatever their fiscal year', () => {
    const b = recentBucket(apple, filings)!;
    expect(inBucket(b, { entityId: 'aapl', fiscalYear: 2025, sourceId: 'q3' })).toBe(true);
    expect(inBucket(b, { entityId: 'aapl', fiscalYear: 2024, sourceId: 'k24' })).toBe(true);
    expect(inBucket(b, { entityId: 'aapl', fiscalYear: 2024, sourceId: 'q-old' })).toBe(false);
    expect(inBucket(b, { entityId: 'nvda', fiscalYear: 2025, sourceId: 'q3' })).toBe(false);
  });

  it('is the latest annual report alone when no later report is held, the latest quarterly one without an annual one, none without filings', () => {
    expect(recentBucket(apple, filings.slice(2))!.sourceIds).toEqual(['k24']);
    expect(recentBucket(apple, [filings[0]!, filings[1]!])!.sourceIds).toEqual(['q3']);
    expect(recentBucket(apple, [])).toBeNull();
  });
});

describe('the months a period phrase names', () => {
  it('reads each month with its year, spelled out or shortened, and nothing else', () => {
    expect(monthsNamed('from September 2024 to June 2025')).toEqual(['2024-09', '2025-06']);
    expect(monthsNamed('between Dec. 31, 2023 and Sept 2024')).toEqual(['2023-12', '2024-09']);
    expect(monthsNamed('fiscal 2024 to 2025')).toEqual([]);
    expect(monthsNamed('Marketing 2024')).toEqual([]);
  });
});

describe('a year the question looks ahead to', () => {
  const filings = [row('q1', '10-Q', 2023, '2023-04-26'), row('k22', '10-K', 2022, '2023-01-27'), row('q3', '10-Q', 2022, '2022-10-26')];
  it('is read in the annual report of the year before it, only when the topic looks ahead', () => {
    expect(aheadOf(filings, 2023)?.sourceId).toBe('k22');
    expect(aheadOf(filings, 2021)).toBeNull();
    expect(LOOKS_AHEAD.test('production rate forecasting')).toBe(true);
    expect(LOOKS_AHEAD.test('capital expenditure guided')).toBe(true);
    expect(LOOKS_AHEAD.test('legal proceedings')).toBe(false);
  });
});
