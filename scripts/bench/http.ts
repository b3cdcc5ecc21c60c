/**
 * Load test of POST /api/answers (JSON) through the production server (`next start`, built into
 * .next when stale), with the real data: on PGlite (a copy of the real-data folder, demo mode) and,
 * when configured, on PostgreSQL (a scratch database from the real-data template).
 * `--no-build` uses .next as it is (reported as stale when sources changed since).
 * 50 concurrent clients, each signed in as its own analyst (better-auth sessions created before the
 * server starts), first each ask one question at once on a new connection (the cold burst: connections
 * opened, sessions read for the first time — reported on its own), then, on the same keep-alive
 * connections as an analyst's browser keeps them, send numeric questions one after another — at most 25
 * each (small) or 29 (full: the per-user burst less the first question),
 * drawn from ~1,500 distinct questions (support/cases.ts questionMix: 30 % of the requests ask one of 20
 * popular questions, the rest walk the long tail, so ~70 % are asked for the first time in the run) —
 * for at most 15 s / 30 s — so that no client exceeds the per-user limit of 30 questions a minute
 * (a 429 would count as an error). Reports throughput, p50/p95/p99 and errors.
 * Target: zero errors at 50 concurrent clients.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@/lib/db/client';
import { authSecret, createAuth } from '@/lib/auth/better-auth';
import { createUser } from '@/lib/auth/users';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { RATE_RULES } from '@/lib/http/rate-limit';
import { sql } from 'drizzle-orm';
import { questionMix, questionPool } from './support/cases';
import { groupCpuMs, postgresBackendsCpuMs } from './support/cpu';
import { startPgCounter, type PgCounter } from './support/pg-counter';
import { coldBurst, keepAliveAgent, loadTest } from './support/load';
import { BUILD_LOCK, ensureProductionBuild, holdLock, startServer } from './support/server';
import { argValue } from './support/args';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

const CLIENTS = 50;
/** fresh analysts for the statement-count pass */
const COUNT_CLIENTS = 10;

/** Create `n` analysts (or admins) in the demo tenant (or `tenantId`) and sign each in; returns one Cookie header per user. */
export async function signedInClients(
  database: Database,
  n: number,
  tenantId: string = DEMO_TENANT_ID,
  role: 'analyst' | 'admin' = 'analyst',
): Promise<string[]> {
  const auth = createAuth({ db: database.db, secret: await authSecret(database.db), secure: false, nextCookies: false });
  const tag = randomBytes(4).toString('hex');
  // a production start refuses to run with neither an auth secret nor an admin account
  await createUser({
    db: database.db,
    actor: 'bench',
    tenantId,
    email: `bench-${tag}-admin@bench.ledgerline.local`,
    name: 'Bench admin',
    role: 'admin',
    password: randomBytes(18).toString('base64url'),
  });
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `bench-${tag}-${i}@bench.ledgerline.local`;
    const password = randomBytes(18).toString('base64url');
    await createUser({ db: database.db, actor: 'bench', tenantId, email, name: `Bench ${role} ${i}`, role, password });
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

/** The server's event-loop delay during [from, to] (its per-second lines): the worst second's p99, the max, the median second's p50. */
function loopDelay(
  file: string,
  from: number,
  to: number,
): { p99Ms: number | null; maxMs: number | null; p50Ms: number | null; seconds: number } {
  if (!fs.existsSync(file)) return { p99Ms: null, maxMs: null, p50Ms: null, seconds: 0 };
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { t: number; p50: number; p99: number; max: number })
    .filter((l) => l.t >= from && l.t <= to + 1000);
  if (lines.length === 0) return { p99Ms: null, maxMs: null, p50Ms: null, seconds: 0 };
  const p50s = lines.map((l) => l.p50).sort((a, b) => a - b);
  return {
    p99Ms: Math.max(...lines.map((l) => l.p99)),
    maxMs: Math.max(...lines.map((l) => l.max)),
    p50Ms: p50s[Math.floor(p50s.length / 2)]!,
    seconds: lines.length,
  };
}

