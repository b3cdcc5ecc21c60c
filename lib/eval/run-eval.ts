import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Answer } from '@/lib/answer/types';
import { type Database, rowsOf } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { ingestPaths, type LineSink } from '@/lib/ingest/ingest-paths';
import { indexChunks } from '@/lib/retrieval/index-chunks';
import { openEvalDatabase } from './eval-database';
import { report, scoreItem, type FactBounds, type GoldenItem, type ItemScore, type Report } from './score';

export interface EvalSet {
  name: string;
  file: string;
  items: GoldenItem[];
}

export function loadGolden(file: string, name: string): EvalSet {
  const items = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      try {
        return JSON.parse(l) as GoldenItem;
      } catch {
        throw new Error(`${file}:${i + 1}: not JSON`);
      }
    });
  return { name, file, items };
}

async function factBounds(database: Database, answers: Answer[]): Promise<FactBounds> {
  const ids = [
    ...new Set(
      answers.flatMap((a) =>
        a.values.flatMap((v) => [
          ...v.factIds,
          ...v.citations.map((c) => c.factId),
          ...v.inputs.flatMap((i) => i.citations.map((c) => c.factId)),
        ]),
      ),
    ),
  ];
  const out: FactBounds = new Map();
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const res = await database.db.execute(
      sql`select id, start_date::text as start, end_date::text as "end" from facts where id in ${sql`(${sql.join(
        slice.map((x) => sql`${x}`),
        sql`, `,
      )})`}`,
    );
    for (const r of rowsOf<{ id: string; start: string | null; end: string }>(res)) out.set(r.id, { start: r.start, end: r.end });
  }
  return out;
}

export interface EvalRun {
  set: string;
  overall: Report;
  byPathway: Record<string, Report>;
  failures: { id: string; question: string; failure: ItemScore['failure'] }[];
  failureCounts: Record<string, number>;
  /** correct and supported per golden category (items without a category: "uncategorised") */
  byCategory: Record<string, { n: number; correct: number }>;
  /** among items marked unambiguous: how many were answered with a clarification request */
  askBack: { n: number; asked: number } | null;
  scores: ItemScore[];
}

export interface PrepareOptions {
  companyfactsDir: string;
  /** inline-XBRL 10-K/10-Q filings to ingest too (the narrative set's corpus) */
  filingsDir?: string;
  dataDir?: string;
  /** reuse an eval database already built in `dataDir` (development loop); default: always build */
  reuse?: boolean;
  log?: (s: string) => void;
}

/**
 * A fresh embedded database with the demo tenant and the seven companyfacts files ingested (in `dataDir`,
 * else in a temporary folder that closing it removes: ./eval-database.ts).
 */
export async function prepareEvalDatabase(o: PrepareOptions): Promise<Database> {
  const marker = o.dataDir ? path.join(o.dataDir, `.eval-ready-${o.filingsDir ? 'filings' : 'facts'}`) : null;
  const database = await openEvalDatabase(o.dataDir, 'ledgerline-eval-');
  try {
    return await fillEvalDatabase(database, o, marker, !!(o.reuse && marker && fs.existsSync(marker)));
  } catch (e) {
    await database.close();
    throw e;
  }
}

async function fillEvalDatabase(database: Database, o: PrepareOptions, marker: string | null, built: boolean): Promise<Database> {
  await migrate(database);
  if (built) return database;
  await seedDemo(database.db);
  const files = fs
    .readdirSync(o.companyfactsDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => path.join(o.companyfactsDir, f));
  if (o.filingsDir) {
    if (!fs.existsSync(o.filingsDir)) throw new Error(`eval: filings folder ${o.filingsDir} is missing`);
    files.push(
      ...fs
        .readdirSync(o.filingsDir)
        .filter((f) => /\.html?$/i.test(f))
        .sort()
        .map((f) => path.join(o.filingsDir!, f)),
    );
  }
  const sink: LineSink = { write: (s: string) => o.log?.(s.trimEnd()) };
  const outcomes = await ingestPaths({ database, tenantId: DEMO_TENANT_ID, files, out: sink, err: sink, showProgress: false });
  await indexChunks(database.db);
  const failed = outcomes.filter((x) => x.status === 'failed');
  if (failed.length) throw new Error(`eval ingestion failed: ${failed.map((f) => `${f.fileName}: ${f.error?.message}`).join('; ')}`);
  if (o.reuse && marker) fs.writeFileSync(marker, new Date().toISOString());
  return database;
}

/**
 * Adds the inline-XBRL filings to an eval database (the narrative set's corpus), after the numeric sets
 * ran: their golden premises (e.g. "Walmart is not in the workspace") hold for the companyfacts corpus.
 * A kept database (--db-dir) then holds more than the companyfacts corpus, so it loses its mark as one: a later
 * run rebuilds it rather than asking the numeric sets over the filings too.
 */
