/**
 * Hostile bodies beside a normal user: through the production server
 * (`next start`, real data; PGlite and, when configured, PostgreSQL), four attackers send the hostile
 * bodies of scripts/bench/support/hostile.ts — a 2,000-entity previous intent, a 2,000-message chat, a
 * question naming 2,000 companies, 10 MB declared and 10 MB streamed without a length — one after another
 * while a normal analyst asks numeric questions. Targets: every hostile body answered with a typed error
 * (`{"error":{"code":…}}`, 4xx) within 100 ms (p99), and the normal user's p95 under 200 ms; the same
 * normal user alone first gives the baseline.
 * Each attacker and user sends at most 25 requests, under the per-user limit of 30 questions a minute.
 * The attackers post through a client that reads the answer while still sending (support/raw-http.ts, as
 * curl and browsers do), one connection per post; the normal user through node:http with keep-alive.
 */
import http from 'node:http';
import { openDatabase, type Database } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { summarizeLatencies } from '@/lib/bench/metrics';
import { signedInClients } from './http';
import { numericQuestions } from './support/cases';
import { hostileBodies } from './support/hostile';
import { rawPost } from './support/raw-http';
import { groupCpuMs } from './support/cpu';
import { startPgCounter, type PgCounter } from './support/pg-counter';
import { perDriverThroughServer, startServer } from './support/server';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

const ATTACKERS = 4;
const PER_CLIENT = 25;

interface Reply {
  status: number;
  ms: number;
  code: string | null;
  answerStatus: string | null;
}

