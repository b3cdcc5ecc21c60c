import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';

/**
 * A lingering close for connections the server ends before the request body has arrived:
 * an early 413 or 408 carries `Connection: close`, so that the server does not read the rest of a 10 MB
 * body. Node then destroys the socket as soon as the answer is written; whatever the client is still
 * sending reaches a closed socket, the kernel answers it with a reset, and a client that is still
 * uploading may see "connection reset" (EPIPE) instead of the typed error — 1–7 % of the bench's 10 MB
 * posts lost their 413 that way.
 *
 * Instead, as HTTP servers do (nginx's lingering close, Go's closeWrite-and-wait): the answer is written
 * and the sending side closed (FIN), reading stops (the rest of the body stays in the kernel's buffers,
 * no CPU is spent on it), and the socket is destroyed `LINGER_MS` later, or as soon as the client closes
 * — time enough for the client to read the answer before any reset. A connection whose request was read
 * to its end closes as before. Installed once per process from instrumentation.ts, beside the peer-address
 * hook (lib/server/peer-address.ts), by wrapping the servers' 'request' event.
 */
export const LINGER_MS = 500;

const current = Symbol.for('ledgerline.lingering-close.request');
const patched = Symbol.for('ledgerline.lingering-close.patched');

type TrackedSocket = net.Socket & {
  destroySoon?: () => void;
  [current]?: http.IncomingMessage;
  [patched]?: boolean;
};

export function installLingeringCloseHook(): void {
  const marker = Symbol.for('ledgerline.lingering-close-hook');
  for (const proto of [http.Server.prototype, https.Server.prototype]) {
    if (Reflect.get(proto, marker)) continue;
    const emit = proto.emit;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'request') trackRequest(args[0] as http.IncomingMessage);
      return Reflect.apply(emit, this, [event, ...args]) === true;
    } as typeof proto.emit;
    Reflect.set(proto, marker, true);
  }
}

/** Remember the socket's current request; on the socket's first request, route its close through lingerIfUnread. */
export function trackRequest(req: http.IncomingMessage): void {
  const socket = req.socket as TrackedSocket | null;
  if (!socket) return;
  socket[current] = req;
  if (socket[patched] || typeof socket.destroySoon !== 'function') return;
  socket[patched] = true;
  // Node's HTTP server ends a `Connection: close` exchange with socket.destroySoon() once the answer is written
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function (this: TrackedSocket) {
    const req = this[current];
    if (!req || req.complete || this.destroyed) return destroySoon.call(this);
    lingeringClose(this);
  };
}

function lingeringClose(socket: net.Socket): void {
  // FIN once the answer is flushed; the client reads the answer, then ends or resets its side
  socket.end();
  // stop reading the rest of the body (after Node's own resume of the unread request, which runs next)
  setImmediate(() => {
    if (!socket.destroyed) socket.pause();
  });
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  // the client closed its side (or reset): nothing more to wait for
  socket.once('end', () => socket.destroy());
}
