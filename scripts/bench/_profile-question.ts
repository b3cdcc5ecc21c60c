/**
 * Developer tool (not a bench section): where a numeric question's time goes on a database kept by the universe
 * bench (PostgreSQL or Citus). Asks `--n` synthetic-company questions (the bench's own, support of universe.ts)
 * and times every statement the question sends (wall time in this process, round trip included), then prints per
 * statement shape: calls per question, mean and total ms, and the question's p50/p95 with and without them.
 *   npx tsx scripts/bench/_profile-question.ts [--tenant T] [--real] [--n 100] [--store] [--explain] <url>
 * `--real`: the real companies' questions (of a tenant without synthetic ones, e.g. the real-data template's).
 * `--explain` prints EXPLAIN (ANALYZE) of the slowest shapes' last call (with Citus's task count).
 */
import pg from 'pg';
import { answerQuestion } from '@/lib/answer/answer-question';
import { openDatabase } from '@/lib/db/client';
import { timeSequential } from './support/timing';
import { UNIVERSE_TENANT, universeQuestions } from './universe';

interface Call {
  text: string;
  values: unknown[];
  ms: number;
}

const calls: Call[] = [];
let recording = false;
// every statement of the pool's clients, timed from send to result
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  // drizzle passes its values beside the query config, the pool inside it or beside the text
  const beside = Array.isArray(args[1]) ? (args[1] as unknown[]) : [];
  const values = typeof first === 'string' ? beside : (first?.values ?? beside);
  const t0 = performance.now();
  // the pool's own query passes a callback (no promise returned): time it there
  const cb = args.at(-1);
  if (recording && typeof cb === 'function') {
    args[args.length - 1] = (err: unknown, res: unknown) => {
      calls.push({ text: err ? `FAILED ${text}` : text, values, ms: performance.now() - t0 });
      (cb as (e: unknown, r: unknown) => void)(err, res);
    };
    return query.apply(this, args);
  }
  const out = query.apply(this, args);
  if (recording && out && typeof (out as Promise<unknown>).then === 'function')
    (out as Promise<unknown>).then(
      () => calls.push({ text, values, ms: performance.now() - t0 }),
      () => calls.push({ text: `FAILED ${text}`, values, ms: performance.now() - t0 }),
    );
  return out;
} as typeof pg.Client.prototype.query;

function shape(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 150);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const tenantId = opt('--tenant') ?? UNIVERSE_TENANT;
  const n = Number(opt('--n') ?? 100);
  const store = args.includes('--store');
  const explain = args.includes('--explain');
  const url = args.find((a) => !a.startsWith('--'));
  if (!url) throw new Error('usage: _profile-question.ts [--tenant T] [--n 100] [--store] [--explain] <url>');
  const d = await openDatabase({ url });
  try {
    const qs = await universeQuestions(d, !args.includes('--real'), n, tenantId);
    // warm: catalogs and caches built once per process and data version
    await timeSequential(
      qs.slice(0, 10),
      (question) => answerQuestion({ db: d.db, tenantId, userId: null, question, store, cache: false }),
      0,
    );
    recording = true;
    const perQuestion: number[] = [];
    const t = await timeSequential(qs, async (question) => {
      const before = calls.length;
      const r = await answerQuestion({ db: d.db, tenantId, userId: null, question, store, cache: false });
      await new Promise((res) => setImmediate(res));
      perQuestion.push(calls.length - before);
      return r;
    });
    recording = false;
    console.log(
      `${qs.length} questions: p50 ${t.summary.p50Ms.toFixed(1)} p95 ${t.summary.p95Ms.toFixed(1)} ms; statements per question ${(
        perQuestion.reduce((a, b) => a + b, 0) / perQuestion.length
      ).toFixed(2)}; statement time per question ${(calls.reduce((a, c) => a + c.ms, 0) / qs.length).toFixed(1)} ms`,
    );
    const byShape = new Map<string, { n: number; ms: number; max: number; last: Call }>();
    for (const c of calls) {
      const k = shape(c.text);
      const s = byShape.get(k) ?? { n: 0, ms: 0, max: 0, last: c };
      s.n++;
      s.ms += c.ms;
      s.max = Math.max(s.max, c.ms);
      s.last = c;
      byShape.set(k, s);
    }
    const sorted = [...byShape].sort((a, b) => b[1].ms - a[1].ms);
    for (const [k, s] of sorted.slice(0, 25))
      console.log(
        `${(s.n / qs.length).toFixed(2)}/q\tmean ${(s.ms / s.n).toFixed(2)} ms\tmax ${s.max.toFixed(1)}\tper q ${(s.ms / qs.length).toFixed(2)} ms\t${k}`,
      );
    if (explain)
      for (const [k, s] of sorted.slice(0, 6)) {
        if (!/^\s*(select|with)/i.test(s.last.text)) continue;
        const plan = await d.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.last.text}`, s.last.values);
        console.log(`\n== ${k}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
  } finally {
    await d.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
