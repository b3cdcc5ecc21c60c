import { describe, expect, it } from 'vitest';
import type { Answer } from '@/lib/answer/types';
import { companyChip, isCompanyClarification, matchesGold, numericGold, summarize, type FinanceBenchScore } from './financebench';

describe('FinanceBench gold answers', () => {
  it('answers a company clarification with the document company, as the chip rewrites the question', () => {
    const asked = {
      status: 'needs_clarification',
      clarification: { question: 'Which company do you mean?', options: [] },
    } as unknown as Answer;
    const other = {
      status: 'needs_clarification',
      clarification: { question: 'Which period do you mean?', options: [] },
    } as unknown as Answer;
    expect(isCompanyClarification(asked)).toBe(true);
    expect(isCompanyClarification(other)).toBe(false);
    expect(isCompanyClarification({ ...asked, status: 'answered' } as Answer)).toBe(false);
    expect(companyChip('Was there any drop in cash?', 'Best Buy Co., Inc.')).toBe('Was there any drop in cash? (Best Buy Co., Inc.)');
  });
  it('reads numeric gold answers and leaves narrative ones alone', () => {
    expect(numericGold('$1577.00')).toEqual({ value: 1577, percent: false });
    expect(numericGold('16.5%')).toEqual({ value: 16.5, percent: true });
    expect(numericGold('0.54')).toEqual({ value: 0.54, percent: false });
    expect(numericGold('$9.1 billion')).toEqual({ value: 9.1e9, percent: false });
    expect(numericGold('No, the company is managing its CAPEX efficiently')).toBeNull();
    expect(numericGold('Yes. It decreased.')).toBeNull();
  });
  it('matches within 1% across scale (USD millions vs base units) and percent vs fraction', () => {
    expect(matchesGold(11_588_000_000, { value: 11588, percent: false })).toBe(true);
    expect(matchesGold(0.165, { value: 16.5, percent: true })).toBe(true);
    expect(matchesGold(3.46, { value: 3.46, percent: false })).toBe(true);
    expect(matchesGold(15_430_000_000, { value: 5466, percent: false })).toBe(false);
    expect(matchesGold(11_900_000_000, { value: 11588, percent: false })).toBe(false);
  });
  it('counts correct, wrong and abstained per question type; narrative gold is not scored', () => {
    const s = (
      questionType: string,
      numeric: boolean,
      verdict: FinanceBenchScore['verdict'],
      status: FinanceBenchScore['status'] = 'answered',
    ): FinanceBenchScore => ({
      id: 'x',
      docName: 'd',
      questionType,
      question: 'q',
      gold: 'g',
      numeric,
      status,
      answered: null,
      verdict,
      latencyMs: 1,
    });
    const { numeric, byType } = summarize([
      s('metrics-generated', true, 'correct'),
      s('metrics-generated', true, 'wrong'),
      s('metrics-generated', true, 'abstained', 'insufficient_evidence'),
      s('domain-relevant', false, null),
    ]);
    expect(numeric).toEqual({ n: 3, correct: 1, wrong: 1, abstained: 1 });
    expect(byType['metrics-generated']).toMatchObject({ n: 3, numeric: 3, correct: 1, wrong: 1, abstained: 1, answered: 2 });
    expect(byType['domain-relevant']).toMatchObject({ n: 1, numeric: 0, answered: 1 });
  });
});
