/**
 * Fair use of the server: through the production server (`next start`, real data; PGlite and, when
 * configured, PostgreSQL), four users export the whole facts table as XLSX (20,000 rows each, again as soon
 * as one ends) and an admin uploads a hostile PDF (0.6 MB inflating to 200 MB of text, read on its own
 * thread within its memory ceiling and time limits) while an analyst asks numeric questions. Target: the
 * analyst's p95 beside that load within 2× the same analyst's p95 alone. Also reported: what each export
 * and the PDF were answered (exports over the per-process limit wait, then a typed 503), and the server's
 * peak memory (its process group's RSS).
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { openDatabase, type Database } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { summarizeLatencies } from '@/lib/bench/metrics';
import { textBombPdf } from '@/lib/ingest/report/pdf-fixtures';
import { signedInClients } from './http';
import { numericQuestions } from './support/cases';
import { perDriverThroughServer, startServer } from './support/server';
import type { BenchContext, BenchRow, BenchSection } from './support/types';

const EXPORTERS = 4;
const QUESTIONS = 25;

interface Reply {
  status: number;
  ms: number;
  bytes: number;
  code: string | null;
}

/** One request, its whole body read; the error code of a JSON error body. */
function request(
  url: URL,
  init: { method: 'GET' | 'POST'; cookie: string; body?: Uint8Array; headers?: Record<string, string>; agent?: http.Agent },
): Promise<Reply> {
  return new Promise((resolve) => {
    const t = performance.now();
    const headers: Record<string, string | number> = { accept: 'application/json', cookie: init.cookie, ...init.headers };
    if (init.body) headers['content-length'] = init.body.byteLength;
    const req = http.request(url, { method: init.method, headers, agent: init.agent, timeout: 300_000 }, (res) => {
      const head: Buffer[] = [];
      let bytes = 0;
      res.on('data', (d: Buffer) => {
        bytes += d.length;
        if (bytes <= 64 * 1024) head.push(d);
      });
      res.on('end', () => {
        let code: string | null = null;
        if ((res.statusCode ?? 0) >= 400)
          try {
            const parsed = JSON.parse(Buffer.concat(head).toString('utf8')) as { error?: { code?: string } | string; code?: string };
            code = (typeof parsed.error === 'object' ? parsed.error?.code : parsed.error) ?? parsed.code ?? null;
          } catch {
            /* not JSON: untyped */
          }
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - t, bytes, code });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ status: 0, ms: performance.now() - t, bytes: 0, code: e.message }));
    req.end(init.body);
  });
}

/** RSS of a process group in MB (ps; null where ps cannot say). */
function groupRssMb(pgid: number): number | null {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
    return out.split('\n').reduce((n, l) => n + (Number(l.trim()) || 0), 0) / 1024;
  } catch {
    return null;
  }
}

async function openDriver(
  ctx: BenchContext,
  driver: 'pglite' | 'postgres',
): Promise<{ database: Database; env: NodeJS.ProcessEnv; closeAfterSetup: boolean }> {
  if (driver === 'pglite') {
    const dir = await ctx.realPgliteCopy();
    return {
      database: await openDatabase({ dataDir: dir }),
      env: { ...process.env, LEDGERLINE_DATA_DIR: dir, DATABASE_URL: '', LEDGERLINE_DEMO: '' },
      closeAfterSetup: true,
    };
  }
  const s = await ctx.scratchPostgres('fair-share', 'real');
  return { database: s.database, env: { ...process.env, DATABASE_URL: s.url, LEDGERLINE_DEMO: '' }, closeAfterSetup: false };
}

