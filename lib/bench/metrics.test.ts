import { describe, expect, it } from 'vitest';
import { allKeysHit, keyPrecision, mean, percentile, ratio, recallAtK, reciprocalRank, summarizeLatencies, throughput } from './metrics';

describe('percentiles', () => {
  it('interpolates between closest ranks (type 7)', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(xs, 50)).toBeCloseTo(5.5);
    expect(percentile(xs, 95)).toBeCloseTo(9.55);
    expect(percentile(xs, 0)).toBe(1);
    expect(percentile(xs, 100)).toBe(10);
  });
  it('does not depend on input order and handles one value and none', () => {
    expect(percentile([9, 1, 5], 50)).toBe(5);
    expect(percentile([42], 99)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
  it('summarizes latencies', () => {
    const s = summarizeLatencies(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(s.n).toBe(100);
    expect(s.p50Ms).toBeCloseTo(50.5);
    expect(s.p95Ms).toBeCloseTo(95.05);
    expect(s.p99Ms).toBeCloseTo(99.01);
    expect(s.meanMs).toBeCloseTo(50.5);
    expect(s.maxMs).toBe(100);
  });
  it('computes throughput and guarded ratios', () => {
    expect(throughput(500, 2000)).toBe(250);
    expect(throughput(1, 0)).toBeNaN();
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(null, 3)).toBeNull();
    expect(mean([1, 2, 3])).toBe(2);
  });
});

describe('retrieval measures', () => {
  const gold = new Set(['a', 'b', 'c']);
  it('Recall@k counts gold in the top k out of min(|gold|, k)', () => {
    expect(recallAtK(['x', 'a', 'y', 'b'], gold, 10)).toBeCloseTo(2 / 3);
    expect(recallAtK(['x', 'a', 'y', 'b'], gold, 2)).toBeCloseTo(1 / 2);
    expect(recallAtK(['a', 'a'], gold, 10)).toBeCloseTo(1 / 3);
    const big = new Set(Array.from({ length: 50 }, (_, i) => `g${i}`));
    expect(
      recallAtK(
        Array.from({ length: 10 }, (_, i) => `g${i}`),
        big,
        10,
      ),
    ).toBe(1);
    expect(recallAtK(['a'], new Set(), 10)).toBe(0);
  });
  it('MRR uses the first gold rank within k', () => {
    expect(reciprocalRank(['x', 'y', 'b'], gold, 10)).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['a'], gold, 10)).toBe(1);
    expect(reciprocalRank(['x', 'y', 'b'], gold, 2)).toBe(0);
  });
  it('company hit needs every wanted company in the top k', () => {
    expect(allKeysHit(['apple', 'apple', 'nvidia'], new Set(['apple', 'nvidia']), 10)).toBe(true);
    expect(allKeysHit(['apple', 'apple', 'nvidia'], new Set(['apple', 'nvidia']), 2)).toBe(false);
    expect(allKeysHit([], new Set(['apple']), 10)).toBe(false);
    expect(allKeysHit(['apple'], new Set(), 10)).toBe(false);
  });
  it('key precision is the share of top-k results from wanted keys', () => {
    expect(keyPrecision(['apple', 'walmart', 'apple', 'nike'], new Set(['apple']), 10)).toBe(0.5);
    expect(keyPrecision([], new Set(['apple']), 10)).toBe(0);
  });
});
