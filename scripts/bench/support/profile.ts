/**
 * Where a numeric question's time goes (PostgreSQL): the questions are answered again on a handle
 * whose connections time every statement they run, with the answer path's own stage callbacks
 * (planning → looking_up → computing → composing) timestamped. Per question: wall time, each stage's
 * time, the statements (count, time in the database round trip) and the time outside any statement
 * (JavaScript on the event loop, and waits on the pool). Statements are grouped by shape (the SQL
 * text with parameters, whitespace folded, first 70 characters) and ranked by their total time.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { summarizeLatencies } from '@/lib/bench/metrics';
import type { Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { ANSWER_STAGES, type AnswerStage } from '@/lib/answer/messages';
import { deadlineLogger } from '@/lib/db/deadline';

export interface TimedStatement {
  shape: string;
  ms: number;
  startMs: number;
}

/** A pg.Client that records the round-trip time of each promise-returning query in `sink` (when set). */
function timedClientClass(sink: { current: TimedStatement[] | null }) {
  return class TimedClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query has a dozen overloads; this override forwards them all
    override query(...args: any[]): any {
      const list = sink.current;
      if (!list) return (super.query as (...a: unknown[]) => unknown)(...args);
      const cfg = args[0] as string | { text?: string };
      const text = typeof cfg === 'string' ? cfg : (cfg?.text ?? '');
      const t = performance.now();
      const rec: TimedStatement = { shape: text.replace(/\s+/g, ' ').trim().slice(0, 70), ms: 0, startMs: t };
      list.push(rec);
      const done = () => {
        rec.ms = performance.now() - t;
      };
      // pg.Pool#query passes a callback; drizzle on a checked-out client awaits the promise
      const cb = args.at(-1);
      if (typeof cb === 'function') {
        args[args.length - 1] = (...r: unknown[]) => (done(), cb(...r));
        return (super.query as (...a: unknown[]) => unknown)(...args);
      }
      const out = (super.query as (...a: unknown[]) => unknown)(...args);
      if (out && typeof (out as Promise<unknown>).then === 'function') return (out as Promise<unknown>).finally(done);
      done();
      return out;
    }
  };
}

export interface QuestionProfile {
  wallMs: number;
  stages: Partial<Record<AnswerStage, number>>;
  statements: TimedStatement[];
  /** wall time minus the union of the statements' round trips */
  outsideDbMs: number;
}

/** The union length of [start, start + ms) intervals (parallel statements counted once). */
function unionMs(st: TimedStatement[], t0: number, t1: number): number {
  const iv = st
    .map((s) => [Math.max(s.startMs, t0), Math.min(s.startMs + s.ms, t1)] as const)
    .filter(([a, b]) => b > a)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of iv) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

export interface ProfileReport {
  n: number;
  wall: ReturnType<typeof summarizeLatencies>;
  stages: { stage: AnswerStage; p50Ms: number; p95Ms: number; meanMs: number }[];
  statementsPerQuestion: number;
  dbMsMean: number;
  outsideDbMsMean: number;
  outsideDbP95Ms: number;
  shapes: { shape: string; perQuestion: number; meanMs: number; p95Ms: number; totalShare: number }[];
}

/**
 * Answer `questions` once each (after `warmup` unmeasured ones) on a fresh pool over `url` and
 * report the breakdown. `answer(db, question, onStage)` runs one question.
 */
export async function profileQuestions(
  url: string,
  questions: string[],
  answer: (db: Db, question: string, onStage: (s: AnswerStage) => void) => Promise<unknown>,
  warmup = 5,
): Promise<ProfileReport> {
  const sink: { current: TimedStatement[] | null } = { current: null };
  const pool = new pg.Pool({ connectionString: url, max: 10, Client: timedClientClass(sink) });
  try {
    const db = drizzle(pool, { schema, logger: deadlineLogger }) as unknown as Db;
    for (const q of questions.slice(0, warmup)) await answer(db, q, () => undefined);
    const profiles: QuestionProfile[] = [];
    for (const q of questions) {
      const statements: TimedStatement[] = [];
      sink.current = statements;
      const marks: [AnswerStage | 'end', number][] = [];
      const t0 = performance.now();
      await answer(db, q, (s) => marks.push([s, performance.now()]));
      const t1 = performance.now();
      sink.current = null;
      marks.push(['end', t1]);
      const stages: QuestionProfile['stages'] = {};
      // time before the first stage is told (cache key, argument checks) counts as the first stage
      for (let i = 0; i < marks.length - 1; i++) {
        const s = marks[i]![0] as AnswerStage;
        stages[s] = (stages[s] ?? 0) + (marks[i + 1]![1] - (i === 0 ? t0 : marks[i]![1]));
      }
      profiles.push({ wallMs: t1 - t0, stages, statements, outsideDbMs: t1 - t0 - unionMs(statements, t0, t1) });
    }
    const n = profiles.length;
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const sum = (x: ReturnType<typeof summarizeLatencies>) => ({ ...x, p50Ms: r2(x.p50Ms), p95Ms: r2(x.p95Ms), p99Ms: r2(x.p99Ms) });
    const stages = ANSWER_STAGES.map((stage) => {
      const xs = profiles.map((p) => p.stages[stage] ?? 0);
      const s = sum(summarizeLatencies(xs));
      return { stage, p50Ms: s.p50Ms, p95Ms: s.p95Ms, meanMs: r2(mean(xs)) };
    });
    const byShape = new Map<string, number[]>();
    for (const p of profiles) for (const s of p.statements) (byShape.get(s.shape) ?? byShape.set(s.shape, []).get(s.shape)!).push(s.ms);
    const allDb = profiles.flatMap((p) => p.statements.map((s) => s.ms)).reduce((a, b) => a + b, 0);
    const shapes = [...byShape.entries()]
      .map(([shape, xs]) => ({
        shape,
        perQuestion: r2(xs.length / n),
        meanMs: r2(mean(xs)),
        p95Ms: r2(summarizeLatencies(xs).p95Ms),
        totalShare: r2(xs.reduce((a, b) => a + b, 0) / (allDb || 1)),
      }))
      .sort((a, b) => b.perQuestion * b.meanMs - a.perQuestion * a.meanMs);
    const outside = profiles.map((p) => p.outsideDbMs);
    return {
      n,
      wall: sum(summarizeLatencies(profiles.map((p) => p.wallMs))),
      stages,
      statementsPerQuestion: r2(mean(profiles.map((p) => p.statements.length))),
      dbMsMean: r2(allDb / (n || 1)),
      outsideDbMsMean: r2(mean(outside)),
      outsideDbP95Ms: r2(summarizeLatencies(outside).p95Ms),
      shapes,
    };
  } finally {
    sink.current = null;
    await pool.end();
  }
}

/** One line: stages and where the statements' time goes. */
export function profileLine(r: ProfileReport): string {
  const st = r.stages.map((s) => `${s.stage} p50 ${s.p50Ms} / p95 ${s.p95Ms}`).join(', ');
  const top = r.shapes
    .slice(0, 3)
    .map((s) => `${s.perQuestion}× ${s.meanMs} ms "${s.shape}"`)
    .join('; ');
  return `${st} ms; ${r.statementsPerQuestion} statements per question, ${r.dbMsMean} ms in the database (mean), ${r.outsideDbMsMean} ms outside (mean, p95 ${r.outsideDbP95Ms}); costliest: ${top}`;
}
