import { describe, expect, it } from 'vitest';
import type { Answer, AnswerValue } from '@/lib/answer/types';
import { report, scoreItem, wilson, type FactBounds, type GoldenItem } from './score';

function value(v: number, start: string | null, end: string, factId = 'f1'): AnswerValue {
  const period = {
    type: start ? ('duration' as const) : ('instant' as const),
    start,
    end,
    fiscalYear: 2024,
    fiscalPeriod: 'FY' as const,
    label: 'FY2024',
    dateRange: '',
  };
  const citation = {
    factId,
    sourceId: 's',
    sourceTitle: 't',
    accession: null,
    form: null,
    filedAt: '2025-01-01',
    tableId: null,
    table: null,
    cellId: null,
    row: null,
    column: null,
    columnPath: [],
    page: null,
    span: null,
  };
  return {
    id: 'v1',
    label: 'Revenue',
    metric: 'revenue',
    value: v,
    display: String(v),
    unit: 'USD',
    currency: 'USD',
    period,
    basis: 'reported',
    formula: null,
    factIds: [factId],
    citations: [citation],
    entity: { id: 'e', name: 'E', ticker: null },
    scope: 'consolidated',
    versionBasis: 'latest',
    otherVersions: false,
    flags: [],
    inputs: [],
  };
}
function answer(status: Answer['status'], values: AnswerValue[] = [], codes: string[] = []): Answer {
  return {
    status,
    pathway: 'detail',
    text: 't',
    segments: [],
    values,
    passages: [],
    clarification: null,
    errors: codes.map((code) => ({ code, message: code, factIds: [] })),
    manifestId: null,
    timingMs: 5,
    intent: null,
    table: null,
  };
}
const bounds: FactBounds = new Map([['f1', { start: '2024-01-01', end: '2024-12-31' }]]);
const fy: GoldenItem = {
  id: 'a',
  question: 'q',
  expect: { status: 'answered', values: [{ value: 100, start: '2024-01-01', end: '2024-12-31', period_type: 'duration', tol: 0.0005 }] },
};

describe('scoring', () => {
  it('counts a matched, cited value as correct and supported', () => {
    const s = scoreItem(fy, answer('answered', [value(100.01, '2024-01-01', '2024-12-31')]), bounds);
    expect(s).toMatchObject({ correct: true, supported: true, escapes: 0, failure: null });
  });
  it('calls a value for another period an escape even next to the right one', () => {
    const s = scoreItem(fy, answer('answered', [value(100, '2024-01-01', '2024-12-31'), value(90, '2023-01-01', '2023-12-31')]), bounds);
    expect(s).toMatchObject({
      correct: false,
      escapes: 1,
      failure: { finrate: 'understanding_temporal', temporal: 'period_filter_error' },
    });
  });
  it('classifies unanswered questions by why they were not answered', () => {
    expect(scoreItem(fy, answer('rejected', [], ['INSTANT_DURATION_MIX']), bounds).failure).toMatchObject({
      finrate: 'understanding_temporal',
      temporal: 'period_filter_error',
    });
    expect(scoreItem(fy, answer('rejected', [], ['IMPLAUSIBLE_RESULT']), bounds).failure).toMatchObject({
      finrate: 'reasoning_calculation',
      temporal: null,
    });
    expect(scoreItem(fy, answer('needs_clarification'), bounds).failure).toMatchObject({ finrate: 'understanding_query' });
    expect(scoreItem(fy, answer('insufficient_evidence', [], ['MISSING_FACT']), bounds).failure).toMatchObject({
      finrate: 'retrieval_missing_evidence',
      temporal: 'missing_period',
    });
  });
  it('wrong numbers for the right period are an extraction mismatch', () => {
    expect(scoreItem(fy, answer('answered', [value(50, '2024-01-01', '2024-12-31')]), bounds).failure).toMatchObject({
      temporal: 'extraction_mismatch',
    });
  });
  it('rejections must carry every expected code; abstentions carry no value', () => {
    const rej: GoldenItem = { id: 'r', question: 'q', expect: { status: 'rejected', values: [], codes: ['PERIOD_MISMATCH'] } };
    expect(scoreItem(rej, answer('rejected', [], ['PERIOD_MISMATCH']), bounds).correct).toBe(true);
    expect(scoreItem(rej, answer('rejected', [], ['MISSING_FACT']), bounds).correct).toBe(false);
    // without codes (the shared README's invalid joins): a refusal, or a clarification asked back, with no number
    const join: GoldenItem = { id: 'j', question: 'q', expect: { status: 'rejected', values: [] } };
    const asked = { ...answer('needs_clarification'), clarification: { question: 'Which period?', options: [] } };
    expect(scoreItem(join, asked, bounds).correct).toBe(true);
    expect(scoreItem(join, answer('needs_clarification'), bounds).correct).toBe(false);
    expect(scoreItem(join, answer('insufficient_evidence', [], ['MISSING_FACT']), bounds).correct).toBe(false);
    expect(scoreItem(rej, asked, bounds).correct).toBe(false);
    const ab: GoldenItem = { id: 'i', question: 'q', expect: { status: 'insufficient_evidence', values: [] } };
    expect(scoreItem(ab, answer('needs_clarification'), bounds).correctAbstention).toBe(true);
    const wrong = scoreItem(ab, answer('answered', [value(1, '2024-01-01', '2024-12-31')]), bounds);
    expect(wrong).toMatchObject({ correct: false, escapes: 1 });
  });
  it('reports Wilson intervals', () => {
    const w = wilson(9, 10);
    expect(w.rate).toBe(0.9);
    expect(w.low).toBeCloseTo(0.596, 2);
    expect(w.high).toBeCloseTo(0.982, 2);
    expect(report([]).n).toBe(0);
  });
});
