/**
 * Request bodies are bounded at the HTTP server, before Next reads them. Next itself reads some bodies — a
 * page's or an upload's through the proxy, a server action's — and a stalled one was held until Node's
 * requestTimeout (~307 s, chunked bodies and uploads over 100 s) instead of the documented 10 s / 60 s; a
 * server-action body over 1 MB sent without a Content-Length reached Next's own limit as a 500.
 * (Route handlers' own reads are bounded by lib/server/route.ts: bounded-work.sec.test.ts.)
 *
 * The server here reads every body to its end before answering, as Next does; the hooks of
 * lib/server/body-deadline.ts and lib/server/lingering-close.ts are installed as instrumentation.ts installs them.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ACTION_MAX_BYTES } from '@/lib/http/action-body';
import { bodyDeadlines, installBodyDeadlineHook, UPLOAD_BODY_TIMEOUT_MS, UPLOAD_PATH } from '@/lib/server/body-deadline';
import { installLingeringCloseHook } from '@/lib/server/lingering-close';

const DEADLINE_MS = 400;

let server: http.Server;
let port: number;
/** bytes of each body the application saw, by request path */
const seen = new Map<string, number>();

beforeAll(async () => {
  installLingeringCloseHook();
  // the size test's body must not meet the deadline first on a loaded machine
  installBodyDeadlineHook({ deadlineMs: (path) => (path === '/action-path' ? 60_000 : DEADLINE_MS) });
  server = http.createServer((req, res) => {
    let n = 0;
    req.on('data', (c: Buffer) => {
      n += c.length;
      seen.set(req.url ?? '', n);
    });
    req.on('end', () => res.end(JSON.stringify({ ok: true, bytes: n })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface RawAnswer {
  status: number;
  body: string;
  closedAfterMs: number;
}

/**
 * Sends `head` and then `chunks` one every `everyMs` (forever when `drip` is set), and reads the answer
 * until the server closes the connection.
 */
function raw(head: string, chunks: Buffer[], opts: { everyMs?: number; drip?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: ReturnType<typeof setInterval> | undefined;
    socket.on('connect', () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        if (i < chunks.length) socket.write(chunks[i++] as Buffer);
        else if (opts.drip) socket.write('1\r\nx\r\n');
      }, opts.everyMs ?? 5);
    });
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      const m = /^HTTP\/1\.1 (\d{3})[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(answer);
      if (!m) return reject(new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
      resolve({ status: Number(m[1]), body: m[2] ?? '', closedAfterMs: Date.now() - started });
    });
  });
}

const chunk = (s: string | Buffer) =>
  Buffer.concat([Buffer.from(`${Buffer.byteLength(s).toString(16)}\r\n`), Buffer.from(s), Buffer.from('\r\n')]);

describe('request bodies at the HTTP server', () => {
  it('a chunked body that stalls is a typed 408 at the deadline and the connection closes (it was held ~307 s)', async () => {
    const r = await raw('POST /facts HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n', [
      chunk('first'),
    ]);
    expect(r.status).toBe(408);
    expect(JSON.parse(r.body).error.code).toBe('request_timeout:body');
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
    expect(r.closedAfterMs).toBeLessThan(DEADLINE_MS + 5_000);
  });

  it('the deadline is for the whole body: a byte every few milliseconds does not keep it open', async () => {
    const r = await raw(
      'POST /admin/sources/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nTransfer-Encoding: chunked\r\n\r\n',
      [],
      { drip: true, everyMs: 20 },
    );
    expect(r.status).toBe(408);
    expect(r.closedAfterMs).toBeLessThan(DEADLINE_MS + 5_000);
  });

  it('a declared length that never arrives is cut the same way', async () => {
    const r = await raw('POST /sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n', [
      Buffer.from('partial'),
    ]);
    expect(r.status).toBe(408);
  });

  it('a body that arrives in time is read whole and answered', async () => {
    const r = await raw('POST /ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n', [
      chunk('abc'),
      chunk('def'),
      Buffer.from('0\r\n\r\n'),
    ]);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ ok: true, bytes: 6 });
  });

  it('a server-action body over the action limit without a declared length is a typed 413; the application never sees more than the limit', async () => {
    const piece = Buffer.alloc(64 * 1024, 0x61);
    const chunks = Array.from({ length: Math.ceil((SERVER_ACTION_MAX_BYTES * 1.5) / piece.length) }, () => chunk(piece));
    const r = await raw(
      'POST /action-path HTTP/1.1\r\nHost: x\r\nNext-Action: abc123\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n',
      [...chunks, Buffer.from('0\r\n\r\n')],
      { everyMs: 1 },
    );
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.code).toBe('payload_too_large:action');
    expect(seen.get('/action-path') ?? 0).toBeLessThanOrEqual(SERVER_ACTION_MAX_BYTES);
  });
});

describe('the documented deadlines', () => {
  it('every body LEDGERLINE_BODY_TIMEOUT_MS (10 s by default), uploads 60 s (or the body deadline when longer)', () => {
    const d = bodyDeadlines({ LEDGERLINE_BODY_TIMEOUT_MS: 10_000 });
    expect(d.deadlineMs('/api/answers')).toBe(10_000);
    expect(d.deadlineMs('/sign-in')).toBe(10_000);
    expect(d.deadlineMs(UPLOAD_PATH)).toBe(UPLOAD_BODY_TIMEOUT_MS);
    expect(UPLOAD_BODY_TIMEOUT_MS).toBe(60_000);
    expect(bodyDeadlines({ LEDGERLINE_BODY_TIMEOUT_MS: 90_000 }).deadlineMs(UPLOAD_PATH)).toBe(90_000);
  });
});
