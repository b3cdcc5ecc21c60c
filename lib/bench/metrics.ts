/**
 * Pure helpers of the benchmark suite (`npm run bench`): latency percentiles and summaries, and the
 * retrieval-quality measures (Recall@k, reciprocal rank, company and bucket hit).
 */

/**
 * The p-th percentile (0–100) of `values` by linear interpolation between closest ranks (the
 * "type 7" estimator of R and NumPy's default). NaN for an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100 || Number.isNaN(p)) throw new RangeError(`percentile ${p} is outside 0–100`);
  const sorted = [...values].sort((a, b) => a - b);
  const pos = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export interface LatencySummary {
  n: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
}

/** Percentiles of a list of latencies in milliseconds. */
export function summarizeLatencies(ms: readonly number[]): LatencySummary {
  const n = ms.length;
  return {
    n,
    p50Ms: percentile(ms, 50),
    p95Ms: percentile(ms, 95),
    p99Ms: percentile(ms, 99),
    meanMs: n ? ms.reduce((a, b) => a + b, 0) / n : Number.NaN,
    maxMs: n ? Math.max(...ms) : Number.NaN,
  };
}

/** Operations per second for `count` operations in `elapsedMs`. */
export function throughput(count: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (count * 1000) / elapsedMs : Number.NaN;
}

/** a / b, or null when either side is missing or b is 0 (for "bucketed vs flat", "pg vs pglite"). */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return a / b;
}

/**
 * Recall@k with a reachable maximum: the share of the gold chunks found in the top k, out of
 * min(|gold|, k) — a gold set larger than k (a whole risk-factor section) can still score 1.
 * 0 for an empty gold set.
 */
export function recallAtK(retrieved: readonly string[], gold: ReadonlySet<string>, k: number): number {
  if (gold.size === 0) return 0;
  const top = new Set(retrieved.slice(0, k));
  let hits = 0;
  for (const id of top) if (gold.has(id)) hits++;
  return hits / Math.min(gold.size, k);
}

/** 1 / rank of the first gold chunk within the top k (ranks from 1); 0 when none is there. */
export function reciprocalRank(retrieved: readonly string[], gold: ReadonlySet<string>, k: number): number {
  const i = retrieved.slice(0, k).findIndex((id) => gold.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

/**
 * Whether every wanted key (an entity, or an entity-year bucket) is represented among the top k
 * results' keys — Fin-RATE's "found the right company" for a cross-entity question.
 */
export function allKeysHit(retrievedKeys: readonly string[], wanted: ReadonlySet<string>, k: number): boolean {
  if (wanted.size === 0) return false;
  const seen = new Set(retrievedKeys.slice(0, k));
  for (const w of wanted) if (!seen.has(w)) return false;
  return true;
}

/** Share of the top k results whose key is wanted (1 − wrong-company contamination); 0 when nothing came back. */
export function keyPrecision(retrievedKeys: readonly string[], wanted: ReadonlySet<string>, k: number): number {
  const top = retrievedKeys.slice(0, k);
  if (top.length === 0) return 0;
  return top.filter((key) => wanted.has(key)).length / top.length;
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
}
