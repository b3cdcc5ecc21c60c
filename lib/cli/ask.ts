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

function printText(a: Answer): void {
  process.stdout.write(`${a.status}: ${a.text}\n`);
  for (const v of a.values) {
    const cites = v.citations.map(
      (c) =>
        `${c.form ?? 'source'} ${c.accession ?? c.sourceId.slice(0, 10)} filed ${c.filedAt}${c.row ? ` · ${c.row}` : ''}${c.column ? ` · ${c.column}` : ''}`,
    );
    process.stdout.write(
      `  [${v.id}] ${v.display} · ${v.period.label} ${v.period.dateRange} · facts ${v.factIds.map((f) => f.slice(0, 10)).join(', ')}\n      ${cites.join('\n      ')}\n`,
    );
  }
  for (const e of a.errors) process.stdout.write(`  ${e.code}: ${e.message}\n`);
  process.stdout.write(`  manifest ${a.manifestId} · ${a.timingMs} ms\n`);
}

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
          const a = await ask(q);
          if (args.json) process.stdout.write(`${JSON.stringify(a)}\n`);
          else printText(a);
        } catch (e) {
          const err = e instanceof AppError ? e.toResponseBody() : { code: 'internal:error', message: (e as Error).message };
          process.stdout.write(`${JSON.stringify({ status: 'error', question: q, error: err })}\n`);
        }
      }
      return 0;
    }
    const a = await ask(args.question!);
    if (args.json) process.stdout.write(`${JSON.stringify(a)}\n`);
    else printText(a);
    return 0;
  } finally {
    await database.close();
  }
}
