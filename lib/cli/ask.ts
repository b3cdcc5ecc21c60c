import fs from 'node:fs';
import readline from 'node:readline';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Answer } from '@/lib/answer/types';
import { openFromEnv } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { seedMetrics } from '@/lib/db/seed-metrics';
import { AppError } from '@/lib/errors';
import { indexChunks } from '@/lib/retrieval/index-chunks';
import { writeOut } from './output';

interface AskArgs {
  question: string | null;
  json: boolean;
  batch: string | null;
  tenant: string;
}

function parseArgs(args: string[]): AskArgs {
  const out: AskArgs = { question: null, json: false, batch: null, tenant: DEMO_TENANT_ID };
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--json') out.json = true;
    else if (a === '--batch') out.batch = args[++i] ?? null;
    else if (a === '--tenant') out.tenant = args[++i] ?? DEMO_TENANT_ID;
    else if (a.startsWith('--')) throw new AppError('bad_request:option', `unknown option ${a}`);
    else words.push(a);
  }
  out.question = words.length ? words.join(' ') : null;
  if (!out.question && !out.batch)
    throw new AppError('bad_request:question', 'usage: ask "<question>" [--json] | ask --batch FILE [--json]');
  return out;
}

/** An answer as read in a terminal: its text, each value with its sources, each quoted passage's source. */
function textOf(a: Answer): string {
  const lines = [`${a.status}: ${a.text}`];
  for (const v of a.values) {
    const cites = v.citations.map(
      (c) =>
        `${c.form ?? 'source'} ${c.accession ?? c.sourceId.slice(0, 10)} filed ${c.filedAt}${c.row ? ` · ${c.row}` : ''}${c.column ? ` · ${c.column}` : ''}`,
    );
    lines.push(
      `  [${v.id}] ${v.display} · ${v.period.label} ${v.period.dateRange} · facts ${v.factIds.map((f) => f.slice(0, 10)).join(', ')}\n      ${cites.join('\n      ')}`,
    );
  }
  if (a.passages.length) lines.push('  sources:');
  for (const p of a.passages)
    lines.push(
      `  [${p.id.replace(/^p/, '')}] ${p.entity.name} · ${p.form ?? 'filing'}${p.fiscalYear !== null ? ` FY${p.fiscalYear}` : ''}${p.filedAt ? ` filed ${p.filedAt}` : ''} · ${p.section ?? ''}${p.heading ? ` — ${p.heading}` : ''}`,
    );
  for (const e of a.errors) lines.push(`  ${e.code}: ${e.message}`);
  lines.push(`  manifest ${a.manifestId} · ${a.timingMs} ms`);
  return `${lines.join('\n')}\n`;
}

const render = (a: Answer, json: boolean) => (json ? `${JSON.stringify(a)}\n` : textOf(a));

/** `ask "<question>" [--json]` and `ask --batch FILE` (one question a line → one Answer JSON a line, in order). */
export async function runAsk(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const database = await openFromEnv();
  try {
    await migrate(database);
    await seedMetrics(database.db);
    await indexChunks(database.db);
    const ask = (question: string) => answerQuestion({ db: database.db, tenantId: args.tenant, userId: null, role: 'admin', question });
    if (args.batch) {
      const input = args.batch === '-' ? process.stdin : fs.createReadStream(args.batch, 'utf8');
      const lines = readline.createInterface({ input, crlfDelay: Infinity });
      for await (const line of lines) {
        const q = line.trim();
        if (!q) continue;
        try {
          // each answer is written before the next is asked: a slow reader slows the batch
          await writeOut(render(await ask(q), args.json));
        } catch (e) {
          const err = e instanceof AppError ? e.toResponseBody() : { code: 'internal:error', message: (e as Error).message };
          await writeOut(`${JSON.stringify({ status: 'error', question: q, error: err })}\n`);
        }
      }
      return 0;
    }
    await writeOut(render(await ask(args.question ?? ''), args.json));
    return 0;
  } finally {
    await database.close();
  }
}
