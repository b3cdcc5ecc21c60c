import { describe, expect, it } from 'vitest';
import { aggregateVerdicts, consolidate, formatNarrative, meanInterval, validScore, type VerdictRow } from './narrative';

let n = 0;
function row(p: Partial<VerdictRow> & Pick<VerdictRow, 'manifestId' | 'verdict'>): VerdictRow {
  n++;
  return {
    verdictId: `v${String(n).padStart(3, '0')}`,
    reviewerId: 'r1',
    failureClass: null,
    scores: {},
    createdAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z`,
    pathway: 'detail',
    narrative: true,
    ...p,
  };
}
const full = (x: number) => ({ coverage: x, reasoning: x, factual_consistency: x, clarity: x, depth: x });

describe('narrative verdict aggregation', () => {
  it('counts the latest verdict per manifest and reviewer', () => {
    const rows = [
      row({ manifestId: 'm1', verdict: 'incorrect', scores: full(2) }),
      row({ manifestId: 'm1', verdict: 'correct', scores: full(5) }), // the same reviewer changed their mind
      row({ manifestId: 'm2', verdict: 'partial', scores: full(3) }),
    ];
    const e = aggregateVerdicts(rows);
    expect(e.overall.manifests).toBe(2);
    expect(e.overall.verdicts).toBe(2);
    expect(e.overall.tiers.correct.k).toBe(1);
    expect(e.overall.tiers.partial.k).toBe(1);
    expect(e.overall.tiers.incorrect.k).toBe(0);
    expect(e.overall.acceptable.rate).toBe(1);
    expect(e.overall.dimensions.coverage.mean).toBe(4);
  });

  it('takes the majority tier across reviewers, ties to the more severe, and reports agreement', () => {
    const ms = consolidate([
      row({ manifestId: 'a', reviewerId: 'r1', verdict: 'correct' }),
      row({ manifestId: 'a', reviewerId: 'r2', verdict: 'correct' }),
      row({ manifestId: 'a', reviewerId: 'r3', verdict: 'partial' }),
      row({ manifestId: 'b', reviewerId: 'r1', verdict: 'partial' }),
      row({ manifestId: 'b', reviewerId: 'r2', verdict: 'failure' }),
      row({ manifestId: 'c', reviewerId: 'r1', verdict: 'incorrect' }),
      row({ manifestId: 'c', reviewerId: 'r2', verdict: 'incorrect' }),
    ]);
    expect(ms.map((m) => [m.manifestId, m.tier, m.unanimous])).toEqual([
      ['a', 'correct', false],
      ['b', 'failure', false],
      ['c', 'incorrect', true],
    ]);
    const e = aggregateVerdicts([
      row({ manifestId: 'x', reviewerId: 'r1', verdict: 'correct' }),
      row({ manifestId: 'x', reviewerId: 'r2', verdict: 'correct' }),
    ]);
    expect(e.overall.agreement.rate).toBe(1);
  });

  it('splits by pathway and collects failure classes', () => {
    const e = aggregateVerdicts([
      row({ manifestId: 'p1', verdict: 'incorrect', pathway: 'comparison', failureClass: 'retrieval_wrong_period' }),
      row({ manifestId: 'p2', verdict: 'correct', pathway: 'longitudinal' }),
      row({ manifestId: 'p3', verdict: 'failure', pathway: 'comparison', failureClass: 'retrieval_missing_evidence' }),
    ]);
    expect(Object.keys(e.byPathway)).toEqual(['comparison', 'longitudinal']);
    expect(e.byPathway.comparison!.manifests).toBe(2);
    expect(e.byPathway.comparison!.tiers.correct.k).toBe(0);
    expect(e.overall.failureClasses).toEqual({ retrieval_wrong_period: 1, retrieval_missing_evidence: 1 });
    expect(formatNarrative(e)).toContain('comparison');
  });

  it('ignores scores outside 1–5 and averages reviewers per dimension', () => {
    expect([validScore(3), validScore('4'), validScore(0), validScore(6), validScore(2.5), validScore(null)]).toEqual([
      3,
      4,
      null,
      null,
      null,
      null,
    ]);
    const e = aggregateVerdicts([
      row({ manifestId: 'q', reviewerId: 'r1', verdict: 'partial', scores: { coverage: 2, depth: 9 } }),
      row({ manifestId: 'q', reviewerId: 'r2', verdict: 'partial', scores: { coverage: 4 } }),
    ]);
    expect(e.overall.dimensions.coverage).toMatchObject({ n: 1, mean: 3 });
    expect(e.overall.dimensions.depth.n).toBe(0);
  });

  it('gives t intervals clipped to the scale', () => {
    expect(meanInterval([])).toEqual({ n: 0, mean: 0, low: 0, high: 0 });
    expect(meanInterval([4])).toEqual({ n: 1, mean: 4, low: 4, high: 4 });
    const m = meanInterval([3, 4, 5, 4]);
    expect(m.mean).toBe(4);
    // sd 0.816, t(3) 3.182 → half-width 1.30
    expect(m.low).toBeCloseTo(2.7, 1);
    expect(m.high).toBe(5);
  });

  it('says so when nothing was reviewed', () => {
    expect(formatNarrative(aggregateVerdicts([]))).toContain('no reviewer verdicts');
  });
});