/** Manifests stored since `since` (database clock), and how many of them served a cached answer. */
async function manifestCounts(database: Database, since: string): Promise<{ stored: number; cached: number }> {
  const res = await database.db.execute(
    sql`select count(*)::int as stored, (count(*) filter (where versions ? 'answerCache'))::int as cached from manifests where created_at >= ${since}::timestamptz`,
  );
  const row = (res as unknown as { rows: { stored: number; cached: number }[] }).rows[0]!;
  return { stored: Number(row.stored), cached: Number(row.cached) };
}

async function measure(ctx: BenchContext, driver: 'pglite' | 'postgres', logFile: string): Promise<BenchRow> {
  const full = ctx.scale === 'full';
  // each analyst asks at most the per-user limit's burst (30): at ~100 req/s a client sent 40 in 20 s and
  // the limit (30, refilled 0.5/s) answered some of them 429 — the limit working, not the server failing
  // (less the client's first question of the cold burst)
  const perClient = full ? RATE_RULES.ask.capacity - 1 : 25;
  let env: NodeJS.ProcessEnv;
  let database: Database;
  let dataDir: string | null = null;
  let dbName: string | null = null;
  let counter: PgCounter | null = null;
  let pgUrl: string | null = null;
  if (driver === 'pglite') {
    dataDir = await ctx.realPgliteCopy();
    database = await openDatabase({ dataDir });
    env = { ...process.env, LEDGERLINE_DATA_DIR: dataDir, DATABASE_URL: '', LEDGERLINE_DEMO: '' };
  } else {
    const s = await ctx.scratchPostgres('http', 'real');
    database = s.database;
    dbName = new URL(s.url).pathname.slice(1);
    pgUrl = s.url;
    // the load runs straight to the database; statements per request are counted afterwards, in a
    // pass of their own through a counting relay (a relay in this process, beside the load generator,
    // added a hop and a wait on this event loop to every one of the load's round trips)
    env = { ...process.env, DATABASE_URL: s.url, LEDGERLINE_DEMO: '' };
  }
  // the server must use the session secret stored in its database
  delete env.LEDGERLINE_AUTH_SECRET;
  delete env.BETTER_AUTH_SECRET;
  let cookies: string[];
  let pool: string[];
  try {
    // the load's clients, a spare for warm-ups, and ten fresh ones for the statement count (the load's have spent their tokens)
    cookies = await signedInClients(database, CLIENTS + 1 + COUNT_CLIENTS);
    pool = await questionPool(database.db, DEMO_TENANT_ID);
  } finally {
    // PGlite: one process per data folder — the server's
    if (driver === 'pglite') await database.close();
  }
  // the warm-ups' questions come from the pool's end and the load's from the rest, so the load never
  // finds an answer the warm-ups cached: 10 for the route, then one first question per client
  const warmQuestions = pool.slice(-10);
  const firstQuestions = pool.slice(-(10 + CLIENTS), -10);
  const loadPool = pool.slice(0, -(10 + CLIENTS));
  // many different questions, some asked again (cases.ts: 30 % from 20 popular ones, the rest the long tail)
  const mix = questionMix(loadPool, CLIENTS, perClient);
  // the server logs its event-loop delay second by second (lib/server/loop-delay.ts)
  const loopFile = path.join(path.dirname(logFile), `loop-delay-${driver}.jsonl`);
  env.LEDGERLINE_LOOP_DELAY_FILE = loopFile;
  const server = await startServer({ root: process.cwd(), env, logFile });
  // the load's clients' connections, opened by the cold burst and kept for the load
  const agent = keepAliveAgent(CLIENTS);
  try {
    // warm-up with a spare user and questions the load does not ask (the route, the database, the planner's catalog)
    const warm = await loadTest({
      url: server.url,
      clients: 1,
      cookies: [cookies[CLIENTS]!],
      questions: warmQuestions,
      perClient: 10,
      durationMs: 30_000,
    });
    if (warm.errors) throw new Error(`warm-up failed: ${warm.errorSamples.join(' | ')}`);
    // the cold burst (support/load.ts): every client's first question at once, on new connections
    const cold = await coldBurst({ url: server.url, cookies: cookies.slice(0, CLIENTS), questions: firstQuestions, agent });
    const since =
      driver === 'postgres'
        ? String(((await database.db.execute(sql`select now()::text as t`)) as unknown as { rows: { t: string }[] }).rows[0]!.t)
        : new Date().toISOString();
    const cpu0 = { server: groupCpuMs(server.pgid), db: dbName ? postgresBackendsCpuMs(dbName) : null };
    const loadStart = Date.now();
    const r = await loadTest({
      url: server.url,
      clients: CLIENTS,
      cookies: cookies.slice(0, CLIENTS),
      questions: loadPool,
      perClientQuestions: mix.perClient,
      perClient,
      durationMs: full ? 30_000 : 15_000,
      agent,
    });
    const cpu1 = { server: groupCpuMs(server.pgid), db: dbName ? postgresBackendsCpuMs(dbName) : null };
    const loop = loopDelay(loopFile, loadStart, Date.now());
    if (r.errors) {
      const keep = path.resolve('bench-results', `http-server-${driver}.log`);
      fs.copyFileSync(logFile, keep);
      ctx.log(`   ${driver}: ${r.errors} error(s); server log kept in ${path.relative(process.cwd(), keep)}`);
    }
    const perReq = (a: number | null, b: number | null) => (a === null || b === null || r.requests === 0 ? null : (b - a) / r.requests);
    const serverCpuMs = perReq(cpu0.server, cpu1.server);
    const dbCpuMs = perReq(cpu0.db, cpu1.db);
    let statements: number | null = null;
    let roundTrips: number | null = null;
    if (pgUrl) {
      // the statement count: the same server build on the same database, through the counting relay,
      // 10 clients × 10 questions of the same mix (a question's statements do not depend on the load)
      await server.stop();
      counter = await startPgCounter(pgUrl);
      const counted = await startServer({
        root: process.cwd(),
        env: { ...env, DATABASE_URL: counter.url, LEDGERLINE_LOOP_DELAY_FILE: '' },
        logFile,
      });
      try {
        await loadTest({
          url: counted.url,
          clients: 1,
          cookies: [cookies[CLIENTS]!],
          questions: warmQuestions,
          perClient: 5,
          durationMs: 30_000,
        });
        const c0 = counter.counts();
        const rc = await loadTest({
          url: counted.url,
          clients: COUNT_CLIENTS,
          cookies: cookies.slice(CLIENTS + 1),
          questions: loadPool,
          perClientQuestions: mix.perClient.slice(0, COUNT_CLIENTS),
          perClient: 10,
          durationMs: 30_000,
        });
        const c1 = counter.counts();
        if (rc.requests > 0) {
          statements = (c1.statements - c0.statements) / rc.requests;
          roundTrips = (c1.roundTrips - c0.roundTrips) / rc.requests;
        }
      } finally {
        await counted.stop();
      }
    }
    if (driver === 'pglite') {
      await server.stop();
      database = await openDatabase({ dataDir: dataDir! });
    }
    const manifests = await manifestCounts(database, since);
    if (driver === 'pglite') await database.close();
    const hitRate = manifests.stored ? manifests.cached / manifests.stored : null;
    const fmt = (v: number | null, d = 1) => (v === null ? 'n/a' : v.toFixed(d));
    ctx.log(
      `   ${driver}: cold burst ${cold.requests} first questions at once: p50 ${cold.latency.p50Ms.toFixed(0)} / p99 ${cold.latency.p99Ms.toFixed(0)} ms; question pool ${pool.length}, the load's ${loadPool.length}`,
    );
    ctx.log(
      `   ${driver}: ${r.requests} requests in ${(r.elapsedMs / 1000).toFixed(1)} s, ${r.rps.toFixed(1)} req/s, p99 ${r.latency.p99Ms.toFixed(0)} ms, ${r.errors} errors ${JSON.stringify(r.statuses)}; CPU per request: server ${fmt(serverCpuMs)} ms, PostgreSQL ${fmt(dbCpuMs)} ms; ${fmt(statements)} statements (${fmt(roundTrips)} round trips) per request; answer cache ${manifests.cached}/${manifests.stored} hits (${mix.distinct} distinct questions, ${mix.repeats} repeats); event-loop delay p99 ${fmt(loop.p99Ms, 0)} ms (worst second), max ${fmt(loop.maxMs, 0)} ms`,
    );
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
      // targets: on PostgreSQL 0 errors and p99 ≤ 500 ms at 50 clients (the errors are in the notes); PGlite: 0 errors
      target:
        driver === 'postgres' ? { metric: 'p99Ms', op: '<=', value: 500, met: null } : { metric: 'errors', op: '<=', value: 0, met: null },
      extra: {
        errors: r.errors,
        statuses: r.statuses,
        errorSamples: r.errorSamples,
        answerStatuses: r.answerStatuses,
        serverP50Ms: r.serverMs.p50Ms,
        serverP95Ms: r.serverMs.p95Ms,
        serverCpuMsPerRequest: serverCpuMs,
        postgresCpuMsPerRequest: dbCpuMs,
        statementsPerRequest: statements,
        roundTripsPerRequest: roundTrips,
        distinctQuestions: mix.distinct,
        repeatedQuestions: mix.repeats,
        answerCacheHits: manifests.cached,
        manifestsStored: manifests.stored,
        answerCacheHitRate: hitRate,
        eventLoopDelay: loop,
        coldBurst: {
          n: cold.requests,
          p50Ms: cold.latency.p50Ms,
          p95Ms: cold.latency.p95Ms,
          p99Ms: cold.latency.p99Ms,
          serverP95Ms: cold.serverMs.p95Ms,
        },
        summary: `${r.errors} errors; cold burst before the load (${cold.requests} first questions at once, new connections and sessions) p50 ${cold.latency.p50Ms.toFixed(0)} / p99 ${cold.latency.p99Ms.toFixed(0)} ms; server time p50 ${r.serverMs.p50Ms.toFixed(0)} / p95 ${r.serverMs.p95Ms.toFixed(0)} ms; CPU per request: server ${fmt(serverCpuMs)} ms${dbCpuMs === null ? '' : `, PostgreSQL ${fmt(dbCpuMs)} ms`}${statements === null ? '' : `; ${fmt(statements)} statements / ${fmt(roundTrips)} round trips per request`}; event-loop delay p99 ${fmt(loop.p99Ms, 0)} / max ${fmt(loop.maxMs, 0)} ms; ${mix.distinct} distinct questions of ${mix.distinct + mix.repeats}, answer cache hits ${hitRate === null ? 'n/a' : `${(hitRate * 100).toFixed(0)} %`}; ${Object.entries(
          r.answerStatuses,
        )
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}`,
      },
    };
  } finally {
    agent.destroy();
    await server.stop();
    await counter?.close();
  }
}

const section: BenchSection = {
  name: 'http',
  description: `load test: POST /api/answers with ${CLIENTS} concurrent clients through next start (PGlite, PostgreSQL; --http-drivers=postgres for one)`,
  scales: ['full'],
  async run(ctx) {
    const root = process.cwd();
    if (!fs.existsSync(path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'))) throw new Error('next is not installed');
    const logDir = ctx.tmpDir('http');
    const release = await holdLock(BUILD_LOCK, ctx.log);
    const rows: BenchRow[] = [];
    try {
      const buildNote = await ensureProductionBuild(root, ctx.args, logDir, ctx.log);
      // --http-drivers pglite|postgres|pglite,postgres (default: both when PostgreSQL is configured)
      const wanted = argValue(ctx, '--http-drivers')?.split(',');
      const drivers = (ctx.pgUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter((d) => !wanted || wanted.includes(d));
      for (const driver of drivers) {
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
