/**
 * A minimal HTTP/1.1 client over a raw socket that reads the answer while it is still sending the body,
 * as curl and browsers do: a server may answer (413, 408) before the upload ends, and the answer is what
 * the client gets. node:http's client surfaces a response only once its own write has finished (or
 * failed), so with it a refused 10 MB upload measures the client's upload, or — when the server closes
 * first — loses the answer to a write error. Used by the hostile bench and the lingering-close test.
 * Loopback only. One connection per request (`Connection: close`).
 */
import net from 'node:net';

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** from the connect to the last byte of the answer */
  ms: number;
  /** body bytes the client had written when the answer was complete */
  sentBytes: number;
}

export interface RawPostOptions {
  /** send the body without a Content-Length (chunked) */
  chunked?: boolean;
  timeoutMs?: number;
  /** the body is written in pieces of this size (back-pressure respected) */
  pieceBytes?: number;
}

export function rawPost(url: URL, headers: Record<string, string>, body: Buffer | string, options: RawPostOptions = {}): Promise<RawReply> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return Promise.reject(new Error('rawPost only targets loopback'));
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  const piece = options.pieceBytes ?? 64 * 1024;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket = net.connect(Number(url.port || 80), url.hostname.replace(/^\[|\]$/g, ''));
    let settled = false;
    let sent = 0;
    const chunks: Buffer[] = [];
    const finish = (err: Error | null, reply?: RawReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(reply!);
    };
    const timer = setTimeout(() => finish(new Error('timeout')), options.timeoutMs ?? 30_000);

    const tryParse = (ended: boolean): RawReply | null => {
      const buf = Buffer.concat(chunks);
      const headEnd = buf.indexOf('\r\n\r\n');
      if (headEnd < 0) return null;
      const lines = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const h: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        if (i > 0) h[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const rest = buf.subarray(headEnd + 4);
      let payload: Buffer | null = null;
      if (h['content-length'] !== undefined) {
        const n = Number(h['content-length']);
        if (rest.length >= n) payload = rest.subarray(0, n);
      } else if (/chunked/i.test(h['transfer-encoding'] ?? '')) {
        const parts: Buffer[] = [];
        let at = 0;
        for (;;) {
          const eol = rest.indexOf('\r\n', at);
          if (eol < 0) break;
          const size = parseInt(rest.subarray(at, eol).toString('latin1'), 16);
          if (!Number.isFinite(size)) break;
          if (size === 0) {
            payload = Buffer.concat(parts);
            break;
          }
          if (rest.length < eol + 2 + size + 2) break;
          parts.push(rest.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
        }
      } else if (ended) payload = rest;
      if (!payload) return null;
      return { status, headers: h, body: payload.toString('utf8'), ms: performance.now() - t0, sentBytes: sent };
    };

    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      const reply = tryParse(false);
      if (reply) finish(null, reply);
    });
    socket.on('end', () => {
      const reply = tryParse(true);
      finish(reply ? null : new Error('closed before a complete answer'), reply ?? undefined);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // a reset after the answer arrived is not an error (the answer is already complete: finish ran)
      const reply = tryParse(true);
      finish(reply ? null : Object.assign(new Error(`network: ${e.code ?? e.message}`), { code: e.code }), reply ?? undefined);
    });
    socket.on('connect', async () => {
      const head = [
        `POST ${url.pathname}${url.search} HTTP/1.1`,
        `Host: ${url.host}`,
        'Connection: close',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      head.push(options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${data.length}`);
      const write = (b: Buffer | string) => (settled || socket.destroyed ? true : socket.write(b));
      const drained = () =>
        new Promise<void>((r) => {
          if (settled || socket.destroyed) return r();
          socket.once('drain', r);
          socket.once('close', r);
        });
      if (!write(`${head.join('\r\n')}\r\n\r\n`)) await drained();
      for (let i = 0; i < data.length && !settled && !socket.destroyed; i += piece) {
        const part = data.subarray(i, i + piece);
        const ok = options.chunked
          ? write(Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')]))
          : write(part);
        sent += part.length;
        if (!ok) await drained();
      }
      if (options.chunked) write('0\r\n\r\n');
    });
  });
}
