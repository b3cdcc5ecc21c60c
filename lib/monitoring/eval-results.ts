/**
 * The latest eval results (`npm run eval` writes .eval/latest.json) and the run history
 * (.eval/history.jsonl, one summary line per set per run), read defensively: a missing or
 * malformed file means "no results yet", never an error page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const interval = z.object({ rate: z.number(), low: z.number(), high: z.number(), k: z.number(), n: z.number() });
const report = z.object({
  n: z.number(),
  answerRate: interval,
  correctSupportedRate: interval,
  periodMismatchEscapeRate: interval,
  correctAbstentionRate: interval,
  latencyP50: z.number(),
  latencyP95: z.number(),
});
const run = z.object({
  set: z.string(),
  overall: report,
  byPathway: z.record(z.string(), report),
  failureCounts: z.record(z.string(), z.number()).default({}),
  failures: z
    .array(
      z.object({
        id: z.string(),
        question: z.string(),
        failure: z.object({ finrate: z.string(), temporal: z.string().nullable(), detail: z.string() }).nullable(),
      }),
    )
    .default([]),
  byCategory: z.record(z.string(), z.object({ n: z.number(), correct: z.number() })).optional(),
});
const latestSchema = z.object({ at: z.string(), runs: z.array(run) });
export type EvalReport = z.infer<typeof report>;
export type LatestEval = z.infer<typeof latestSchema>;

const historySchema = z.object({
  at: z.string(),
  set: z.string(),
  n: z.number(),
  correctSupported: z.number(),
  answerRate: z.number(),
  escapes: z.number(),
  abstention: z.number(),
  p95: z.number(),
});
export type EvalHistoryEntry = z.infer<typeof historySchema>;

export function evalDir(cwd = process.cwd()): string {
  return path.resolve(cwd, '.eval');
}

/** .eval/latest.json, or null when absent or unreadable. */
export function readLatestEval(file = path.join(evalDir(), 'latest.json')): LatestEval | null {
  try {
    const parsed = latestSchema.safeParse(JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** .eval/history.jsonl, oldest first; malformed lines are skipped. */
export function readEvalHistory(file = path.join(evalDir(), 'history.jsonl')): EvalHistoryEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(/*turbopackIgnore: true*/ file, 'utf8');
  } catch {
    return [];
  }
  const out: EvalHistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const p = historySchema.safeParse(JSON.parse(line));
      if (p.success) out.push(p.data);
    } catch {
      // skip
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

/** One history line per set of a run (what scripts/eval.ts appends). */
export function historyEntries(at: string, runs: { set: string; overall: EvalReport }[]): EvalHistoryEntry[] {
  return runs.map((r) => ({
    at,
    set: r.set,
    n: r.overall.n,
    correctSupported: r.overall.correctSupportedRate.rate,
    answerRate: r.overall.answerRate.rate,
    escapes: r.overall.periodMismatchEscapeRate.k,
    abstention: r.overall.correctAbstentionRate.rate,
    p95: r.overall.latencyP95,
  }));
}
