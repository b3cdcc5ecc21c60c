/**
 * The production server for the HTTP load test: `next build` when .next is missing or older than the
 * sources (under `flock /tmp/ll-next-build.lock`, held until the server stops so that nobody rebuilds
 * .next under it), then `next start` on a free loopback port in its own process group.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BenchContext, BenchRow } from './types';

export const BUILD_LOCK = '/tmp/ll-next-build.lock';

/** Hold an exclusive flock on `file` until release() (a `flock … cat` child blocking on its stdin). */
export async function holdLock(file: string, log: (s: string) => void): Promise<() => Promise<void>> {
  const child = spawn('flock', [file, '-c', 'echo locked; exec cat >/dev/null'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = setTimeout(() => log(`   waiting for ${file} (another build or server holds it)`), 2000);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`flock ${file} exited with ${code}`)));
    child.once('error', reject);
  });
  clearTimeout(waiting);
  return async () => {
    child.stdin!.end();
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  };
}

const SOURCES = [
  'app',
  'lib',
  'components',
  'public',
  'next.config.ts',
  'instrumentation.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'postcss.config.mjs',
];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    if (e.isFile() && /\.test\.ts$/.test(e.name)) continue;
    max = Math.max(max, newestMtime(path.join(p, e.name)));
  }
  return max;
}

/** Why .next needs a build, or null when it is up to date. */
export function buildStaleness(root: string): string | null {
  const id = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(id)) return '.next has no production build';
  const built = fs.statSync(id).mtimeMs;
  const changed = SOURCES.map((s) => [s, newestMtime(path.join(root, s))] as const).filter(([, m]) => m > built);
  return changed.length ? `sources changed since the last build (${changed.map(([s]) => s).join(', ')})` : null;
}

export async function run(cmd: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): Promise<number> {
  const out = fs.openSync(opts.logFile, 'a');
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', out, out] });
  const code = await new Promise<number>((r) => child.once('exit', (c) => r(c ?? 1)));
  fs.closeSync(out);
  return code;
}

function tryPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A free loopback port: the first free one of `LEDGERLINE_BENCH_PORTS` (`3220-3229`; a shared machine gives
 * each engineer a range), else any the system hands out.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec((process.env.LEDGERLINE_BENCH_PORTS ?? '').trim());
  if (!range) return tryPort(0);
  for (let p = Number(range[1]); p <= Number(range[2]); p++) {
    const got = await tryPort(p).catch(() => null);
    if (got !== null) return got;
  }
  throw new Error(`no free port in LEDGERLINE_BENCH_PORTS=${process.env.LEDGERLINE_BENCH_PORTS}`);
}

export interface Server {
  url: string;
  logFile: string;
  /** the server's process group (next start and any process it starts) */
  pgid: number;
  stop(): Promise<void>;
}

/** `next start` on a free loopback port; resolves once GET /api/health answers 200. */
export async function startServer(opts: { root: string; env: NodeJS.ProcessEnv; logFile: string; timeoutMs?: number }): Promise<Server> {
  const port = await freePort();
  const out = fs.openSync(opts.logFile, 'a');
  const bin = path.join(opts.root, 'node_modules', 'next', 'dist', 'bin', 'next');
  // LEDGERLINE_BENCH_SERVER_NODE_FLAGS: node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (not allowed in NODE_OPTIONS)
  const flags = (process.env.LEDGERLINE_BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...flags, bin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: opts.root,
    env: { ...opts.env, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}; see ${opts.logFile}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become ready; see ${opts.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, logFile: opts.logFile, pgid: child.pid!, stop };
}

/**
 * Make sure .next holds a production build of the current sources: `next build` when stale (the caller
 * holds BUILD_LOCK), or with `--no-build` the build as it is. Returns a note for the results table.
 */
export async function ensureProductionBuild(root: string, args: string[], logDir: string, log: (s: string) => void): Promise<string> {
  const stale = buildStaleness(root);
  if (!stale) return 'up-to-date build';
  if (args.includes('--no-build')) {
    if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('--no-build, but .next has no production build');
    const note = `STALE build (--no-build: ${stale})`;
    log(`   using the existing build: ${note}`);
    return note;
  }
  log(`   next build (${stale}) …`);
  const t0 = performance.now();
  const logFile = path.join(logDir, 'build.log');
  const code = await run(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    logFile,
  });
  const secs = ((performance.now() - t0) / 1000).toFixed(0);
  if (code !== 0) {
    const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
    if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID')))
      throw new Error(`next build failed (${secs} s) and there is no earlier build:\n${tail}`);
    log(`   next build failed (${secs} s); using the previous build in .next:\n${tail}`);
    return 'STALE build (next build failed)';
  }
  log(`   built in ${secs} s`);
  return `built in ${secs} s`;
}

/**
 * The body of a section measured through `next start`: the production build made sure of under BUILD_LOCK,
 * then `measure` once per driver (PGlite, and PostgreSQL when configured), each server logging to its own file.
 */
export async function perDriverThroughServer(
  ctx: BenchContext,
  label: string,
  measure: (driver: 'pglite' | 'postgres', logFile: string) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const logDir = ctx.tmpDir(label);
  const release = await holdLock(BUILD_LOCK, ctx.log);
  const rows: BenchRow[] = [];
  try {
    const buildNote = await ensureProductionBuild(process.cwd(), ctx.args, logDir, ctx.log);
    for (const driver of ctx.pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
      for (const row of await measure(driver, path.join(logDir, `server-${driver}.log`))) {
        row.extra.build = buildNote;
        rows.push(row);
      }
    }
  } finally {
    await release();
  }
  return rows;
}
