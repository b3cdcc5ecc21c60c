/**
 * `ledgerline ingest <file|dir>... [--tenant id] [--format f] [--max-bytes n]` and
 * `ledgerline sec sync (--ticker T | --cik N) ...`. Each file is its own transaction; a failed file
 * is reported (`ledgerline: <code>: <message>`) and the others are still ingested.
 */
import path from 'node:path';
import { openFromEnv } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import type { IngestOutcome } from '@/lib/ingest/ingest-file';
import { expandInputs, ingestPaths, summarize } from '@/lib/ingest/ingest-paths';
import { createSideFiles } from '@/lib/ingest/side-files';

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/** `--name value`, `--name=value`, `--flag`; everything else is positional. */
export function parseArgs(args: string[], valueFlags: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (eq > 0) flags.set(name, a.slice(eq + 1));
      else if (valueFlags.includes(name) && i + 1 < args.length) flags.set(name, args[++i]!);
      else flags.set(name, true);
    } else positional.push(a);
  }
  return { positional, flags };
}

export async function runIngestCommand(args: string[]): Promise<number> {
  const { positional, flags } = parseArgs(args, ['tenant', 'format', 'max-bytes', 'jobs']);
  if (positional.length === 0 || flags.has('help')) {
    process.stderr.write(
      'usage: npm run cli -- ingest <file|dir>... [--tenant <id>] [--format companyfacts|sec-submissions|xbrl-instance|ixbrl] [--max-bytes <n>] [--jobs <n> (PostgreSQL, default 2)]\n',
    );
    return 2;
  }
  const tenantId = typeof flags.get('tenant') === 'string' ? (flags.get('tenant') as string) : DEMO_TENANT_ID;
  const format = typeof flags.get('format') === 'string' ? (flags.get('format') as string) : undefined;
  const maxBytesFlag = flags.get('max-bytes');
  const maxBytes = typeof maxBytesFlag === 'string' ? Number(maxBytesFlag) : undefined;
  if (maxBytes !== undefined && (!Number.isFinite(maxBytes) || maxBytes <= 0)) {
    process.stderr.write(`ledgerline: bad_request:args: --max-bytes must be a positive number\n`);
    return 2;
  }
  const jobsFlag = flags.get('jobs');
  const jobs = typeof jobsFlag === 'string' ? Number(jobsFlag) : undefined;
  if (jobs !== undefined && (!Number.isInteger(jobs) || jobs < 1)) {
    process.stderr.write(`ledgerline: bad_request:args: --jobs must be a positive integer\n`);
    return 2;
  }
  const { files, missing } = expandInputs(positional);
  for (const m of missing) process.stderr.write(`ledgerline: not_found:file: ${m}: no such file or folder\n`);
  const started = performance.now();
  const database = await openFromEnv();
  let outcomes: IngestOutcome[] = [];
  try {
    await migrate(database);
    outcomes = await ingestPaths({ database, tenantId, files, format, maxBytes, jobs });
  } finally {
    await database.close();
  }
  process.stdout.write(`${summarize(outcomes, performance.now() - started)}\n`);
  return missing.length > 0 || outcomes.some((o) => o.status === 'failed') ? 1 : 0;
}

const SYNC_USAGE =
  'usage: npm run cli -- sec sync (--ticker <T> | --cik <N>) [--forms 10-K,10-Q] [--limit <n>] [--accession <a,b>]\n' +
  '       [--documents primary|instance] [--out <dir> (default .data-sec)] [--refresh] [--no-ingest] [--tenant <id>]\n' +
  '       [--user-agent "<name> <email>" (default $SEC_USER_AGENT)] [--base-url <url> (a mirror of data.sec.gov and www.sec.gov)]\n';

export async function runSecSyncCommand(args: string[]): Promise<number> {
  const valueFlags = ['ticker', 'cik', 'forms', 'limit', 'accession', 'documents', 'out', 'tenant', 'user-agent', 'base-url'] as const;
  const { flags } = parseArgs(args, valueFlags);
  const str = (name: (typeof valueFlags)[number]) => {
    const v = flags.get(name);
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  if (flags.has('help') || (!str('ticker') && !str('cik'))) {
    process.stderr.write(SYNC_USAGE);
    return 2;
  }
  const { readEnv } = await import('@/lib/env');
  const { EdgarClient } = await import('@/lib/ingest/sec/client');
  const { syncCompany } = await import('@/lib/ingest/sec/sync');
  const limit = str('limit') ? Number(str('limit')) : 1;
  const documents = str('documents') ?? 'primary';
  if (!Number.isInteger(limit) || limit < 0 || (documents !== 'primary' && documents !== 'instance')) {
    process.stderr.write(`ledgerline: bad_request:args: --limit must be a whole number and --documents primary or instance\n${SYNC_USAGE}`);
    return 2;
  }
  const baseUrl = str('base-url');
  const client = new EdgarClient({
    userAgent: str('user-agent') ?? readEnv().SEC_USER_AGENT,
    dataBaseUrl: baseUrl,
    wwwBaseUrl: baseUrl,
  });
  const outDir = path.resolve(str('out') ?? '.data-sec');
  const started = performance.now();
  const result = await syncCompany({
    client,
    outDir,
    ticker: str('ticker'),
    cik: str('cik'),
    forms: str('forms')
      ?.split(',')
      .map((f) => f.trim())
      .filter(Boolean),
    limit,
    accessions: str('accession')
      ?.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    documents,
    refresh: flags.has('refresh'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  for (const f of result.failures) process.stderr.write(`ledgerline: ${f.code}: ${f.message}\n`);
  process.stdout.write(
    `synced ${result.name} (CIK ${result.cik}${result.ticker ? `, ${result.ticker}` : ''}): ${result.files.filter((f) => f.downloaded).length} downloaded, ` +
      `${result.files.filter((f) => !f.downloaded).length} kept, ${result.failures.length} failed, ${result.requests} request(s) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (flags.has('no-ingest')) return result.failures.length ? 1 : 0;

  const files = [...result.files.filter((f) => f.kind === 'companyfacts'), ...result.files.filter((f) => f.kind === 'filing')].map(
    (f) => f.path,
  );
  const database = await openFromEnv();
  let outcomes: IngestOutcome[] = [];
  const ingestStarted = performance.now();
  try {
    await migrate(database);
    outcomes = await ingestPaths({
      database,
      tenantId: str('tenant') ?? DEMO_TENANT_ID,
      files,
      actor: 'cli',
      sideFiles: createSideFiles({ dirs: [outDir], submissions: [result.submissions] }),
    });
  } finally {
    await database.close();
  }
  process.stdout.write(`${summarize(outcomes, performance.now() - ingestStarted)}\n`);
  return result.failures.length || outcomes.some((o) => o.status === 'failed') ? 1 : 0;
}
