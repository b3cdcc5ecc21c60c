/** One benchmark section of `npm run bench`. */
export interface BenchSection {
  description: string;
  run(ctx: { args: string[]; log: (line: string) => void }): Promise<BenchResult>;
}

export interface BenchResult {
  /** lines printed after the run */
  summary: string[];
  /** false when a target was missed */
  ok?: boolean;
  [key: string]: unknown;
}

/** p-th percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
