/**
 * Load test of POST /api/answers (JSON) through the production server (`next start`, built into
 * .next when stale), with the real data: on PGlite (a copy of the real-data folder, demo mode) and,
 * when configured, on PostgreSQL (a scratch database from the real-data template).
 * `--no-build` uses .next as it is (reported as stale when sources changed since).
 * 50 concurrent clients, each signed in as its own analyst (better-auth sessions created before the
 * server starts), send numeric questions one after another — at most 25 each (small) or 40 (full),
 * for at most 15 s / 30 s — so that no client exceeds the per-user limit of 30 questions a minute
 * (a 429 would count as an error). Reports throughput, p50/p95/p99 and errors.
 * Target (issue 9): zero errors at 50 concurrent clients.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@/lib/db/client';
import { authSecret, createAuth } from '@/lib/auth/better-auth';
import { createUser } from '@/lib/auth/users';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { numericQuestions } from './support/cases';
import { loadTest } from './support/load';
import { BUILD_LOCK, ensureProductionBuild, holdLock, startServer } from './support/server';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

const CLIENTS = 50;

/** Create `n` analysts in the demo tenant and sign each in; returns one Cookie header per user. */
export async function signedInClients(database: Database, n: number): Promise<string[]> {
  const auth = createAuth({ db: database.db, secret: await authSecret(database.db), secure: false, nextCookies: false });
  const tag = randomBytes(4).toString('hex');
  // a production start refuses to run with neither an auth secret nor an admin account (issue 18)
  await createUser({ db: database.db, actor: 'bench', tenantId: DEMO_TENANT_ID, email: `bench-${tag}-admin@bench.ledgerline.local`, name: 'Bench admin', role: 'admin', password: randomBytes(18).toString('base64url') });
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-${tag}-${i}@bench.ledgerline.local`;
    const password = randomBytes(18).toString('base64url');
    await createUser({ db: database.db, actor: 'bench', tenantId: DEMO_TENANT_ID, email, name: `Bench analyst ${i}`, role: 'analyst', password });
    const res = (await auth.api.signInEmail({ body: { email, password }, asResponse: true })) as Response;
    if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    if (!cookie.includes('session_token')) throw new Error('sign-in returned no session cookie');
    cookies.push(cookie);
  }
  return cookies;
}

async function measure(ctx: BenchContext, driver: 'pglite' | 'postgres', logFile: string): Promise<BenchRow> {
  const full = ctx.scale === 'full';
  let env: NodeJS.ProcessEnv;
  let database: Database;
  if (driver === 'pglite') {
    const dir = await ctx.realPgliteCopy();
    database = await openDatabase({ dataDir: dir });
    env = { ...process.env, LEDGERLINE_DATA_DIR: dir, DATABASE_URL: '', LEDGERLINE_DEMO: '' };
  } else {
    const s = await ctx.scratchPostgres('http', 'real');
    database = s.database;
    env = { ...process.env, DATABASE_URL: s.url, LEDGERLINE_DEMO: '' };
  }
  // the server must use the session secret stored in its database
  delete env.LEDGERLINE_AUTH_SECRET;
  delete env.BETTER_AUTH_SECRET;
  let cookies: string[];
  let questions: string[];
  try {
    cookies = await signedInClients(database, CLIENTS + 1);
    questions = await numericQuestions(database.db, DEMO_TENANT_ID, 80);
  } finally {
    // PGlite: one process per data folder — the server's
    if (driver === 'pglite') await database.close();
  }
  const server = await startServer({ root: process.cwd(), env, logFile });
  try {
    // warm-up with a spare user (the route, the database, the planner's catalog)
    const warm = await loadTest({ url: server.url, clients: 1, cookies: [cookies[CLIENTS]!], questions, perClient: 10, durationMs: 30_000 });
    if (warm.errors) throw new Error(`warm-up failed: ${warm.errorSamples.join(' | ')}`);
    const r = await loadTest({ url: server.url, clients: CLIENTS, cookies: cookies.slice(0, CLIENTS), questions, perClient: full ? 40 : 25, durationMs: full ? 30_000 : 15_000 });
    if (r.errors) {
      const keep = path.resolve('bench-results', `http-server-${driver}.log`);
      fs.copyFileSync(logFile, keep);
      ctx.log(`   ${driver}: ${r.errors} error(s); server log kept in ${path.relative(process.cwd(), keep)}`);
    }
    ctx.log(`   ${driver}: ${r.requests} requests in ${(r.elapsedMs / 1000).toFixed(1)} s, ${r.rps.toFixed(1)} req/s, p99 ${r.latency.p99Ms.toFixed(0)} ms, ${r.errors} errors ${JSON.stringify(r.statuses)}`);
    return {
      section: 'http',
      case: `POST /api/answers, ${CLIENTS} clients`,
      driver: driver === 'pglite' ? 'http-pglite' : 'http-postgres',
      n: r.requests,
      p50Ms: r.latency.p50Ms,
      p95Ms: r.latency.p95Ms,
      p99Ms: r.latency.p99Ms,
      throughput: r.rps,
      throughputUnit: 'req/s',
      target: { metric: 'errors', op: '<=', value: 0, met: null },
      extra: {
        errors: r.errors,
        statuses: r.statuses,
        errorSamples: r.errorSamples,
        answerStatuses: r.answerStatuses,
        serverP50Ms: r.serverMs.p50Ms,
        serverP95Ms: r.serverMs.p95Ms,
        summary: `${r.errors} errors; server time p50 ${r.serverMs.p50Ms.toFixed(0)} / p95 ${r.serverMs.p95Ms.toFixed(0)} ms; ${Object.entries(r.answerStatuses).map(([k, v]) => `${v} ${k}`).join(', ')}`,
      },
    };
  } finally {
    await server.stop();
  }
}

const section: BenchSection = {
  name: 'http',
  description: `load test: POST /api/answers with ${CLIENTS} concurrent clients through next start (PGlite, PostgreSQL)`,
  scales: ['full'],
  async run(ctx) {
    const root = process.cwd();
    if (!fs.existsSync(path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'))) throw new Error('next is not installed');
    const logDir = ctx.tmpDir('http');
    const release = await holdLock(BUILD_LOCK, ctx.log);
    const rows: BenchRow[] = [];
    try {
      const buildNote = await ensureProductionBuild(root, ctx.args, logDir, ctx.log);
      for (const driver of ctx.pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
        const logFile = path.join(logDir, `server-${driver}.log`);
        try {
          const row = await measure(ctx, driver, logFile);
          row.extra.build = buildNote;
          rows.push(row);
        } catch (e) {
          const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
          throw new Error(`${driver}: ${(e as Error).message}${tail ? `\nserver log:\n${tail}` : ''}`);
        }
      }
    } finally {
      await release();
    }
    return rows;
  },
};

export default section;
