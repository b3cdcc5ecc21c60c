/**
 * A small closed-loop load generator for POST /api/answers: `clients` concurrent clients, each with
 * its own session cookie, each sending one request after another until it has sent `perClient` or
 * `durationMs` has passed. Loopback only; keep-alive connections.
 */
import http from 'node:http';
import { summarizeLatencies, throughput, type LatencySummary } from '@/lib/bench/metrics';

/** a request without a response after this long counts as an error (autocannon's default is 10 s) */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface LoadOptions {
  url: string;
  clients: number;
  /** one Cookie header per client */
  cookies: string[];
  questions: string[];
  /** per client, the questions in order (else client c's i-th request asks questions[(c·7 + i) mod n]) */
  perClientQuestions?: string[][];
  perClient: number;
  durationMs: number;
  timeoutMs?: number;
  /**
   * the clients' keep-alive connections (default: a new agent, closed at the end). Pass one agent to two
   * runs so that the second finds each client's connection open, as an analyst's browser keeps it.
   */
  agent?: http.Agent;
}

/** A keep-alive agent for `clients` concurrent clients (one connection each). */
export function keepAliveAgent(clients: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: clients, scheduling: 'lifo' });
}

export interface LoadResult {
  requests: number;
  elapsedMs: number;
  latency: LatencySummary;
  /** server time reported by the answer (timingMs), for 2xx answers */
  serverMs: LatencySummary;
  rps: number;
  statuses: Record<string, number>;
  /** non-2xx responses, timeouts and connection errors */
  errors: number;
  errorSamples: string[];
  answerStatuses: Record<string, number>;
}

export async function loadTest(o: LoadOptions): Promise<LoadResult> {
  const target = new URL('/api/answers', o.url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) throw new Error('the load test only targets loopback');
  const agent = o.agent ?? keepAliveAgent(o.clients);
  const latencies: number[] = [];
  const server: number[] = [];
  const statuses: Record<string, number> = {};
  const answerStatuses: Record<string, number> = {};
  const errorSamples: string[] = [];
  let errors = 0;
  let sent = 0;
  const t0 = performance.now();
  const post = (cookie: string, question: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = JSON.stringify({ question });
      const req = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', accept: 'application/json', cookie, 'content-length': Buffer.byteLength(body) },
          timeout: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d: Buffer) => parts.push(d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: o.clients }, async (_, c) => {
      for (let i = 0; i < o.perClient && performance.now() - t0 < o.durationMs; i++) {
        const own = o.perClientQuestions?.[c];
        const question = own ? own[i % own.length]! : o.questions[(c * 7 + i) % o.questions.length]!;
        const t = performance.now();
        sent++;
        try {
          const res = await post(o.cookies[c]!, question);
          latencies.push(performance.now() - t);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status >= 200 && res.status < 300) {
            const a = JSON.parse(res.body) as { status?: string; timingMs?: number };
            if (typeof a.timingMs === 'number') server.push(a.timingMs);
            answerStatuses[a.status ?? '?'] = (answerStatuses[a.status ?? '?'] ?? 0) + 1;
          } else {
            errors++;
            if (errorSamples.length < 5) errorSamples.push(`${res.status} ${res.body.slice(0, 160)}`);
          }
        } catch (e) {
          latencies.push(performance.now() - t);
          errors++;
          const kind = (e as Error).message === 'timeout' ? `timeout>${(o.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000}s` : 'network';
          statuses[kind] = (statuses[kind] ?? 0) + 1;
          if (errorSamples.length < 5) errorSamples.push((e as Error).message);
        }
      }
    }),
  );
  const elapsedMs = performance.now() - t0;
  if (!o.agent) agent.destroy();
  return {
    requests: sent,
    elapsedMs,
    latency: summarizeLatencies(latencies),
    serverMs: summarizeLatencies(server),
    rps: throughput(sent, elapsedMs),
    statuses,
    errors,
    errorSamples,
    answerStatuses,
  };
}

/**
 * The cold burst before a load test: each client's first question at the same moment, each on a new
 * connection of `agent` and with a session never read before — a thundering herd the load's steady state
 * does not repeat, so it is measured on its own and the load then runs on the connections it opened (as
 * an analyst's browser keeps its connection). `questions[c]` is client c's question (cycled).
 */
export async function coldBurst(o: { url: string; cookies: string[]; questions: string[]; agent: http.Agent }): Promise<LoadResult> {
  const own = o.cookies.map((_, c) => [o.questions[c % o.questions.length]!]);
  const r = await loadTest({
    url: o.url,
    clients: o.cookies.length,
    cookies: o.cookies,
    questions: o.questions,
    perClientQuestions: own,
    perClient: 1,
    durationMs: DEFAULT_TIMEOUT_MS,
    agent: o.agent,
  });
  if (r.errors) throw new Error(`cold burst failed: ${r.errorSamples.join(' | ')}`);
  return r;
}