async function measure(ctx: BenchContext, driver: 'pglite' | 'postgres', logFile: string): Promise<BenchRow[]> {
  const { database, env, closeAfterSetup } = await openDriver(ctx, driver);
  delete env.LEDGERLINE_AUTH_SECRET;
  delete env.BETTER_AUTH_SECRET;
  let analysts: string[];
  let admin: string;
  let questions: string[];
  try {
    // [0] the analyst alone, [1] the same questions beside the load, [2] warm-up, then the exporters
    analysts = await signedInClients(database, 3 + EXPORTERS);
    [admin] = (await signedInClients(database, 1, DEMO_TENANT_ID, 'admin')) as [string];
    questions = await numericQuestions(database.db, DEMO_TENANT_ID, QUESTIONS);
  } finally {
    if (closeAfterSetup) await database.close();
  }
  const pdf = await textBombPdf(200);
  const server = await startServer({ root: process.cwd(), env, logFile });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const answers = new URL('/api/answers', server.url);
  const ask = (cookie: string, q: string) =>
    request(answers, {
      method: 'POST',
      cookie,
      agent,
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ question: q })),
    });
  const analyst = async (cookie: string) => {
    const replies: Reply[] = [];
    for (const q of questions) replies.push(await ask(cookie, q));
    return replies;
  };
  let peakRss = 0;
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, groupRssMb(server.pgid) ?? 0);
  }, 500);
  try {
    for (const q of questions.slice(0, 10)) await ask(analysts[2]!, q);
    const idleRss = groupRssMb(server.pgid);
    const alone = await analyst(analysts[0]!);

    let loading = true;
    const exports: Reply[] = [];
    const exportUrl = new URL('/api/exports/facts?format=xlsx', server.url);
    const exporters = Array.from({ length: EXPORTERS }, async (_, i) => {
      while (loading) exports.push(await request(exportUrl, { method: 'GET', cookie: analysts[3 + i]! }));
    });
    const upload = request(new URL('/admin/sources/upload', server.url), {
      method: 'POST',
      cookie: admin,
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'hostile.pdf', origin: server.url },
      body: pdf,
    });
    // the load is under way before the analyst starts: the first export's bytes are flowing
    await new Promise((r) => setTimeout(r, 1000));
    const beside = await analyst(analysts[1]!);
    loading = false;
    const pdfReply = await upload;
    await Promise.all(exporters);

    const a = summarizeLatencies(alone.map((r) => r.ms));
    const b = summarizeLatencies(beside.map((r) => r.ms));
    const ratio = b.p95Ms / a.p95Ms;
    const errors = [...alone, ...beside].filter((r) => r.status !== 200).length;
    const exportCounts = new Map<string, number>();
    for (const r of exports) {
      const k = `${r.status}${r.code ? ` ${r.code}` : ''}`;
      exportCounts.set(k, (exportCounts.get(k) ?? 0) + 1);
    }
    const full = exports.filter((r) => r.status === 200);
    const exportSummary = [...exportCounts].map(([k, n]) => `${n}× ${k}`).join(', ');
    const d = driver === 'pglite' ? 'http-pglite' : 'http-postgres';
    const summary =
      `analyst p95 ${a.p95Ms.toFixed(0)} ms alone, ${b.p95Ms.toFixed(0)} ms beside (${ratio.toFixed(2)}×), ${errors} errors; ` +
      `exports ${exportSummary} (${full.length ? `${(full.reduce((n, r) => n + r.bytes, 0) / full.length / 1e6).toFixed(1)} MB, ` : ''}` +
      `p50 ${summarizeLatencies(full.map((r) => r.ms)).p50Ms.toFixed(0)} ms); hostile PDF ${pdfReply.status} ${pdfReply.code ?? ''} in ${(pdfReply.ms / 1000).toFixed(1)} s; ` +
      `server RSS ${idleRss?.toFixed(0) ?? '?'} MB idle, peak ${peakRss.toFixed(0)} MB`;
    ctx.log(`   ${driver}: ${summary}`);
    return [
      {
        section: 'fair-share',
        case: 'analyst beside 4 XLSX exports and a hostile PDF',
        driver: d,
        n: beside.length,
        p50Ms: b.p50Ms,
        p95Ms: b.p95Ms,
        p99Ms: b.p99Ms,
        target: { metric: 'p95Ratio', op: '<=', value: 2, met: null },
        extra: {
          p95Ratio: ratio,
          aloneP50Ms: a.p50Ms,
          aloneP95Ms: a.p95Ms,
          errors,
          exports: Object.fromEntries(exportCounts),
          pdf: { status: pdfReply.status, code: pdfReply.code, ms: Math.round(pdfReply.ms) },
          idleRssMb: idleRss,
          peakRssMb: peakRss,
          summary,
        },
      },
    ];
  } finally {
    clearInterval(rssTimer);
    agent.destroy();
    await server.stop();
  }
}

const section: BenchSection = {
  name: 'fair-share',
  description: 'an analyst beside four 20,000-row XLSX exports and a hostile PDF upload: p95 within 2× alone, through next start',
  // a production build and a server per driver, like the http load test: `--scale full` or `--only fair-share`
  scales: ['full'],
  run: (ctx) => perDriverThroughServer(ctx, 'fair-share', (driver, logFile) => measure(ctx, driver, logFile)),
};

export default section;