/** POST a raw body; `chunked` sends it without a Content-Length. Resolves at the response, whatever the upload does after. */
function post(agent: http.Agent, url: URL, cookie: string, body: string, chunked = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    let settled = false;
    const headers: Record<string, string | number> = { 'content-type': 'application/json', accept: 'application/json', cookie };
    if (!chunked) headers['content-length'] = Buffer.byteLength(body);
    const req = http.request(url, { method: 'POST', agent, headers, timeout: 30_000 }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => {
        settled = true;
        const ms = performance.now() - t;
        let parsed: { error?: { code?: string }; status?: string } = {};
        try {
          parsed = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch {
          /* not JSON: counted as untyped */
        }
        resolve({ status: res.statusCode ?? 0, ms, code: parsed.error?.code ?? null, answerStatus: parsed.status ?? null });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    // the server may answer and close while a large body is still being written: not an error then
    req.on('error', (e) => (settled ? undefined : reject(e)));
    if (chunked) {
      const chunk = 64 * 1024;
      for (let i = 0; i < body.length; i += chunk) req.write(body.slice(i, i + chunk));
      req.end();
    } else req.end(body);
  });
}

/**
 * An attacker's post, through a client that reads the answer while it is still sending (as curl and
 * browsers do; support/raw-http.ts): a refused upload is timed to its typed answer, not to the end of the
 * attacker's own upload. One connection per post.
 */
async function attack(url: URL, cookie: string, body: string, chunked = false): Promise<Reply> {
  const r = await rawPost(url, { 'content-type': 'application/json', accept: 'application/json', cookie }, body, {
    chunked,
    timeoutMs: 30_000,
  });
  let parsed: { error?: { code?: string }; status?: string } = {};
  try {
    parsed = JSON.parse(r.body);
  } catch {
    /* not JSON: counted as untyped */
  }
  return { status: r.status, ms: r.ms, code: parsed.error?.code ?? null, answerStatus: parsed.status ?? null };
}

async function measure(ctx: BenchContext, driver: 'pglite' | 'postgres', logFile: string): Promise<BenchRow[]> {
  let env: NodeJS.ProcessEnv;
  let database: Database;
  let counter: PgCounter | null = null;
  if (driver === 'pglite') {
    const dir = await ctx.realPgliteCopy();
    database = await openDatabase({ dataDir: dir });
    env = { ...process.env, LEDGERLINE_DATA_DIR: dir, DATABASE_URL: '', LEDGERLINE_DEMO: '' };
  } else {
    const s = await ctx.scratchPostgres('hostile', 'real');
    database = s.database;
    // through a counting relay: the statements a hostile body costs, measured outside the server
    counter = await startPgCounter(s.url);
    env = { ...process.env, DATABASE_URL: counter.url, LEDGERLINE_DEMO: '' };
  }
  delete env.LEDGERLINE_AUTH_SECRET;
  delete env.BETTER_AUTH_SECRET;
  let cookies: string[];
  let questions: string[];
  try {
    // [0] baseline user, [1] the normal user beside the attack, [2] warm-up, then the attackers
    cookies = await signedInClients(database, 3 + ATTACKERS);
    questions = await numericQuestions(database.db, DEMO_TENANT_ID, PER_CLIENT);
  } finally {
    if (driver === 'pglite') await database.close();
  }
  const server = await startServer({ root: process.cwd(), env, logFile });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const url = new URL('/api/answers', server.url);
  const ask = (cookie: string, q: string) => post(agent, url, cookie, JSON.stringify({ question: q }));
  const normalUser = async (cookie: string) => {
    const replies: Reply[] = [];
    for (const q of questions.slice(0, PER_CLIENT)) replies.push(await ask(cookie, q));
    return replies;
  };
  try {
    for (const q of questions.slice(0, 10)) await ask(cookies[2]!, q);
    const baseline = await normalUser(cookies[0]!);
    const b = hostileBodies();
    const kinds: { name: string; body: string; chunked?: boolean }[] = [
      { name: '2,000-entity intent', body: b.entityIntent },
      { name: '2,000-message chat', body: b.chatFlood },
      { name: '2,000 companies in a question', body: b.entityQuestion },
      { name: '10 MB declared', body: b.tenMegabytes },
      { name: '10 MB without a length', body: b.tenMegabytes, chunked: true },
    ];
    const hostile: (Reply & { kind: string })[] = [];
    let attacking = true;
    const attackers = Array.from({ length: ATTACKERS }, async (_, a) => {
      for (let i = 0; i < PER_CLIENT && attacking; i++) {
        const k = kinds[(a + i) % kinds.length]!;
        const r = await attack(url, cookies[3 + a]!, k.body, k.chunked).catch((e: Error) => ({
          status: 0,
          ms: Number.NaN,
          code: e.message,
          answerStatus: null,
        }));
        hostile.push({ ...r, kind: k.name });
      }
    });
    const beside = await normalUser(cookies[1]!);
    attacking = false;
    await Promise.all(attackers);

    // the hostile bodies alone, one after another: the statements (PostgreSQL) and server CPU each one costs
    const alone = { n: 0, statements: 0, cpuMs: 0 };
    {
      const c0 = counter?.counts();
      const cpu0 = groupCpuMs(server.pgid);
      for (let round = 0; round < 4; round++) {
        for (const k of kinds) {
          await attack(url, cookies[3]!, k.body, k.chunked).catch(() => null);
          alone.n++;
        }
      }
      const cpu1 = groupCpuMs(server.pgid);
      const c1 = counter?.counts();
      alone.statements = c0 && c1 ? c1.statements - c0.statements : Number.NaN;
      alone.cpuMs = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : Number.NaN;
    }
    const perHostile = { statements: alone.statements / alone.n, cpuMs: alone.cpuMs / alone.n };

    const typed = (r: Reply) =>
      r.status >= 400 && r.status < 500 && r.status !== 429 && typeof r.code === 'string' && /^[a-z_]+:[a-z_]+$/.test(r.code);
    const untyped = hostile.filter((r) => !typed(r));
    const hostileLat = summarizeLatencies(hostile.filter((r) => Number.isFinite(r.ms)).map((r) => r.ms));
    const normalErrors = [...baseline, ...beside].filter((r) => r.status !== 200).length;
    const base = summarizeLatencies(baseline.map((r) => r.ms));
    const under = summarizeLatencies(beside.map((r) => r.ms));
    const perKind = Object.fromEntries(
      kinds.map((k) => {
        const rs = hostile.filter((r) => r.kind === k.name);
        return [
          k.name,
          {
            n: rs.length,
            p99Ms: Math.round(summarizeLatencies(rs.map((r) => r.ms)).p99Ms),
            codes: [...new Set(rs.map((r) => `${r.status} ${r.code}`))],
          },
        ];
      }),
    );
    const d = driver === 'pglite' ? 'http-pglite' : 'http-postgres';
    ctx.log(
      `   ${driver}: hostile alone ${Number.isNaN(perHostile.statements) ? '' : `${perHostile.statements.toFixed(1)} statements, `}${perHostile.cpuMs.toFixed(1)} ms server CPU each; hostile p99 ${hostileLat.p99Ms.toFixed(0)} ms (${untyped.length} untyped of ${hostile.length}); normal p95 ${base.p95Ms.toFixed(0)} ms alone, ${under.p95Ms.toFixed(0)} ms beside the attack`,
    );
    return [
      {
        section: 'hostile',
        case: 'hostile bodies → typed error',
        driver: d,
        n: hostile.length,
        p50Ms: hostileLat.p50Ms,
        p95Ms: hostileLat.p95Ms,
        p99Ms: hostileLat.p99Ms,
        target: { metric: 'p99Ms', op: '<=', value: 100, met: null },
        extra: {
          untyped: untyped.length,
          untypedSamples: untyped.slice(0, 5).map((r) => `${r.kind}: ${r.status} ${r.code}`),
          perKind,
          statementsPerHostile: perHostile.statements,
          serverCpuMsPerHostile: perHostile.cpuMs,
          summary: `${untyped.length} untyped of ${hostile.length}; alone: ${Number.isNaN(perHostile.statements) ? '' : `${perHostile.statements.toFixed(1)} statements, `}${perHostile.cpuMs.toFixed(1)} ms server CPU a hostile body; ${Object.entries(
            perKind,
          )
            .map(([k, v]) => `${k} p99 ${v.p99Ms} ms ${v.codes.join('/')}`)
            .join('; ')}`,
        },
      },
      {
        section: 'hostile',
        case: 'normal user beside hostile bodies',
        driver: d,
        n: beside.length,
        p50Ms: under.p50Ms,
        p95Ms: under.p95Ms,
        p99Ms: under.p99Ms,
        target: { metric: 'p95Ms', op: '<=', value: 200, met: null },
        extra: {
          baselineP50Ms: base.p50Ms,
          baselineP95Ms: base.p95Ms,
          errors: normalErrors,
          summary: `alone p50 ${base.p50Ms.toFixed(0)} / p95 ${base.p95Ms.toFixed(0)} ms; ${normalErrors} errors; answers ${[...new Set(beside.map((r) => r.answerStatus))].join(', ')}`,
        },
      },
    ];
  } finally {
    agent.destroy();
    await server.stop();
    await counter?.close();
  }
}

const section: BenchSection = {
  name: 'hostile',
  description:
    'hostile bodies (2,000 entities, 10 MB) answered with typed errors in < 100 ms beside a normal user (p95 < 200 ms), through next start',
  // a production build and a server per driver, like the http load test: `--scale full` or `--only hostile`
  scales: ['full'],
  run: (ctx) => perDriverThroughServer(ctx, 'hostile', (driver, logFile) => measure(ctx, driver, logFile)),
};

export default section;
