import { summarizeLatencies, throughput, type LatencySummary } from '@/lib/bench/metrics';
import { seededRandom } from '@/lib/ids';

export interface Timed<T> {
  latencies: number[];
  results: T[];
  elapsedMs: number;
  summary: LatencySummary;
  /** operations per second over the whole measured loop */
  opsPerS: number;
}

/**
 * Run `op` once per item, one after another, after `warmup` unmeasured calls; latency of each call by
 * performance.now().
 */
export async function timeSequential<I, T>(items: readonly I[], op: (item: I, i: number) => Promise<T>, warmup = 5): Promise<Timed<T>> {
  for (let i = 0; i < Math.min(warmup, items.length); i++) await op(items[i]!, i);
  const latencies: number[] = [];
  const results: T[] = [];
  const t0 = performance.now();
  for (const [i, item] of items.entries()) {
    const t = performance.now();
    results.push(await op(item, i));
    latencies.push(performance.now() - t);
  }
  const elapsedMs = performance.now() - t0;
  return { latencies, results, elapsedMs, summary: summarizeLatencies(latencies), opsPerS: throughput(items.length, elapsedMs) };
}

/** Like timeSequential with `concurrency` callers sharing the item list (throughput under concurrency). */
export async function timeConcurrent<I, T>(
  items: readonly I[],
  op: (item: I, i: number) => Promise<T>,
  concurrency: number,
): Promise<Timed<T>> {
  const latencies: number[] = [];
  const results: T[] = new Array(items.length);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        const t = performance.now();
        results[i] = await op(items[i]!, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsedMs = performance.now() - t0;
  return { latencies, results, elapsedMs, summary: summarizeLatencies(latencies), opsPerS: throughput(items.length, elapsedMs) };
}

/** `n` items sampled without replacement, the same ones on every run for a seed. */
export function sample<T>(items: readonly T[], n: number, seed = 42): T[] {
  const r = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Repeat a list cyclically to length n. */
export function cycle<T>(items: readonly T[], n: number): T[] {
  return items.length ? Array.from({ length: n }, (_, i) => items[i % items.length]!) : [];
}

export const round = (x: number | null | undefined, digits = 1): number | null =>
  x == null || !Number.isFinite(x) ? null : Math.round(x * 10 ** digits) / 10 ** digits;
