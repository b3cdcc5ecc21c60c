/**
 * `ledgerline bulk ingest <companyfacts.zip> [--tenant id] [--jobs n] [--limit n] [--reset]`: EDGAR's
 * companyfacts bulk archive, streamed entry by entry (lib/ingest/bulk), resumable per CIK, with a
 * progress line and a summary. `ledgerline bulk synth <out.zip> --companies N [--years 10] [--seed 1]`
 * writes a synthetic archive in the same format (benches, rehearsals).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openFromEnv } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { ingestArchive, progressLine, resetProgress, type BulkSummary } from '@/lib/ingest/bulk/ingest-archive';
import { writeSyntheticArchive } from '@/lib/ingest/bulk/synthetic-archive';
import { createSideFiles } from '@/lib/ingest/side-files';
import { parseArgs } from './ingest';

const INGEST_USAGE =
  'usage: npm run cli -- bulk ingest <companyfacts.zip> [--tenant <id>] [--jobs <n> (PostgreSQL, default 2)] [--limit <n>] [--reset] [--submissions <dir>] [--defer-indexes (PostgreSQL initial load: secondary indexes built once at the end)] [--plan-threads <n> (PostgreSQL: threads that parse and plan new companies, default 1; 0 plans on the main thread)]\n';
const SYNTH_USAGE = 'usage: npm run cli -- bulk synth <out.zip> --companies <n> [--years <n> (default 10)] [--seed <n> (default 1)]\n';

function intFlag(flags: Map<string, string | true>, name: string, min: number): number | undefined | null {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  const n = typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`ledgerline: bad_request:args: --${name} must be an integer ≥ ${min}\n`);
    return null;
  }
  return n;
}

export function summaryText(s: BulkSummary): string {
  const lines = [
    `bulk ingest of ${path.basename(s.archive)} on ${s.driver} (${s.transport === 'copy' ? 'COPY' : 'batched insert'}, ${s.jobs} job(s)):`,
    `  ${s.entries.toLocaleString('en-US')} entries: ${s.ingested.toLocaleString('en-US')} ingested, ${s.unchanged} unchanged, ${s.skipped.toLocaleString('en-US')} skipped (done before), ${s.failed} failed`,
    `  ${s.factsSeen.toLocaleString('en-US')} facts read, ${s.factsAdded.toLocaleString('en-US')} new, in ${s.seconds.toFixed(1)} s = ${s.factsPerSecond.toLocaleString('en-US')} facts/s (deferred index builds ${s.indexSeconds.toFixed(1)} s, statistics ${s.analyzeSeconds.toFixed(1)} s, included); peak RSS ${s.peakRssMb} MB`,
    `  ${s.batchedCompanies.toLocaleString('en-US')} new companies written in ${s.batches} batch transaction(s) (${s.plannedOnThreads.toLocaleString('en-US')} planned on worker threads)${s.batchFallbacks ? ` (${s.batchFallbacks} rolled back and redone company by company)` : ''}; CPU per fact entry: process ${s.factsSeen ? ((s.processCpuSeconds * 1e6) / s.factsSeen).toFixed(1) : '–'} µs, database backends ${s.factsSeen && s.backendCpuSeconds !== null ? ((s.backendCpuSeconds * 1e6) / s.factsSeen).toFixed(1) : '–'} µs`,
  ];
  for (const f of s.failures.slice(0, 20)) lines.push(`  failed ${f.entry} (CIK ${f.cik}): ${f.code}: ${f.message.slice(0, 300)}`);
  if (s.failures.length > 20) lines.push(`  … and ${s.failures.length - 20} more (bulk_ingest_progress has them all)`);
  return lines.join('\n');
}

export async function runBulkIngest(args: string[]): Promise<number> {
  const { positional, flags } = parseArgs(args, ['tenant', 'jobs', 'limit', 'submissions', 'plan-threads']);
  if (positional.length !== 1 || flags.has('help')) {
    process.stderr.write(INGEST_USAGE);
    return 2;
  }
  const archive = path.resolve(positional[0]!);
  if (!fs.existsSync(archive)) {
    process.stderr.write(`ledgerline: not_found:file: ${positional[0]}: no such file\n`);
    return 1;
  }
  const jobs = intFlag(flags, 'jobs', 1);
  const limit = intFlag(flags, 'limit', 1);
  const planThreads = intFlag(flags, 'plan-threads', 0);
  if (jobs === null || limit === null || planThreads === null) return 2;
  const tenantId = typeof flags.get('tenant') === 'string' ? (flags.get('tenant') as string) : DEMO_TENANT_ID;
  const subs = flags.get('submissions');
  const sideFiles = createSideFiles({
    dirs: typeof subs === 'string' ? [path.resolve(subs)] : [path.dirname(archive), path.join(path.dirname(archive), 'sec-submissions')],
  });
  const tty = process.stderr.isTTY;
  let lastLine = 0;
  const database = await openFromEnv();
  let summary: BulkSummary;
  try {
    await migrate(database);
    if (flags.has('reset')) await resetProgress(database.db, tenantId);
    summary = await ingestArchive({
      database,
      archive,
      tenantId,
      jobs,
      limit,
      deferIndexes: flags.has('defer-indexes'),
      planThreads,
      log: (l) => process.stderr.write(`${l}\n`),
      actor: 'cli',
      sideFiles,
      onProgress: (p) => {
        const now = performance.now();
        const last = p.done === p.entries;
        if (tty) {
          if (now - lastLine > 200 || last) process.stderr.write(`\r${progressLine(p)}\x1b[K${last ? '\n' : ''}`);
        } else if (now - lastLine > 10_000 || last) process.stderr.write(`${progressLine(p)}\n`);
        else return;
        lastLine = now;
      },
    });
  } finally {
    await database.close();
  }
  process.stdout.write(`${summaryText(summary)}\n`);
  return summary.failed ? 1 : 0;
}

export async function runBulkSynth(args: string[]): Promise<number> {
  const { positional, flags } = parseArgs(args, ['companies', 'years', 'seed']);
  const companies = intFlag(flags, 'companies', 1);
  const years = intFlag(flags, 'years', 1);
  const seed = intFlag(flags, 'seed', 0);
  if (positional.length !== 1 || !companies || years === null || seed === null || flags.has('help')) {
    process.stderr.write(SYNTH_USAGE);
    return 2;
  }
  const t0 = performance.now();
  const r = writeSyntheticArchive(path.resolve(positional[0]!), { companies, years, seed });
  process.stdout.write(
    `wrote ${positional[0]}: ${r.companies.toLocaleString('en-US')} companies, ${r.entries.toLocaleString('en-US')} fact entries (${(r.bytes / 2 ** 20).toFixed(0)} MB of JSON) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  return 0;
}
