import http from 'node:http';
import https from 'node:https';
import type { Env } from '@/lib/env';
import { SERVER_ACTION_MAX_BYTES } from '@/lib/http/action-body';

/**
 * Request bodies are bounded at the HTTP server, before Next sees them. A route handler reads its body with
 * a deadline (lib/server/route.ts), but Next itself reads some bodies first — the proxy's matcher buffers a
 * page's or an upload's body, a server action's is parsed by Next — and a stalled one was held until Node's
 * `requestTimeout` (~307 s, chunked bodies and uploads) instead of the documented deadlines; a server-action
 * body over 1 MB sent without a Content-Length reached Next's own limit as a 500.
 *
 * For every request with a body, at the server's 'request' event:
 * - a deadline for the whole body: `LEDGERLINE_BODY_TIMEOUT_MS` (10 s), the upload route 60 s (or the body
 *   deadline when longer). Past it, an answer not yet started becomes a typed 408 `request_timeout:body` with
 *   `Connection: close` (the lingering close then ends the connection); one already started is cut;
 * - a server action's body is counted as it arrives: past SERVER_ACTION_MAX_BYTES, a typed 413
 *   `payload_too_large:action` and nothing more of it reaches Next (a declared length is refused earlier by
 *   proxy.ts).
 * Installed once per process from instrumentation.ts, beside the peer-address and lingering-close hooks.
 */
export const UPLOAD_PATH = '/admin/sources/upload';
export const UPLOAD_BODY_TIMEOUT_MS = 60_000;

export interface BodyLimits {
  /** the whole-body deadline for a request to `path` */
  deadlineMs(path: string): number;
}

/** The documented deadlines: LEDGERLINE_BODY_TIMEOUT_MS (10 s) for every body, the upload route 60 s (or more). */
export function bodyDeadlines(env: Pick<Env, 'LEDGERLINE_BODY_TIMEOUT_MS'>): BodyLimits {
  const ms = env.LEDGERLINE_BODY_TIMEOUT_MS;
  return { deadlineMs: (path) => (path === UPLOAD_PATH ? Math.max(UPLOAD_BODY_TIMEOUT_MS, ms) : ms) };
}

export function installBodyDeadlineHook(limits: BodyLimits): void {
  const marker = Symbol.for('ledgerline.body-deadline-hook');
  for (const proto of [http.Server.prototype, https.Server.prototype]) {
    if (Reflect.get(proto, marker)) continue;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'request') boundBody(args[0] as http.IncomingMessage, args[1] as http.ServerResponse, limits);
      return Reflect.apply(emit, this, [event, ...args]) === true;
    } as typeof proto.emit;
    Reflect.set(proto, marker, true);
  }
}

function hasBody(req: http.IncomingMessage): boolean {
  const length = Number(req.headers['content-length'] ?? '0');
  return (Number.isFinite(length) && length > 0) || req.headers['transfer-encoding'] !== undefined;
}

/** Answer with a typed JSON error and close, unless an answer has begun (then the connection is cut). */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent || res.writableEnded) {
    req.socket?.destroy();
    return;
  }
  const body = JSON.stringify({ error: { code, message } });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
  // nothing more of the body is read or handed on
  req.pause();
}

/** Bound one request's body: its deadline, and a server action's size without a declared length. */
export function boundBody(req: http.IncomingMessage, res: http.ServerResponse, limits: BodyLimits): void {
  if (!hasBody(req)) return;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const ms = limits.deadlineMs(path);
  const timer = setTimeout(() => {
    if (!req.complete) refuse(req, res, 408, 'request_timeout:body', `The request body did not arrive within ${ms} ms.`);
  }, ms);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
  res.once('close', done);
  if (req.method === 'POST' && req.headers['next-action'] !== undefined && req.headers['content-length'] === undefined)
    countActionBody(req, res);
}

/** A server action's body without a declared length: refused as soon as it passes the action limit. */
function countActionBody(req: http.IncomingMessage, res: http.ServerResponse): void {
  let received = 0;
  let refused = false;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (refused) return false;
    if (chunk !== null && chunk !== undefined) {
      received += Buffer.isBuffer(chunk) ? chunk.length : Buffer.byteLength(String(chunk));
      if (received > SERVER_ACTION_MAX_BYTES) {
        refused = true;
        refuse(req, res, 413, 'payload_too_large:action', `The form data exceeds ${SERVER_ACTION_MAX_BYTES} bytes.`);
        return false;
      }
    }
    return push(chunk, encoding);
  };
}
