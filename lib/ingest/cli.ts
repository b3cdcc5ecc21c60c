/**
 * `ledgerline ingest <file|dir>... [--tenant id] [--format f] [--max-bytes n]` and
 * `ledgerline sec sync (--ticker T | --cik N) ...`. Each file is its own transaction; a failed file
 * is reported (`ledgerline: <code>: <message>`) and the others are still ingested.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openFromEnv, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID } from '@/lib/db/seed';
import { ingestFile, type IngestOutcome } from './ingest-file';
import { createProgressBar } from './progress';
import { createSideFiles } from './side-files';

/** Extensions picked up when walking a folder (files named explicitly are always tried). */
const DATA_EXTENSIONS = /\.(json|xml|xbrl|htm|html|xhtml|pdf)$/i;

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

/** Expands folders (recursively, sorted) into data files; keeps explicit files as given. */
export function expandInputs(inputs: string[]): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.')) continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && DATA_EXTENSIONS.test(entry.name)) files.push(p);
    }
  };
  for (const input of inputs) {
    let st: fs.Stats;
    try {
      st = fs.statSync(input);
    } catch {
      missing.push(input);
      continue;
    }
    if (st.isDirectory()) walk(input);
    else files.push(input);
  }
  return { files, missing };
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

export function describeOutcome(o: IngestOutcome): string {
  const secs = (o.durationMs / 1000).toFixed(1);
  if (o.status === 'failed') return `failed     ${o.fileName}  ${o.format ?? '?'}  ${o.error?.code ?? ''}`;
  if (o.status === 'unchanged') return `unchanged  ${o.fileName}  ${o.format ?? '?'}  already ingested`;
  const parts = [`${fmt(o.factsSeen)} facts (${fmt(o.factsAdded)} new, ${fmt(o.sightingsAdded)} sightings${o.quarantined ? `, ${fmt(o.quarantined)} quarantined` : ''})`];
  if (o.tablesAdded) parts.push(`${fmt(o.tablesAdded)} tables`);
  if (o.chunksAdded) parts.push(`${fmt(o.chunksAdded)} chunks`);
  return `ok         ${o.fileName}  ${o.format}  ${parts.join(', ')}  ${secs}s`;
}

export function summarize(outcomes: IngestOutcome[], elapsedMs: number): string {
  const count = (s: IngestOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const seen = outcomes.reduce((n, o) => n + o.factsSeen, 0);
  const added = outcomes.reduce((n, o) => n + o.factsAdded, 0);
  const sightings = outcomes.reduce((n, o) => n + o.sightingsAdded, 0);
  const secs = elapsedMs / 1000;
  const rate = secs > 0 ? Math.round(seen / secs) : 0;
  return (
    `ingested ${outcomes.length} file(s): ${count('ok')} ok, ${count('unchanged')} unchanged, ${count('failed')} failed; ` +
    `${fmt(seen)} facts read, ${fmt(added)} new, ${fmt(sightings)} sightings in ${secs.toFixed(1)} s (${fmt(rate)} facts/s)`
  );
}

export interface IngestPathsOptions {
  database: Database;
  tenantId: string;
  files: string[];
  format?: string;
  maxBytes?: number;
  actor?: string;
  out?: NodeJS.WritableStream;
  err?: NodeJS.WritableStream;
  showProgress?: boolean;
  /** files ingested at once, each in its own transaction (PostgreSQL only; PGlite is single-connection) */
  jobs?: number;
  sideFiles?: ReturnType<typeof createSideFiles>;
}

/** Ingests files one after another (each its own transaction), printing a line per file. */
export async function ingestPaths(opts: IngestPathsOptions): Promise<IngestOutcome[]> {
  const out = opts.out ?? process.stdout;
  const err = opts.err ?? process.stderr;
  const bar = opts.showProgress === false ? createProgressBar({ isTTY: false } as NodeJS.WriteStream) : createProgressBar();
  const sideFiles = opts.sideFiles ?? createSideFiles();
  for (const f of opts.files) sideFiles.addDirFor(f);
  // PostgreSQL: two files at a time by default (each its own transaction and connection; one company
  // at a time per entity lock). PGlite has one connection.
  const jobs = opts.database.driver === 'postgres' ? Math.max(1, Math.min(opts.jobs ?? 2, 8)) : 1;
  const outcomes: IngestOutcome[] = new Array(opts.files.length);
  // progress of the files in flight, summed
  const live = new Map<number, { done: number; total: number }>();
  const redraw = () => {
    let done = 0;
    let total = 0;
    for (const p of live.values()) {
      done += p.done;
      total += p.total;
    }
    bar.update(done, total);
  };
  // in parallel, the largest files first, so no big file starts last
  const order = opts.files.map((_, i) => i);
  if (jobs > 1) {
    const size = (f: string) => {
      try {
        return fs.statSync(f).size;
      } catch {
        return 0;
      }
    };
    const sizes = opts.files.map(size);
    order.sort((a, b) => sizes[b]! - sizes[a]!);
  }
  let next = 0;
  bar.start(jobs === 1 ? path.basename(opts.files[0] ?? '') : `${opts.files.length} files`);
  const worker = async () => {
    while (next < order.length) {
      const i = order[next++]!;
      const file = opts.files[i]!;
      if (jobs === 1) bar.start(path.basename(file));
      live.set(i, { done: 0, total: 0 });
      const o = await ingestFile(file, {
        db: opts.database.db,
        tenantId: opts.tenantId,
        actor: opts.actor ?? 'cli',
        maxBytes: opts.maxBytes,
        format: opts.format,
        progress: (done, total) => {
          live.set(i, { done, total });
          redraw();
        },
        sideFiles,
      });
      live.delete(i);
      bar.stop();
      outcomes[i] = o;
      out.write(`${describeOutcome(o)}\n`);
      for (const n of o.notes) if (/^quarantined /.test(n)) out.write(`           note: ${n}\n`);
      if (o.error) err.write(`ledgerline: ${o.error.code}: ${o.error.message}\n`);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  return outcomes;
}

export async function runIngestCommand(args: string[]): Promise<number> {
  const { positional, flags } = parseArgs(args, ['tenant', 'format', 'max-bytes', 'jobs']);
  if (positional.length === 0 || flags.has('help')) {
    process.stderr.write('usage: npm run cli -- ingest <file|dir>... [--tenant <id>] [--format companyfacts|sec-submissions|xbrl-instance|ixbrl] [--max-bytes <n>] [--jobs <n> (PostgreSQL, default 2)]\n');
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
  const { EdgarClient } = await import('@/lib/sec/client');
  const { syncCompany } = await import('@/lib/sec/sync');
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
    forms: str('forms')?.split(',').map((f) => f.trim()).filter(Boolean),
    limit,
    accessions: str('accession')?.split(',').map((a) => a.trim()).filter(Boolean),
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

  const files = [...result.files.filter((f) => f.kind === 'companyfacts'), ...result.files.filter((f) => f.kind === 'filing')].map((f) => f.path);
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
