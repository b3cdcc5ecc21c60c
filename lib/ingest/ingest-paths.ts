/** Ingest many files and folders, a line per file, with a progress bar: the CLI's and the evaluation's path. */
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '@/lib/db/client';
import { refreshStatistics } from '@/lib/db/statistics';
import { ingestFile, type IngestOutcome } from './ingest-file';
import { createProgressBar } from './progress';
import { createSideFiles } from './side-files';

/** Extensions picked up when walking a folder (files named explicitly are always tried). */
const DATA_EXTENSIONS = /\.(json|xml|xbrl|htm|html|xhtml|pdf)$/i;

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
  const parts = [
    `${fmt(o.factsSeen)} facts (${fmt(o.factsAdded)} new, ${fmt(o.sightingsAdded)} sightings${o.quarantined ? `, ${fmt(o.quarantined)} quarantined` : ''})`,
  ];
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
  out?: LineSink;
  err?: LineSink;
  showProgress?: boolean;
  /** files ingested at once, each in its own transaction (PostgreSQL only; PGlite is single-connection) */
  jobs?: number;
  sideFiles?: ReturnType<typeof createSideFiles>;
}

/** Where the per-file lines go: process.stdout/stderr, or any writer of strings (the eval's log). */
export interface LineSink {
  write(line: string): unknown;
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
        refreshStatistics: false,
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
  // once for the batch: the planner's row estimates for what was just written
  if (outcomes.some((o) => o?.status === 'ok')) await refreshStatistics(opts.database.db);
  return outcomes;
}
