import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../types';
import { trendSentence } from './series';

const years = (...v: [string, number][]) =>
  v.map(([label, value]) => ({ value, period: { label, fiscalPeriod: /^Q[1-4]/.exec(label)?.[0] ?? 'FY' } }) as unknown as AnswerValue);

describe('the direction of a series', () => {
  it('says a one-way series in one phrase', () => {
    expect(trendSentence(years(['FY2021', 1], ['FY2022', 2], ['FY2023', 3]))).toBe('It rose in every year shown.');
    expect(trendSentence(years(['FY2021', 3], ['FY2022', 2]))).toBe('It fell in every year shown.');
    // the quarters of one year ("quarterly revenue for fiscal 2025") are quarters, not years
    expect(trendSentence(years(['Q1 FY2025', 1], ['Q2 FY2025', 2], ['Q3 FY2025', 3]))).toBe('It rose in every quarter shown.');
  });
  it('says the moves of a mixed series in the order of the years', () => {
    expect(trendSentence(years(['FY2021', 76], ['FY2022', 60], ['FY2023', 73.8]))).toBe(
      'It did not move in one direction: it fell in FY2022 and rose in FY2023.',
    );
    expect(trendSentence(years(['FY2020', 1], ['FY2021', 2], ['FY2022', 3], ['FY2023', 2], ['FY2024', 2]))).toBe(
      'It did not move in one direction: it rose in FY2021, FY2022, fell in FY2023 and was unchanged in FY2024.',
    );
  });
});