export async function addEvalFilings(database: Database, filingsDir: string, log?: (s: string) => void): Promise<void> {
  if (!fs.existsSync(filingsDir)) throw new Error(`eval: filings folder ${filingsDir} is missing`);
  if (fs.existsSync(database.location)) fs.rmSync(path.join(database.location, '.eval-ready-facts'), { force: true });
  const files = fs
    .readdirSync(filingsDir)
    .filter((f) => /\.html?$/i.test(f))
    .sort()
    .map((f) => path.join(filingsDir, f));
  const sink: LineSink = { write: (s: string) => log?.(s.trimEnd()) };
  const outcomes = await ingestPaths({ database, tenantId: DEMO_TENANT_ID, files, out: sink, err: sink, showProgress: false });
  await indexChunks(database.db);
  const failed = outcomes.filter((x) => x.status === 'failed');
  if (failed.length) throw new Error(`eval ingestion failed: ${failed.map((f) => `${f.fileName}: ${f.error?.message}`).join('; ')}`);
}

/** Ask every question of a set (one connection, in order) and score the answers. */
export async function runEvalSet(database: Database, set: EvalSet): Promise<EvalRun> {
  const answers: Answer[] = [];
  for (const item of set.items) {
    answers.push(
      await answerQuestion({
        db: database.db,
        tenantId: DEMO_TENANT_ID,
        userId: null,
        role: 'analyst',
        question: item.question,
        store: false,
      }),
    );
  }
  const bounds = await factBounds(database, answers);
  const scores = set.items.map((item, i) => scoreItem(item, answers[i]!, bounds));
  const pathways = [...new Set(scores.map((s) => s.pathway))].sort();
  const failures = scores
    .filter((s) => s.failure)
    .map((s) => ({ id: s.id, question: set.items.find((x) => x.id === s.id)!.question, failure: s.failure }));
  const failureCounts: Record<string, number> = {};
  for (const f of failures) {
    for (const key of [`finrate:${f.failure!.finrate}`, `temporal:${f.failure!.temporal ?? 'none'}`])
      failureCounts[key] = (failureCounts[key] ?? 0) + 1;
  }
  const byCategory: EvalRun['byCategory'] = {};
  set.items.forEach((item, i) => {
    const c = (byCategory[item.category ?? 'uncategorised'] ??= { n: 0, correct: 0 });
    c.n++;
    if (scores[i]!.supported) c.correct++;
  });
  const unambiguous = scores.filter((_, i) => set.items[i]!.unambiguous === true);
  return {
    set: set.name,
    overall: report(scores),
    byPathway: Object.fromEntries(pathways.map((p) => [p, report(scores.filter((s) => s.pathway === p))])),
    failures,
    failureCounts,
    byCategory: Object.fromEntries(Object.entries(byCategory).sort((a, b) => a[0].localeCompare(b[0]))),
    askBack: unambiguous.length
      ? { n: unambiguous.length, asked: unambiguous.filter((s) => s.status === 'needs_clarification').length }
      : null,
    scores,
  };
}

function pct(r: { rate: number; low: number; high: number; k: number; n: number }): string {
  return `${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}] (${r.k}/${r.n})`;
}

export function formatRun(run: EvalRun): string {
  const lines = [`== ${run.set}`];
  const row = (name: string, r: Report) =>
    `${name.padEnd(13)} n=${String(r.n).padEnd(4)} answer ${pct(r.answerRate)} | correct+supported ${pct(r.correctSupportedRate)} | escapes ${pct(r.periodMismatchEscapeRate)} | abstention ${pct(r.correctAbstentionRate)} | p50 ${r.latencyP50} ms p95 ${r.latencyP95} ms`;
  lines.push(row('overall', run.overall));
  for (const [p, r] of Object.entries(run.byPathway)) lines.push(row(p, r));
  const cats = Object.entries(run.byCategory ?? {});
  if (cats.length > 1) lines.push(`  by category: ${cats.map(([c, x]) => `${c} ${x.correct}/${x.n}`).join(', ')}`);
  if (run.askBack)
    lines.push(
      `  asked back on unambiguous questions: ${run.askBack.asked}/${run.askBack.n} (${((run.askBack.asked / run.askBack.n) * 100).toFixed(1)}%)`,
    );
  const counts = Object.entries(run.failureCounts).sort((a, b) => b[1] - a[1]);
  if (counts.length) lines.push(`  failure classes: ${counts.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const f of run.failures)
    lines.push(`  FAIL ${f.id} [${f.failure!.finrate} / ${f.failure!.temporal ?? '-'}] ${f.question} — ${f.failure!.detail}`);
  return lines.join('\n');
}
