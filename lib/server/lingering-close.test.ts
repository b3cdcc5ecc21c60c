import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rawPost } from '@/scripts/bench/support/raw-http';
import { LINGER_MS, trackRequest } from './lingering-close';

const ANSWER = JSON.stringify({ error: { code: 'payload_too_large:body', message: 'too large' } });

/** A server that refuses every post at once with a 413 and `Connection: close`, reading none of its body (as the answers route does). */
async function refusingServer() {
  const sockets = new Map<Socket, { answeredAt: number; closedAt: number | null; bytesRead: number }>();
  const server = http.createServer((req, res) => {
    trackRequest(req);
    const s = req.socket;
    setTimeout(() => {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close', 'content-length': Buffer.byteLength(ANSWER) });
      res.end(ANSWER);
      const rec = { answeredAt: performance.now(), closedAt: null as number | null, bytesRead: 0 };
      sockets.set(s, rec);
      s.once('close', () => {
        rec.closedAt = performance.now();
        rec.bytesRead = s.bytesRead;
      });
    }, 5);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, sockets, url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/answers`) };
}

describe('lingering close of an early refusal', () => {
  it('a client still uploading 10 MB gets the whole typed 413; the server reads little of the rest and closes within the linger', async () => {
    const { server, sockets, url } = await refusingServer();
    const body = Buffer.alloc(10 * 1024 * 1024, 0x20);
    try {
      const replies = [];
      for (let round = 0; round < 5; round++) {
        replies.push(
          ...(await Promise.all(
            [false, true, false, true].map((chunked) => rawPost(url, { 'content-type': 'application/json' }, body, { chunked })),
          )),
        );
      }
      expect(replies.map((r) => r.status)).toEqual(Array(20).fill(413));
      for (const r of replies) expect(JSON.parse(r.body).error.code).toBe('payload_too_large:body');
      await new Promise((r) => setTimeout(r, LINGER_MS + 300));
      expect(sockets.size).toBe(20);
      for (const rec of sockets.values()) {
        expect(rec.closedAt).not.toBeNull();
        expect(rec.closedAt! - rec.answeredAt).toBeLessThan(LINGER_MS + 250);
        // stopped reading: a few hundred KB of the 10 MB at most, not the body
        expect(rec.bytesRead).toBeLessThan(4 * 1024 * 1024);
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('a client that goes on sending after the answer is not reset during the linger (without it: at once); then the server ends the connection', async () => {
    const { server, sockets, url } = await refusingServer();
    try {
      const outcome = await new Promise<{ answerAt: number; errorAt: number | null; answer: string }>((resolve) => {
        // allowHalfOpen: the server's FIN does not end this side — a client still busy with its upload
        const socket = net.connect({ port: Number(url.port), host: '127.0.0.1', allowHalfOpen: true });
        let answer = '';
        let answerAt = 0;
        let errorAt: number | null = null;
        const write = () => {
          if (!socket.destroyed) socket.write(Buffer.alloc(256 * 1024, 0x20));
        };
        socket.on('data', (d) => {
          answer += d.toString('latin1');
          if (!answerAt && answer.includes(ANSWER)) {
            answerAt = performance.now();
            // still uploading after the answer, as a client busy with its body would; a reset shows on the next write
            setTimeout(write, 50);
            setTimeout(write, 150);
            setTimeout(write, LINGER_MS - 100);
            setTimeout(write, LINGER_MS + 300);
            setTimeout(write, LINGER_MS + 400);
            setTimeout(() => (socket.destroy(), resolve({ answerAt, errorAt, answer })), LINGER_MS + 700);
          }
        });
        socket.on('error', () => (errorAt ??= performance.now()));
        socket.on('connect', () => {
          socket.write(
            `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`,
          );
          socket.write(Buffer.alloc(1024 * 1024, 0x20));
        });
      });
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 413/);
      expect(outcome.answerAt).toBeGreaterThan(0);
      // no reset while it went on sending during the linger; the connection was gone after it
      expect(outcome.errorAt).not.toBeNull();
      expect(outcome.errorAt! - outcome.answerAt).toBeGreaterThan(LINGER_MS - 100);
      const [rec] = [...sockets.values()];
      expect(rec!.closedAt! - rec!.answeredAt).toBeGreaterThan(LINGER_MS - 50);
      expect(rec!.closedAt! - rec!.answeredAt).toBeLessThan(LINGER_MS + 300);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('a request read to its end closes as before and keep-alive requests are untouched', async () => {
    const server = http.createServer((req, res) => {
      trackRequest(req);
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const post = () =>
        new Promise<string>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent }, (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve(text));
          });
          req.on('error', reject);
          req.end('x'.repeat(100_000));
        });
      expect(await post()).toBe('ok');
      expect(await post()).toBe('ok');
    } finally {
      agent.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
